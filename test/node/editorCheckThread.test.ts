/**
 * Large documents are checked on a worker thread by the Node server (the editor under load):
 * requests in other documents are answered while the check runs, the findings are the
 * ones the in-thread check gives, a newer edit still wins, and a worker that cannot run leaves
 * the check to the main thread.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic as LspDiagnostic, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService, DEFAULT_CONFIG } from '../../server/src/core';
import { CHECK_ELSEWHERE_MIN_LENGTH, workerChecks } from '../../server/src/node/editorCheckThread';
import { ensureBundle, SERVER_BUNDLE as SERVER } from '../support/bundle';

/** A card with `n` reply buttons whose labels are too long for every channel: many findings. */
function largeCard(n: number, tag: string): string {
  const actions = Array.from(
    { length: n },
    (_, i) => `    { "type": "reply", "display": "A label far too long for any channel ${tag} ${i}", "payload": "P${i}" }`,
  );
  return `{\n  "type": "rich",\n  "title": "Menu ${tag}",\n  "description": "Pick one",\n` +
    `  "floatActions": [\n${actions.join(',\n')}\n  ]\n}\n`;
}

const SMALL = '{\n  "type": "rich",\n  "title": "Hello",\n  "description": "Hi"\n}\n';

/** What the in-thread check finds in `text`, as the server would publish it (code, message, range). */
async function inThread(text: string): Promise<string[]> {
  const service = createLanguageService();
  const result = await service.check(service.open(text, 'universal-message'), { config: DEFAULT_CONFIG });
  const doc = TextDocument.create('file:///x.umsg', 'universal-message', 1, text);
  return result.diagnostics.map((d) => {
    const s = doc.positionAt(d.offset), e = doc.positionAt(d.offset + d.length);
    return `${d.rule} ${s.line}:${s.character}-${e.line}:${e.character} ${d.message}`;
  });
}

const shown = (ds: LspDiagnostic[]) => ds.map(
  (d) => `${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`,
);

