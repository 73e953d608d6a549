/**
 * Protocol hygiene: the server answers bad requests with the right JSON-RPC error instead of a
 * stack trace, never serves results of older text, stays responsive while it checks a large
 * file, answers every feature at once on a file over maxFileSize, and ends with one clear line
 * when its input stream is corrupt.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { afterEach, describe, it } from 'node:test';
import { CancellationTokenSource, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { KNOWN, runFuzz, summarize } from '../../scripts/fuzz';
import { ensureBundle, SERVER_BUNDLE } from '../support/bundle';
import { startHarness, type Harness } from '../support/lspHarness';

const URI = 'file:///proj/cards/welcome.umsg';
const MISSING_TITLE = '{\n  "type": "rich",\n  "description": "Fresh pasta every day"\n}';
const VALID = '{\n  "type": "rich",\n  "title": "Today\'s menu",\n  "description": "Fresh pasta every day"\n}';

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

async function errorOf(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (error) {
    return error as { code: number; message: string };
  }
  assert.fail('expected an error response');
}

/** A Configuration Meta array with `n` entries (about 60 characters each). */
function bigMeta(n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`  { "key": "k${i}", "label": "Label ${i}", "type": "String" }`);
  return `[\n${parts.join(',\n')}\n]\n`;
}

describe('malformed requests', () => {
  it('answers InvalidParams (-32602) to malformed params, without logging a TypeError', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, VALID);
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: 5, position: { line: 0, character: 0 } }],
      ['textDocument/hover', { textDocument: { uri: URI }, position: { line: 'a', character: 0 } }],
      ['textDocument/completion', { textDocument: { uri: URI } }],
      // (formatting without options is not malformed: it formats with the defaults, see test/robustness/editorRequestSafety.test.ts)
      ['textDocument/formatting', { textDocument: { uri: URI }, options: 'tabs' }],
      [
        'textDocument/rangeFormatting',
        { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 } }, options: { tabSize: 2, insertSpaces: true } },
      ],
      ['textDocument/selectionRange', { textDocument: { uri: URI }, positions: [null] }],
      [
        'textDocument/codeAction',
        { textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
      ],
      ['textDocument/documentSymbol', {}],
      ['textDocument/diagnostic', { textDocument: null }],
      ['textDocument/inlayHint', { textDocument: { uri: URI } }],
    ] as const) {
      const e = await errorOf(h.client.sendRequest(method, params));
      assert.equal(e.code, -32602, `${method} ${JSON.stringify(params)}: ${e.message}`);
    }
    assert.equal(h.logs.filter((l) => /TypeError/.test(l)).length, 0, h.logs.join('\n'));
    // …and it still serves well-formed requests.
    const symbols = await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }) as unknown[];
    assert.ok(symbols.length > 0);
  });

  it('refuses requests before initialize with -32002 and after shutdown with InvalidRequest', async () => {
    h = await startHarness({ pull: true, initialize: false });
    const before = await errorOf(
      h.client.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 0, character: 0 } }),
    );
    assert.equal(before.code, -32002);
    await h.initialize();
    await h.open(URI, VALID);
    assert.ok(await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }));
    await h.client.sendRequest('shutdown');
    const after = await errorOf(h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }));
    assert.equal(after.code, -32600);
  });
});

describe('document versions', () => {
  it('does not serve the older text when a version number is reused', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, MISSING_TITLE);
    const first = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as { items: Diagnostic[] };
    assert.deepEqual(first.items.map((d) => d.code), ['card-required']);
    // A client that sends version 1 again with other text (seen in the wild after a reload).
    await h.client.sendNotification('textDocument/didChange', {
      textDocument: { uri: URI, version: 1 },
      contentChanges: [{ text: VALID }],
    });
    const second = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }) as { items: Diagnostic[] };
    assert.deepEqual(second.items.map((d) => d.code), []);
  });

  it('a document closed and opened again while a request read the files around it gets the reopened one\'s findings', async () => {
    h = await startHarness({ pull: true });
    type Report = { items: Diagnostic[] };
    const codesOf = async (uri: string) =>
      ((await h!.client.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as Report).items.map((d) => d.code);
    // The same text read as a Configuration Meta file: what the reopened document must get.
    const OTHER = 'file:///proj/cards/other.umsg';
    await h.open(OTHER, MISSING_TITLE, 'configuration-meta');
    const asMeta = await codesOf(OTHER);
    await h.open(URI, MISSING_TITLE);
    const release = h.holdReads();
    // The request reads the config around version 1 (held) ...
    const during = h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } });
    await h.settle();
    // ... while the editor closes the document and opens it again in another language: the same
    // version and text (an editor keeps both when only the language mode changes).
    await h.client.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    await h.open(URI, MISSING_TITLE, 'configuration-meta');
    await h.settle();
    release();
    // That request was for the document as it was: it answers ContentModified.
    assert.equal((await errorOf(during)).code, -32801);
    assert.notDeepEqual(asMeta, ['card-required'], 'the two languages find different things in the text');
    assert.deepEqual(await codesOf(URI), asMeta, 'the reopened document is checked as what it is now');
  });

  // An edit that arrives while a request is answered (here: while the request's config lookup
  // reads files) makes the answer another version's: its ranges would not fit the text the
  // client had when it asked. Such a request answers ContentModified.
  const REQUESTS: [string, Record<string, unknown>][] = [
    ['textDocument/documentSymbol', {}],
    ['textDocument/foldingRange', {}],
    ['textDocument/hover', { position: { line: 2, character: 5 } }],
    ['textDocument/completion', { position: { line: 2, character: 3 } }],
    ['textDocument/codeLens', {}],
    ['textDocument/diagnostic', {}],
    ['textDocument/inlayHint', { range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } } }],
  ];
  for (const [method, extra] of REQUESTS) {
    it(`answers ${method} with ContentModified when the document changes meanwhile, and the next one for the new text`, async () => {
      h = await startHarness({ pull: true });
      await h.open(URI, VALID);
      const release = h.holdReads();
      const answer = h.client.sendRequest(method, { textDocument: { uri: URI }, ...extra });
      // One line more at the top: every range of the older text is one line off in the newer.
      await h.change(URI, 2, `// a comment\n${VALID}`);
      await h.settle();
      release();
      const error = await errorOf(answer);
      assert.equal(error.code, -32801, `${method}: ${error.message}`); // LSPErrorCodes.ContentModified
      type OutlineSymbol = { range: { start: { line: number } } };
      const outline = await h.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } }) as OutlineSymbol[];
      assert.equal(outline[0].range.start.line, 1, 'the next request answers for the new text');
    });
  }
});

