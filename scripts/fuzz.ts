/**
 * A seeded LSP fuzzer: the real server over stdio, the examples opened, then random incremental
 * edits (brackets, templates, quotes, comments, markers, CRLF, surrogate pairs, lone surrogates,
 * NUL) and random requests of every kind, in pull and in push mode. Invariants:
 *
 * - the server never crashes and never answers with an error;
 * - every response is one VS Code accepts: ranges inside the document, outline symbols with a
 *   non-empty name and their children inside them, selection ranges that grow outwards;
 * - incremental = fresh open: after a run of edits, closing and reopening the document with the
 *   same text gives the same diagnostics, outline, folding and hover; besides the examples, two
 *   long documents (a Configuration Meta and a card of over 100,000 characters,
 *   whose versions the server parses from the previous version's parse) are edited too and
 *   compared at every such check;
 * - every response is for the version its request was sent for: in push mode edits and requests
 *   go out in bursts, without waiting for answers, and each answer is checked against the text
 *   the client had when it asked; a request overtaken by an edit may answer ContentModified
 *   (counted, not a violation), never with another version's ranges.
 *
 *   npm run fuzz                                   (seed 1, 2,000 edits per mode)
 *   npm run fuzz -- --seed 7 --edits 1000000       (a long run; prints counts every 10,000 edits)
 *
 * Edits and requests come from fast-check generators sampled with the seed, so a failure is
 * replayed with the same --seed. Violations are counted by kind; `KNOWN` kinds (defects another
 * change fixes) are reported but do not fail the run unless --strict is given.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type DocumentSymbol, type ProtocolConnection, type Range, type SelectionRange } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bigConfigMeta, hugeMessage } from './bench/corpora';

const ROOT = path.resolve(__dirname, '..');

/** Kinds of violation that another change is fixing. */
export const KNOWN = new Set(['empty symbol name']);

export interface FuzzOptions {
  seed: number;
  edits: number;
  mode: 'pull' | 'push';
  /** Requests after every this many edits (on average). */
  requestEvery?: number;
  /** Compare with a fresh open after every this many edits. */
  freshEvery?: number;
  log?: (line: string) => void;
  /**
   * Node arguments that start the server (`--stdio` is added): by default the sources through
   * tsx, so a fuzz run never tests a stale build; the unit tests pass the fresh bundle
   * (dist/server.js), which starts faster.
   */
  server?: string[];
}

export interface FuzzReport {
  mode: 'pull' | 'push';
  edits: number;
  requests: number;
  freshChecks: number;
  /** Requests answered ContentModified: an edit overtook them (push mode's bursts). */
  contentModified: number;
  violations: Map<string, { count: number; example: string }>;
  slowestMs: number;
  slowest: string;
}

const LANGUAGE: Record<string, string> = {
  '.umsg': 'universal-message',
  '.configmeta.json': 'configuration-meta',
  '.provider.json': 'native-provider',
};

function examples(dir = path.join(ROOT, 'examples')): { uri: string; languageId: string; text: string }[] {
  const out: { uri: string; languageId: string; text: string }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) { out.push(...examples(full)); continue; }
    const ext = Object.keys(LANGUAGE).find((e) => name.endsWith(e));
    if (ext) out.push({ uri: pathToFileURL(full).toString(), languageId: LANGUAGE[ext], text: readFileSync(full, 'utf8') });
  }
  return out;
}

/** Pieces an editor types or pastes, chosen to break structure in every way we know. */
const PIECES = ['{', '}', '[', ']', '${', '}', '"', "'", ',', ':', '//', '/*', '*/', '\n', '\r\n', '\\', '\\"', ' ', '  ', '\t',
  '😀', '\ud800', '\udc00', '\u0000', '// @each dishes\n', '// @end\n', '"title": ', '"type": "rich"', '"insideActions": [', '"key"', '""',
  '${it.name()}',
  'x', 'abc', '12', 'true', 'null', '"https://example.com/a.png"', '"+1 201 555 0123"', '{ "type": "reply", "display": "A", "payload": "B" }'];