describe('large documents are checked on a worker thread', () => {
  before(ensureBundle);

  it('answers requests in another document meanwhile, and publishes the in-thread findings; the last edit wins', async () => {
    const first = largeCard(2500, 'first');
    assert.ok(first.length >= CHECK_ELSEWHERE_MIN_LENGTH, `the large card (${first.length} characters) must go to the worker`);
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const events: string[] = [];
    const published = new Map<string, PublishDiagnosticsParams[]>();
    const waiters: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
    client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      events.push(`diagnostics ${p.uri} v${p.version}`);
      published.set(p.uri, [...(published.get(p.uri) ?? []), p]);
      for (const w of waiters.filter((x) => x.uri === p.uri && x.version === p.version)) w.resolve(p);
    });
    const publishedFor = (uri: string, version: number) => new Promise<PublishDiagnosticsParams>((resolve) => {
      const seen = published.get(uri)?.find((p) => p.version === version);
      if (seen) resolve(seen); else waiters.push({ uri, version, resolve });
    });
    client.listen();
    const small = 'file:///tmp/umsg-worker/small.umsg', large = 'file:///tmp/umsg-worker/large.umsg';
    try {
      await client.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await client.sendNotification('initialized', {});
      await client.sendNotification('textDocument/didOpen', {
        textDocument: { uri: small, languageId: 'universal-message', version: 1, text: SMALL },
      });
      await publishedFor(small, 1);

      // The large document's check starts; a hover in the small one is answered before it ends.
      await client.sendNotification('textDocument/didOpen', {
        textDocument: { uri: large, languageId: 'universal-message', version: 1, text: first },
      });
      const hover = await client.sendRequest('textDocument/hover', { textDocument: { uri: small }, position: { line: 2, character: 4 } });
      events.push('hover answered');
      assert.ok(hover, 'a hover on "title"');
      const v1 = await publishedFor(large, 1);
      assert.ok(events.indexOf('hover answered') < events.indexOf(`diagnostics ${large} v1`), events.join('\n'));
      assert.deepEqual(shown(v1.diagnostics), await inThread(first));
      assert.ok(v1.diagnostics.length > 1000, 'a finding for each button, up to the cap');
      assert.ok(v1.diagnostics.some((d) => /more `[a-z-]+` findings in this file/.test(String(d.message))), 'the cap says how many more there are');

      // Three quick edits: the published findings are those of the last text.
      const texts = [largeCard(2500, 'second'), largeCard(2400, 'third'), largeCard(2600, 'fourth')];
      for (const [i, text] of texts.entries()) {
        await client.sendNotification('textDocument/didChange', {
          textDocument: { uri: large, version: i + 2 },
          contentChanges: [{ text }],
        });
      }
      const last = await publishedFor(large, 4);
      assert.deepEqual(shown(last.diagnostics), await inThread(texts[2]));
    } finally {
      client.dispose();
      child.kill();
    }
  });

  it('the worker (the server bundle started as one) gives the in-thread findings, and stops a cancelled check', async () => {
    const logs: string[] = [];
    const elsewhere = workerChecks(SERVER, (m) => logs.push(m));
    const text = largeCard(300, 'worker');
    const result = await elsewhere.run({ text, language: 'universal-message', context: { config: DEFAULT_CONFIG } });
    assert.ok(result, logs.join('\n'));
    const doc = TextDocument.create('file:///x.umsg', 'universal-message', 1, text);
    assert.deepEqual(result.diagnostics.map((d) => {
      const s = doc.positionAt(d.offset), e = doc.positionAt(d.offset + d.length);
      return `${d.rule} ${s.line}:${s.character}-${e.line}:${e.character} ${d.message}`;
    }), await inThread(text));
    assert.equal(result.cancelled, false);
    const cancelled = await elsewhere.run(
      { text, language: 'universal-message', context: { config: DEFAULT_CONFIG } },
      { isCancellationRequested: true },
    );
    assert.equal(cancelled?.cancelled, true);
    // Asked to collect (once a long document is closed), it collects and goes on checking.
    elsewhere.settle();
    const again = await elsewhere.run({ text, language: 'universal-message', context: { config: DEFAULT_CONFIG } });
    assert.equal(again?.diagnostics.length, result.diagnostics.length);
    assert.deepEqual(logs, []);
  });

  it('starts no worker to collect in', () => {
    const logs: string[] = [];
    const elsewhere = workerChecks('/nonexistent/umsg-check-worker.js', (m) => logs.push(m));
    elsewhere.settle();
    assert.deepEqual(logs, [], 'no start tried, so no failure logged');
  });

  it('answers undefined when the worker cannot run, so the check runs in-thread; and stops trying after three failures', async () => {
    const logs: string[] = [];
    const elsewhere = workerChecks('/nonexistent/umsg-check-worker.js', (m) => logs.push(m));
    const request = { text: SMALL, language: 'universal-message' as const, context: { config: DEFAULT_CONFIG } };
    for (let i = 0; i < 3; i++) assert.equal(await elsewhere.run(request), undefined);
    assert.equal(logs.length, 3, logs.join('\n'));
    assert.match(logs[2], /checking in-thread from now on/);
    assert.equal(await elsewhere.run(request), undefined);
    assert.equal(logs.length, 3, 'no fourth start');
  });

  it('the language service falls back to its own check when the worker answers undefined', async () => {
    const text = largeCard(50, 'fallback');
    let asked = 0;
    const service = createLanguageService({ checkElsewhere: { minLength: 1, run: () => { asked++; return Promise.resolve(undefined); } } });
    const result = await service.check(service.open(text, 'universal-message'), { config: DEFAULT_CONFIG });
    assert.equal(asked, 1);
    assert.equal(
      result.diagnostics.length,
      (await createLanguageService().check(createLanguageService().open(text, 'universal-message'), { config: DEFAULT_CONFIG }))
        .diagnostics.length,
    );
    assert.ok(result.doc, 'checked here: the parse is kept for the editing features');
  });

  it('lets the host serve what it has received before a text is sent, and sends none a newer version replaced meanwhile', async () => {
    const text = largeCard(50, 'typing');
    const order: string[] = [];
    const token = { isCancellationRequested: false };
    const service = createLanguageService({
      checkElsewhere: { minLength: 1, run: () => { order.push('sent'); return Promise.resolve(undefined); } },
      // The host's turn: a request received meanwhile is answered, and an edit replaces the version.
      yieldToHost: () => { order.push('host'); token.isCancellationRequested = true; return Promise.resolve(); },
    });
    const result = await service.check(service.open(text, 'universal-message'), { config: DEFAULT_CONFIG }, token);
    assert.deepEqual(order, ['host']);
    assert.equal(result.cancelled, true);
  });
});
