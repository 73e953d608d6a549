/**
 * Completion in a universal message: the property names valid at the cursor and the enum
 * values (type, height, action types). Works on incomplete documents: the location comes
 * from jsonc-parser's scanner over the masked text, not from a finished tree.
 */
import type { Segment } from 'jsonc-parser';
import { colonFollows, cursorContext, presentNames, propertyEntry } from './completionContext';
import type { FieldSpec } from '../model/cardSchema';
import { fitsType, placeAt, type PlaceSpec } from '../model/places';
import { type JsonDocument, type Node } from '../syntax/jsonDocument';
import { nodeAtPath, propertyNode } from '../syntax/nodes';
import { renderedList } from '../template/dynamicList';
import type { SampleData } from '../template/render';
import { codeSpan } from '../util/markdownQuote';
import { samplePaths } from '../template/templateEval';
import type { TemplateRegion } from '../syntax/templateScanner';

export interface CompletionEntry {
  label: string;
  kind: 'property' | 'value' | 'snippet';
  /** A short line beside the label. */
  detail?: string;
  /** Orders entries (defaults to the label). */
  sortText?: string;
  /** Text inserted (snippet syntax when `snippet` is true). */
  insertText: string;
  snippet: boolean;
  documentation: string;
  /** The source range the entry replaces (the partly typed key or value). */
  replace: { offset: number; length: number };
  /** Sort and filter on this (quoted for JSON strings). */
  filterText: string;
  /** Other edits made with it, e.g. the comma a new property needs after the previous one. */
  additionalEdits?: { offset: number; length: number; newText: string }[];
}

/** The fields of the object at `path` (segments from the root), or undefined when it is not a known place. */
function fieldsAt(
  path: Segment[],
  doc: JsonDocument,
): { spec: PlaceSpec; fields: readonly FieldSpec[]; object: Node | undefined } | undefined {
  const spec = placeAt(path, 'universal-message');
  return spec?.fields ? { spec, fields: spec.fields, object: nodeAtPath(doc.root, path) } : undefined;
}

/**
 * Inside a template expression (or a `${` just typed): the names it can use. Undefined when the
 * cursor is not in one. Native messages (nativeCompletion.ts) complete templates with it too.
 */
export function templateCompletion(doc: JsonDocument, offset: number, sample: SampleData | undefined): CompletionEntry[] | undefined {
  const template = doc.scan.templates.find((t) => offset >= t.start + 2 && offset < t.end);
  if (template) return templateNames(doc, template, offset, sample);
  const open = unclosedTemplateAt(doc, offset);
  if (open !== undefined) return templateNames(
    doc,
    { start: open, end: offset + 1, expression: doc.textSlice(open + 2, offset), inString: true },
    offset,
    sample,
  );
  return undefined;
}

export function completeAt(doc: JsonDocument, offset: number, sample?: SampleData): CompletionEntry[] {
  if (doc.tooDeep) return [];
  const inTemplate = templateCompletion(doc, offset, sample);
  if (inTemplate) return inTemplate;
  // Typing a new property on the line after a value, before adding the comma: the keys of
  // that object are offered and the missing comma comes with the completion.
  const cursor = cursorContext(doc, offset);
  const { location, replace, keyPath } = cursor;

  if (keyPath) {
    const place = fieldsAt(keyPath, doc);
    if (!place) return [];
    const present = presentNames(place.object, cursor);
    const actionType = typeOf(place.object);
    const nextIsValue = !colonFollows(doc, replace.offset + replace.length);
    return place.fields
      .filter((f) => !present.has(f.name))
      .filter((f) =>
        !(f.name === 'floatActions' && present.has('insideActions')) && !(f.name === 'insideActions' && present.has('floatActions')))
      .filter((f) => fitsType(place.spec, f.name, actionType))
      .map((f) => propertyEntry(cursor, offset, nextIsValue, f.name, nextIsValue ? valueSkeleton(f) : '', f.doc));
  }

  const path = location.path;
  const field = path[path.length - 1];
  if (typeof field === 'number' && path.length === 2 && (path[0] === 'insideActions' || path[0] === 'floatActions') && !replace.length) {
    return actionSnippets(path[0], offset);
  }
  if (typeof field !== 'string') return [];
  const place = fieldsAt(path.slice(0, -1), doc);
  const spec = place?.fields.find((f) => f.name === field);
  if (!spec?.values) return [];
  return spec.values.map((v) => ({
    label: v,
    kind: 'value' as const,
    insertText: JSON.stringify(v),
    snippet: false,
    documentation: spec.doc,
    replace,
    filterText: JSON.stringify(v),
  }));
}