const editArb = fc.record({
  doc: fc.nat(),
  start: fc.double({ min: 0, max: 1, noNaN: true }),
  span: fc.oneof(fc.constant(0), fc.nat({ max: 3 }), fc.nat({ max: 40 })),
  insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((p) => p.join('')),
  request: fc.nat(),
  where: fc.double({ min: 0, max: 1, noNaN: true }),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const REQUESTS = ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/selectionRange', 'textDocument/hover',
  'textDocument/completion', 'textDocument/formatting', 'textDocument/inlayHint', 'textDocument/codeLens', 'textDocument/codeAction',
  'textDocument/documentLink', 'textDocument/diagnostic'] as const;

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const requestEvery = options.requestEvery ?? 5;
  const freshEvery = options.freshEvery ?? 500;
  const report: FuzzReport = {
    mode: options.mode,
    edits: 0,
    requests: 0,
    freshChecks: 0,
    contentModified: 0,
    violations: new Map(),
    slowestMs: 0,
    slowest: '',
  };
  const violation = (kind: string, example: string) => {
    const v = report.violations.get(kind);
    if (v) v.count++;
    else {
      report.violations.set(kind, { count: 1, example: example.slice(0, 400) });
      log(`${options.mode}: first "${kind}" after ${report.edits} edits: ${example.slice(0, 400).replace(/\s+/g, ' ')}`);
    }
  };

  const server = options.server ?? ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'node', 'serverMain.ts')];
  const child = spawn(process.execPath, [...server, '--stdio'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  let exited = false;
  child.on('exit', (code) => { exited = true; if (code !== 0) violation('server exited', `exit ${code}: ${stderr}`); });
  const client: ProtocolConnection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map<string, { version?: number; diagnostics: Diagnostic[] }>();
  const waiters: { uri: string; version: number; resolve: () => void }[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
    published.set(p.uri, p);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i].uri === p.uri && waiters[i].version === p.version) {
      waiters[i].resolve();
      waiters.splice(i, 1);
    }
  });
  client.onNotification('window/logMessage', (p: { message: string }) => { if (/failed|TypeError|Error:/.test(p.message)) violation('server logged an error', p.message); });
  client.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  client.onRequest('workspace/diagnostic/refresh', () => null);
  client.onRequest('client/registerCapability', () => null);
  client.listen();

  const pull = options.mode === 'pull';
  await client.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { textDocument: pull ? { diagnostic: {} } : {}, workspace: { configuration: true } },
  });
  await client.sendNotification('initialized', {});

  // Long enough that the server makes each version's parse from the previous one (core/syntax/incremental.ts).
  const longUri = (name: string) => pathToFileURL(path.join(ROOT, 'examples', name)).toString();
  const long = [
    { uri: longUri('fuzz-long.configmeta.json'), languageId: 'configuration-meta', text: bigConfigMeta(1_300) },
    { uri: longUri('fuzz-long.umsg'), languageId: 'universal-message', text: hugeMessage(600) },
  ];
  const docs = [...examples(), ...long].map((e) => ({ ...e, doc: TextDocument.create(e.uri, e.languageId, 1, e.text) }));
  for (const d of docs) await client.sendNotification('textDocument/didOpen', {
    textDocument: { uri: d.uri, languageId: d.languageId, version: 1, text: d.text },
  });

  async function timed<T>(what: string, p: Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      return await p;
    } catch (error) {
      // -32801 (ContentModified): an edit overtook the request; LSP's answer for that.
      if ((error as { code?: number }).code === -32801) report.contentModified++;
      else violation(`error response to ${what}`, String((error as Error).message ?? error));
      return undefined;
    } finally {
      const ms = performance.now() - started;
      if (ms > report.slowestMs) { report.slowestMs = ms; report.slowest = what; }
    }
  }

  function checkRange(what: string, doc: TextDocument, r: Range | undefined) {
    if (!r) return violation(`${what}: missing range`, '');
    const lines = doc.lineCount;
    const inside = (p: { line: number; character: number }) =>
      p.line >= 0 && p.line < lines && p.character >= 0 && p.character <= lineLength(doc, p.line);
    if (!inside(r.start) || !inside(r.end)) violation(`${what}: range outside the document`, JSON.stringify(r));
    else if (doc.offsetAt(r.start) > doc.offsetAt(r.end)) violation(`${what}: range ends before it starts`, JSON.stringify(r));
  }
  const contains = (doc: TextDocument, outer: Range, inner: Range) =>
    doc.offsetAt(outer.start) <= doc.offsetAt(inner.start) && doc.offsetAt(inner.end) <= doc.offsetAt(outer.end);

  function checkSymbols(doc: TextDocument, symbols: DocumentSymbol[], parent?: DocumentSymbol) {
    for (const s of symbols) {
      if (!s.name || !s.name.trim()) violation('empty symbol name', JSON.stringify(s).slice(0, 200));
      checkRange('symbol', doc, s.range);
      checkRange('symbol selection', doc, s.selectionRange);
      if (!contains(doc, s.range, s.selectionRange)) violation('symbol selection outside its range', JSON.stringify(s).slice(0, 200));
      if (parent && !contains(doc, parent.range, s.range)) violation('symbol child outside its parent', JSON.stringify(s).slice(0, 200));
      checkSymbols(doc, s.children ?? [], s);
    }
  }

  async function request(d: (typeof docs)[number], kind: number, where: number) {
    // The text as the client has it now: later edits of a burst must not move the yardstick.
    const doc = TextDocument.create(d.uri, d.languageId, d.doc.version, d.doc.getText());
    const method = REQUESTS[kind % REQUESTS.length];
    if (method === 'textDocument/diagnostic' && !pull) return;
    const position = doc.positionAt(Math.floor(where * doc.getText().length));
    const range = { start: { line: 0, character: 0 }, end: doc.positionAt(doc.getText().length) };
    const textDocument = { uri: d.uri };
    const params: Record<string, unknown> = { textDocument };
    if (['textDocument/hover', 'textDocument/completion'].includes(method)) params.position = position;
    if (method === 'textDocument/selectionRange') params.positions = [position];
    if (method === 'textDocument/formatting') params.options = { tabSize: 2, insertSpaces: true };
    if (method === 'textDocument/inlayHint') params.range = range;
    if (method === 'textDocument/codeAction') Object.assign(params, {
      range: { start: position, end: position },
      context: { diagnostics: pull ? [] : published.get(d.uri)?.diagnostics ?? [] },
    });
    report.requests++;
    // Responses of every kind, checked below by method.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = await timed(method, client.sendRequest(method, params)) as any;
    if (result === undefined || result === null) return;
    switch (method) {
      case 'textDocument/documentSymbol': checkSymbols(doc, result); break;
      case 'textDocument/foldingRange':
        for (const f of result) if (f.startLine > f.endLine || f.endLine >= doc.lineCount)
          violation('folding range outside the document', JSON.stringify(f));
        break;
      case 'textDocument/selectionRange':
        for (let s: SelectionRange | undefined = result[0]; s; s = s.parent) {
          checkRange('selection range', doc, s.range);
          if (s.parent && !contains(doc, s.parent.range, s.range))
            violation('selection range parent does not contain its child', JSON.stringify(s.range));
        }
        break;
      case 'textDocument/hover': if (result.range) checkRange('hover', doc, result.range); break;
      case 'textDocument/completion':
        for (const c of result.items ?? result) if (c.textEdit) checkRange('completion edit', doc, c.textEdit.range);
        break;
      case 'textDocument/formatting': case 'textDocument/documentLink': case 'textDocument/codeLens':
        for (const e of result) checkRange(method, doc, e.range);
        break;
      case 'textDocument/inlayHint': for (const h of result) checkRange('inlay hint', doc, { start: h.position, end: h.position }); break;
      case 'textDocument/diagnostic': for (const x of result.items) checkRange('diagnostic', doc, x.range); break;
      case 'textDocument/codeAction':
        for (const a of result) for (const edits of Object.values(a.edit?.changes ?? {}) as { range: Range }[][])
          for (const e of edits) checkRange('code action edit', doc, e.range);
        break;
    }
  }

  /** Results that must not depend on how the text got there. */
  async function snapshot(d: (typeof docs)[number]): Promise<string> {
    const textDocument = { uri: d.uri };
    let diagnostics: unknown;
    if (pull) diagnostics = (
      (await timed('diagnostic', client.sendRequest('textDocument/diagnostic', { textDocument }))) as { items?: unknown } | undefined
    )?.items;
    else {
      // This version's push may have come already, and another for it (a config, sample or
      // sibling changed meanwhile) may still be on its way: an empty edit makes the push to wait
      // for, checked after every change sent before it.
      if (published.get(d.uri)?.version === d.doc.version) {
        const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
        d.doc = TextDocument.update(d.doc, [{ range, text: '' }], d.doc.version + 1);
        await client.sendNotification('textDocument/didChange', {
          textDocument: { uri: d.uri, version: d.doc.version },
          contentChanges: [{ range, text: '' }],
        });
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 5000);
        waiters.push({ uri: d.uri, version: d.doc.version, resolve: () => { clearTimeout(t); resolve(); } });
      });
      diagnostics = published.get(d.uri)?.version === d.doc.version
        ? published.get(d.uri)?.diagnostics
        : 'no diagnostics published for this version';
    }
    const symbols = await timed('documentSymbol', client.sendRequest('textDocument/documentSymbol', { textDocument }));
    const folding = await timed('foldingRange', client.sendRequest('textDocument/foldingRange', { textDocument }));
    const length = d.doc.getText().length;
    const hovers = [];
    for (const at of [0.25, 0.5, 0.75]) {
      const position = d.doc.positionAt(Math.floor(at * length));
      hovers.push(await timed('hover', client.sendRequest('textDocument/hover', { textDocument, position })));
    }
    return JSON.stringify({ diagnostics, symbols, folding, hovers });
  }

  async function freshCheck(d: (typeof docs)[number]) {
    report.freshChecks++;
    const incremental = await snapshot(d);
    const text = d.doc.getText();
    await client.sendNotification('textDocument/didClose', { textDocument: { uri: d.uri } });
    d.doc = TextDocument.create(d.uri, d.languageId, d.doc.version + 1, text);
    await client.sendNotification('textDocument/didOpen', {
      textDocument: { uri: d.uri, languageId: d.languageId, version: d.doc.version, text },
    });
    const fresh = await snapshot(d);
    if (incremental !== fresh) violation(
      'incremental differs from a fresh open',
      `${d.uri}\nincremental: ${incremental.slice(0, 300)}\nfresh:       ${fresh.slice(0, 300)}`,
    );
  }

  const BATCH = 1000;
  /** Push mode: edits sent before the answers to the burst's requests are awaited. */
  const BURST = 8;
  const inFlight: Promise<void>[] = [];
  for (let batch = 0; report.edits < options.edits && !exited; batch++) {
    const edits: Edit[] = fc.sample(editArb, {
      seed: options.seed * 1_000_003 + batch,
      numRuns: Math.min(BATCH, options.edits - report.edits),
    });
    for (const e of edits) {
      const d = docs[e.doc % docs.length];
      const text = d.doc.getText();
      const start = Math.floor(e.start * text.length);
      const end = Math.min(text.length, start + e.span);
      const range = { start: d.doc.positionAt(start), end: d.doc.positionAt(end) };
      const version = d.doc.version + 1;
      d.doc = TextDocument.update(d.doc, [{ range, text: e.insert }], version);
      await client.sendNotification('textDocument/didChange', {
        textDocument: { uri: d.uri, version },
        contentChanges: [{ range, text: e.insert }],
      });
      report.edits++;
      if (e.request % requestEvery === 0) {
        const asked = request(d, Math.floor(e.request / requestEvery), e.where);
        // Push mode sends a burst of edits and requests before it waits for any answer.
        if (pull) await asked;
        else inFlight.push(asked);
      }
      if (inFlight.length > 0 && report.edits % BURST === 0) await Promise.all(inFlight.splice(0));
      if (report.edits % freshEvery === 0) {
        await Promise.all(inFlight.splice(0));
        await freshCheck(d);
        for (const l of long.length > 0 ? docs.slice(-long.length) : []) if (l !== d) await freshCheck(l);
      }
      if (report.edits % 10_000 === 0) log(
        `${options.mode}: ${report.edits} edits, ${report.requests} requests, ${report.freshChecks} fresh checks, ` +
          `${[...report.violations.values()].reduce((n, v) => n + v.count, 0)} violations`,
      );
      // A document that grew past a few hundred KB is reset to its example, so runs stay representative.
      if (d.doc.getText().length > 200_000) {
        const original = docs.find((x) => x.uri === d.uri)!;
        d.doc = TextDocument.create(d.uri, d.languageId, d.doc.version + 1, original.text);
        await client.sendNotification('textDocument/didChange', {
          textDocument: { uri: d.uri, version: d.doc.version },
          contentChanges: [{ text: original.text }],
        });
      }
    }
  }
  await Promise.all(inFlight.splice(0));
  if (!exited) {
    await timed('shutdown', client.sendRequest('shutdown'));
    await client.sendNotification('exit');
  }
  // Wait for the server to exit, at most 5 s; the timer is cleared so it cannot hold the process open.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    const done = () => { clearTimeout(timer); resolve(); };
    if (exited) done(); else child.on('exit', done);
  });
  client.dispose();
  child.kill();
  return report;
}

