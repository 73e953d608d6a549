/**
 * The formats as the walker reads them (walkSpec.ts): every value description, every place and
 * every field of every channel has the same properties in the same order as the others of its
 * kind, and says what the format says.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NATIVE_FORMATS } from '../../../server/src/core/channels/native';
import type { NativeFormat, NativeValue } from '../../../server/src/core/channels/native/schema';
import { rootSpec, type FieldSpec, type PlaceSpec, type ValueSpec } from '../../../server/src/core/channels/native/walkSpec';

const formats = Object.values(NATIVE_FORMATS) as NativeFormat[];

/** Every description reachable from a format's root, by kind. */
function reachable(format: NativeFormat): { values: ValueSpec[]; places: PlaceSpec[]; fields: FieldSpec[] } {
  const values = new Set<ValueSpec>();
  const places = new Set<PlaceSpec>();
  const fields = new Set<FieldSpec>();
  const todo: ValueSpec[] = [rootSpec(format)];
  for (let v = todo.pop(); v; v = todo.pop()) {
    if (values.has(v)) continue;
    values.add(v);
    if (v.items) todo.push(v.items);
    const place = v.object;
    if (!place || places.has(place)) continue;
    places.add(place);
    for (const set of [place.set, ...place.variants.map((x) => x.set)]) {
      for (const f of set.fields) {
        fields.add(f);
        todo.push(f.value);
      }
    }
  }
  return { values: [...values], places: [...places], fields: [...fields] };
}

describe('the formats as the walker reads them', () => {
  const all = formats.map(reachable);

  for (const kind of ['values', 'places', 'fields'] as const) {
    it(`gives every one of its ${kind} the same properties in the same order, whichever channel`, () => {
      const layouts = new Set(all.flatMap((r) => r[kind].map((d) => Object.keys(d).join(','))));
      assert.equal(layouts.size, 1, [...layouts].join('\n'));
    });
  }

  it("keeps each format's facts: field names, required fields, kinds and limits", () => {
    for (const format of formats) {
      const root = rootSpec(format).object!;
      assert.equal(root.label, format.root.label);
      assert.deepEqual(root.set.fields.map((f) => [f.name, f.required, f.value.kind]),
        format.root.fields.map((f) => [f.name, f.required === true, f.value.kind]));
      const written = new Map<string, NativeValue>(format.root.fields.map((f) => [f.name, f.value]));
      for (const f of root.set.fields) {
        const v = written.get(f.name)!;
        if (v.kind === 'string') assert.deepEqual([f.value.minLength, f.value.maxLength, f.value.enum], [v.minLength, v.maxLength, v.enum]);
      }
    }
  });

  it('is made once per format', () => {
    for (const format of formats) assert.equal(rootSpec(format), rootSpec(format));
  });
});
