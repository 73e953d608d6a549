/**
 * Completion in Configuration Meta and native provider files: the property names valid at
 * the cursor, the enum values (type, deployMode, providerType, a Boolean's or a selection's
 * default_value) and whole entry skeletons (String, Text, Boolean, options with one option).
 * Works on incomplete text: the location comes from jsonc-parser's scanner.
 */
import type { JSONPath } from 'jsonc-parser';
import { colonFollows, cursorContext } from './completionContext';
import type { FieldSpec } from '../model/cardSchema';
import type { CompletionEntry } from './completion';
import { type JsonDocument, type Node } from '../syntax/jsonDocument';
import { nodeAtPath, propertyNode } from '../syntax/nodes';
import type { LanguageId } from '../syntax/languages';
import { BOOLEAN_DEFAULTS, RENDERING, VALUE_DOCS, metaTypeFor } from '../model/metaSchema';
import { placeAt } from '../model/places';

type Range = { offset: number; length: number };

/** Whole entries, with tab stops; each inserted as it is is a valid entry. */
const ENTRY_SKELETONS: { label: string; detail: string; body: string; doc: string }[] = [
  {
    label: 'String entry',
    detail: 'single-line text input',
    body: '{ "key": "${1:apiKey}", "label": "${2:API key}", "type": "String", "placeholder": "${3:Paste the key from your dashboard}" }',
    doc: `A \`String\` entry: the Integrations form shows ${RENDERING.String}.`,
  },
  {
    label: 'Text entry',
    detail: 'text area',
    body: '{ "key": "${1:welcomeText}", "label": "${2:Welcome text}", "type": "Text" }',
    doc: `A \`Text\` entry: the Integrations form shows ${RENDERING.Text}.`,
  },
  {
    label: 'Boolean entry',
    detail: 'boolean component',
    body: '{ "key": "${1:sandbox}", "label": "${2:Sandbox mode}", "type": "Boolean", "default_value": "${3|false,true|}" }',
    doc: `A \`Boolean\` entry: the Integrations form shows ${RENDERING.Boolean}. ` +
      'Its default_value is the string `"true"` or `"false"`.',
  },
  {
    label: 'options entry',
    detail: 'selection',
    body: '{ "key": "${1:currency}", "label": "${2:Currency}", "options": [ { "value": "${3:EUR}", "label": "${4:Euro}" } ] }',
    doc: `An entry with \`options\`: the Integrations form shows ${RENDERING.options}. Each option has a \`value\` (stored) ` +
      `and a \`label\` (shown); no \`type\` is needed.`,
  },
];

const OPTION_SKELETON = '{ "value": "${1:value}", "label": "${2:Label}" }';

/** A whole descriptor, for an empty provider file. */
const PROVIDER_SKELETON = [
  '{',
  '\t"label": "${1:Stripe payments}",',
  '\t"providerType": "Native Provider",',
  '\t"deployMode": "${2|hosted,private|}",',
  '\t"implements": ["${3:payments.IPayment}"],',
  '\t"providerClassName": "${4:com.example.payments.StripePaymentProvider}",',
  '\t"configurationMeta": [',
  '\t\t{ "key": "${5:apiKey}", "label": "${6:API key}", "type": "String" }',
  '\t],',
  '\t"implementation": "${7:com.example.providers:stripe:1.0.0}"',
  '}',
].join('\n');

export function completeMeta(doc: JsonDocument, offset: number, language: LanguageId): CompletionEntry[] {
  if (doc.tooDeep) return [];
  // A new property typed on the line after a value, before its comma: offer the keys and add the comma.
  const { location, prev, replace, keyPath, commaAfter } = cursorContext(doc, offset);
  if (keyPath) return propertyNames(
    doc,
    keyPath,
    language,
    commaAfter !== undefined ? { offset, length: 0 } : replace,
    prev,
    commaAfter,
  );

  const path = location.path;
  const last = path[path.length - 1];
  if (typeof last === 'number' && replace.length === 0) return elements(doc, path, language, offset);
  if (path.length === 0 && !doc.root) return emptyFile(language, offset);
  if (typeof last !== 'string') return [];
  return values(doc, path, language, replace);
}

