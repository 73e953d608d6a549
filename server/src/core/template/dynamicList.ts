/**
 * Multiple value messages: one action element repeated once per element of a list. The text
 * is split into a header (before the `// @each <list>` line), a body (between the marker
 * lines: one action element, repeated once per list element and joined by `,`) and a footer
 * (after the `// @end` line).
 */
import { createScanner } from 'jsonc-parser';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import type { MarkerLine } from '../syntax/templateScanner';
import { nodeAtOffset } from '../syntax/nodes';
import { mentionsIt } from './templateEval';

export interface DynamicList {
  each: MarkerLine;
  end: MarkerLine;
  /** The bound list expression (after `@each`). */
  list: string;
  /** [0, headerEnd) is the header: up to the start of the `@each` line. */
  headerEnd: number;
  /** [bodyStart, bodyEnd) is the body: the lines between the marker lines. */
  bodyStart: number;
  bodyEnd: number;
  /** [footerStart, text.length) is the footer: after the `@end` line. */
  footerStart: number;
  /** The array the body sits in, when it sits in one. */
  array: Node | undefined;
  /** The name of the card's list holding the body, when it is insideActions or floatActions directly. */
  listName: 'insideActions' | 'floatActions' | undefined;
  /** Elements of the array that lie inside the body. */
  elements: Node[];
}

/**
 * What is wrong with the markers or the body, as facts: the words are dynamic-list's
 * (rules/dynamic-list.ts), which reports them.
 */
export type ListProblemFacts =
  /** A marker with other text before it on its line. */
  | { kind: 'marker-not-alone'; marker: 'each' | 'end' }
  /** A `// @each` followed by another `// @each` before its `// @end`. */
  | { kind: 'each-nested' }
  /** `// @each` with no list after it. */
  | { kind: 'each-without-list' }
  /** Words after the list expression (`// @each dishes for today`): `words` from the second on. */
  | { kind: 'each-extra-words'; words: string }
  | { kind: 'end-without-each' }
  | { kind: 'each-without-end' }
  /** A second well-formed pair of markers: only the first renders. */
  | { kind: 'second-list' }
  /** The body is not directly in insideActions or floatActions (`actions`), or in an array (`array`, native form). */
  | { kind: 'body-misplaced'; placement: ListPlacement }
  /** The body holds `count` values, not one (0 or more than 1). */
  | { kind: 'body-count'; count: number; placement: ListPlacement }
  /** A ',' in the body, outside its one element. */
  | { kind: 'body-comma' }
  /** With `elements` list elements (0, 1 or 2) the rendered message is not valid JSON. */
  | { kind: 'invalid-for-length'; elements: number; placement: ListPlacement }
  /** A template mentions `it` outside the body. */
  | { kind: 'it-outside' }
  /** The last problem kept: `hidden` more were not kept. */
  | { kind: 'more'; hidden: number };

type ListProblem = ListProblemFacts & { offset: number; length: number };

interface ListAnalysis {
  /** The well-formed pairs of markers (the first is the one that renders). */
  lists: DynamicList[];
  problems: ListProblem[];
}

const MAX_PROBLEMS = 100;

function afterLineBreak(text: string, offset: number): number {
  if (text.charCodeAt(offset) === 13 && text.charCodeAt(offset + 1) === 10) return offset + 2;
  if (offset < text.length) return offset + 1;
  return offset;
}

/**
 * The dynamic lists of a message: the well-formed pairs of marker lines, each on a line of
 * its own; the first is the one that renders. This one reading of the markers is shared by
 * the card model (which actions repeat), the rules, the outline, folding and render.
 */
export function dynamicLists(doc: JsonDocument): readonly DynamicList[] {
  return readMarkers(doc).lists;
}

/** The marker lines read and paired, once per parse (kept with it: JsonDocument.derived). */
function readMarkers(doc: JsonDocument): { lists: DynamicList[]; problems: ListProblem[] } {
  let read = doc.derived.markers as { lists: DynamicList[]; problems: ListProblem[] } | undefined;
  if (!read) {
    const problems: ListProblem[] = [];
    read = { lists: doc.scan.markers.length === 0 ? [] : pairMarkers(doc, problems), problems };
    doc.derived.markers = read;
  }
  return read;
}

