/**
 * The parse of a document after an edit, made from the parse before it: an edit inside the
 * elements of an array (an action of a card, an entry of a Configuration Meta, a row of a
 * native list) re-reads those elements and splices them into the previous tree, so that a
 * keystroke in a multi-megabyte document costs a few milliseconds rather than a whole parse.
 *
 * The result is the document a whole parse of the new text makes (test/syntax/incremental.test.ts
 * holds the two side by side over random edits), because both passes are read again from a point
 * where a whole pass would stand in the same state, until a point where both the pass over the
 * old text and the one over the new text stand in the same state again, past the edit:
 * - the template scan, from the first character of the edited element (not in a string, at the
 *   depth of its array: no syntax error comes before it) to the start of the first element after
 *   the edit (or the array's closing bracket); the scans of the old and the new text must stop
 *   there in the same state (not in a string, same depth, no template problem);
 * - the JSON tree, from the same element, until it is about to read an element of the previous
 *   parse (an object or array) whose text the edit did not touch, or that array's closing
 *   bracket: from there a whole parse would go on as the previous one did, shifted.
 *
 * Anything else (an edit across the array's bracket, in the root's keys, one that opens a
 * template or leaves one broken, a document with a template problem or a syntax error before
 * the edit) is left to a whole parse: reparseJsonDocument answers undefined. So does an edit
 * whose re-read does not meet the previous parse again soon (READ_BUDGET).
 *
 * The previous parse is taken over, not copied: the nodes after the edit get their offsets
 * shifted in place (the 375,000 nodes after the middle of a 4.6 MB document's 750,000 take a
 * few milliseconds; copying them would cost as much as the parse). The previous JsonDocument
 * must not be read afterwards.
 */
import type { Node, ParseError } from 'jsonc-parser';
import { finishParse, type CarriedModel, type JsonDocument } from './jsonDocument';
import { PropertyNode, startJsonTree } from './jsonTree';
import type { ParseOptions } from './syntaxProblems';
import { holdsNoTemplate, maskRange, scanRange, type MarkerLine, type ScanResult, type TemplateRegion } from './templateScanner';
import { PieceText } from './pieceText';
import { sourceOf, type TextSource } from './textSource';
import { spliced } from '../util/arrays';

/**
 * A span where two texts differ: [start, oldEnd) of the old text is [start, newEnd) of the new,
 * and both texts are the same before `start` and after the span. The smallest such span is
 * editBetween's; an editor's change event gives one that may be wider, which serves as well.
 */
