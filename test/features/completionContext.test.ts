/**
 * Where the cursor stands for completion (locationAt) against jsonc-parser's getLocation over
 * the whole text, which it replaces when the cursor is inside an element of an array: the same
 * path, token before the cursor and key position, at every offset of documents with many
 * elements, after random edits (many of which break the structure).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { getLocation } from 'jsonc-parser';
import { locationAt } from '../../server/src/core/features/completionContext';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { runs } from '../support/runs';

const META = '[\n' + Array.from({ length: 12 }, (_, i) => '  ' + JSON.stringify(
  i % 2 === 0 ? { key: `apiKey${i}`, label: `API key ${i}`, type: 'String' }
    : { key: `currency${i}`, label: `Currency ${i}`, options: [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }] },
)).join(',\n') + '\n]\n';

const CARD = JSON.stringify({
  type: 'rich',
  title: 'Menu',
  insideActions: Array.from({ length: 6 }, (_, k) => ({ type: 'reply', display: `Reply ${k}`, payload: `R${k}` })),
  floatActions: [{ type: 'reply', display: 'More', payload: 'MORE' }],
}, null, 2);

const edit = fc.record({
  at: fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000),
  remove: fc.nat(3),
  insert: fc.constantFrom('', 'x', '"', ',', '{', '}', '[', ']', ':', '\n', '"k": '),
});

describe('locationAt equals getLocation over the whole text', () => {
  for (const [name, start] of [['a Configuration Meta', META], ['a card', CARD]] as const) {
    it(`at every offset of ${name} after random edits`, () => {
      fc.assert(
        fc.property(fc.array(edit, { maxLength: 3 }), (edits) => {
          let text = start;
          for (const e of edits) {
            const at = Math.floor(e.at * text.length);
            text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          }
          const doc = parseJsonDocument(text);
          for (let offset = 0; offset <= text.length; offset++) {
            const whole = getLocation(doc.scan.masked, offset);
            const { path, previousNode, isAtPropertyKey } = whole;
            const expected = { path, previousNode: previousNode && { ...previousNode }, isAtPropertyKey };
            assert.deepEqual(locationAt(doc, offset), expected, `at ${offset} of ${JSON.stringify(text)}`);
          }
        }),
        { numRuns: runs(12), seed: 6 },
      );
    });
  }
});
