/**
 * Where the cursor stands, for completion in any of the JSON-based languages: the JSON path,
 * the partly typed token to replace, and whether a property name is being typed (also on
 * the line after a value whose comma is still missing, in which case the comma's place is
 * given so that the completion can add it).
 */
import { getLocation, getNodePath, type JSONPath, type Location } from 'jsonc-parser';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { isWhiteSpace } from '../util/whiteSpace';

/** What completion reads of jsonc-parser's Location. */
type CursorLocation = Pick<Location, 'path' | 'previousNode' | 'isAtPropertyKey'>;

interface CursorContext {
  location: CursorLocation;
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
  const location = locationAt(doc, offset);
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
    if (offset > end && /^[ \t]*[\r\n]\s*$/.test(doc.maskedSlice(end, offset))) {
      keyPath = location.path.slice(0, -1);
      commaAfter = end;
    }
  }
  return { location, prev, replace, keyPath, commaAfter };
}

/**
 * jsonc-parser's getLocation, which reads the text from its start (hundreds of milliseconds in
 * the middle of a 4.6 MB Configuration Meta): from the start of the innermost element of an
 * array around the offset instead, which gives the same answer when no syntax error comes
 * before that element (the path's indices are then the tree's, and the element is read as it
 * is in the whole text up to the offset). test/features/completionContext.test.ts holds the two
 * side by side.
 */
export function locationAt(doc: JsonDocument, offset: number): CursorLocation {
  const element = elementAround(doc.root, offset);
  if (!element || (doc.errors.length > 0 && doc.errors[0].offset <= element.offset)) {
    const { path, previousNode, isAtPropertyKey } = getLocation(doc.scan.masked, offset);
    return { path, previousNode, isAtPropertyKey };
  }
  const at = element.offset;
  const inside = getLocation(doc.maskedSlice(at, at + element.length), offset - at);
  const p = inside.previousNode;
  return {
    path: [...getNodePath(element), ...inside.path],
    // getLocation never answers a node with a colon (it forgets the property at its colon).
    previousNode: p && { ...p, offset: p.offset + at },
    isAtPropertyKey: inside.isAtPropertyKey,
  };
}

/** The innermost object or array that is an element of an array and holds `offset` strictly inside. */
function elementAround(root: Node | undefined, offset: number): Node | undefined {
  let found: Node | undefined;
  let node = root;
  while (node?.children) {
    const children = node.children;
    let lo = 0;
    let hi = children.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (children[mid].offset < offset) lo = mid + 1; else hi = mid;
    }
    const child = children[lo - 1];
    if (!child || offset >= child.offset + child.length) break;
    if (node.type === 'array' && (child.type === 'object' || child.type === 'array')) found = child;
    node = child;
  }
  return found;
}

/**
 * True when the document's masked text at `from` reads as white space, an optional closing
 * quote, white space and a colon: the name being completed already has its value, so only the
 * name is inserted. A scan from `from` that stops at the first other character (the regular
 * expression it replaces, /^\s*"?\s*:/ tested on the whole rest of the text, backtracked over
 * long runs of white space), read near `from` only (JsonDocument.maskedSlice): in windows four
 * times longer each time, while white space runs on to a window's end.
 */
export function colonFollows(doc: JsonDocument, from: number): boolean {
  for (let size = 256; ; size *= 4) {
    const answer = colonAt(doc.maskedSlice(from, from + size), 0);
    if (answer !== undefined) return answer;
    if (from + size >= doc.text.length) return false;
  }
}

/** colonFollows on `text`, or undefined when `text` ends before the answer does. */
function colonAt(text: string, from: number): boolean | undefined {
  let i = skipWhiteSpace(text, from);
  if (text.charCodeAt(i) === 34 /* " */) i = skipWhiteSpace(text, i + 1);
  return i < text.length ? text.charCodeAt(i) === 58 /* : */ : undefined;
}

/** The first offset at or after `from` that is not white space (as \s in a regular expression). */
function skipWhiteSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isWhiteSpace(text.charCodeAt(i))) i++;
  return i;
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