export interface Edit {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/**
 * One span for two edits in a row: `first` turns a text of `oldLength` characters into a second
 * text, `second` turns that into a third; the result turns the first text into the third. What
 * both edits leave alone before and after them is left alone by both.
 */
export function composeEdits(first: Edit, second: Edit, oldLength: number): Edit {
  const middleLength = oldLength + first.newEnd - first.oldEnd;
  const newLength = middleLength + second.newEnd - second.oldEnd;
  const before = Math.min(first.start, second.start);
  const after = Math.min(middleLength - first.newEnd, middleLength - second.oldEnd);
  return { start: before, oldEnd: oldLength - after, newEnd: newLength - after };
}

/** Whether `edit` can be a span where a text of `oldLength` characters and one of `newLength` differ. */
function fits(edit: Edit, oldLength: number, newLength: number): boolean {
  const { start, oldEnd, newEnd } = edit;
  return Number.isInteger(start) && Number.isInteger(oldEnd) && Number.isInteger(newEnd) &&
    start >= 0 && start <= oldEnd && oldEnd <= oldLength && start <= newEnd && newEnd <= newLength &&
    oldLength - oldEnd === newLength - newEnd;
}

/** Characters compared at once while looking for the edit (string comparison of slices runs natively). */
const COMPARE_CHUNK = 4096;

/** The span where `before` and `after` differ; undefined when they are the same text. */
export function editBetween(before: string, after: string): Edit | undefined {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start + COMPARE_CHUNK <= shorter && before.slice(start, start + COMPARE_CHUNK) === after.slice(start, start + COMPARE_CHUNK)) {
    start += COMPARE_CHUNK;
  }
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  if (start === before.length && start === after.length) return undefined;
  let oldEnd = before.length;
  let newEnd = after.length;
  while (
    oldEnd - COMPARE_CHUNK >= start && newEnd - COMPARE_CHUNK >= start &&
    before.slice(oldEnd - COMPARE_CHUNK, oldEnd) === after.slice(newEnd - COMPARE_CHUNK, newEnd)
  ) {
    oldEnd -= COMPARE_CHUNK;
    newEnd -= COMPARE_CHUNK;
  }
  while (oldEnd > start && newEnd > start && before.charCodeAt(oldEnd - 1) === after.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  return { start, oldEnd, newEnd };
}

/** The longest stretch of old text that one re-read covers, edit included; longer goes to a whole parse. */
const MAX_WINDOW = 256 * 1024;
/**
 * How far past the edited elements the JSON re-read may go before it gives up, in characters,
 * and in calls of its pause (each after 2,048 turns of the parse: nesting opened by the edit may
 * never come back to the array's level).
 */
const READ_BUDGET = 64 * 1024;
const MAX_POLLS = 16;

/** A node as the parse made it, its offsets writable (jsonc-parser's Node type reads them only). */
interface MutableNode {
  readonly type: Node['type'];
  offset: number;
  length: number;
  parent?: MutableNode;
  children?: MutableNode[];
}

/** An array around the edit, the last of its elements that starts before it, and its nesting depth. */
interface Candidate {
  array: MutableNode;
  index: number;
  /** Objects and arrays from the root to this array, both counted. */
  depth: number;
}

/**
 * The document `text` parses into, made from `previous` (the parse of an earlier text of the
 * same document) when the edit between them allows; undefined otherwise, and `previous` is then
 * untouched. On success `previous` is spent: its tree is the new document's.
 *
 * `known`: where the two texts differ, when the caller knows (an editor's change event). It
 * spares comparing them, which reads both texts up to the edit from each end: about a
 * millisecond over a 4.6 MB document, on every keystroke. A span that cannot be one (its
 * lengths do not add up) is not trusted; the texts are compared instead.
 *
 * `source`: where to read the new text's characters around the edit, when reading `text` would
 * copy all of it (an editor's text, kept in pieces: textSource.ts). The new document keeps it.
 */
export function reparseJsonDocument(
  previous: JsonDocument,
  text: string,
  options: ParseOptions = {},
  known?: Edit,
  source?: TextSource,
): JsonDocument | undefined {
  const { root, scan } = previous;
  if (!root || previous.tooDeep || scan.problems.length > 0 || scan.recovered.length > 0) return undefined;
  const edit = known && fits(known, previous.text.length, text.length) ? known : editBetween(previous.text, text);
  if (!edit) return undefined;
  for (const candidate of arraysAround(root, edit.start)) {
    const doc = reparseIn(previous, text, options, edit, candidate, source);
    if (doc) return doc;
  }
  return undefined;
}

/** The arrays whose elements hold or precede the edit's start, innermost first. */
function arraysAround(root: MutableNode, start: number): Candidate[] {
  const found: Candidate[] = [];
  let node: MutableNode | undefined = root;
  let depth = 0;
  while (node?.children) {
    if (node.type === 'array' || node.type === 'object') depth++;
    const children: MutableNode[] = node.children;
    const index = lastBefore(children, start);
    if (index < 0) break;
    if (node.type === 'array') found.push({ array: node, index, depth });
    const child = children[index];
    if (child.offset + child.length <= start) break;
    node = child;
  }
  return found.reverse();
}

/** The index of the last of `items` (in offset order) that starts before `offset`; -1 when none does. */
function lastBefore(items: readonly { offset: number }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].offset < offset) lo = mid + 1; else hi = mid;
  }
  return lo - 1;
}

/** The index of the first of `items` (in `at` order) at or after `offset`. */
function firstFrom<T>(items: readonly T[], offset: number, at: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(items[mid]) < offset) lo = mid + 1; else hi = mid;
  }
  return lo;
}