/** The list that renders (the first), if any. */
export function renderedList(doc: JsonDocument): DynamicList | undefined {
  return dynamicLists(doc)[0];
}

/**
 * Where a body may sit: in a universal message (`actions`), directly in insideActions or
 * floatActions; in a channel's native format (`array`), directly in any array, since the
 * format's lists (WhatsApp's list rows, Messenger's carousel cards) are where repeats belong.
 */
export type ListPlacement = 'actions' | 'array';

/** The placement of a message's form: a channel-specific message in native form is the channel's own format. */
export function placementOf(form: 'universal' | 'native' | undefined): ListPlacement {
  return form === 'native' ? 'array' : 'actions';
}

/** True when the list's body repeats on render: one element, sitting where `placement` allows. */
export function listRepeats(list: DynamicList, placement: ListPlacement): boolean {
  return list.elements.length === 1 && (placement === 'array' ? list.array !== undefined : list.listName !== undefined);
}

export function analyzeLists(doc: JsonDocument, placement: ListPlacement = 'actions'): ListAnalysis {
  if (placement === 'array') return (doc.derived.arrayLists ??= analyze(doc, placement)) as ListAnalysis;
  return (doc.derived.lists ??= analyze(doc, placement)) as ListAnalysis;
}

function pairMarkers(doc: JsonDocument, problems: ListProblem[]): DynamicList[] {
  const lists: DynamicList[] = [];
  let open: MarkerLine | undefined;
  for (const m of doc.scan.markers) {
    if (!m.ownLine) {
      problems.push({ kind: 'marker-not-alone', marker: m.kind, ...markerRange(m) });
      continue;
    }
    if (m.kind === 'each') {
      if (open) problems.push({ kind: 'each-nested', ...markerRange(open) });
      if (m.list.length === 0) problems.push({ kind: 'each-without-list', ...markerRange(m) });
      else {
        const words = extraWords(m.list);
        if (words) problems.push({ kind: 'each-extra-words', words, offset: m.listOffset, length: m.list.length });
      }
      open = m;
      continue;
    }
    if (!open) {
      problems.push({ kind: 'end-without-each', ...markerRange(m) });
      continue;
    }
    lists.push(describeList(doc, open, m));
    open = undefined;
  }
  if (open) problems.push({ kind: 'each-without-end', ...markerRange(open) });
  return lists;
}

/**
 * Words after the list expression (`dishes for today`): the expression is a path or a
 * Kotlin call chain, so a second bare word after white space, outside brackets and string
 * literals, cannot belong to it. Returns the extra words, or undefined.
 */
function extraWords(list: string): string | undefined {
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (quote) {
      if (c === 92 /* \\ */) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39) quote = c;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === 32 || c === 9)) {
      // White space at depth 0: fine before or after an operator or a dot (`a .filter`,
      // `a + b`), not between two words.
      let j = i;
      while (j < list.length && (list.charCodeAt(j) === 32 || list.charCodeAt(j) === 9)) j++;
      const before = list.charCodeAt(i - 1);
      const after = list.charCodeAt(j);
      if (isWordChar(before) && isWordChar(after)) return list.slice(j);
      i = j - 1;
    }
  }
  return undefined;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 41 || c === 93;
}

const markerRange = (m: MarkerLine) => ({ offset: m.start, length: m.end - m.start });

function analyze(doc: JsonDocument, placement: ListPlacement): ListAnalysis {
  const read = readMarkers(doc);
  const problems = [...read.problems];
  const lists = read.lists;
  for (const extra of lists.slice(1)) {
    problems.push({ kind: 'second-list', ...markerRange(extra.each) });
  }
  const first = lists[0];
  if (first && doc.root) checkBody(doc, first, placement, problems);
  checkIt(doc, lists, problems);
  // A generated or pasted file may hold thousands of markers: keep the findings readable.
  if (problems.length > MAX_PROBLEMS) {
    const more = problems.length - MAX_PROBLEMS;
    const last = problems[MAX_PROBLEMS];
    problems.length = MAX_PROBLEMS;
    problems.push({ kind: 'more', hidden: more, offset: last.offset, length: last.length });
  }
  return { lists, problems };
}

