/**
 * The structure of a universal message for the editor: outline symbols (the card, its media,
 * each action by its display text), folding ranges, selection ranges and links on URLs.
 * Walks are iterative: documents may be deep.
 */
import { buildRichCard, type ActionModel, type PropLookup } from '../model/richCard';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { renderedList } from '../template/dynamicList';
import type { SourceLocation } from '../model/providerProject';
import { nodeAtOffset, plainText, propertyKey, propertyNode, propertyValue } from '../syntax/nodes';
import { lineAt, lineStarts } from '../util/lines';
import { isWhiteSpace } from '../util/whiteSpace';
import { formatCount } from '../util/count';

export type SymbolKindName = 'object' | 'array' | 'string' | 'property' | 'event' | 'field';

export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: SymbolKindName;
  /** The whole element. */
  offset: number;
  length: number;
  /** The part to reveal (its key, or the element itself). */
  selectionOffset: number;
  selectionLength: number;
  children: OutlineSymbol[];
}

function propSymbol(name: string, property: Node, kind: SymbolKindName, detail?: string, children: OutlineSymbol[] = []): OutlineSymbol {
  const key = propertyKey(property) ?? property;
  return {
    name: symbolName(name),
    detail,
    kind,
    offset: property.offset,
    length: property.length,
    selectionOffset: key.offset,
    selectionLength: key.length,
    children,
  };
}

/** `s` on one line, white space runs made one space, cut to `n` characters with an ellipsis. */
function shorten(s: string, n = 60): string {
  // Most names are short and on one line already: no regular expression run over them.
  const one = isOneLine(s) ? s : s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

/** No white space (as \s reads it) but single spaces between other characters: what the expression leaves as it is. */
function isOneLine(s: string): boolean {
  const last = s.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = s.charCodeAt(i);
    // Printable ASCII other than the space, most of every name, is never white space.
    if (c > 32 && c < 127) continue;
    if (isWhiteSpace(c) && (c !== 32 || i === 0 || i === last || isWhiteSpace(s.charCodeAt(i + 1)))) return false;
  }
  return true;
}

/**
 * A name VS Code accepts: it rejects the whole outline when one symbol's name is empty (as
 * while `""` is typed as a key), so an empty or blank name is shown as the JSON string it is.
 */
function symbolName(name: string): string {
  const short = shorten(name);
  return short === '' ? JSON.stringify(name).slice(0, 60) : short;
}

/**
 * Keeps every child's range inside its parent's and each selection inside its own range,
 * as VS Code requires; on broken text the parse can leave a node reaching past its parent.
 * Recursive over the outline, which is three levels deep at most (card, property, action).
 */
function contain(symbols: OutlineSymbol[], parent?: { offset: number; length: number }): OutlineSymbol[] {
  for (const s of symbols) {
    if (parent) {
      const start = Math.min(Math.max(s.offset, parent.offset), parent.offset + parent.length);
      const end = Math.max(Math.min(s.offset + s.length, parent.offset + parent.length), start);
      s.offset = start;
      s.length = end - start;
    }
    const selStart = Math.min(Math.max(s.selectionOffset, s.offset), s.offset + s.length);
    const selEnd = Math.max(Math.min(s.selectionOffset + s.selectionLength, s.offset + s.length), selStart);
    s.selectionOffset = selStart;
    s.selectionLength = selEnd - selStart;
    contain(s.children, s);
  }
  return symbols;
}

/**
 * The most outline symbols, folding ranges and links made for one document unless the host says
 * otherwise (`universalMessage.maxItemsComputed`): VS Code's JSON support stops at the same
 * number (json.maxItemsComputed). The outline of a 20,000-action message was a 3.4 MB answer
 * that took the server 0.2 to 0.3 s after every pause in typing.
 */
export const MAX_ITEMS_COMPUTED = 5_000;

/** "20,000 actions", and how many of them the outline shows when it stops short of them. */
function countDetail(n: number, shown: number, noun: string): string {
  const all = `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`;
  return shown < n ? `${all}, the first ${formatCount(shown)} shown` : all;
}

