/**
 * Lengths as the channels count them: in Unicode code points, not UTF-16 code units, so an
 * emoji outside the Basic Multilingual Plane counts as one character.
 */

/** Length in Unicode code points. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}
