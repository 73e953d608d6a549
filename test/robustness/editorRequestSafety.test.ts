/**
 * Editor requests that must never fail or hang on what a client or a half-typed file sends:
 * outline symbols VS Code accepts (non-empty names, children inside their parents), and
 * formatting options clamped to sane ranges (a tab size of 1e9 ran the server out of memory).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { applyEdits, formatDocument, TAB_SIZE_RANGE } from '../../server/src/core/features/formatting';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { documentSymbols, type OutlineSymbol } from '../../server/src/core/features/structure';
import { startHarness, type Harness } from '../support/lspHarness';

/** Every way a symbol tree can make VS Code reject the whole outline, as messages. */
function invalidSymbols(symbols: OutlineSymbol[], textLength: number): string[] {
  const out: string[] = [];
  const stack = symbols.map((s) => ({ s, parent: undefined as OutlineSymbol | undefined }));
  while (stack.length > 0) {
    const { s, parent } = stack.pop()!;
    if (s.name.trim() === '') out.push(`empty name at ${s.offset}`);
    if (s.offset < 0 || s.length < 0 || s.offset + s.length > textLength) out.push(`${s.name}: range outside the document`);
    if (s.selectionOffset < s.offset || s.selectionOffset + s.selectionLength > s.offset + s.length) {
      out.push(`${s.name}: selection outside its range`);
    }
    if (parent && (s.offset < parent.offset || s.offset + s.length > parent.offset + parent.length)) {
      out.push(`${s.name}: outside its parent ${parent.name}`);
    }
    for (const c of s.children) stack.push({ s: c, parent: s });
  }
  return out;
}

describe('outline symbols', () => {
  it('an empty or blank key gets a name, shown as the JSON string it is', () => {
    const text = '{ "": "x", "type": "rich", "  ": 1, "richMedia": { "": "y", "fileUrl": "https://a.test/a.png" }, "insideActions": [ { "display": "" } ] }';
    const symbols = documentSymbols(parseJsonDocument(text));
    assert.deepEqual(invalidSymbols(symbols, text.length), []);
    const names = symbols[0].children.map((c) => c.name);
    assert.deepEqual(names, ['""', 'type', '"  "', 'richMedia', 'insideActions']);
    assert.deepEqual(symbols[0].children[3].children.map((c) => c.name), ['""', 'fileUrl']);
    assert.deepEqual(symbols[0].children[4].children.map((c) => c.name), ['action 1']);
  });

  it('while a key is typed, character by character, every outline is valid', () => {
    const full = '{\n  "type": "rich",\n  "": "",\n  "title": "Hi",\n  "richMedia": { "": {}, "fileUrl": "" },\n' +
      '  "insideActions": [ { "type": "reply", "display": "", "payload": "" } ]\n}';
    for (let end = 0; end <= full.length; end++) {
      const text = full.slice(0, end);
      assert.deepEqual(invalidSymbols(documentSymbols(parseJsonDocument(text)), text.length), [], JSON.stringify(text));
    }
  });

  it('on every example with a character deleted anywhere, the outline is valid', () => {
    const dir = join(__dirname, '..', '..', 'examples', 'valid');
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.umsg')).slice(0, 4)) {
      const source = readFileSync(join(dir, name), 'utf8');
      for (let at = 0; at < source.length; at += 3) {
        const text = source.slice(0, at) + source.slice(at + 1);
        assert.deepEqual(invalidSymbols(documentSymbols(parseJsonDocument(text)), text.length), [], `${name} without character ${at}`);
      }
    }
  });
});

describe('formatting options', () => {
  const ugly = '{"type":"rich","title":"${name}","insideActions":[{"type":"reply","display":"A","payload":"A"}]}';
  const format = (options: Parameters<typeof formatDocument>[1]) => applyEdits(ugly, formatDocument(parseJsonDocument(ugly), options));
  const indents = (text: string) => [...new Set(text.split('\n').map((l) => /^[ \t]*/.exec(l)![0]).filter((i) => i !== ''))];

  it('a huge tab size is clamped, so a request cannot run the server out of memory', () => {
    for (const tabSize of [1e9, 1e7, Number.MAX_SAFE_INTEGER, Infinity]) {
      const out = format({ tabSize, insertSpaces: true });
      assert.ok(out.length < ugly.length * 10, `tabSize ${tabSize}: ${out.length} characters`);
      assert.deepEqual(indents(out)[0], ' '.repeat(TAB_SIZE_RANGE.max));
    }
  });

  it('a tab size that is not a positive whole number falls back or rounds', () => {
    assert.deepEqual(indents(format({ tabSize: NaN, insertSpaces: true }))[0], ' '.repeat(TAB_SIZE_RANGE.default));
    assert.deepEqual(indents(format({ tabSize: -4, insertSpaces: true }))[0], ' ');
    assert.deepEqual(indents(format({ tabSize: 0, insertSpaces: true }))[0], ' ');
    assert.deepEqual(indents(format({ tabSize: 2.6, insertSpaces: true }))[0], '   ');
    assert.deepEqual(indents(format({ tabSize: '4' as unknown as number, insertSpaces: true }))[0], ' '.repeat(TAB_SIZE_RANGE.default));
    assert.deepEqual(indents(format({ tabSize: 4, insertSpaces: false }))[0], '\t');
  });

  it('missing options are the defaults, not a TypeError', () => {
    assert.deepEqual(indents(format(undefined))[0], ' '.repeat(TAB_SIZE_RANGE.default));
    assert.deepEqual(indents(format({}))[0], ' '.repeat(TAB_SIZE_RANGE.default));
    assert.deepEqual(indents(format({ tabSize: 2, insertSpaces: true, eol: 'bogus' })).length > 0, true);
    assert.doesNotMatch(format({ tabSize: 2, insertSpaces: true, eol: 'bogus' }), /bogus/);
  });

  let h: Harness | undefined;
  afterEach(() => { h?.dispose(); h = undefined; });

  it('over LSP: a request with a huge tab size or no options gets formatted text', async () => {
    h = await startHarness({ pull: true });
    const uri = 'file:///proj/cards/menu.umsg';
    await h.open(uri, ugly);
    const huge = await h.client.sendRequest(
      'textDocument/formatting',
      { textDocument: { uri }, options: { tabSize: 1e9, insertSpaces: true } },
    ) as { newText: string }[];
    assert.ok(
      huge.length > 0 && huge.every((e) => e.newText.length <= 1 + 3 * TAB_SIZE_RANGE.max),
      JSON.stringify(huge.map((e) => e.newText.length)),
    );
    const none = await h.client.sendRequest('textDocument/formatting', { textDocument: { uri } }) as { newText: string }[];
    assert.ok(none.length > 0, 'formatted with the defaults');
    const range = await h.client.sendRequest(
      'textDocument/rangeFormatting',
      { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 20 } } },
    ) as unknown[];
    assert.ok(Array.isArray(range));
  });
});
