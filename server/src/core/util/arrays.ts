/**
 * Most items `splice` is given at once: they are passed as arguments, on the stack, and a few
 * hundred thousand overflow it. The server's line table takes a pasted text's lines this way, and
 * a re-read's node order the nodes of the elements it read (lsp/openDocument.ts,
 * syntax/incremental.ts).
 */
const MAX_SPREAD = 10_000;

/**
 * `array` with `count` items from `start` replaced by `items`: changed in place, or, for more
 * items than `splice` is given at once, a new array. Use the result.
 */
export function spliced<T>(array: T[], start: number, count: number, items: readonly T[]): T[] {
  if (items.length > MAX_SPREAD) return array.slice(0, start).concat(items, array.slice(start + count));
  array.splice(start, count, ...items);
  return array;
}