const isContainer = (n: Node) => n.type === 'object' || n.type === 'array';

/** Characters read before the edited element, for the line it starts on; and past where the re-read should stop. */
const LOOK_BACK = 1024;
const LOOK_AHEAD = 1024;
/** A re-read from windows of the texts that may have needed more of them: it goes again over the whole texts. */
const WIDER: unique symbol = Symbol('wider');

/**
 * The re-read from the candidate's element; undefined when it cannot meet the previous parse
 * again. It reads windows of the two texts around the edit from their sources, not the texts
 * (reading a character of an editor's text, kept in pieces, would copy all of it: see
 * textSource.ts); when a window turns out too short, it reads again over the whole texts.
 */
function reparseIn(
  previous: JsonDocument,
  text: string,
  options: ParseOptions,
  edit: Edit,
  candidate: Candidate,
  source: TextSource | undefined,
): JsonDocument | undefined {
  const { array, index } = candidate;
  const children = array.children!;
  const element = children[index];
  const from = element.offset;
  if (!isContainer(element)) return undefined;
  // A syntax error before the element: the template scan's depth there is not the tree's.
  const oldErrors = previous.errors;
  if (oldErrors.length > 0 && oldErrors[0].offset <= from) return undefined;
  const oldScan = previous.scan;
  const oldSource = previous.source ?? sourceOf(previous.text);
  // A text with no template is its own masked text: the windows serve the JSON tree too. (Asked
  // of the scan, not by comparing the strings: two strings of the same length are compared
  // character by character, which reads both whole.)
  const plain = holdsNoTemplate(oldScan);

  // Where both scans stop: the first element after the edit, or the array's closing bracket.
  let next = index + 1;
  while (next < children.length && children[next].offset < edit.oldEnd) next++;
  const close = closeAt(array);
  const oldMasked = previous.maskedSource ?? (plain ? oldSource : sourceOf(oldScan.masked));
  const closed = close >= edit.oldEnd && oldMasked.slice(close, close + 1) === ']';
  const oldStop = next < children.length ? children[next].offset : closed ? close : -1;
  if (oldStop < 0 || oldStop - from > MAX_WINDOW) return undefined;

  const read = (back: number, ahead: number) =>
    reread(previous, text, options, edit, candidate, {
      old: oldSource, new: source ?? sourceOf(text), oldMasked, back, ahead, plain, next, closed, oldStop,
    });
  const windowed = read(Math.max(0, from - LOOK_BACK), LOOK_AHEAD);
  if (windowed !== WIDER) return windowed;
  const whole = read(0, Infinity);
  return whole === WIDER ? undefined : whole;
}

/** What reparseIn found, and the windows to read: [back, oldStop + ahead) of the old text, and the same of the new. */
interface Reading {
  old: TextSource;
  new: TextSource;
  /** The old masked text. */
  oldMasked: TextSource;
  back: number;
  ahead: number;
  plain: boolean;
  next: number;
  closed: boolean;
  oldStop: number;
}

