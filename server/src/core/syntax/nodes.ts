/**
 * Reading the nodes of a parsed document: a property by name, a node by path or at an offset,
 * and the text of a string written without templates.
 */
import type { Node } from 'jsonc-parser';
import type { JsonDocument } from './jsonDocument';
import { PropertyNode } from './jsonTree';
import { holdsNoTemplate } from './templateScanner';

/**
 * The text of a string value written without templates; undefined for a template, a string
 * with one in it, or a value that is not a string. In a document whose scan found no template
 * (most), every string's parsed value is its text. Otherwise, every template starts with `${`,
 * so a string whose source holds none has none and its parsed value is its text too: no string
 * info is built for it (the type, display and payload of each of thousands of actions). Only a
 * string that holds `${` asks the template scan.
 */
export function plainText(doc: JsonDocument, node: Node): string | undefined {
  if (node.type !== 'string') return undefined;
  // No template in the document, whole or broken (`${` without its end): none in this string.
  if (holdsNoTemplate(doc.scan)) return node.value as string;
  if (holdsOpening(doc, node.offset, node.offset + node.length)) {
    if (doc.valueTemplate(node)) return undefined;
    const info = doc.stringInfo(node);
    return info.templates.length === 0 ? info.staticText : undefined;
  }
  // No template in it: what stringInfo would give, the parsed value (masking changed nothing here).
  return node.value as string;
}

/**
 * True when a template's opening `${` lies within [start, end) of the document's text, both its
 * characters; read from the document's source when it has one (syntax/textSource.ts).
 */
function holdsOpening(doc: JsonDocument, start: number, end: number): boolean {
  if (doc.source !== undefined) return doc.source.slice(start, end).includes('${');
  const text = doc.text;
  for (let i = start; i < end - 1; i++) if (text.charCodeAt(i) === 36 && text.charCodeAt(i + 1) === 123) return true;
  return false;
}

/**
 * True when a property's key holds a template (it then has no known name); false for a node that
 * is not a property. As plainText reads it: only a key whose source holds `${` asks the template
 * scan, so the key's node, made when asked for (jsonTree.ts), is made for none of the others.
 */
export function keyHoldsTemplate(doc: JsonDocument, p: Node): boolean {
  if (!(p instanceof PropertyNode) || holdsNoTemplate(doc.scan) || !holdsOpening(doc, p.offset, p.offset + p.keyLength)) return false;
  return doc.stringInfo(p.key).templates.length > 0;
}

/**
 * The key node of a property node of umsg's parse (jsonTree.ts's PropertyNode): its first
 * child, read without the children array the node makes when asked (the key itself is made the
 * first time it is asked for: a property's name is `name`, read without it). Undefined for a
 * node that is not a property.
 */
export function propertyKey(p: Node | undefined): Node | undefined {
  return p instanceof PropertyNode ? p.key : undefined;
}

/** The value node of a property node (its second child), as propertyKey reads its key. */
export function propertyValue(p: Node | undefined): Node | undefined {
  return p instanceof PropertyNode ? p.valueNode : undefined;
}

/** The property node `name` in an object node (the first one when duplicated). */
export function propertyNode(obj: Node | undefined, name: string): Node | undefined {
  if (!obj || obj.type !== 'object' || !obj.children) return undefined;
  for (const p of obj.children) if (p instanceof PropertyNode && p.name === name) return p;
  return undefined;
}

/**
 * The node at a path of the parsed tree, if it exists. `index` maps an index of the path to
 * the element of an array it stands for (a rendered message's repeated element to its source).
 */
export function nodeAtPath(
  root: Node | undefined,
  path: (string | number)[],
  index?: (array: Node, i: number) => number,
): Node | undefined {
  let node = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') node = node.type === 'array' ? node.children?.[index ? index(node, seg) : seg] : undefined;
    else node = propertyValue(propertyNode(node, seg));
  }
  return node;
}

/**
 * The innermost node whose range holds `offset` (its end included unless `includeEnd` is
 * false), as jsonc-parser's findNodeAtOffset(root, offset, includeEnd) finds it, but by binary
 * search among each node's children: the linear search per fix made fixes over thousands of
 * elements quadratic, and a hover in the middle of 50,000 entries read 25,000 of them.
 */
export function nodeAtOffset(root: Node, offset: number, includeEnd = true): Node | undefined {
  const holds = (n: Node) => offset >= n.offset && (includeEnd ? offset <= n.offset + n.length : offset < n.offset + n.length);
  if (!holds(root)) return undefined;
  let node = root;
  for (;;) {
    const children = node.children ?? [];
    // The last child starting at or before the offset; the ones just before it can hold the
    // offset too when they end exactly there (touching or empty nodes), and the first wins.
    let lo = 0;
    let hi = children.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (children[mid].offset <= offset) lo = mid + 1; else hi = mid;
    }
    let next: Node | undefined;
    for (let k = lo - 1; k >= 0 && holds(children[k]); k--) next = children[k];
    if (!next) return node;
    node = next;
  }
}