function propertyNames(
  doc: JsonDocument,
  objectPath: JSONPath,
  language: LanguageId,
  replace: Range,
  prev: Node | undefined,
  commaAfter: number | undefined,
): CompletionEntry[] {
  const place = placeAt(objectPath, language);
  if (!place?.fields) return [];
  const object = nodeAtPath(doc.root, objectPath);
  const present = new Set<string>();
  for (const p of object?.type === 'object' ? object.children ?? [] : []) {
    const k = p.children?.[0];
    if (k && !(prev && k.offset === prev.offset && commaAfter === undefined)) present.add(String(k.value));
  }
  const nextIsValue = !colonFollows(doc, replace.offset + replace.length);
  return place.fields
    .filter((f) => !present.has(f.name))
    // With options the form shows a selection: a type would be ignored.
    .filter((f) => !(place.kind === 'entry' && f.name === 'type' && present.has('options')))
    .map((f, i) => ({
      label: f.name,
      kind: 'property' as const,
      insertText: nextIsValue ? `"${f.name}": ${valueSkeleton(f, place.kind)}` : `"${f.name}"`,
      snippet: nextIsValue,
      documentation: f.doc,
      sortText: String(i).padStart(2, '0'),
      replace,
      filterText: `"${f.name}"`,
      additionalEdits: commaAfter !== undefined ? [{ offset: commaAfter, length: 0, newText: ',' }] : undefined,
    }));
}

function valueSkeleton(f: FieldSpec, kind: string): string {
  if (f.values) return f.values.length === 1 ? JSON.stringify(f.values[0]) : `"\${1|${f.values.join(',')}|}"`;
  if (kind === 'entry' && f.name === 'options') return `[ ${OPTION_SKELETON} ]`;
  if (f.name === 'implements') return '["$1"]';
  if (f.name === 'configurationMeta') return '[\n\t$1\n]';
  return f.kind === 'array' ? '[$1]' : '"$1"';
}

/** At an element position of the entries or of an options list: whole skeletons, with the commas they need. */
function elements(doc: JsonDocument, path: JSONPath, language: LanguageId, offset: number): CompletionEntry[] {
  const arrayPath = path.slice(0, -1);
  const place = placeAt(arrayPath, language);
  if (place?.kind !== 'meta-array' && place?.kind !== 'options') return [];
  const array = nodeAtPath(doc.root, arrayPath);
  const { before, after } = commas(array, offset, doc);
  const list = place.kind === 'meta-array'
    ? ENTRY_SKELETONS.map((s) => ({ ...s, filter: `{ ${s.label}` }))
    : [{
      label: 'option',
      detail: 'value and label',
      body: OPTION_SKELETON,
      doc: 'One choice of the selection: `value` is stored, `label` is shown in the menu.',
      filter: '{ option',
    }];
  return list.map((s, i) => ({
    label: s.label,
    kind: 'snippet' as const,
    detail: s.detail,
    insertText: s.body + after,
    snippet: true,
    documentation: s.doc,
    replace: { offset, length: 0 },
    filterText: s.filter,
    sortText: String(i),
    additionalEdits: before,
  }));
}

/** The comma a new element needs after the previous element and before the next one. */
function commas(
  array: Node | undefined,
  offset: number,
  doc: JsonDocument,
): { before?: { offset: number; length: number; newText: string }[]; after: string } {
  const children = array?.type === 'array' ? array.children ?? [] : [];
  const prev = [...children].reverse().find((c) => c.offset + c.length <= offset);
  const next = children.find((c) => c.offset >= offset);
  // Read between the two places only: the masked text is not read whole (JsonDocument.maskedSlice).
  const noComma = (from: number, to: number) => !commaOutsideComments(doc.maskedSlice(from, to), 0, to - from);
  return {
    before: prev && noComma(prev.offset + prev.length, offset)
      ? [{ offset: prev.offset + prev.length, length: 0, newText: ',' }]
      : undefined,
    after: next && noComma(offset, next.offset) ? ',' : '',
  };
}

