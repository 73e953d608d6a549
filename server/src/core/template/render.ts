/**
 * Renders a message (universal, or a channel's own in native form) with sample data: comments and marker lines removed, the
 * dynamic list expanded (one body per list element, joined by `,`), templates replaced by
 * their values. What cannot be evaluated stays as written (`${...}`) and is listed.
 */
import { createScanner, type ParseError } from 'jsonc-parser';
import { listRepeats, renderedList, type DynamicList, type ListPlacement } from './dynamicList';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { asText, evaluate, parseSampleJson, type JsonValue, type Scope } from './templateEval';
import type { TemplateRegion } from '../syntax/templateScanner';

export interface Unevaluated {
  offset: number;
  length: number;
  expression: string;
  reason: string;
}

interface RenderResult {
  /** The rendered message, when it is valid JSON. */
  value: JsonValue | undefined;
  /** Strict JSON text of `value`, indented by two spaces. */
  json: string | undefined;
  /** Why the rendered text is not valid JSON, if it is not. */
  error: string | undefined;
  unevaluated: Unevaluated[];
  /** How many elements the dynamic list rendered, when there is one. */
  listLength: number | undefined;
}

export type SampleData = { [key: string]: JsonValue };

/** Comment ranges of the masked text (templates are masked, so no template hides a comment). */
function commentRanges(doc: JsonDocument): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  if (!doc.scan.masked.includes('/')) return ranges;
  const scanner = createScanner(doc.scan.masked, false);
  for (let kind = scanner.scan(); kind !== 17 /* EOF */; kind = scanner.scan()) {
    if (kind === 12 /* LineCommentTrivia */ || kind === 13 /* BlockCommentTrivia */) {
      ranges.push({ start: scanner.getTokenOffset(), end: scanner.getTokenOffset() + scanner.getTokenLength() });
    }
  }
  return ranges;
}

/** The text of one template's value as it goes into the output. */
function substitute(t: TemplateRegion, scope: Scope, unevaluated: (u: Unevaluated) => void): string {
  const r = evaluate(t.expression, scope);
  if (r.ok) return t.inString ? JSON.stringify(asText(r.value)).slice(1, -1) : JSON.stringify(r.value);
  unevaluated({ offset: t.start, length: t.end - t.start, expression: t.expression, reason: r.reason });
  const raw = `\${${t.expression}}`;
  return t.inString ? JSON.stringify(raw).slice(1, -1) : JSON.stringify(raw);
}

/**
 * `placement`: where the dynamic list body repeats (dynamicList.ts): a universal message's
 * actions, or any array of a channel-specific message in native form.
 */
export function renderMessage(doc: JsonDocument, data: SampleData | undefined, placement: ListPlacement = 'actions'): RenderResult {
  const { text } = doc;
  const comments = commentRanges(doc);
  const templates = doc.scan.templates;
  const unevaluated: Unevaluated[] = [];
  // A template in the dynamic list body is evaluated once per element: the same reason at the
  // same template is listed once.
  const told = new Set<string>();
  const note = (u: Unevaluated) => {
    const key = `${u.offset}:${u.reason}`;
    if (told.has(key)) return;
    told.add(key);
    unevaluated.push(u);
  };

  // Copies [start, end) with comments dropped and templates substituted.
  const renderRange = (start: number, end: number, scope: Scope): string => {
    let out = '';
    let i = start;
    let c = 0;
    let t = 0;
    while (c < comments.length && comments[c].end <= start) c++;
    while (t < templates.length && templates[t].end <= start) t++;
    while (i < end) {
      const nextComment = c < comments.length && comments[c].start < end ? comments[c] : undefined;
      const nextTemplate = t < templates.length && templates[t].start < end ? templates[t] : undefined;
      const next = [nextComment, nextTemplate].filter((x): x is { start: number; end: number } => !!x).sort((a, b) => a.start - b.start)[0];
      if (!next) { out += text.slice(i, end); break; }
      out += text.slice(i, Math.max(i, next.start));
      if (next === nextComment) { c++; }
      else { out += substitute(nextTemplate!, scope, note); t++; }
      i = Math.max(i, next.end);
    }
    return out;
  };

  const base: Scope = { data };
  const list: DynamicList | undefined = renderedList(doc);
  let rendered: string;
  let listLength: number | undefined;
  if (list && listRepeats(list, placement)) {
    const bound = evaluate(list.list, base);
    let items: (JsonValue | undefined)[];
    if (bound.ok && Array.isArray(bound.value)) {
      items = bound.value;
      listLength = items.length;
    } else {
      // The list cannot be evaluated: render the body once, with `it` left as written.
      items = [undefined];
      unevaluated.push({
        offset: list.each.listOffset,
        length: list.list.length,
        expression: list.list,
        reason: bound.ok ? `${list.list} is not a list in the sample data` : bound.reason,
      });
    }
    rendered = renderRange(0, list.headerEnd, base)
      + items.map((it) => renderRange(list.bodyStart, list.bodyEnd, { data, it, inBody: true })).join(',')
      + renderRange(list.footerStart, text.length, base);
  } else {
    rendered = renderRange(0, text.length, base);
  }
  const errors: ParseError[] = [];
  // Read as sample data is: every key an own property, so a message's own "__proto__" key
  // reaches the payload instead of replacing the object's prototype (jsonc-parser's parse).
  const value = parseSampleJson(rendered, errors);
  if (errors.length > 0) {
    return {
      value: undefined,
      json: undefined,
      error: `The rendered message is not valid JSON (at character ${errors[0].offset + 1} of the rendered text).`,
      unevaluated,
      listLength,
    };
  }
  return { value, json: JSON.stringify(value, null, 2), error: undefined, unevaluated, listLength };
}

/**
 * The rendered text of one string node, for each list element when the node is in the
 * dynamic list body (one entry otherwise). Entries with unevaluated templates are left out.
 * `value` is what the rendered message holds: a whole-value template's JSON value (`${n}` may
 * give a number), else the text.
 */
export function renderStringNode(
  doc: JsonDocument,
  node: Node,
  data: SampleData | undefined,
): { text: string; value: JsonValue; element: number | undefined }[] {
  const info = doc.stringInfo(node);
  const valueTemplate = doc.valueTemplate(node);
  const templates = valueTemplate ? [valueTemplate] : info.templates;
  const list = renderedList(doc);
  const inBody = !!list && node.offset >= list.bodyStart && node.offset + node.length <= list.bodyEnd;
  let scopes: { scope: Scope; element: number | undefined }[] = [{ scope: { data }, element: undefined }];
  if (inBody) {
    const bound = evaluate(list.list, { data });
    if (!bound.ok || !Array.isArray(bound.value)) return [];
    scopes = bound.value.map((it, i) => ({ scope: { data, it, inBody: true }, element: i }));
  }
  const out: { text: string; value: JsonValue; element: number | undefined }[] = [];
  for (const { scope, element } of scopes) {
    const values: JsonValue[] = [];
    let complete = true;
    for (const t of templates) {
      const r = evaluate(t.expression, scope);
      if (!r.ok) { complete = false; break; }
      values.push(r.value);
    }
    if (!complete) continue;
    if (valueTemplate) {
      out.push({ text: asText(values[0]), value: values[0], element });
      continue;
    }
    const text = info.segments.map((s, i) => s + (i < values.length ? asText(values[i]) : '')).join('');
    out.push({ text, value: text, element });
  }
  return out;
}