/** The card's outline, at most `limit` symbols (the card, its properties, media fields and actions). */
export function documentSymbols(doc: JsonDocument, limit = MAX_ITEMS_COMPUTED): OutlineSymbol[] {
  const card = buildRichCard(doc);
  if (!card || limit < 1) return [];
  let left = limit - 1; // the card's own symbol
  const text = (name: string, obj: { props: PropLookup }) => {
    const v = obj.props.get(name)?.valueNode;
    return v ? shorten(doc.textSlice(v.offset, v.offset + v.length).replace(/^"|"$/g, '')) : undefined;
  };
  const children: OutlineSymbol[] = [];
  for (const p of card.all) {
    if (left <= 0) break;
    left--;
    if (p.name === 'richMedia' && card.media && p.valueNode === card.media.node) {
      const fields = card.media.all.slice(0, left);
      left -= fields.length;
      const media = fields.map((m) => propSymbol(m.name, m.property, 'field', m.valueNode ? text(m.name, card.media!) : undefined));
      children.push(propSymbol('richMedia', p.property, 'object', text('fileUrl', card.media), media));
    } else if ((p.name === 'insideActions' || p.name === 'floatActions') && p.valueNode?.type === 'array') {
      const list = p.name === 'insideActions' ? card.insideActions : card.floatActions;
      // A list's actions are the elements of its array: when the key is repeated, the last array's.
      const inList = list && list.array === p.valueNode ? list.actions : [];
      const actions = inList.slice(0, left).map((a) => actionSymbol(doc, a));
      left -= actions.length;
      children.push(propSymbol(p.name, p.property, 'array', countDetail(inList.length, actions.length, 'action'), actions));
    } else {
      children.push(propSymbol(p.name, p.property, 'property', text(p.name, card)));
    }
  }
  const title = card.props.get('title') ? text('title', card) : undefined;
  return contain([{
    name: title ? `Rich card: ${title}` : 'Rich card',
    kind: 'object',
    offset: card.node.offset,
    length: card.node.length,
    selectionOffset: card.node.offset,
    selectionLength: 1,
    children,
  }]);
}

function actionSymbol(doc: JsonDocument, a: ActionModel): OutlineSymbol {
  const raw = a.props.get('display')?.valueNode;
  const display = raw && plainText(doc, raw);
  const name = display ?? (raw ? doc.textSlice(raw.offset + 1, raw.offset + raw.length - 1) : `action ${a.index + 1}`);
  const type = a.staticType ?? 'action';
  return {
    name: shorten(name) || `action ${a.index + 1}`,
    detail: a.repeated ? `${type}, repeated per list element` : type,
    kind: 'event',
    offset: a.node.offset,
    length: a.node.length,
    selectionOffset: a.node.offset,
    selectionLength: a.node.length,
    children: [],
  };
}

