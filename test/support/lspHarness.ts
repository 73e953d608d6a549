/**
 * A real LSP client connection talking to startServer over in-memory streams, with an
 * in-memory file system for umsg.config.json lookups.
 *
 * The server's timers (the push debounce) are the harness's: by default they fire at once, so
 * push tests wait on events and never on the 200 ms pause in typing; with `timers: 'manual'`
 * they wait until the test calls `runTimers()`, so a debounce test can see exactly what is
 * scheduled. Nothing here sleeps.
 */
import { PassThrough } from 'node:stream';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  WorkDoneProgress,
  type ClientCapabilities,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import { createConnection } from 'vscode-languageserver/node';
import { configForFile } from '../../server/src/workspace/configLookup';
import { startServer, type ServerRuntime } from '../../server/src/lsp/server';
import type { Rule } from '../../server/src/core/findings/rule';

export interface Harness {
  client: ProtocolConnection;
  files: Map<string, string>;
  /** How many times the server asked for a file. */
  reads: number;
  logs: string[];
  /** Settings the client answers workspace/configuration with. */
  settings: Record<string, unknown>;
  /** What the client answers for the section `files.exclude`. */
  filesExclude: Record<string, unknown>;
  /** Files of `files` the runtime refuses to read for their size, with that size in bytes (node/files.ts does over 10 MB). */
  oversized: Map<string, number>;
  /** The tokens of window/workDoneProgress/create requests, in order, and what was reported under them. */
  progressTokens: (string | number)[];
  serverProgress: { kind: string; message?: string }[];
  /** Waits for the next publishDiagnostics for `uri` that satisfies `until`. */
  nextDiagnostics(uri: string, until?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<PublishDiagnosticsParams>;
  published: PublishDiagnosticsParams[];
  /** What the server registered with client/registerCapability. */
  registrations: { method: string; registerOptions?: unknown }[];
  open(uri: string, text: string, languageId?: string): Promise<void>;
  change(uri: string, version: number, text: string): Promise<void>;
  /** Resolves once the server has handled every message sent before (one request's round trip). */
  settle(): Promise<void>;
  /** Resolves on the server's next workspace/diagnostic/refresh request (pull clients). */
  nextRefresh(): Promise<void>;
  /** The delay of every timer the server has set, in order (ms). */
  timerDelays: number[];
  /** With `timers: 'manual'`: the delays of the timers set and not yet run nor cleared. */
  pendingTimers(): number[];
  /** With `timers: 'manual'`: runs the timers set so far. */
  runTimers(): void;
  /**
   * Holds every file read of the server until the returned function is called: a request that
   * reads files (a config lookup) is then still under way while the test sends more messages.
   */
  holdReads(): () => void;
  /** Sends initialize and initialized (done by startHarness unless `initialize: false`). */
  initialize(): Promise<void>;
  dispose(): void;
}

export interface HarnessOptions {
  pull: boolean;
  configuration?: boolean;
  rules?: readonly Rule[];
  files?: Record<string, string>;
  /** 'immediate' (default): the server's timers fire at once; 'manual': on runTimers(). */
  timers?: 'immediate' | 'manual';
  /** false: the test sends initialize itself (harness.initialize()). */
  initialize?: boolean;
  /** The client can register file watchers (workspace.didChangeWatchedFiles.dynamicRegistration). */
  watch?: boolean;
  initializationOptions?: Record<string, unknown>;
  /** How the server reads a provider descriptor's Gradle project (none: the project checks do not run). */
  providerProject?: ServerRuntime['providerProject'];
  /** Workspace folders sent with initialize (URIs); the server lists them from `files`. */
  workspaceFolders?: string[];
  /** The client shows progress the server starts (window.workDoneProgress); the tokens it was asked for are in `progressTokens`. */
  progress?: boolean;
  /** More client capabilities: `workspace` is merged into the harness's own, the rest added. */
  capabilities?: ClientCapabilities;
  /** Where long documents are checked (the Node server's check thread); none: every check in-thread. */
  checkElsewhere?: ServerRuntime['checkElsewhere'];
}

export const DOCS_BASE = 'https://docs.example/rules/';

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const up = new PassThrough();
  const down = new PassThrough();
  const files = new Map(Object.entries(options.files ?? {}));
  let held: Promise<void> | undefined;
  const manual = options.timers === 'manual';
  const timerDelays: number[] = [];
  const manualTimers = new Map<number, { fn: () => void; ms: number }>();
  let nextTimerId = 1;
  const serverConnection = createConnection(new StreamMessageReader(up), new StreamMessageWriter(down));
  startServer(serverConnection, {
    readFile: async (p) => {
      harness.reads++;
      if (held) await held;
      const size = harness.oversized.get(p);
      return size === undefined ? files.get(p) : { unreadable: `it has ${size} bytes, over the limit`, size };
    },
    configFor: configForFile,
    // Folders listed from the in-memory files: a folder is every path with a name after it.
    folders: {
      async list(dir) {
        const children = new Map<string, 'file' | 'folder'>();
        for (const p of files.keys()) {
          if (!p.startsWith(dir + '/')) continue;
          const rest = p.slice(dir.length + 1);
          const cut = rest.indexOf('/');
          children.set(cut < 0 ? rest : rest.slice(0, cut), cut < 0 ? 'file' : 'folder');
        }
        if (children.size === 0) return { problem: 'no such file or folder' };
        return [...children].map(([name, kind]) => ({ name, kind }));
      },
      follow: async () => undefined,
      join: (dir, name) => `${dir}/${name}`,
    },
    docsBase: DOCS_BASE,
    yieldToHost: () => new Promise((resolve) => { setImmediate(resolve); }),
    setTimeout: (fn, ms) => {
      timerDelays.push(ms);
      if (!manual) return setTimeout(fn, 0);
      const id = nextTimerId++;
      manualTimers.set(id, { fn, ms });
      return id;
    },
    clearTimeout: (h) => {
      if (manual) manualTimers.delete(h as number);
      else clearTimeout(h as NodeJS.Timeout);
    },
    rules: options.rules,
    providerProject: options.providerProject,
    checkElsewhere: options.checkElsewhere,
  });
  const refreshWaiters: (() => void)[] = [];
  const client = createProtocolConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
  const logs: string[] = [];
  const published: PublishDiagnosticsParams[] = [];
  const waiters: { uri: string; until: (d: Diagnostic[]) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const harness: Harness = {
    client,
    files,
    reads: 0,
    logs,
    published,
    registrations: [],
    settings: {},
    filesExclude: {},
    oversized: new Map(),
    progressTokens: [],
    serverProgress: [],
    nextDiagnostics(uri, until = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const seen = published.filter((p) => p.uri === uri).map((p) => p.diagnostics.map((d) => d.code));
          reject(new Error(`No matching diagnostics for ${uri} within ${timeoutMs} ms; published so far: ${JSON.stringify(seen)}`));
        }, timeoutMs);
        // A waiter nobody needs any more (the test took another path) must not hold the process open.
        timer.unref();
        waiters.push({ uri, until, resolve: (p) => { clearTimeout(timer); resolve(p); } });
      });
    },
    async open(uri, text, languageId = 'universal-message') {
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    },
    holdReads() {
      let release = () => undefined as void;
      held = new Promise((resolve) => { release = () => { held = undefined; resolve(); }; });
      return release;
    },
    async change(uri, version, text) {
      await client.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    },
    async settle() {
      // The server handles messages in order: its answer to this request comes after it has
      // handled every notification sent before (the document is not open: the answer is []).
      await client.sendRequest('textDocument/foldingRange', { textDocument: { uri: 'file:///umsg-harness/settle.umsg' } });
    },
    nextRefresh() {
      return new Promise((resolve) => refreshWaiters.push(resolve));
    },
    timerDelays,
    pendingTimers: () => [...manualTimers.values()].map((t) => t.ms),
    runTimers() {
      const due = [...manualTimers.values()];
      manualTimers.clear();
      for (const t of due) t.fn();
    },
    async initialize() {
      await client.sendRequest('initialize', {
        processId: null,
        rootUri: null,
        workspaceFolders: options.workspaceFolders?.map((uri) => ({ uri, name: uri })) ?? null,
        capabilities,
        initializationOptions: options.initializationOptions ?? {},
      });
      await client.sendNotification('initialized', {});
    },
    dispose() {
      client.dispose();
      serverConnection.dispose();
    },
  };
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w.uri === p.uri && w.until(p.diagnostics)) { waiters.splice(i, 1); w.resolve(p); }
    }
  });
  client.onNotification('window/logMessage', (p: { message: string }) => { logs.push(p.message); });
  client.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
    p.items.map((i) => (i.section === 'files.exclude' ? harness.filesExclude : harness.settings)));
  client.onRequest('client/registerCapability', (p: { registrations: { method: string; registerOptions?: unknown }[] }) => {
    harness.registrations.push(...p.registrations);
    return null;
  });
  client.onRequest('window/workDoneProgress/create', (p: { token: string | number }) => {
    harness.progressTokens.push(p.token);
    client.onProgress(WorkDoneProgress.type, p.token, (value) => { harness.serverProgress.push(value); });
    return null;
  });
  client.onRequest('workspace/diagnostic/refresh', () => {
    for (const resolve of refreshWaiters.splice(0)) resolve();
    return null;
  });
  client.listen();
  const capabilities: ClientCapabilities = {
    window: options.progress ? { workDoneProgress: true } : undefined,
    textDocument: options.pull ? { diagnostic: { dynamicRegistration: false } } : {},
    ...options.capabilities,
    workspace: {
      configuration: !!options.configuration,
      diagnostics: { refreshSupport: true },
      didChangeWatchedFiles: { dynamicRegistration: !!options.watch },
      ...options.capabilities?.workspace,
    },
  };
  if (options.initialize !== false) await harness.initialize();
  return harness;
}
