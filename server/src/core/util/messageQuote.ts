/**
 * Quoting document values in messages. A message that repeats a 50,000-character key in full
 * floods the editor's problem list and the terminal; past MAX_QUOTED code points the value is
 * cut and its length given instead: `"AAAA…" (50,001 characters)`. Every message that quotes
 * a value from the document or the sample data goes through `quote`.
 */
import { codePointLength } from './codePoints';
import { formatCount } from './count';

/** Longest value quoted in full, in code points. */
export const MAX_QUOTED = 80;

/** `"value"`, or for a long value its first MAX_QUOTED code points: `"value…" (N characters)`. */
export function quote(value: string, max = MAX_QUOTED): string {
  return cut(value, max, (text) => `"${text}"`);
}

/** As `quote`, in JSON notation (escapes shown): `"a\nb"`, cut the same way. */
export function quoteJson(value: string, max = MAX_QUOTED): string {
  return cut(value, max, (text) => JSON.stringify(text));
}

/**
 * A JSON value as a message shows it: a string as `quoteJson` does, any other value as its
 * JSON text (`42`, `[1,2]`), cut the same way without quotes: `[1,2,…… (50,001 characters)`.
 */
export function quoteJsonValue(value: unknown, max = MAX_QUOTED): string {
  return typeof value === 'string' ? quoteJson(value, max) : shorten(JSON.stringify(value), max);
}

/** A text shown as it is, cut the same way without quotes: `AAAA… (50,001 characters)`. */
export function shorten(text: string, max = MAX_QUOTED): string {
  return cut(text, max, (shown) => shown, '');
}

function cut(value: string, max: number, wrap: (text: string) => string, closing = '"'): string {
  const head = prefixOf(value, max);
  if (head === undefined) return wrap(value);
  // The closing quote and the length come after the ellipsis: "AAAA…" (50,001 characters)
  const open = wrap(head);
  return `${closing ? open.slice(0, -closing.length) : open}…${closing} (${formatCount(codePointLength(value))} characters)`;
}

/**
 * The first `max` code points of `text` (a surrogate pair is never split), or undefined when
 * the text has no more than `max`. Walks at most `max` code points, so a huge value costs no
 * more than a short one. Shared by the quotes in messages and in hovers (markdown.ts).
 */
export function prefixOf(text: string, max: number): string | undefined {
  // Cheap test first: a string of at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return undefined;
  let end = 0;
  for (let k = 0; k < max; k++) {
    if (end >= text.length) return undefined;
    const c = text.charCodeAt(end);
    const d = text.charCodeAt(end + 1);
    end += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return end >= text.length ? undefined : text.slice(0, end);
}