function reread(
  previous: JsonDocument,
  text: string,
  options: ParseOptions,
  edit: Edit,
  candidate: Candidate,
  reading: Reading,
): JsonDocument | undefined | typeof WIDER {
  const { array, index, depth } = candidate;
  const { back, plain, next, closed, oldStop } = reading;
  const children = array.children!;
  const from = children[index].offset;
  const delta = edit.newEnd - edit.oldEnd;
  const oldScan = previous.scan;
  const oldLength = previous.text.length;
  const oldEnd = Math.min(oldLength, oldStop + reading.ahead);
  const newEnd = Math.min(text.length, oldStop + delta + reading.ahead);
  // Both windows start at `back`: before the edit the two texts are the same.
  const oldWindow = reading.old.slice(back, oldEnd);
  const newWindow = reading.new.slice(back, newEnd);

  // The scan's state at the element: not in a string, at the array's depth, after the line break before it.
  const lineStart = lineStartBefore(oldWindow, back, oldScan.templates, from);
  if (lineStart === undefined || lineStart === WIDER) return lineStart;
  const start = { i: from - back, depth, lineStart: lineStart - back };
  // The windows reach past where the scans stop: a scan that runs on past there fails below
  // whether its window ends or its text does.
  const before = scanRange(oldWindow, options, start, oldStop - back);
  const after = scanRange(newWindow, options, start, oldStop + delta - back);
  const beforeLine = before.lineStart + back;
  const afterLine = after.lineStart + back;
  if (
    before.i + back !== oldStop || after.i + back !== oldStop + delta || before.inString || after.inString ||
    after.problems.length > 0 || after.recovered.length > 0 || after.depthExceededAt !== undefined || after.depth !== before.depth
  ) return undefined;
  // The line the scans stop on: a marker after them on it needs the same line start, shifted.
  const lineShifted = afterLine === beforeLine + delta && beforeLine >= edit.oldEnd;
  const markerAfter = firstFrom(oldScan.markers, oldStop, (m) => m.start);
  if (!lineShifted && oldScan.markers[markerAfter]?.lineStart === beforeLine) return undefined;
  // The deepest nesting: known unless the edit made the element that held it shallower.
  let maxDepth = oldScan.maxDepth;
  if (after.maxDepth >= maxDepth) maxDepth = after.maxDepth;
  else if (before.maxDepth >= maxDepth) return undefined;

  const templatesFrom = firstFrom(oldScan.templates, from, (t) => t.start);
  const templatesAfter = firstFrom(oldScan.templates, oldStop, (t) => t.start);
  // The new masked text: the text itself, or the old one with the re-read range masked again,
  // kept as pieces (pieceText.ts) so that it is not read whole either.
  const noTemplate = plain && after.templates.length === 0;
  let masked = text;
  let maskedSource = reading.new;
  if (!noTemplate) {
    const old = reading.oldMasked instanceof PieceText ? reading.oldMasked : PieceText.of(oldScan.masked);
    const pieces = old.spliced(from, oldStop, maskRange(newWindow, from - back, oldStop + delta - back, after.templates));
    masked = pieces.text;
    maskedSource = pieces;
  }

  // The JSON tree, from the element until it meets an element of the previous parse again, in
  // a window of the new masked text.
  const treeText = noTemplate ? newWindow : maskedSource.slice(back, newEnd);
  let sync = next;
  let syncAt = -1;
  const readUntil = oldStop + delta + READ_BUDGET;
  const errors: ParseError[] = [];
  const tree = startJsonTree(treeText, errors, {
    from: from - back,
    stopBefore(at, close) {
      const offset = at + back;
      if (close) {
        if (closed && offset === closeAt(array) + delta) { sync = children.length; syncAt = closeAt(array); }
        return true;
      }
      while (sync < children.length && children[sync].offset + delta < offset) sync++;
      const old = children[sync];
      if (old && old.offset + delta === offset && isContainer(old)) { syncAt = old.offset; return true; }
      return offset > readUntil;
    },
  });
  let polls = 0;
  if (!tree.run(() => ++polls > MAX_POLLS)) return undefined;
  // No element met again in a window shorter than the text: the text past it might hold one.
  if (syncAt < 0) return back + treeText.length < text.length ? WIDER : undefined;
  const read = tree.result()!.children as unknown as MutableNode[];
  if (back !== 0) {
    for (const n of read) shiftTree(n, back);
    for (const e of errors) e.offset += back;
  }

  // The previous parse from here on is the new one's, shifted: splice, then shift.
  for (const n of read) n.parent = array;
  const root = previous.root as MutableNode;
  const order = nodeOrders.get(root);
  const replaced = order && replacedIn(order, children, index, sync);
  if (order && replaced) {
    // Every node after the replaced elements, in this array and after it, in one pass.
    for (let k = replaced.end; k < order.length; k++) {
      const n = order[k];
      if (n instanceof PropertyNode) n.shift(delta); // its key, made when asked, is not in the order
      else n.offset += delta;
    }
    const added = inOrder(read);
    const nextOrder = spliced(order, replaced.start, replaced.end - replaced.start, added);
    if (nextOrder !== order) nodeOrders.set(root, nextOrder);
  } else {
    nodeOrders.delete(root);
    for (let k = sync; k < children.length; k++) shiftTree(children[k], delta);
  }
  children.splice(index, sync - index, ...read);
  let child: MutableNode = array;
  for (let up: MutableNode | undefined = array; up; child = up, up = up.parent) {
    up.length += delta;
    if (up === array || !up.children || replaced) continue;
    const siblings = up.children;
    for (let k = siblings.indexOf(child) + 1; k < siblings.length; k++) shiftTree(siblings[k], delta);
  }
  for (let k = templatesAfter; k < oldScan.templates.length; k++) {
    const t = oldScan.templates[k];
    t.start += delta;
    t.end += delta;
  }
  const added = back === 0 ? after.templates : after.templates.map((t) => ({ ...t, start: t.start + back, end: t.end + back }));
  const addedMarkers = back === 0 ? after.markers : after.markers.map(shiftMarker(back));
  const markers = spliceShifted(oldScan.markers, from, oldStop, addedMarkers, shiftMarker(delta));
  const scan: ScanResult = {
    templates: oldScan.templates.slice(0, templatesFrom).concat(added, oldScan.templates.slice(templatesAfter)),
    problems: [],
    markers,
    recovered: [],
    masked,
    maxDepth,
    depthExceededAt: undefined,
  };
  for (const e of previous.errors) if (e.offset > syncAt) errors.push({ error: e.error, offset: e.offset + delta, length: e.length });
  const doc = finishParse(text, options, scan, previous.root, errors, from, reading.new, maskedSource);
  // Markers added or removed change the dynamic lists, and which actions they repeat: no model carried.
  if (addedMarkers.length === 0 && markers.length === oldScan.markers.length) {
    doc.derived.carried = carryOver(previous, { array, index, removed: sync - index, added: read.length });
  }
  return doc;
}

