/**
 * SmallMap: the names seen so far, each with its first value (the rules' repeated-name
 * lookups: duplicate-property, channel-limit's unique buttons). It keeps a short array and
 * becomes a Map past eight names; either way the first value given for a name is the one
 * remembered.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { SmallMap } from '../../server/src/core/util/smallMap';

describe('SmallMap', () => {
  it('remembers the first value for each name, before and after it turns into a Map', () => {
    const seen = new SmallMap<number>();
    for (let i = 0; i < 20; i++) assert.equal(seen.remember(`name${i}`, i), undefined, `name${i} is new`);
    for (let i = 0; i < 20; i++) assert.equal(seen.remember(`name${i}`, 100 + i), i, `name${i} keeps its first value`);
  });

  it('forgets everything on clear, whatever its size', () => {
    const seen = new SmallMap<number>();
    for (let i = 0; i < 12; i++) seen.remember(`k${i}`, i);
    seen.clear();
    assert.equal(seen.remember('k3', 7), undefined);
    assert.equal(seen.remember('k3', 8), 7);
  });
});

describe('duplicate-property over small and large objects', () => {
  // Objects of up to eight properties compare their keys in place, larger ones use the map: 6 gives eight.
  for (const size of [3, 6, 8, 9, 30]) {
    it(`finds a repeated name in an object of ${size} properties and points at the first`, () => {
      const names = Array.from({ length: size }, (_, i) => `"p${i}": ${i}`);
      // The first name again at the end, and the last one again at the end.
      const text = `{ ${[...names, '"p0": "again"', `"p${size - 1}": "again"`].join(', ')} }`;
      const found = checkDocument(text, 'configuration-meta').diagnostics.filter((d) => d.rule === 'duplicate-property');
      assert.deepEqual(found.map((d) => [text.slice(d.offset, d.offset + d.length), d.related?.[0].offset]), [
        ['"p0"', text.indexOf('"p0"')],
        [`"p${size - 1}"`, text.indexOf(`"p${size - 1}"`)],
      ]);
    });
  }

  it('points every repeat of a name at its first, in a small object and a large one', () => {
    for (const size of [2, 12]) {
      const names = Array.from({ length: size }, (_, i) => `"p${i}": ${i}`);
      const text = `{ ${[...names, '"p1": 1', '"p1": 2'].join(', ')} }`;
      const found = checkDocument(text, 'configuration-meta').diagnostics.filter((d) => d.rule === 'duplicate-property');
      assert.deepEqual(found.map((d) => d.related?.[0].offset), [text.indexOf('"p1"'), text.indexOf('"p1"')], `${size + 2} properties`);
    }
  });
});
