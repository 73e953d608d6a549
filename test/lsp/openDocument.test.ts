/**
 * The server's open documents (lsp/openDocument.ts) against vscode-languageserver-textdocument's
 * TextDocument, which the editor's client and every other LSP library agree with: the same
 * text, lines, offsets and positions after every change, over random edits of texts with every
 * kind of line break (\n, \r\n, a lone \r) and edits that make or split a \r\n. (Its pieces,
 * and the text read into one piece again past their limit, are test/syntax/pieceText.test.ts's.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocument } from '../../server/src/lsp/openDocument';
import { runs } from '../support/runs';

const START = [
  '{\n  "type": "rich",\r\n  "title": "Menu"\r  "description": "x"\n}\n',
  '',
  '\r\n\r\n',
  '\r\r\n\n',
  'no line break at all',
  // Lone \r and \n everywhere: an edit beside one makes or splits a \r\n.
  'a\rb\nc\rd\ne\r\r\n\n',
];

/** A place in a text, as a fraction of its length (an integer scaled, not fc.double: doubles come near 0 and 1 far more often). */
const fraction = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000);
const piece = fc.constantFrom('', 'x', '\n', '\r', '\r\n', '\n\r', '"a": 1,\n', 'line one\r\nline two\r\n', 'é😀', '\r\r\n\n');
/** A change at fractions of the text (start and end in either order), or the whole text replaced now and then. */
const change = fc.oneof(
  { weight: 12, arbitrary: fc.record({ from: fraction, to: fraction, text: piece }) },
  { weight: 1, arbitrary: fc.record({ whole: piece }) },
);
type Change = { from: number; to: number; text: string } | { whole: string };

/** The change as a client sends it, for the text `reference` holds now. */
function event(reference: TextDocument, c: Change): TextDocumentContentChangeEvent {
  if ('whole' in c) return { text: c.whole };
  const length = reference.getText().length;
  const at = (fraction: number) => reference.positionAt(Math.floor(fraction * length));
  return { range: { start: at(c.from), end: at(c.to) }, text: c.text };
}

/** Everything a reader asks of a document, asked of both, compared. */
function same(ours: OpenDocument, reference: TextDocument, at: string) {
  const text = reference.getText();
  assert.equal(ours.getText(), text, at);
  assert.equal(ours.lineCount, reference.lineCount, at);
  assert.equal(ours.version, reference.version, at);
  for (let offset = -1; offset <= text.length + 1; offset++) {
    const expected = reference.positionAt(offset);
    assert.deepEqual(ours.positionAt(offset), expected, `${at}: positionAt(${offset})`);
    // Where the search for the line starts (the outline passes the line of the symbol before) never changes the answer.
    for (const from of [-1, 0, expected.line - 1, expected.line, expected.line + 1, reference.lineCount + 1]) {
      assert.deepEqual(ours.positionAt(offset, from), expected, `${at}: positionAt(${offset}, ${from})`);
    }
  }
  for (let line = -1; line <= reference.lineCount; line++) {
    for (let character = -1; character <= 12; character++) {
      assert.equal(ours.offsetAt({ line, character }), reference.offsetAt({ line, character }), `${at}: offsetAt(${line}:${character})`);
    }
    assert.deepEqual(ours.getLineRange(line), reference.getLineRange(line), `${at}: getLineRange(${line})`);
    assert.equal(ours.getEOLCharacters(line), reference.getEOLCharacters(line), `${at}: getEOLCharacters(${line})`);
  }
  const range = { start: reference.positionAt(1), end: reference.positionAt(text.length - 1) };
  assert.equal(ours.getText(range), reference.getText(range), at);
  // Its source (what the language service reads near an edit) reads the same characters.
  const source = ours.source();
  assert.equal(source.length, text.length, at);
  for (const [from, to] of [[0, text.length], [1, text.length - 1], [-3, 2], [text.length >> 1, text.length + 5], [3, 3], [5, 2]]) {
    const start = Math.max(0, from);
    assert.equal(source.slice(from, to), text.slice(start, Math.max(start, to)), `${at}: source.slice(${from}, ${to})`);
  }
}