export interface FoldingRange {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

/**
 * The folding ranges: each object and array over more than two lines, the dynamic list's body,
 * and each block comment over more than one; at most `limit` (the host's maxItemsComputed, or
 * the editor's `rangeLimit` when lower). Past it, the outermost ranges are kept, as VS Code itself
 * keeps them: every range up to the deepest nesting level that fits whole, then that level's
 * first ones in document order. So the walk goes level by level and stops at the limit: a
 * 20,000-action message has 20,003 ranges, and sending them all cost the server a 0.7 MB answer
 * after every pause in typing, of which VS Code kept a quarter.
 */
export function foldingRanges(doc: JsonDocument, limit = MAX_ITEMS_COMPUTED, lines?: readonly number[]): FoldingRange[] {
  // The host's table of the same text, when it keeps one: reading the text for it would copy an
  // editor's text out of its pieces (syntax/textSource.ts) and go over all of it.
  const starts = lines && (lines.length === 0 || lines[lines.length - 1] <= doc.text.length) ? lines : lineStarts(doc.text);
  // The outermost level: the root, the dynamic list's body and the block comments.
  const outer: FoldingRange[] = [];
  const list = renderedList(doc);
  if (list) {
    const start = lineAt(starts, list.each.start);
    const end = lineAt(starts, list.end.start);
    if (end > start) outer.push({ startLine: start, endLine: end, kind: 'region' });
  }
  // Multi-line block comments: each `/*` to the next `*/`, in one pass (a lazy regular
  // expression searched to the end of the text again for every unclosed `/*`).
  const masked = doc.scan.masked;
  for (let open = masked.indexOf('/*'); open >= 0;) {
    const close = masked.indexOf('*/', open + 2);
    if (close < 0) break; // no later `/*` is closed either
    const start = lineAt(starts, open);
    const end = lineAt(starts, close + 1);
    if (end > start && !insideString(doc, open)) outer.push({ startLine: start, endLine: end, kind: 'comment' });
    open = masked.indexOf('/*', close + 2);
  }
  const out: FoldingRange[] = [];
  // The objects and arrays, a level at a time, each level in document order.
  let level: Node[] = doc.root && (doc.root.type === 'object' || doc.root.type === 'array') ? [doc.root] : [];
  while (level.length > 0 && out.length + outer.length < limit) {
    const next: Node[] = [];
    let line = 0; // the walk meets a level's containers in document order: each start's line is found from the last
    for (let k = 0; k < level.length && out.length + outer.length < limit; k++) {
      const node = level[k];
      const start = line = lineAt(starts, node.offset, line);
      const end = lineAt(starts, node.offset + node.length - 1, start);
      // Fold up to the line before the closing bracket, so that it stays visible. A container
      // that does not fold spans two lines at most, and so does everything in it: not read.
      if (end - 1 <= start) continue;
      if (node !== doc.root) out.push({ startLine: start, endLine: end - 1 });
      else outer.push({ startLine: start, endLine: end - 1 });
      // Containers only, read through properties' values: asking a property for its `children`
      // makes its key node, which the tree of a large document leaves unmade (jsonTree.ts).
      for (const child of node.children ?? []) {
        const c = child.type === 'property' ? propertyValue(child) : child;
        if (c && (c.type === 'object' || c.type === 'array')) next.push(c);
      }
    }
    level = next;
  }
  const kept = outer.length > limit
    ? outer.sort(byPosition).slice(0, Math.max(0, limit))
    : outer.concat(out.slice(0, Math.max(0, limit - outer.length)));
  return kept.sort(byPosition);
}

const byPosition = (a: FoldingRange, b: FoldingRange) => a.startLine - b.startLine || b.endLine - a.endLine;

function insideString(doc: JsonDocument, offset: number): boolean {
  const node = doc.root ? nodeAtOffset(doc.root, offset, false) : undefined;
  return node?.type === 'string' && offset > node.offset && offset < node.offset + node.length;
}

export interface OffsetRange {
  offset: number;
  length: number;
}

/** From the innermost node at `offset` outwards: string, property, object, ... the root. */
export function selectionRanges(doc: JsonDocument, offset: number): OffsetRange[] {
  if (!doc.root) return [];
  const template = doc.scan.templates.find((t) => offset >= t.start && offset < t.end);
  const chain: OffsetRange[] = [];
  if (template) {
    chain.push({ offset: template.start + 2, length: template.end - template.start - 3 });
    chain.push({ offset: template.start, length: template.end - template.start });
  }
  let node = nodeAtOffset(doc.root, offset, true);
  while (node) {
    const last = chain[chain.length - 1];
    if (node.type === 'string' && node.length >= 2 && !template) chain.push({ offset: node.offset + 1, length: node.length - 2 });
    if (!last || last.offset !== node.offset || last.length !== node.length) {
      if (!last || (node.offset <= last.offset && node.offset + node.length >= last.offset + last.length)) chain.push({
        offset: node.offset,
        length: node.length,
      });
    }
    node = node.parent;
  }
  return chain;
}

export interface DocumentLink {
  offset: number;
  length: number;
  /** A URL; empty when the link is to a place in a file (`at`). */
  target: string;
  /** A place in another file of the project (a provider's class), which the host turns into its own link. */
  at?: SourceLocation;
}

/**
 * Links on url, fileUrl and thumbnailUrl strings that are plain http(s) URLs written in full, at
 * most `limit` of them, in document order.
 */
export function documentLinks(doc: JsonDocument, limit = MAX_ITEMS_COMPUTED): DocumentLink[] {
  const card = buildRichCard(doc);
  if (!card) return [];
  const links: DocumentLink[] = [];
  const add = (v: Node | undefined) => {
    if (!v || v.type !== 'string' || links.length >= limit || doc.valueTemplate(v)) return;
    const info = doc.stringInfo(v);
    if (info.templates.length > 0 || !/^https?:\/\/\S+$/i.test(info.staticText)) return;
    try {
      new URL(info.staticText);
    } catch {
      return;
    }
    links.push({ offset: v.offset + 1, length: v.length - 2, target: info.staticText });
  };
  if (card.media) {
    add(card.media.props.get('fileUrl')?.valueNode);
    add(card.media.props.get('thumbnailUrl')?.valueNode);
  }
  const actions = card.insideActions?.actions ?? [];
  for (let i = 0; i < actions.length && links.length < limit; i++) add(actions[i].props.get('url')?.valueNode);
  return links;
}

/**
 * The outline of a channel-specific message in native form: the message, then every field by
 * its key (scalars with their value as detail) and every item of an array by its title, text
 * or id. Iterative, as the other walks here.
 */
export function nativeSymbols(doc: JsonDocument, channelName: string, limit = MAX_ITEMS_COMPUTED): OutlineSymbol[] {
  const root = doc.root;
  if (!root || root.type !== 'object' || limit < 1) return [];
  let left = limit - 1; // the message's own symbol
  const type = propertyNode(root, 'type')?.children?.[1];
  const typeText = type ? plainText(doc, type) : undefined;
  const top: OutlineSymbol = {
    name: `${channelName} message`,
    detail: typeText !== undefined ? shorten(typeText) : undefined,
    kind: 'object',
    offset: root.offset,
    length: root.length,
    selectionOffset: root.offset,
    selectionLength: 1,
    children: [],
  };
  const stack: { node: Node; into: OutlineSymbol[] }[] = [{ node: root, into: top.children }];
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    const children = node.children ?? [];
    for (let i = 0; i < children.length && left > 0; i++) {
      const child = children[i];
      let symbol: OutlineSymbol;
      let value: Node | undefined;
      if (node.type === 'object') {
        value = propertyValue(child);
        const key = propertyKey(child);
        if (!key) continue;
        symbol = propSymbol(String(key.value), child, symbolKind(value), scalarDetail(doc, value));
      } else {
        value = child;
        symbol = {
          name: symbolName(itemName(doc, child) ?? `item ${i + 1}`),
          kind: symbolKind(child),
          offset: child.offset,
          length: child.length,
          selectionOffset: child.offset,
          selectionLength: child.length,
          children: [],
        };
      }
      if (value?.type === 'array') symbol.detail = `${value.children?.length ?? 0} item${value.children?.length === 1 ? '' : 's'}`;
      into.push(symbol);
      left--;
      if (value && (value.type === 'object' || value.type === 'array')) stack.push({ node: value, into: symbol.children });
    }
  }
  return contain([top]);
}

function symbolKind(value: Node | undefined): SymbolKindName {
  return value?.type === 'object' ? 'object' : value?.type === 'array' ? 'array' : 'property';
}

function scalarDetail(doc: JsonDocument, value: Node | undefined): string | undefined {
  if (!value || value.type === 'object' || value.type === 'array') return undefined;
  const raw = doc.textSlice(value.offset, value.offset + value.length);
  return shorten(value.type === 'string' ? raw.slice(1, -1) : raw);
}

/** What names an item of a native list: its title, text or id, as written without templates. */
function itemName(doc: JsonDocument, item: Node): string | undefined {
  if (item.type !== 'object') return undefined;
  for (const name of ['title', 'text', 'display_text', 'id']) {
    const v = propertyNode(item, name)?.children?.[1];
    const text = v ? plainText(doc, v) : undefined;
    if (text) return text;
  }
  // A WhatsApp reply button keeps its title one level down.
  const reply = propertyNode(item, 'reply')?.children?.[1];
  const title = reply ? propertyNode(reply, 'title')?.children?.[1] : undefined;
  return title ? plainText(doc, title) : undefined;
}