/** Steps a carried model takes before it is dropped for a build afresh (each is kept until then). */
const MAX_CARRIED_STEPS = 256;

/** The previous parse's model, or the one it carried, with this re-read added to its steps. */
function carryOver(previous: JsonDocument, step: CarriedModel['steps'][number]): CarriedModel | undefined {
  const { card, carried } = previous.derived;
  if (card !== undefined) return { model: card, steps: [step] };
  if (carried && carried.steps.length < MAX_CARRIED_STEPS) return { model: carried.model, steps: [...carried.steps, step] };
  return undefined;
}

/** The offset of an array's closing bracket (or of its last character, when it has none). */
const closeAt = (array: MutableNode) => array.offset + array.length - 1;

/**
 * Where the template scan's current line starts at `offset`: after the last line break before
 * it. Undefined when that break may not count as one for the scan (inside a template, or
 * after a backslash that may escape it in a string). `text` is the text from `base` on: WIDER
 * when it starts too late to tell.
 */
function lineStartBefore(
  text: string,
  base: number,
  templates: readonly TemplateRegion[],
  offset: number,
): number | undefined | typeof WIDER {
  let lineStart = offset;
  const at = (k: number) => text.charCodeAt(k - base);
  for (let c = at(lineStart - 1); lineStart > base && c !== 10 && c !== 13; c = at(--lineStart - 1));
  if (lineStart === 0) return 0;
  // The character before the line break decides; a window may start after it.
  if (lineStart - 2 < base && base > 0) return WIDER;
  if (at(lineStart - 2) === 92 /* \ */) return undefined;
  const t = templates[firstFrom(templates, lineStart, (x) => x.start) - 1];
  return t && t.end >= lineStart ? undefined : lineStart;
}

/**
 * Every node of a long document's parse in document order (each node before its children), kept
 * with its root across re-reads (`keepNodeOrder`): the shift after an edit is then one pass over
 * the nodes after it, whose loads do not wait on one another as a walk down the tree's
 * children does (about twice as fast over the 375,000 nodes after the middle of the 50,000-entry
 * Configuration Meta). Without it, or when it does not match the tree, the shift walks the tree.
 */
const nodeOrders = new WeakMap<MutableNode, MutableNode[]>();