function describeList(doc: JsonDocument, each: MarkerLine, end: MarkerLine): DynamicList {
  const { text } = doc;
  const bodyStart = afterLineBreak(text, each.end);
  const bodyEnd = end.lineStart;
  let array: Node | undefined;
  let node = doc.root ? nodeAtOffset(doc.root, bodyStart, false) : undefined;
  while (node) {
    if (node.type === 'array' && node.offset < bodyStart && node.offset + node.length > bodyEnd) { array = node; break; }
    node = node.parent;
  }
  const holder = array?.parent;
  const key: unknown = holder?.type === 'property' ? holder.children?.[0]?.value : undefined;
  const listName = holder?.parent === doc.root && (key === 'insideActions' || key === 'floatActions') ? key : undefined;
  const elements = (array?.children ?? []).filter((e) => e.offset >= bodyStart && e.offset + e.length <= bodyEnd);
  return {
    each,
    end,
    list: each.list,
    headerEnd: each.lineStart,
    bodyStart,
    bodyEnd,
    footerStart: afterLineBreak(text, end.end),
    array,
    listName,
    elements,
  };
}

function checkBody(doc: JsonDocument, list: DynamicList, placement: ListPlacement, problems: ListProblem[]) {
  const at = { offset: list.each.start, length: list.each.end - list.each.start };
  if (!list.array || (placement === 'actions' && !list.listName)) {
    problems.push({ kind: 'body-misplaced', placement, ...at });
    return;
  }
  if (list.elements.length !== 1) {
    problems.push({ kind: 'body-count', count: list.elements.length, placement, ...at });
    return;
  }
  const el = list.elements[0];
  const masked = doc.scan.masked;
  for (const [from, to] of [[list.bodyStart, el.offset], [el.offset + el.length, list.bodyEnd]]) {
    const comma = commaIn(masked, from, to);
    if (comma !== undefined) {
      problems.push({ kind: 'body-comma', offset: comma, length: 1 });
      return;
    }
  }
  // The message must be valid JSON whatever the list's length (only checked when the file
  // itself parses: its own syntax errors are reported as such). That used to be three more
  // parses of the whole message, rendered with 0, 1 and 2 elements; here it follows from what
  // is known. The body is one element of the list's array and, around it, only white space
  // and comments that end before the next marker line, with no ','. With one element the
  // text is the file without its two marker lines (a comment each): it parses. With two,
  // `elem,elem` stands where `elem` stood in an array: it parses too. With none, the
  // neighbours of the body meet: `[` and `]` are fine, but any other element leaves a ','
  // with nothing on one side. So only the empty list can break, and it does exactly when the
  // array holds anything besides the body. test/template/dynamicListParsesOnce.test.ts holds this to the
  // three parses on generated messages.
  if (doc.syntax.length > 0) return;
  if ((list.array.children?.length ?? 0) !== 1) {
    // Only the empty list can break (see above): the words are dynamic-list's.
    problems.push({ kind: 'invalid-for-length', elements: 0, placement, ...at });
  }
}

/** `it` is defined only inside the body. */
function checkIt(doc: JsonDocument, lists: readonly DynamicList[], problems: ListProblem[]) {
  for (const t of doc.scan.templates) {
    if (lists.some((list) => t.start >= list.bodyStart && t.end <= list.bodyEnd)) continue;
    if (!mentionsIt(t.expression)) continue;
    problems.push({ kind: 'it-outside', offset: t.start, length: t.end - t.start });
  }
}

/** Offset of a ',' token in [from, to) of the masked text, comments skipped. */
function commaIn(masked: string, from: number, to: number): number | undefined {
  const scanner = createScanner(masked.slice(from, to), false);
  for (let kind = scanner.scan(); kind !== 17 /* EOF */; kind = scanner.scan()) {
    if (kind === 5 /* CommaToken */) return from + scanner.getTokenOffset();
  }
  return undefined;
}
