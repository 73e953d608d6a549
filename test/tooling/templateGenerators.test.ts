/**
 * The generators of test/support/templateGen.ts promise well-formed templates; the property
 * tests of the scanner and the parser trust that promise, so a broken promise makes them fail
 * now and then for no fault of the code under test.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { kotlinExpression, PROPERTY_AFTER_LINE_BREAK, templatedCard } from '../support/templateGen';

describe('template generators', () => {
  it('reads a line break followed by "name": as a property, whatever the string holds', () => {
    assert.ok(PROPERTY_AFTER_LINE_BREAK.test('{ \n    "${":"}" }'));
    assert.ok(PROPERTY_AFTER_LINE_BREAK.test('x\r\n\t"a\\"b" :'));
    assert.ok(!PROPERTY_AFTER_LINE_BREAK.test('{ "a": 1 }'), 'no line break');
    assert.ok(!PROPERTY_AFTER_LINE_BREAK.test('a\n  "b" ?: c'), 'the Elvis operator is no property');
  });

  it('never place a value template that runs over a JSON property (the scanner would call it unclosed)', () => {
    // Seed 1039954574 made `"forceRefresh": ${{ \n    "${":"}" }}` before the generator kept
    // such expressions out, and parseJsonDocument's property test failed on it.
    for (const seed of [1039954574, undefined]) {
      fc.assert(
        fc.property(templatedCard, (card) => {
          for (const t of card.templates) {
            if (!t.inString) assert.ok(!PROPERTY_AFTER_LINE_BREAK.test(t.expression), JSON.stringify(t.expression));
          }
        }),
        { seed, numRuns: 100 },
      );
    }
    fc.assert(fc.property(kotlinExpression, (e) => !PROPERTY_AFTER_LINE_BREAK.test(e)), { numRuns: 300 });
  });
});