describe('an open document', () => {
  it('reads as the library\'s text document over random changes, one a change event', () => {
    fc.assert(
      fc.property(fc.constantFrom(...START), fc.array(change, { minLength: 1, maxLength: 90 }), (start, changes) => {
        const ours = new OpenDocument('file:///a.umsg', 'universal-message', 1, start);
        let reference = TextDocument.create('file:///a.umsg', 'universal-message', 1, start);
        for (const [k, c] of changes.entries()) {
          const before = reference.getText();
          const e = event(reference, c);
          reference = TextDocument.update(reference, [e], k + 2);
          ours.update([e], k + 2);
          const span = ours.editSince(k + 1);
          same(ours, reference, `after change ${k + 1}: ${JSON.stringify(e)}`);
          if ('whole' in c) assert.equal(span, undefined);
          else {
            assert.ok(span);
            const after = reference.getText();
            assert.equal(before.slice(0, span.start) + after.slice(span.start, span.newEnd) + before.slice(span.oldEnd), after);
            assert.equal(before.length - span.oldEnd, after.length - span.newEnd);
          }
        }
      }),
      { numRuns: runs(150), seed: 11 },
    );
  });

  it('reads as the library\'s after events of several changes, each against the text the one before it left', () => {
    const eventsArb = fc.array(fc.array(change, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.constantFrom(...START), eventsArb, (start, events) => {
        const ours = new OpenDocument('file:///a.umsg', 'universal-message', 1, start);
        let reference = TextDocument.create('file:///a.umsg', 'universal-message', 1, start);
        for (const [k, changes] of events.entries()) {
          // Each change's range is of the text the changes before it in the event left.
          const scratch = TextDocument.create('file:///s', 'x', 0, reference.getText());
          const sent = changes.map((c) => {
            const e = event(scratch, c);
            TextDocument.update(scratch, [e], 0);
            return e;
          });
          reference = TextDocument.update(reference, sent, k + 2);
          ours.update(sent, k + 2);
          assert.equal(ours.editSince(k + 1), undefined, 'no one span for several changes');
          same(ours, reference, `after event ${k + 1}`);
        }
      }),
      { numRuns: runs(150), seed: 12 },
    );
  });

  it('keeps its lines right whatever lines and characters a change names, past the text\'s end too', () => {
    const position = fc.record({ line: fc.integer({ min: -2, max: 8 }), character: fc.integer({ min: -2, max: 60 }) });
    fc.assert(
      fc.property(fc.array(fc.record({ start: position, end: position, text: piece }), { minLength: 1, maxLength: 20 }), (changes) => {
        const doc = new OpenDocument('file:///a.umsg', 'universal-message', 1, START[0]);
        for (const [k, c] of changes.entries()) {
          const before = doc.getText();
          doc.update([{ range: { start: c.start, end: c.end }, text: c.text }], k + 2);
          const span = doc.editSince(k + 1)!;
          assert.equal(before.slice(0, span.start) + c.text + before.slice(span.oldEnd), doc.getText());
          // The lines as a document opened with this text has them.
          same(doc, TextDocument.create('file:///a.umsg', 'universal-message', k + 2, doc.getText()), `after ${k + 1} changes`);
        }
      }),
      { numRuns: runs(150), seed: 13 },
    );
  });

  it('reads as the library\'s while someone types and deletes at one place, keeping the typed text in one piece', () => {
    const start = '[\n  { "key": "a", "label": "A" },\r\n  { "key": "b", "label": "B" }\n]\n'.repeat(40);
    const keystrokes = fc.array(fc.constantFrom('x', 'y', ' ', '\n', 'é', 'back'), { minLength: 1, maxLength: 300 });
    fc.assert(
      fc.property(keystrokes, fraction, (keys, where) => {
        const ours = new OpenDocument('file:///a.umsg', 'universal-message', 1, start);
        let reference = TextDocument.create('file:///a.umsg', 'universal-message', 1, start);
        let cursor = Math.floor(where * start.length);
        const typedFrom = cursor;
        for (const [k, key] of keys.entries()) {
          const back = key === 'back';
          if (back && cursor === typedFrom) continue;
          const range = { start: reference.positionAt(back ? cursor - 1 : cursor), end: reference.positionAt(cursor) };
          const e = { range, text: back ? '' : key };
          reference = TextDocument.update(reference, [e], k + 2);
          ours.update([e], k + 2);
          cursor += back ? -1 : key.length;
        }
        same(ours, reference, `after typing ${JSON.stringify(keys)} at ${typedFrom}`);
        // The text before the typing, what was typed, the text after it.
        const { pieces } = ours.source() as unknown as { pieces: readonly unknown[] };
        assert.ok(pieces.length <= 3, `${pieces.length} pieces after typing ${JSON.stringify(keys)}`);
      }),
      { numRuns: runs(40), seed: 12 },
    );
  });

  it('answers a change event it does not know as the library does', () => {
    const doc = new OpenDocument('file:///a.umsg', 'universal-message', 1, 'x');
    assert.throws(() => doc.update([{ text: 1 } as unknown as TextDocumentContentChangeEvent], 2), /Unknown change event/);
    assert.throws(() => doc.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, rangeLength: 'a', text: '' } as unknown as TextDocumentContentChangeEvent], 2), /Unknown change event/);
    assert.equal(doc.getText(), 'x');
  });
});