/**
 * Keeps `order`, the nodes of `doc`'s tree in document order as its parse made them (the
 * `order` of startJsonDocument), with its root from now on, so that re-reads of it shift in one
 * pass. For a document that will be edited (the editor's long documents): the order exists the
 * moment the parse ends, before the first keystroke. Ignored when it is not that tree's.
 */
export function keepNodeOrder(doc: JsonDocument, order: Node[]): void {
  const root = doc.root;
  if (root && order[0] === root) nodeOrders.set(root, order);
}

/**
 * Visits the nodes of the subtrees `tops`, each before its children, in the order of the text,
 * as the parse's `order` holds them: a property's key is not among them (it is made when asked,
 * and moves with its property), its value is.
 */
function walkInOrder(tops: readonly MutableNode[], visit: (n: MutableNode) => void): void {
  const stack: MutableNode[] = [];
  for (let t = tops.length - 1; t >= 0; t--) stack.push(tops[t]);
  while (stack.length > 0) {
    const n = stack.pop()!;
    visit(n);
    if (n instanceof PropertyNode) {
      if (n.valueNode !== undefined) stack.push(n.valueNode);
      continue;
    }
    const below = n.children;
    if (below !== undefined) for (let k = below.length - 1; k >= 0; k--) stack.push(below[k]);
  }
}

/** The nodes of the subtrees `tops` as the parse's `order` holds them (walkInOrder). */
function inOrder(tops: readonly MutableNode[]): MutableNode[] {
  const out: MutableNode[] = [];
  walkInOrder(tops, (n) => out.push(n));
  return out;
}

/**
 * Where the elements `index` to `sync` (excluded) of `children` and their nodes stand in
 * `order`: [start, end). Undefined when the order does not hold them there.
 */
function replacedIn(order: readonly MutableNode[], children: readonly MutableNode[], index: number, sync: number) {
  const start = firstFrom(order, children[index].offset, (n) => n.offset);
  if (order[start] !== children[index]) return undefined;
  let count = 0;
  for (let k = index; k < sync; k++) count += sizeOf(children[k]);
  const end = start + count;
  if (end > order.length || (sync < children.length && order[end] !== children[sync])) return undefined;
  return { start, end };
}

/** How many nodes a subtree has in the parse's `order` (walkInOrder). */
function sizeOf(top: MutableNode): number {
  let count = 0;
  walkInOrder([top], () => count++);
  return count;
}

/**
 * Shifts a subtree's offsets in place, without recursion. The pass is bound by memory (every
 * node after the edit is touched), so each node is read once: leaves (most nodes) are shifted
 * where they are met, a property's key (if made) and value with the property, and the stack
 * holds children arrays, not nodes read again when popped.
 */
function shiftTree(top: MutableNode, delta: number): void {
  const stack: MutableNode[][] = [[top]];
  while (stack.length > 0) {
    const children = stack.pop()!;
    for (let k = 0; k < children.length; k++) {
      const c = children[k];
      if (c instanceof PropertyNode) {
        // A property (and its key, if made): its value here (a field: no children array
        // made), and the value's children on the stack.
        c.shift(delta);
        const v = c.valueNode;
        if (v === undefined) continue;
        v.offset += delta;
        if (v.children !== undefined) stack.push(v.children);
        continue;
      }
      c.offset += delta;
      if (c.children !== undefined) stack.push(c.children);
    }
  }
}

const shiftMarker = (delta: number) => (m: MarkerLine): MarkerLine =>
  ({ ...m, start: m.start + delta, end: m.end + delta, listOffset: m.listOffset + delta, lineStart: m.lineStart + delta });

/** The old items before `from`, the new ones, then the old ones from `to` on, moved. */
function spliceShifted<T extends { start: number }>(old: readonly T[], from: number, to: number, added: T[], move: (t: T) => T): T[] {
  if (old.length === 0) return added;
  const a = firstFrom(old, from, (t) => t.start);
  const b = firstFrom(old, to, (t) => t.start);
  return old.slice(0, a).concat(added, old.slice(b).map(move));
}
