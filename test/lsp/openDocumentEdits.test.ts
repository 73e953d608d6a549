/**
 * The server's open documents remember where each change event changed them (lsp/openDocument.ts's editSince),
 * so that a long document's parse after a keystroke is made from the previous one without
 * comparing the two texts. What it says must be true of the texts: before the span and after
 * it both are the same, over random change events, and it says nothing when it does not know.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { OPEN_DOCUMENTS, OpenDocument } from '../../server/src/lsp/openDocument';
import { runs } from '../support/runs';

const TEXT = '[\n  { "key": "apiKey", "label": "API key" },\r\n  { "key": "sandbox", "label": "Sandbox" }\n]\n';

/** `after` is `before` with [start, oldEnd) replaced by after's [start, newEnd). */
function holds(before: string, after: string, edit: { start: number; oldEnd: number; newEnd: number }) {
  assert.equal(before.slice(0, edit.start) + after.slice(edit.start, edit.newEnd) + before.slice(edit.oldEnd), after);
  assert.equal(before.length - edit.oldEnd, after.length - edit.newEnd);
}

/** A place in a text, as a fraction of its length (an integer scaled, not fc.double: doubles come near 0 and 1 far more often). */
const fraction = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000);
const piece = fc.constantFrom('', 'x', '\n', '\r\n', '"a": 1, ', 'é😀');
/** A change as an editor sends one: a range of the current text (as fractions of its length, start and end in either order). */
const change = fc.record({ from: fraction, to: fraction, text: piece });
const position = fc.record({ line: fc.integer({ min: -1, max: 6 }), character: fc.integer({ min: -1, max: 50 }) });
/** A change from a careless client: lines and characters anywhere, past a line's end or the text's, or negative. */
const wildChange = fc.record({ range: fc.record({ start: position, end: position }), text: piece });

/** Every version's text, and the document after `events`, each made of one change. */
function typeInto(events: ((doc: OpenDocument) => TextDocumentContentChangeEvent)[]) {
  const doc = new OpenDocument('file:///a.configmeta.json', 'configuration-meta', 1, TEXT);
  const texts = new Map([[1, TEXT]]);
  for (const event of events) {
    doc.update([event(doc)], doc.version + 1);
    texts.set(doc.version, doc.getText());
  }
  return { doc, texts };
}

describe('where change events changed an open document', () => {
  it('is known from every earlier version, and holds, over random changes', () => {
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 12 }), (changes) => {
        const { doc, texts } = typeInto(changes.map((c) => (d: OpenDocument) => {
          const length = d.getText().length;
          const range = { start: d.positionAt(Math.floor(c.from * length)), end: d.positionAt(Math.floor(c.to * length)) };
          return { range, text: c.text };
        }));
        for (const [version, text] of texts) {
          const edit = doc.editSince(version);
          if (version === doc.version) assert.equal(edit, undefined);
          else {
            assert.ok(edit, `from version ${version}`);
            holds(text, doc.getText(), edit);
          }
        }
      }),
      { numRuns: runs(300), seed: 3 },
    );
  });

  it('is known, and holds, whatever lines and characters a client sends', () => {
    fc.assert(
      fc.property(fc.array(wildChange, { minLength: 1, maxLength: 12 }), (changes) => {
        const { doc, texts } = typeInto(changes.map((c) => () => c));
        for (const [version, text] of texts) {
          if (version === doc.version) continue;
          const edit = doc.editSince(version);
          assert.ok(edit, `from version ${version}`);
          holds(text, doc.getText(), edit);
        }
      }),
      { numRuns: runs(300), seed: 4 },
    );
  });

  it('gives the span the event names, taken in order when it comes end first', () => {
    const doc = OPEN_DOCUMENTS.create('file:///a.configmeta.json', 'configuration-meta', 1, TEXT);
    const at = TEXT.indexOf('API key');
    const line = TEXT.indexOf('\n') + 1;
    // "API key" becomes "API", the range given from its end to its start.
    const end = { line: 1, character: at - line + 'API key'.length };
    const start = { line: 1, character: at - line + 'API'.length };
    OPEN_DOCUMENTS.update(doc, [{ range: { start: end, end: start }, text: '' }], 2);
    assert.equal(doc.getText(), TEXT.replace('API key', 'API'));
    assert.deepEqual(doc.editSince(1), { start: at + 3, oldEnd: at + 7, newEnd: at + 3 });
  });

  it('says nothing after the whole text is replaced, after several changes in one event, or for a version it never saw', () => {
    const create = () => OPEN_DOCUMENTS.create('file:///a.configmeta.json', 'configuration-meta', 1, TEXT);
    const here = { line: 0, character: 1 };
    const at = (text: string) => ({ range: { start: here, end: here }, text });
    const typed = (doc: OpenDocument, version: number) => OPEN_DOCUMENTS.update(doc, [at('x')], version);

    const whole = OPEN_DOCUMENTS.update(typed(create(), 2), [{ text: '[]' }], 3);
    assert.equal(whole.editSince(2), undefined);
    assert.equal(whole.editSince(1), undefined);
    // Typing goes on after it: known from the version the whole text came in.
    typed(whole, 4);
    assert.deepEqual(whole.editSince(3), { start: 1, oldEnd: 1, newEnd: 2 });
    assert.equal(whole.editSince(2), undefined);

    const twice = OPEN_DOCUMENTS.update(create(), [at('a'), at('b')], 2);
    assert.equal(twice.getText(), '[ba' + TEXT.slice(1));
    assert.equal(twice.editSince(1), undefined);

    const doc = typed(create(), 5);
    assert.deepEqual(doc.editSince(1), { start: 1, oldEnd: 1, newEnd: 2 });
    assert.equal(doc.editSince(4), undefined);
    assert.equal(create().editSince(1), undefined, 'a document never changed');

    // A client that sends a version again: which text was that version's cannot be told.
    const again = typed(typed(create(), 2), 2);
    assert.equal(again.getText(), '[xx' + TEXT.slice(1));
    assert.equal(again.editSince(1), undefined);
    assert.equal(again.editSince(2), undefined);
  });

  it('remembers a burst of typing, not every keystroke since the document opened', () => {
    const doc = OPEN_DOCUMENTS.create('file:///a.configmeta.json', 'configuration-meta', 1, TEXT);
    const here = { line: 0, character: 1 };
    for (let v = 2; v <= 101; v++) OPEN_DOCUMENTS.update(doc, [{ range: { start: here, end: here }, text: 'x' }], v);
    assert.deepEqual(doc.editSince(90), { start: 1, oldEnd: 1, newEnd: 12 });
    assert.equal(doc.editSince(1), undefined);
  });
});
