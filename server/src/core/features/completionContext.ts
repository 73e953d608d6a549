/**
 * Where the cursor stands, for completion in any of the JSON-based languages: the JSON path,
 * the partly typed token to replace, and whether a property name is being typed (also on
 * the line after a value whose comma is still missing, in which case the comma's place is
 * given so that the completion can add it).
 */
import { getLocation, type JSONPath, type Location } from 'jsonc-parser';
import type { JsonDocument, Node } from '../syntax/jsonDocument';

interface CursorContext {
  location: Location;
  /** The token before or at the cursor (jsonc-parser's previousNode). */
  prev: Node | undefined;
  /** What a value completion replaces: the partly typed scalar, or nothing. */
  replace: { offset: number; length: number };
  /** The path of the object whose property name is being typed, if one is. */
  keyPath: JSONPath | undefined;
  /** Where the missing comma goes, when the name is typed on the line after a value. */
  commaAfter: number | undefined;
}

export function cursorContext(doc: JsonDocument, offset: number): CursorContext {
  const text = doc.scan.masked;
  const location = getLocation(text, offset);
  const prev = location.previousNode;
  const replace = prev &&
    (prev.type === 'string' || prev.type === 'number' || prev.type === 'boolean' || prev.type === 'null') &&
    offset >= prev.offset && offset <= prev.offset + prev.length
    ? { offset: prev.offset, length: prev.length }
    : { offset, length: 0 };
  let commaAfter: number | undefined;
  let keyPath = location.isAtPropertyKey ? location.path.slice(0, -1) : undefined;
  if (!keyPath && prev && typeof location.path[location.path.length - 1] === 'string') {
    const end = prev.offset + prev.length;
    if (offset > end && /^[ \t]*[\r\n]\s*$/.test(text.slice(end, offset))) {
      keyPath = location.path.slice(0, -1);
      commaAfter = end;
    }
  }
  return { location, prev, replace, keyPath, commaAfter };
}

/**
 * True when the text at `from` reads as white space, an optional closing quote, white space
 * and a colon: the name being completed already has its value, so only the name is inserted.
 * A scan from `from` that stops at the first other character: the regular expression it
 * replaces, /^\s*"?\s*:/ tested on the whole rest of the text, backtracked over long runs
 * of white space.
 */
export function colonFollows(text: string, from: number): boolean {
  let i = skipWhiteSpace(text, from);
  if (text.charCodeAt(i) === 34 /* " */) i = skipWhiteSpace(text, i + 1);
  return text.charCodeAt(i) === 58 /* : */;
}

/** The first offset at or after `from` that is not white space (as \s in a regular expression). */
function skipWhiteSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWhiteSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The characters of \s in a JavaScript regular expression. */
function isWhiteSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 160) return false;
  return c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f ||
    c === 0x3000 || c === 0xfeff;
}

/** The property names an object already has, less the one being typed at the cursor. */
export function presentNames(object: Node | undefined, ctx: CursorContext): Set<string> {
  const present = new Set<string>();
  for (const p of object?.type === 'object' ? object.children ?? [] : []) {
    const k = p.children?.[0];
    if (k && !(ctx.prev && k.offset === ctx.prev.offset && ctx.commaAfter === undefined)) present.add(String(k.value));
  }
  return present;
}

/**
 * A property name offered at the cursor: with `skeleton` as its value when no colon follows
 * (`nextIsValue`), and the missing comma before it when it is typed on the line after a value.
 */
export function propertyEntry(
  ctx: CursorContext, offset: number, nextIsValue: boolean, name: string, skeleton: string, documentation: string,
) {
  return {
    label: name,
    kind: 'property' as const,
    insertText: nextIsValue ? `"${name}": ${skeleton}` : `"${name}"`,
    snippet: nextIsValue,
    documentation,
    replace: ctx.commaAfter !== undefined ? { offset, length: 0 } : ctx.replace,
    filterText: `"${name}"`,
    additionalEdits: ctx.commaAfter !== undefined ? [{ offset: ctx.commaAfter, length: 0, newText: ',' }] : undefined,
  };
}