/**
 * True when a ',' stands in [from, to) outside line and block comments. One pass: the
 * regular expression it replaces searched for the end of every unclosed block comment again
 * (an opening repeated thousands of times was quadratic). As before, a block comment that is
 * not closed in the range is not a comment.
 */
export function commaOutsideComments(text: string, from: number, to: number): boolean {
  let closes = true; // false once no `*/` is left in the range: later `/*` are not searched again
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 44 /* , */) return true;
    if (c === 47 /* / */ && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d === 47) {
        while (i < to && text.charCodeAt(i) !== 10) i++;
        continue;
      }
      if (d === 42 && closes) {
        const close = text.indexOf('*/', i + 2);
        if (close >= 0 && close + 2 <= to) { i = close + 2; continue; }
        closes = false;
      }
    }
    i++;
  }
  return false;
}

function emptyFile(language: LanguageId, offset: number): CompletionEntry[] {
  if (language === 'native-provider') {
    return [{
      label: 'native provider',
      kind: 'snippet',
      detail: 'whole descriptor',
      insertText: PROVIDER_SKELETON,
      snippet: true,
      documentation: 'A native provider descriptor with every field and one Configuration Meta entry.',
      replace: { offset, length: 0 },
      filterText: '{ native provider',
    }];
  }
  return ENTRY_SKELETONS.map((s, i) => ({
    label: `[ ${s.label} ]`,
    kind: 'snippet' as const,
    detail: `Configuration Meta with one ${s.detail}`,
    insertText: `[\n\t${s.body}\n]`,
    snippet: true,
    documentation: s.doc,
    replace: { offset, length: 0 },
    filterText: `[ ${s.label}`,
    sortText: String(i),
  }));
}

function values(doc: JsonDocument, path: JSONPath, language: LanguageId, replace: Range): CompletionEntry[] {
  const field = String(path[path.length - 1]);
  const objectPath = path.slice(0, -1);
  const place = placeAt(objectPath, language);
  const spec = place?.fields?.find((f) => f.name === field);
  if (!place || !spec) return [];
  let candidates: readonly string[] | undefined = spec.values;
  if (place.kind === 'entry' && field === 'default_value') {
    const entry = nodeAtPath(doc.root, objectPath);
    candidates = defaultValueCandidates(doc, entry);
  }
  if (!candidates) return [];
  return candidates.map((v, i) => ({
    label: v,
    kind: 'value' as const,
    insertText: JSON.stringify(v),
    snippet: false,
    // Own keys only: an option value such as "constructor" is not Object.prototype's.
    documentation: Object.hasOwn(VALUE_DOCS, v) ? VALUE_DOCS[v] : spec.doc,
    sortText: String(i),
    replace,
    filterText: JSON.stringify(v),
  }));
}

/** A Boolean's "true"/"false", or a selection's option values. */
function defaultValueCandidates(doc: JsonDocument, entry: Node | undefined): readonly string[] | undefined {
  const options = propertyNode(entry, 'options')?.children?.[1];
  if (options?.type === 'array') {
    const out = new Set<string>(); // in order, each value once, linear with thousands of options
    for (const o of options.children ?? []) {
      const v = propertyNode(o, 'value')?.children?.[1];
      if (v?.type === 'string' && !doc.valueTemplate(v)) out.add(String(v.value));
    }
    return [...out];
  }
  const type = propertyNode(entry, 'type')?.children?.[1];
  return type?.type === 'string' && metaTypeFor(String(type.value)) === 'Boolean' ? BOOLEAN_DEFAULTS : undefined;
}
