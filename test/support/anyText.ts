/**
 * Strings of any code point, as `fc.string({ unit: 'binary' })` makes them, without its
 * one-off cost in every test process.
 *
 * fast-check's 'binary' unit is `mapToConstant` over the 1,112,064 code points that are not
 * surrogate halves: a `nat` mapped to a code point. To read a value back (which its string
 * arbitrary does while preparing its biased "dangerous strings", nested in an array or a
 * record), `mapToConstant` first builds a Map of every one of those code points; that Map
 * was the largest single cost of several test files. `anyCodePoint` is the same `nat` with the
 * same mapping, so it generates and shrinks the same values for the same seed, and it reads a
 * value back with arithmetic instead of the Map.
 */
import fc from 'fast-check';

const SURROGATES = 0xe000 - 0xd800;

/** One code point (0 to U+10FFFF, surrogate halves excluded) as a string; what the 'binary' unit draws. */
export const anyCodePoint: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (i) => String.fromCodePoint(i < 0xd800 ? i : i + SURROGATES),
  (value) => {
    const cp = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (cp === undefined || String.fromCodePoint(cp) !== value || (cp >= 0xd800 && cp < 0xe000)) {
      throw new Error('not a single code point outside the surrogates');
    }
    return cp < 0xd800 ? cp : cp - SURROGATES;
  },
);

/** `fc.string({ unit: 'binary', ...constraints })`, at a fraction of the cost. */
export function anyString(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: anyCodePoint });
}
