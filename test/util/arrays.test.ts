/**
 * `spliced` (core/util/arrays.ts) replaces a run of items as `splice` does, and takes more items
 * than can be passed as arguments by making a new array.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spliced } from '../../server/src/core/util/arrays';

describe('spliced', () => {
  it('replaces the run in place when the items are few', () => {
    const array = [0, 1, 2, 3, 4];
    const result = spliced(array, 1, 2, [7, 8, 9]);
    assert.equal(result, array, 'the same array');
    assert.deepEqual(result, [0, 7, 8, 9, 3, 4]);
  });

  it('makes a new array, with the same items, for more items than splice is given at once', () => {
    const array = [0, 1, 2, 3, 4];
    const items = Array.from({ length: 300_000 }, (_, i) => 100 + i);
    const result = spliced(array, 2, 1, items);
    assert.notEqual(result, array);
    assert.equal(result.length, 5 - 1 + 300_000);
    assert.deepEqual(result.slice(0, 2), [0, 1]);
    assert.equal(result[2], 100);
    assert.equal(result[2 + 299_999], 100 + 299_999);
    assert.deepEqual(result.slice(-2), [3, 4]);
  });
});
