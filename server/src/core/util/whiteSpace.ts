/** White space as `\s` reads it in a JavaScript regular expression, by character code: no regular expression on a hot path. */

/** The characters of \s in a JavaScript regular expression (the ones String.prototype.trim removes). */
export function isWhiteSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f ||
    c === 0x3000 || c === 0xfeff;
}

/** True when `s` holds a character of \s: what `/\s/.test(s)` answers. */
export function hasWhiteSpace(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isWhiteSpace(s.charCodeAt(i))) return true;
  return false;
}
