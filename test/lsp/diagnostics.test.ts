/**
 * Protocol tests: a real LSP client connection talks to the server over in-memory streams:
 * initialize, open, receive diagnostics with codes and ranges, edit, see them update.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { CancellationTokenSource, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { checkRemoteRequest, type Cancellation, type CheckElsewhere, type RemoteCheckRequest, type RemoteCheckResult } from '../../server/src/core';
import { ALL_RULES } from '../../server/src/core/rules';
import { defineRule } from '../../server/src/core/findings/rule';
import { DOCS_BASE, startHarness, type Harness } from '../support/lspHarness';

const URI = 'file:///proj/cards/welcome.umsg';
const CONFIG = '/proj/umsg.config.json';
const LONG_TITLE = 'T'.repeat(95);

const MISSING_TITLE = `{
  "type": "rich",
  "description": "Fresh pasta every day"
}`;
const VALID = `{
  "type": "rich",
  "title": "Today's menu",
  "description": "Fresh pasta every day"
}`;
const LONG = `{
  "type": "rich",
  "title": "${LONG_TITLE}",
  "description": "Fresh pasta every day"
}`;

const codes = (ds: Diagnostic[]) => ds.map((d) => d.code).sort();
let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

describe('push diagnostics (client without pull support)', () => {
  it('publishes diagnostics with code, doc link, source and a precise range, then updates on edit', async () => {
    h = await startHarness({ pull: false });
    const first = h.nextDiagnostics(URI, (d) => d.length > 0);
    await h.open(URI, MISSING_TITLE);
    const p = await first;
    assert.equal(p.diagnostics.length, 1);
    const d = p.diagnostics[0];
    assert.equal(d.code, 'card-required');
    assert.equal(d.source, 'umsg');
    assert.equal(d.severity, 1);
    assert.equal(d.codeDescription?.href, `${DOCS_BASE}card-required.md`);
    assert.deepEqual(
      d.range,
      { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      'on the opening brace, not the whole file',
    );

    const second = h.nextDiagnostics(URI, (ds) => ds.some((x) => x.code === 'channel-limit'));
    await h.change(URI, 2, LONG);
    const q = await second;
    const limit = q.diagnostics.find((x) => x.code === 'channel-limit')!;
    assert.equal(limit.message, "title has 95 characters: over Messenger's 80.");
    assert.equal(limit.severity, 2, 'channels default to warning');
    // the title's value string: line 2, from the opening quote to after the closing quote
    assert.deepEqual(limit.range, { start: { line: 2, character: 11 }, end: { line: 2, character: 11 + 97 } });

    const third = h.nextDiagnostics(URI, (ds) => ds.length === 0);
    await h.change(URI, 3, VALID);
    await third;
  });

  it('debounces: a burst of edits is checked once, for the last version', async () => {
    h = await startHarness({ pull: false, timers: 'manual' });
    await h.open(URI, VALID);
    await h.settle();
    h.runTimers();
    await h.nextDiagnostics(URI);
    const before = h.published.length;
    for (let v = 2; v <= 6; v++) await h.change(URI, v, v === 6 ? MISSING_TITLE : `{ "type": "rich", "title": "${'x'.repeat(v)}"`);
    await h.settle();
    // Each edit replaced the check the one before had scheduled: one waits, after a pause in typing.
    assert.equal(h.timerDelays.length, 6, 'one timer per edit (and one for the open)');
    assert.equal(h.pendingTimers().length, 1, 'one check waiting for five quick edits');
    assert.ok(h.pendingTimers()[0] > 0, 'the check waits for a pause in typing');
    h.runTimers();
    const p = await h.nextDiagnostics(URI, (ds) => ds.some((d) => d.code === 'card-required'));
    assert.equal(p.version, 6);
    await h.settle();
    assert.equal(h.published.length - before, 1, 'one publish for five quick edits');
  });

  it('pushes the findings of an edit made while the files around the document were being read', async () => {
    h = await startHarness({ pull: false, timers: 'manual' });
    const release = h.holdReads();
    await h.open(URI, VALID);
    await h.settle();
    // The pause after the open ends: that push waits for the files around the document.
    h.runTimers();
    await h.change(URI, 2, MISSING_TITLE);
    await h.settle();
    // The pause after the edit ends: its push waits for the same files.
    h.runTimers();
    assert.ok(h.reads > 0, 'the files around the document are being read');
    const pushed = h.nextDiagnostics(URI);
    release();
    const p = await pushed;
    assert.equal(p.version, 2);
    assert.deepEqual(codes(p.diagnostics), ['card-required'], 'the findings of version 2, not an empty list');
  });

  it('never pushes a check the check thread was told to stop as the findings: the push checks again', async () => {
    // A check thread as the Node server's: the stop, once read as requested, stays requested.
    const runs: { request: RemoteCheckRequest; token?: Cancellation; stopped: boolean; answer(r: RemoteCheckResult): void }[] = [];
    let started = () => undefined as void;
    const checkElsewhere: CheckElsewhere = {
      minLength: 1,
      run: (request, token) => new Promise((answer) => { runs.push({ request, token, stopped: false, answer }); started(); }),
    };
    const nextRun = (n: number) => new Promise<void>((resolve) => {
      started = () => { if (runs.length >= n) resolve(); };
      started();
    });
    h = await startHarness({ pull: false, timers: 'manual', checkElsewhere });
    await h.open(URI, MISSING_TITLE);
    await h.settle();

    // A code lens starts the check of version 1, and is cancelled: the thread reads its stop.
    const lens = new CancellationTokenSource();
    const lensAnswer = h.client.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } }, lens.token).catch(() => undefined);
    await nextRun(1);
    lens.cancel();
    await h.settle();
    runs[0].stopped = !!runs[0].token?.isCancellationRequested;
    assert.ok(runs[0].stopped, 'every waiter of the first check had gone');

    // The pause in typing ends: the push either waits for the check under way or starts its own.
    h.runTimers();
    const waiting = () => runs[0].token?.isCancellationRequested === false || runs.length > 1;
    for (let i = 0; i < 1000 && !waiting(); i++) await new Promise((r) => setImmediate(r));
    assert.ok(waiting(), 'the push is waiting for a check');
    const pushed = h.nextDiagnostics(URI);
    runs[0].answer({ diagnostics: [], cancelled: true, ruleErrors: [] });
    const again = nextRun(2).then(() => runs[1].answer(checkRemoteRequest(runs[1].request, () => false)));
    const p = await pushed;
    assert.equal(p.version, 1);
    assert.deepEqual(codes(p.diagnostics), ['card-required'], 'the findings of version 1, not an empty list');
    await again;
    await lensAnswer;
  });

  it('keeps serving after malformed and binary documents', async () => {
    h = await startHarness({ pull: false });
    const junk = 'file:///proj/junk.umsg';
    const wait = h.nextDiagnostics(junk, (d) => d.length > 0);
    await h.open(junk, '\u0000\u0001\u00ff{{{{' + '['.repeat(100_000));
    const p = await wait;
    assert.ok(p.diagnostics.every((d) => d.code === 'syntax'));
    const next = h.nextDiagnostics(URI, (d) => d.length > 0);
    await h.open(URI, MISSING_TITLE);
    assert.deepEqual(codes((await next).diagnostics), ['card-required']);
  });

  it('contains a rule that throws: the error is logged and other findings still arrive', async () => {
    const broken = defineRule({
      id: 'broken-rule', description: 'always throws', defaultSeverity: 'error', languages: ['universal-message'],
      check() { throw new Error('boom'); },
    });
    h = await startHarness({ pull: false, rules: [broken, ...ALL_RULES] });
    const wait = h.nextDiagnostics(URI, (d) => d.length > 0);
    await h.open(URI, MISSING_TITLE);
    assert.deepEqual(codes((await wait).diagnostics), ['card-required']);
    assert.ok(h.logs.some((l) => l.includes('broken-rule') && l.includes('boom')), `logged: ${JSON.stringify(h.logs)}`);
  });

  it('reads umsg.config.json walking up, and re-checks open files when it changes', async () => {
    h = await startHarness({ pull: false, files: { [CONFIG]: '{ "channels": { "messenger": "error" } }' } });
    const first = h.nextDiagnostics(URI, (d) => d.length > 0);
    await h.open(URI, LONG);
    const limit = (await first).diagnostics.find((d) => d.code === 'channel-limit');
    assert.equal(limit?.severity, 1, 'Messenger set to error in the config file');

    h.files.set(CONFIG, '{ "channels": { "messenger": "off" } }');
    const second = h.nextDiagnostics(URI, (d) => d.length === 0);
    await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'file://' + CONFIG, type: 2 }] });
    await second;
  });

  it('reports problems of an open umsg.config.json in that file, and the checks go on', async () => {
    h = await startHarness({ pull: false });
    const configUri = 'file://' + CONFIG;
    const wait = h.nextDiagnostics(configUri, (d) => d.length > 0);
    await h.open(configUri, '{ "channels": { "mesenger": "error", "whatsapp": "loud" } }', 'json');
    const ds = (await wait).diagnostics;
    assert.deepEqual(ds.map((d) => d.code), ['config', 'config']);
    assert.match(String(ds[0].message), /did you mean "messenger"/);
    assert.match(String(ds[1].message), /Severity of "whatsapp" is not valid/);
    const card = h.nextDiagnostics(URI, (d) => d.length > 0);
    await h.open(URI, LONG);
    assert.deepEqual(codes((await card).diagnostics), ['channel-limit']);
  });

  it('uses editor settings where no config file exists', async () => {
    h = await startHarness({ pull: false, configuration: true });
    h.settings = { channels: { messenger: 'off' } };
    await h.client.sendNotification('workspace/didChangeConfiguration', { settings: null });
    // The settings arrive by a request of their own: the file may be checked once before they do.
    const wait = h.nextDiagnostics(URI, (d) => d.length === 0);
    await h.open(URI, LONG);
    assert.deepEqual((await wait).diagnostics, [], 'Messenger is off, and the title fits the others');
  });
});

describe('pull diagnostics (client with pull support)', () => {
  it('answers textDocument/diagnostic and never pushes', async () => {
    h = await startHarness({ pull: true, timers: 'manual' });
    await h.open(URI, MISSING_TITLE);
    const report = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as {
      kind: string;
      items: Diagnostic[];
    };
    assert.equal(report.kind, 'full');
    assert.deepEqual(codes(report.items), ['card-required']);
    await h.change(URI, 2, LONG);
    const again = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as { items: Diagnostic[] };
    assert.deepEqual(codes(again.items), ['channel-limit']);
    await h.settle();
    assert.deepEqual(h.timerDelays, [], 'no push check is ever scheduled');
    assert.equal(h.published.length, 0, 'no push diagnostics when the client pulls');
  });

  it('checks an edited long document once the typing pauses, not after every keystroke', async () => {
    // The check thread takes every document here; it checks at once.
    const runs: string[] = [];
    const checkElsewhere: CheckElsewhere = {
      minLength: 1,
      run: (request, token) => {
        runs.push(request.text);
        return Promise.resolve(checkRemoteRequest(request, () => !!token?.isCancellationRequested));
      },
    };
    h = await startHarness({ pull: true, timers: 'manual', checkElsewhere });
    const params = { textDocument: { uri: URI } };
    const pull = (source?: CancellationTokenSource) => (source
      ? h!.client.sendRequest('textDocument/diagnostic', params, source.token)
      : h!.client.sendRequest('textDocument/diagnostic', params)) as Promise<{ items: Diagnostic[] }>;
    await h.open(URI, MISSING_TITLE);
    assert.deepEqual(codes((await pull()).items), ['card-required'], 'an opened document is checked at once');

    // Two keystrokes, each followed by a pull, as VS Code sends them; it cancels a pull when the text changes.
    await h.change(URI, 2, VALID);
    const outdated = new CancellationTokenSource();
    const second = pull(outdated).catch(() => undefined);
    await h.settle();
    await h.change(URI, 3, LONG);
    outdated.cancel();
    const third = pull();
    await h.settle();
    assert.deepEqual(runs, [MISSING_TITLE], 'no check of an edited version starts while the typing goes on');
    assert.deepEqual(h.pendingTimers(), [200, 200], 'each edited version waits for the pause');

    h.runTimers();
    assert.deepEqual(codes((await third).items), ['channel-limit'], 'the findings of the version typed last');
    assert.deepEqual(runs, [MISSING_TITLE, LONG], 'the version in between is never checked');
    await second;
  });
});

describe('completion and quick fixes', () => {
  it('offers the action types inside an insideActions element', async () => {
    h = await startHarness({ pull: true });
    const text = '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ { "type":  } ] }';
    await h.open(URI, text);
    const character = text.indexOf('"type":  }') + '"type": '.length;
    const items = await h.client.sendRequest(
      'textDocument/completion',
      { textDocument: { uri: URI }, position: { line: 0, character } },
    ) as { label: string }[];
    assert.deepEqual(items.map((i) => i.label).sort(), ['call', 'click', 'reply']);
  });

  it('reads the files around a document once, not on every request', async () => {
    h = await startHarness({ pull: true, files: { [CONFIG]: '{}' } });
    const text = '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ { "type":  } ] }';
    await h.open(URI, text);
    const position = { line: 0, character: text.indexOf('"type":  }') + '"type": '.length };
    await h.client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position });
    const afterFirst = h.reads;
    assert.ok(afterFirst > 0, 'the config walk and the sibling files were read');
    for (let i = 0; i < 5; i++) await h.client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position });
    await h.client.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position });
    assert.equal(h.reads, afterFirst, 'no more reads until something changes');
    await h.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: 'file://' + CONFIG, type: 2 }] });
    await h.client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position });
    assert.ok(h.reads > afterFirst, 'a change to the config file reads again');
  });

  it('offers only reply in a float action, and property names valid at the cursor', async () => {
    h = await startHarness({ pull: true });
    const text = '{ "type": "rich", "title": "t", "insideActions": [], "floatActions": [ { "type": "" } ],  }';
    await h.open(URI, text);
    const at = (s: string, d: number) => ({ line: 0, character: text.indexOf(s) + d });
    const values = await h.client.sendRequest(
      'textDocument/completion',
      { textDocument: { uri: URI }, position: at('"type": ""', 9) },
    ) as { label: string }[];
    assert.deepEqual(values.map((i) => i.label), ['reply']);
    const keys = await h.client.sendRequest(
      'textDocument/completion',
      { textDocument: { uri: URI }, position: at(',  }', 2) },
    ) as { label: string }[];
    assert.deepEqual(keys.map((i) => i.label).sort(), ['description', 'richMedia']);
  });

  it('offers a quick fix from the diagnostic code and data', async () => {
    h = await startHarness({ pull: true });
    const text = '{ "type": "Rich", "title": "t", "description": "d" }';
    await h.open(URI, text);
    const report = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as { items: Diagnostic[] };
    const d = report.items.find((x) => x.code === 'message-type')!;
    const actions = await h.client.sendRequest(
      'textDocument/codeAction',
      { textDocument: { uri: URI }, range: d.range, context: { diagnostics: [d] } },
    ) as { title: string; edit: { changes: Record<string, { newText: string; range: unknown }[]> } }[];
    const quick = actions.filter((a) => (a as { kind?: string }).kind === 'quickfix');
    assert.equal(quick.length, 1);
    assert.equal(quick[0].title, 'Change to "rich"');
    assert.deepEqual(quick[0].edit.changes[URI], [{ newText: '"rich"', range: d.range }]);
  });

  it('right after an edit, fixes what the client still shows from the version before as the open version finds it', async () => {
    h = await startHarness({ pull: true });
    const before = '{\n  "title": "Hi",\n  "type": "Rich",\n  "description": "d"\n}';
    await h.open(URI, before);
    const report = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as { items: Diagnostic[] };
    const d = report.items.find((x) => x.code === 'message-type')!;
    assert.deepEqual(d.range, { start: { line: 2, character: 10 }, end: { line: 2, character: 16 } });
    // The title grows on the line above: the finding's range (line 2) is the same, its offset
    // three characters on. The client asks at once, with the diagnostic it got for version 1.
    await h.change(URI, 2, before.replace('"Hi"', '"Hi!!!"'));
    const ask = (diagnostics: Diagnostic[]) => h!.client.sendRequest(
      'textDocument/codeAction',
      { textDocument: { uri: URI }, range: d.range, context: { diagnostics, only: ['quickfix'] } },
    ) as Promise<{ title: string; edit: { changes: Record<string, { newText: string; range: unknown }[]> } }[]>;
    const [fix, ...more] = await ask([d]);
    assert.equal(more.length, 0);
    assert.equal(fix.title, 'Change to "rich"');
    // "Rich" on line 2 of version 2, not the characters its offset in version 1 pointed to (`: "Ric`).
    assert.deepEqual(fix.edit.changes[URI], [{ newText: '"rich"', range: d.range }]);
    // A diagnostic of a finding the open version no longer has gets no fix.
    await h.change(URI, 3, before.replace('"Rich"', '"rich" '));
    assert.deepEqual(await ask([d]), []);
  });
});
