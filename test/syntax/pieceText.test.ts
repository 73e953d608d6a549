/**
 * A text kept as pieces (core/syntax/pieceText.ts), which the open documents and the re-read of a
 * templated text's masked text are made of, against the same edits made to a string: the same
 * text, the same slices and characters, over random edits of a text long enough that its pieces
 * are not joined as typed text, and in sequences that pass the pieces' limit, where the text is
 * read into one piece again.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { PieceText } from '../../server/src/core/syntax/pieceText';
import { runs } from '../support/runs';

const BASE = Array.from({ length: 600 }, (_, i) => `{ "key": "k${i}" },\n`).join('');
const fraction = fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1_000_000);
const edit = fc.record({ at: fraction, remove: fc.nat(40), insert: fc.constantFrom('', 'x', 'é😀', '\r\n', 'y'.repeat(5000)) });

describe('a text kept as pieces', () => {
  it('reads as the string the same edits make, and is read into one piece past its limit', () => {
    let joinedAgain = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 80, maxLength: 150 }), (edits) => {
        let text = BASE;
        let pieces = PieceText.of(BASE);
        for (const e of edits) {
          const start = Math.floor(e.at * text.length);
          const end = Math.min(text.length, start + e.remove);
          const before = pieces;
          const kept = before.text;
          text = text.slice(0, start) + e.insert + text.slice(end);
          pieces = pieces.spliced(start, end, e.insert);
          assert.equal(before.text, kept, 'the text before the edit is as it was');
          assert.equal(pieces.text, text);
          assert.equal(pieces.length, text.length);
          assert.ok(pieces.pieces.length <= 64, `${pieces.pieces.length} pieces`);
          if (pieces.pieces.length === 1 && before.pieces.length > 1) joinedAgain++;
          for (const [from, to] of [[start - 3, start + e.insert.length + 3], [0, 7], [text.length - 5, text.length + 2], [9, 4]]) {
            const at = Math.max(0, from);
            assert.equal(pieces.slice(from, to), text.slice(at, Math.max(at, to)), `slice(${from}, ${to})`);
          }
          for (const k of [-1, start, start + 1, text.length - 1, text.length]) {
            const expected = k < 0 || k >= text.length ? NaN : text.charCodeAt(k);
            assert.equal(pieces.charCodeAt(k), expected, `charCodeAt(${k})`);
          }
        }
      }),
      { numRuns: runs(60), seed: 14 },
    );
    assert.ok(joinedAgain > 0, 'some sequence went past the limit');
  });
});
