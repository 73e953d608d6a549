/**
 * The language server as an editor runs it: `node dist/server.js --stdio`, with the flags VS Code's
 * client starts it with (protocol/serverProcess.ts), spoken to by a real
 * LSP client (vscode-languageserver-protocol) over its standard streams. Everything is timed
 * at the client, so the figures include the protocol, as a user's editor sees them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../../server/src/protocol/serverProcess';
import { performance } from 'node:perf_hooks';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  WorkspaceDiagnosticRequest,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';

/** No request of the bench waits longer than this: a hung server fails the bench. */
const REQUEST_TIMEOUT_MS = 120_000;

export interface Position {
  line: number;
  character: number;
}

export class ServerProcess {
  private readonly waiters: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  private stderr = '';
  private tokens = 0;
  private readonly exited: Promise<number | null>;

  private constructor(private readonly child: ChildProcess, private readonly connection: ProtocolConnection) {
    child.stderr?.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-4000); });
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === p.uri && w.version === p.version) { this.waiters.splice(i, 1); w.resolve(p); }
      }
    });
    connection.listen();
  }

  /**
   * Starts the server and initializes it. With `pull`, the client declares pull diagnostics
   * (as VS Code does) and asks for them; without, the server pushes them after its debounce.
   */
  static async start(server: string, pull: boolean, rootUri: string): Promise<ServerProcess> {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const s = new ServerProcess(child, connection);
    // VS Code's folding limit (editor.foldingMaximumRegions) comes with its capabilities.
    const folding = { foldingRange: { rangeLimit: 5_000 } };
    const capabilities = { textDocument: pull ? { diagnostic: { dynamicRegistration: false }, ...folding } : folding };
    await s.request('initialize', { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'bench' }], capabilities });
    await connection.sendNotification('initialized', {});
    return s;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** A request that fails the bench when it errors or takes longer than REQUEST_TIMEOUT_MS. */
  async request<R>(method: string, params: unknown): Promise<R> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(
        `${method}: no answer from the server within ${REQUEST_TIMEOUT_MS / 1000} s. Its standard error ends with:\n${this.stderr}`,
      )), REQUEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.connection.sendRequest(method, params) as Promise<R>, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  open(uri: string, languageId: string, text: string): void {
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** One incremental change: `text` replaces the range from `start` to `end`. */
  change(uri: string, version: number, start: Position, end: Position, text: string): void {
    void this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start, end }, text }],
    });
  }

  /** Pulls the document's diagnostics (textDocument/diagnostic); resolves to their number. */
  async diagnostics(uri: string): Promise<number> {
    const report = await this.request<{ kind: string; items?: unknown[] }>('textDocument/diagnostic', { textDocument: { uri } });
    if (report.kind !== 'full' || !Array.isArray(report.items)) throw new Error(
      `textDocument/diagnostic answered ${JSON.stringify(report).slice(0, 200)}`,
    );
    return report.items.length;
  }

  /** Resolves when the server publishes diagnostics of this version of the document. */
  published(uri: string, version: number): Promise<PublishDiagnosticsParams> {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      new Promise<PublishDiagnosticsParams>((resolve) => this.waiters.push({ uri, version, resolve })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no diagnostics for ${uri} version ${version} within ${REQUEST_TIMEOUT_MS / 1000} s`)),
          REQUEST_TIMEOUT_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /**
   * workspace/diagnostic, its reports streamed as partial results to `onReports` (as VS Code
   * asks for them); resolves when the server has answered.
   */
  async workspaceDiagnostics(onReports: (items: { uri: string; kind: string; items?: unknown[] }[]) => void): Promise<void> {
    const partialResultToken = `workspace-${++this.tokens}`;
    const listening = this.connection.onProgress(WorkspaceDiagnosticRequest.partialResult, partialResultToken, (p) => onReports(p.items));
    try {
      const final = await this.request<{ items: { uri: string; kind: string; items?: unknown[] }[] }>(
        'workspace/diagnostic',
        { previousResultIds: [], partialResultToken },
      );
      onReports(final.items);
    } finally {
      listening.dispose();
    }
  }

  hover(uri: string, position: Position): Promise<unknown> {
    return this.request('textDocument/hover', { textDocument: { uri }, position });
  }

  completion(uri: string, position: Position): Promise<unknown> {
    return this.request('textDocument/completion', { textDocument: { uri }, position });
  }

  /** Resident set size and its peak, in bytes, read from outside (/proc/PID/status; Linux only). */
  memory(): { rss: number; peak: number } | undefined {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = (field: string) => {
        const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
        return line ? Number(line.slice(field.length + 1).trim().split(' ')[0]) * 1024 : NaN;
      };
      return { rss: kb('VmRSS'), peak: kb('VmHWM') };
    } catch {
      return undefined;
    }
  }

  /** shutdown, exit, and the process's exit code (0 when it ended cleanly). */
  async stop(): Promise<number | null> {
    try {
      await this.request('shutdown', null);
      await this.connection.sendNotification('exit');
      return await this.exited;
    } finally {
      this.connection.dispose();
      this.child.kill();
    }
  }

  kill(): void {
    this.connection.dispose();
    this.child.kill();
  }
}

/** Milliseconds that `work` takes, on the client's clock. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}
