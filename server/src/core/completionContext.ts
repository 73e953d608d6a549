/**
 * Where the cursor stands, for completion in any of the JSON-based languages: the JSON path,
 * the partly typed token to replace, and whether a property name is being typed (also on
 * the line after a value whose comma is still missing, in which case the comma's place is
 * given so that the completion can add it).
 */
import { getLocation, type JSONPath, type Location } from 'jsonc-parser';
import type { JsonDocument, Node } from './jsonDocument';

export interface CursorContext {
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
  const prev = location.previousNode as Node | undefined;
  const replace = prev && (prev.type === 'string' || prev.type === 'number' || prev.type === 'boolean' || prev.type === 'null') && offset >= prev.offset && offset <= prev.offset + prev.length
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
