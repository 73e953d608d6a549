/**
 * Messages generated valid from a native format (server/src/core/channels/native/): every
 * required field, some optional ones, one field of each "exactly one of" group, a variant of
 * each object that has them, texts and counts within their limits, unique values where the
 * format asks for them, nested totals kept. Property tests give these to the independent
 * validator (test/support/nativeOracle.ts): what the format takes, the channel's pages must take.
 */
import fc from 'fast-check';
import type { NativeArray, NativeField, NativeFormat, NativeObject, NativeValue } from '../../server/src/core/channels/native/schema';
import type { JsonValue } from '../../server/src/core/template/templateEval';

type Json = { [key: string]: JsonValue };

/** A message the format takes; of the root's variant `rootVariant` when given (WhatsApp's `interactive`). */
export function validNative(format: NativeFormat, rootVariant?: string): fc.Arbitrary<JsonValue> {
  return object(format.root, format, rootVariant);
}

/** The longest text generated for a field without a length limit. */
const UNLIMITED = 40;

function object(o: NativeObject, format: NativeFormat, only?: string): fc.Arbitrary<JsonValue> {
  const variants = o.variants;
  if (!variants) return fields(o.fields, o.exactlyOne ?? [], o.atMostOne ?? [], format, {});
  return fc.constantFrom(...(only !== undefined ? [only] : Object.keys(variants.cases))).chain((name) => {
    const chosen = variants.cases[name];
    const own = new Set(chosen.fields.map((f) => f.name));
    const all = [...o.fields.filter((f) => !own.has(f.name)), ...chosen.fields];
    const groups = [...(o.exactlyOne ?? []), ...(chosen.exactlyOne ?? [])];
    return fields(all, groups, o.atMostOne ?? [], format, { [variants.by]: name });
  });
}

function fields(
  all: readonly NativeField[],
  exactlyOne: readonly (readonly string[])[],
  atMostOne: readonly (readonly string[])[],
  format: NativeFormat,
  fixed: Json,
): fc.Arbitrary<JsonValue> {
  const grouped = new Set([...exactlyOne.flat(), ...atMostOne.flat()]);
  const one = fc.tuple(...exactlyOne.map((g) => fc.constantFrom(...g)));
  const most = fc.tuple(...atMostOne.map((g) => fc.constantFrom<string | undefined>(undefined, ...g)));
  return fc.tuple(one, most).chain(([ones, mosts]) => {
    const chosen = new Set<string>([...ones, ...mosts.filter((m): m is string => m !== undefined)]);
    const record: Record<string, fc.Arbitrary<JsonValue>> = {};
    const requiredKeys: string[] = [];
    for (const f of all) {
      if (f.platform || f.name in fixed || (grouped.has(f.name) && !chosen.has(f.name))) continue;
      record[f.name] = value(f.value, format);
      if (f.required || chosen.has(f.name)) requiredKeys.push(f.name);
    }
    return fc.record(record, { requiredKeys }).map((r) => ({ ...fixed, ...r }) as JsonValue);
  });
}

function value(v: NativeValue, format: NativeFormat): fc.Arbitrary<JsonValue> {
  switch (v.kind) {
    case 'string': {
      if (v.enum) return fc.constantFrom(...v.enum);
      if (v.form === 'url' || v.form === 'https') return fc.constantFrom('https://example.com/a', 'https://example.com/menu?day=1');
      if (v.form === 'phone') return fc.constant(format.phoneForm === 'rfc3966' ? '+1-201-555-0123' : '+12015550123');
      return text(v.minLength ?? 0, v.maxLength ?? UNLIMITED);
    }
    case 'integer': return fc.integer({ min: v.min ?? -1000, max: v.max ?? 1000 });
    case 'number': return fc.double({ min: v.min ?? -1000, max: v.max ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean': return fc.boolean();
    case 'object': return object(v.object, format);
    case 'array': return array(v, format);
    default: return fc.constant({ any: 'value' });
  }
}

/** A text of `min` to `max` code points: plain letters, accented ones, or emoji (one code point, two UTF-16 units). */
function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min, max }), fc.constantFrom('a', 'é', '🍝')).map(([n, c]) => c.repeat(n));
}

function array(spec: NativeArray, format: NativeFormat): fc.Arbitrary<JsonValue> {
  const minLength = spec.minItems ?? 0;
  const maxLength = spec.maxItems ?? minLength + 3;
  return fc.array(value(spec.items, format), { minLength, maxLength }).map((items) => {
    if (spec.totalMax) keepTotal(items, spec);
    for (const path of spec.uniqueBy ?? []) makeUnique(items, path);
    return items;
  });
}

/** Trims the nested arrays at `totalMax.path` so that their items sum to at most its `max`, each keeping its own minimum. */
function keepTotal(items: JsonValue[], spec: NativeArray): void {
  const { path, max } = spec.totalMax!;
  const nested = spec.items.kind === 'object' ? spec.items.object.fields.find((f) => f.name === path)?.value : undefined;
  const least = nested?.kind === 'array' ? nested.minItems ?? 0 : 0;
  let used = 0;
  items.forEach((item, i) => {
    const list = (item as Json)[path];
    if (!Array.isArray(list)) return;
    const allowed = Math.max(least, max - used - least * (items.length - i - 1));
    list.length = Math.min(list.length, allowed);
    used += list.length;
  });
}

/** Gives each repeated value at `path` (`reply.id`, `rows[].id`) its own short text, within any length limit of 1 or more. */
function makeUnique(items: JsonValue[], path: string): void {
  const seen = new Set<JsonValue>();
  let next = 0;
  const visit = (at: JsonValue, steps: readonly string[]): void => {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return;
    const [step, ...rest] = steps;
    const each = step.endsWith('[]');
    const name = each ? step.slice(0, -2) : step;
    if (!(name in at)) return;
    if (each) {
      const list = at[name];
      if (Array.isArray(list)) for (const x of list) visit(x, rest);
    } else if (rest.length > 0) {
      visit(at[name], rest);
    } else {
      if (seen.has(at[name])) {
        while (seen.has(`u${next}`)) next++;
        at[name] = `u${next}`;
      }
      seen.add(at[name]);
    }
  };
  for (const item of items) visit(item, path.split('.'));
}