describe('a long check', () => {
  const BIG = 'file:///proj/big.configmeta.json';
  const SMALL = 'file:///proj/small.configmeta.json';

  it('answers a hover on another document, and on the same one, before the large document\'s diagnostics', async () => {
    h = await startHarness({ pull: true });
    // 10,000 entries (600 KB) take many 10 ms slices to check: plenty for the hovers to come in
    // between (a larger file only costs the suite time).
    await h.open(BIG, bigMeta(10_000), 'configuration-meta');
    await h.open(SMALL, bigMeta(2), 'configuration-meta');
    const order: string[] = [];
    const diagnostics = h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } })
      .then(() => order.push('diagnostics of the big file'));
    const hoverOther = h.client.sendRequest('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: 1, character: 6 } })
      .then(() => order.push('hover on another file'));
    const hoverSame = h.client.sendRequest('textDocument/hover', { textDocument: { uri: BIG }, position: { line: 1, character: 6 } })
      .then(() => order.push('hover on the big file'));
    await Promise.all([diagnostics, hoverOther, hoverSame]);
    assert.equal(order[order.length - 1], 'diagnostics of the big file', order.join(', '));
  });

  it('answers a cancelled diagnostic request with RequestCancelled', async () => {
    h = await startHarness({ pull: true });
    // 20,000 entries: the check outlasts the 20 ms before the cancellation many times over.
    await h.open(BIG, bigMeta(20_000), 'configuration-meta');
    const source = new CancellationTokenSource();
    const pending = h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } }, source.token);
    setTimeout(() => source.cancel(), 20);
    const e = await errorOf(pending);
    assert.equal(e.code, -32800);
  });
});

describe('over maxFileSize', () => {
  it('answers every feature at once and empty, with one file-size finding', async () => {
    h = await startHarness({ pull: true, initializationOptions: { maxFileSize: 200 } });
    const text = `{\n  "type": "rich",\n  "title": "${'t'.repeat(300)}",\n` +
      '  "insideActions": [ { "type": "reply", "display": "A", "payload": "A" } ]\n}\n';
    await h.open(URI, text);
    const doc = { textDocument: { uri: URI } };
    const position = { line: 2, character: 5 };
    const range = { start: { line: 0, character: 0 }, end: { line: 5, character: 0 } };
    const diag = await h.client.sendRequest('textDocument/diagnostic', doc) as { items: Diagnostic[] };
    assert.deepEqual(diag.items.map((d) => d.code), ['file-size']);
    assert.deepEqual(await h.client.sendRequest('textDocument/documentSymbol', doc), []);
    assert.deepEqual(await h.client.sendRequest('textDocument/foldingRange', doc), []);
    assert.deepEqual(await h.client.sendRequest('textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } }), []);
    assert.deepEqual(await h.client.sendRequest('textDocument/inlayHint', { ...doc, range }), []);
    assert.deepEqual(await h.client.sendRequest('textDocument/documentLink', doc), []);
    assert.deepEqual(await h.client.sendRequest('textDocument/codeLens', doc), []);
    assert.equal(await h.client.sendRequest('textDocument/hover', { ...doc, position }), null);
    assert.deepEqual(await h.client.sendRequest('textDocument/completion', { ...doc, position }), []);
  });
});

describe('umsg-language-server --stdio with a corrupt stream', () => {
  it('ends with one clear line on standard error when a Content-Length lies', async () => {
    // The shipped bundle (rebuilt when a source is newer): what `umsg-language-server` runs.
    ensureBundle();
    const child = spawn(process.execPath, [SERVER_BUNDLE, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    // Ten bytes short: the rest of the body is read as the next header.
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body) - 10}\r\n\r\n${body}`);
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const timer = setTimeout(() => child.kill(), 20_000);
    const code = await exited;
    clearTimeout(timer);
    assert.equal(code, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0], /^umsg-language-server: the input stream is corrupt/);
  });
});

describe('fuzz (short, seeded; `npm run fuzz` for long runs)', () => {
  for (const mode of ['pull', 'push'] as const) {
    it(`${mode}: random incremental edits and requests keep every response valid and equal to a fresh open`, async () => {
      ensureBundle();
      const report = await runFuzz({ seed: 13, edits: 200, mode, freshEvery: 100, server: [SERVER_BUNDLE] });
      assert.equal(report.edits, 200);
      const unexpected = [...report.violations.keys()].filter((k) => !KNOWN.has(k));
      assert.deepEqual(unexpected, [], summarize(report));
      assert.ok(report.requests > 0 && report.freshChecks > 0);
    });
  }
});