function typeOf(object: Node | undefined): string | undefined {
  const v = propertyNode(object, 'type')?.children?.[1];
  return v && v.type === 'string' ? String(v.value) : undefined;
}

function valueSkeleton(f: FieldSpec): string {
  if (f.values) return `"\${1|${f.values.join(',')}|}"`;
  switch (f.kind) {
    case 'string': return '"$1"';
    case 'boolean': return '${1|true,false|}';
    case 'object': return '{$1}';
    case 'array': return '[$1]';
    default: return '$1';
  }
}

/** Whole action elements with tab stops. */
const ACTION_SNIPPETS: { type: string; body: string; doc: string }[] = [
  {
    type: 'reply',
    body: '{ "type": "reply", "display": "${1:Yes}", "payload": "${2:YES}" }',
    doc: 'The chatbot receives `payload` when the user taps `display`. Messenger: postback button; Google Business Messages: ' +
      'suggested reply; WhatsApp: reply button.',
  },
  {
    type: 'click',
    body: '{ "type": "click", "display": "${1:Open the website}", "payload": "${2:OPEN_WEBSITE}", "url": "${3:https://example.com}" }',
    doc: 'Opens `url`. Messenger: web_url button (payload dropped); Google Business Messages: openUrlAction; WhatsApp: text only, ' +
      'sent as a plain reply button.',
  },
  {
    type: 'call',
    body: '{ "type": "call", "display": "${1:Call us}", "payload": "${2:+12015550123}", "phoneNumber": "${2:+12015550123}" }',
    doc: 'Dials `phoneNumber` (RFC 3966 global number; Messenger takes + and digits only). Google Business Messages: dialAction; ' +
      'WhatsApp: text only, sent as a plain reply button.',
  },
];

function actionSnippets(list: 'insideActions' | 'floatActions', offset: number): CompletionEntry[] {
  return ACTION_SNIPPETS.filter((a) => list === 'insideActions' || a.type === 'reply').map((a, i) => ({
    label: `${a.type} action`,
    kind: 'snippet' as const,
    detail: list === 'insideActions' ? 'inside action' : 'float action',
    insertText: a.body,
    snippet: true,
    documentation: a.doc,
    replace: { offset, length: 0 },
    filterText: `{ ${a.type}`,
    sortText: String(i),
  }));
}

/** The start of a `${` just typed before the cursor on its line and not closed yet (a template-syntax problem). */
function unclosedTemplateAt(doc: JsonDocument, offset: number): number | undefined {
  for (const p of doc.scan.problems) {
    if (p.kind !== 'unterminated' || p.start > offset) continue;
    const between = doc.textSlice(p.start + 2, offset);
    if (/^[\w.()]*$/.test(between)) return p.start;
  }
  return undefined;
}

/** Inside `${...}`: `it`, `it.name()`, `it.label()` in a dynamic list body, and the sample data's names. */
function templateNames(doc: JsonDocument, t: TemplateRegion, offset: number, sample: SampleData | undefined): CompletionEntry[] {
  // Replace the dotted name being typed at the cursor (the template's own text read alone).
  const source = doc.textSlice(t.start, t.end);
  let start = offset;
  while (start > t.start + 2 && /[\w.()]/.test(source[start - 1 - t.start])) start--;
  let end = offset;
  while (end < t.end - 1 && /[\w.()]/.test(source[end - t.start])) end++;
  const replace = { offset: start, length: end - start };
  const out: CompletionEntry[] = [];
  const list = renderedList(doc);
  const inBody = !!list && t.start >= list.bodyStart && t.end <= list.bodyEnd;
  const entry = (label: string, documentation: string, detail?: string): CompletionEntry => ({
    label, kind: 'value', insertText: label, snippet: false, documentation, replace, filterText: label, detail,
  });
  if (inBody) {
    out.push(entry('it', `The current element of ${codeSpan(list.list)}.`, 'list element'));
    out.push(entry('it.name()', 'The element\'s name (its `name` field).', 'list element'));
    out.push(entry('it.label()', 'The element\'s label (its `label` field).', 'list element'));
  }
  for (const p of samplePaths(sample)) {
    out.push(entry(p.path, `Sample value: ${codeSpan(JSON.stringify(p.value), { max: 100 })}`, 'sample data'));
  }
  return out;
}
