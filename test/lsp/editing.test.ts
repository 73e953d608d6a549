/**
 * The editing features through the protocol: hover, outline, folding, selection ranges,
 * links, formatting, inlay hints, the channel summary code lens and fix-all.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { foldingLimit, maxItems } from '../../server/src/lsp/settings';
import { startHarness, type Harness } from '../support/lspHarness';

const URI = 'file:///proj/cards/menu.umsg';
const CARD = `{
  "type": "Rich",
  "title": "${'T'.repeat(95)}",
  "description": "Order online",
  "richMedia": { "height": "tall", "fileUrl": "https://pizza.example/roma.png", "altText": "Our oven" },
  "insideActions": [
    { "type": "click", "display": "Menu", "payload": "MENU", "url": "https://pizza.example/menu" }
  ]
}`;

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

const req = <T>(method: string, params: object) => h!.client.sendRequest(method, params) as Promise<T>;
const doc = { textDocument: { uri: URI } };

describe('editing features over LSP', () => {
  it('hover, symbols, folding, selection ranges and links', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, CARD);
    const hover = await req<{ contents: { value: string } }>('textDocument/hover', { ...doc, position: { line: 2, character: 5 } });
    assert.match(hover.contents.value, /\*\*title\*\*/);
    const symbols = await req<{ name: string; children: { name: string }[] }[]>('textDocument/documentSymbol', doc);
    assert.equal(symbols[0].name, `Rich card: ${'T'.repeat(59)}…`);
    assert.deepEqual(symbols[0].children.map((c) => c.name), ['type', 'title', 'description', 'richMedia', 'insideActions']);
    const folds = await req<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', doc);
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 7], [5, 6]]);
    const sel = await req<{ range: { start: { character: number } }; parent?: unknown }[]>(
      'textDocument/selectionRange',
      { ...doc, positions: [{ line: 3, character: 20 }] },
    );
    assert.equal(sel[0].range.start.character, 18, 'innermost is the string content');
    assert.ok(sel[0].parent);
    const links = await req<{ target: string }[]>('textDocument/documentLink', doc);
    assert.deepEqual(links.map((l) => l.target), ['https://pizza.example/roma.png', 'https://pizza.example/menu']);
  });

  it('stops the outline, folding and links at maxItemsComputed, and folding at the client\'s rangeLimit', async () => {
    const actions = Array.from({ length: 6 }, (_, i) => `    {\n      "type": "click", "display": "D${i}", "url": "https://x.example/${i}"\n    }`);
    const many = `{\n  "type": "rich",\n  "insideActions": [\n${actions.join(',\n')}\n  ]\n}`;
    const lines = (folds: { startLine: number }[]) => folds.map((f) => f.startLine);
    h = await startHarness({ pull: true, initializationOptions: { maxItemsComputed: 5 } });
    await h.open(URI, many);
    type Symbol = { name: string; detail?: string; children: Symbol[] };
    const symbols = await req<Symbol[]>('textDocument/documentSymbol', doc);
    assert.deepEqual(symbols[0].children[1].children.map((a) => a.name), ['D0', 'D1']);
    assert.equal(symbols[0].children[1].detail, '6 actions, the first 2 shown');
    assert.deepEqual(lines(await req('textDocument/foldingRange', doc)), [0, 2, 3, 6, 9]);
    assert.equal((await req<unknown[]>('textDocument/documentLink', doc)).length, 5);
    h.dispose();
    h = await startHarness({ pull: true, capabilities: { textDocument: { foldingRange: { rangeLimit: 3 } } } });
    await h.open(URI, many);
    assert.deepEqual(lines(await req('textDocument/foldingRange', doc)), [0, 2, 3]);
    // Folding reads the lines the server keeps for the open document, edited, with CRLF and lone CR line ends too.
    const other = 'file:///proj/cards/crlf.umsg';
    await h.open(other, many.replaceAll('\n', '\r\n'));
    const inserted = { range: { start: { line: 3, character: 5 }, end: { line: 3, character: 5 } }, text: '\r' };
    await h.client.sendNotification('textDocument/didChange', { textDocument: { uri: other, version: 2 }, contentChanges: [inserted] });
    const folds = await req<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', { textDocument: { uri: other } });
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 22], [2, 21], [3, 5]]);
    assert.equal((await req<unknown[]>('textDocument/documentLink', doc)).length, 6, 'links are not folding ranges');
  });

  it('takes maxItemsComputed when it is a number of 0 or more, whole, and 5,000 for anything else', () => {
    const given = [7, 0, 2.9, 1e9, -1, Number.NaN, Number.POSITIVE_INFINITY, '10', null, undefined];
    const taken = given.map((n) => maxItems({ maxItemsComputed: n as number }));
    assert.deepEqual(taken, [7, 0, 2, 1e9, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
  });

  it('folds at the lower of maxItemsComputed and a rangeLimit that is a number of 0 or more; another rangeLimit is none', () => {
    const given = [3, 0, 2.9, 9_000, -1, Number.NaN, '10', null, undefined, {}];
    assert.deepEqual(given.map((n) => foldingLimit({}, n)), [3, 0, 2, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
    assert.equal(foldingLimit({ maxItemsComputed: 4 }, 9), 4);
  });

  it('folds as usual for a client whose rangeLimit is not a number', async () => {
    h = await startHarness({ pull: true, capabilities: { textDocument: { foldingRange: { rangeLimit: 'many' as unknown as number } } } });
    await h.open(URI, CARD);
    const folds = await req<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', doc);
    assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 7], [5, 6]]);
  });

  it('formats the document', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, '{"type":"rich","title":"${name}"}');
    const edits = await req<{ newText: string }[]>('textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } });
    assert.ok(edits.length > 0);
    assert.ok(edits.every((e) => /^\s*$/.test(e.newText)), 'only white space changes');
  });

  it('inlay hints give the length against the strictest channel, and can be turned off', async () => {
    h = await startHarness({ pull: true, configuration: true });
    await h.open(URI, CARD);
    const range = { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } };
    const hints = await req<{ label: string; position: { line: number } }[]>('textDocument/inlayHint', { ...doc, range });
    assert.deepEqual(hints.map((x) => [x.label, x.position.line]), [['95/80', 2]]);
    h.settings = { inlayHints: false };
    // The server reads the settings back, then asks the client to pull again: wait for that.
    const refreshed = h.nextRefresh();
    await h.client.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await refreshed;
    assert.deepEqual(await req('textDocument/inlayHint', { ...doc, range }), []);
  });

  it('a code lens above the card summarises each channel and carries the problems to reveal', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, CARD);
    const lenses = await req<{
      range: { start: { line: number } };
      command: { title: string; command: string; arguments: [string, { channel: string; rule: string }[]] };
    }[]>('textDocument/codeLens', doc);
    // The summary, then "Open Preview" on the same line (a code lens on the card).
    assert.equal(lenses.length, 2);
    assert.equal(lenses[0].range.start.line, 0);
    assert.deepEqual(
      { title: lenses[1].command.title, command: lenses[1].command.command, line: lenses[1].range.start.line },
      { title: 'Open Preview', command: 'universalMessage.showPreviewToSide', line: 0 },
    );
    // errors (type "Rich", height "tall") break every channel; Messenger adds the title, WhatsApp the click action
    assert.equal(lenses[0].command.title, 'Messenger: 3 problems · Google Business Messages: 2 problems · WhatsApp: 3 problems');
    assert.equal(lenses[0].command.command, 'universalMessage.showChannelProblems');
    const [uri, problems] = lenses[0].command.arguments;
    assert.equal(uri, URI);
    assert.deepEqual(
      problems.filter((p) => p.channel === 'WhatsApp').map((p) => p.rule),
      ['message-type', 'media-height', 'channel-limit'],
    );
  });

  it('fix all applies every safe fix at once', async () => {
    h = await startHarness({ pull: true });
    await h.open(URI, CARD);
    const actions = await req<{ title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[]>(
      'textDocument/codeAction',
      {
        ...doc,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: ['source.fixAll'] },
      },
    );
    const all = actions.find((a) => a.kind === 'source.fixAll.umsg');
    assert.ok(all, `a fix-all action among ${JSON.stringify(actions.map((a) => a.kind))}`);
    assert.deepEqual(all.edit.changes[URI].map((e) => e.newText).sort(), ['"TALL"', '"rich"']);
  });
});