function lineLength(doc: TextDocument, line: number): number {
  const start = doc.offsetAt({ line, character: 0 });
  const end = line + 1 < doc.lineCount ? doc.offsetAt({ line: line + 1, character: 0 }) : doc.getText().length;
  // The line's own length, without its line break.
  const text = doc.getText().slice(start, end);
  return text.endsWith('\r\n') ? text.length - 2 : text.endsWith('\n') || text.endsWith('\r') ? text.length - 1 : text.length;
}

export function summarize(r: FuzzReport): string {
  const lines = [
    `${r.mode}: ${r.edits} edits, ${r.requests} requests (${r.contentModified} overtaken by an edit: ContentModified), ` +
      `${r.freshChecks} fresh-open comparisons; ` +
      `slowest response ${r.slowestMs.toFixed(0)} ms (${r.slowest})`,
  ];
  for (const [kind, v] of r.violations) lines.push(`  ${KNOWN.has(kind) ? '(known) ' : ''}${kind}: ${v.count}, e.g. ${v.example.replace(/\s+/g, ' ')}`);
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    const n = i >= 0 ? Number(args[i + 1]) : fallback;
    if (!Number.isInteger(n) || n < 0) { process.stderr.write(`fuzz: ${name} needs a whole number.\n`); process.exit(2); }
    return n;
  };
  const seed = value('--seed', 1);
  const edits = value('--edits', 2000);
  const strict = args.includes('--strict');
  const modes = args.includes('--push') ? ['push'] as const : args.includes('--pull') ? ['pull'] as const : ['pull', 'push'] as const;
  (async () => {
    let failed = false;
    for (const mode of modes) {
      const r = await runFuzz({ seed, edits, mode, log: (l) => process.stdout.write(l + '\n') });
      process.stdout.write(summarize(r) + '\n');
      if ([...r.violations.keys()].some((k) => strict || !KNOWN.has(k))) failed = true;
    }
    process.stdout.write(`seed ${seed}: ${failed ? 'FAILED' : 'passed'}\n`);
    process.exitCode = failed ? 1 : 0;
  })();
}
