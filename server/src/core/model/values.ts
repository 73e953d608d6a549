/** Small helpers shared by the rules: reading values the template-aware way. */
import { type JsonDocument, type Node } from '../syntax/jsonDocument';
import { plainText } from '../syntax/nodes';
import { type StringInfo } from '../syntax/strings';
import { renderStringNode, type SampleData } from '../template/render';
import type { JsonValue } from '../template/templateEval';
import { codePointLength } from '../util/codePoints';
import { quoteJson, quoteJsonValue } from '../util/messageQuote';
import type { ActionModel, ObjectModel, Prop, RichCard } from './richCard';

/** A value as the rules see it: a whole template (no verdict), a string with its static parts, or another JSON value. */
type ValueView =
  | { kind: 'template' }
  | { kind: 'string'; info: StringInfo; node: Node }
  | { kind: 'other'; node: Node };

export function viewValue(doc: JsonDocument, node: Node): ValueView {
  if (doc.valueTemplate(node)) return { kind: 'template' };
  if (node.type === 'string') {
    const info = doc.stringInfo(node);
    return { kind: 'string', info, node };
  }
  return { kind: 'other', node };
}

/** One value a templated node renders to with the sample data, as a rule judges it. */
interface RenderedValue {
  /** The rendered text: a string as it is, another JSON value as its JSON text (what a channel reads). */
  text: string;
  /** The JSON value in the rendered message: a whole-value template's value (`${n}` may give 42), else the text. */
  value: JsonValue;
  /** The text as a string without templates, for the checks that read a StringInfo (URLs, phone numbers). */
  info: StringInfo;
  /** Which element of the dynamic list it was rendered for (0-based), when the node is in the list's body. */
  element: number | undefined;
  /** Where a finding about it goes: the node's one template, or the whole value when it has several. */
  offset: number;
  length: number;
  /**
   * The finding's message for a problem worded as for a written value (`fileUrl must use http or
   * https, found ftp:.`): `fileUrl renders to "ftp://x" with the sample data: must use http or
   * https, found ftp:.`, with ` (list element N)` after "data" in a dynamic list body.
   */
  message(problem: string): string;
}

/**
 * The values a templated node renders to with the sample data: one per list element when the
 * node is in the dynamic list body, one otherwise, without those whose templates could not be
 * evaluated (an empty list then). Undefined without sample data or when the node has no
 * template: the rule judges what is written. With `shown: 'json'` the message shows the JSON
 * value (`renders to 42`) for a rule that judges the value's JSON type; by default it shows
 * the text quoted (`renders to "42"`) for a rule that judges the text.
 */
export function renderedValues(
  doc: JsonDocument,
  node: Node,
  field: string,
  sample: SampleData | undefined,
  shown: 'text' | 'json' = 'text',
): RenderedValue[] | undefined {
  if (!sample) return undefined;
  const valueTemplate = doc.valueTemplate(node);
  const templates = valueTemplate ? [valueTemplate] : node.type === 'string' ? doc.stringInfo(node).templates : [];
  if (templates.length === 0) return undefined;
  const where = templates.length === 1
    ? { offset: templates[0].start, length: templates[0].end - templates[0].start }
    : { offset: node.offset, length: node.length };
  const lead = `${field} `;
  return renderStringNode(doc, node, sample).map((r) => {
    const prefix = `${field} renders to ${shown === 'json' ? quoteJsonValue(r.value) : quoteJson(r.text)} with the sample ` +
      `data${r.element !== undefined ? ` (list element ${r.element + 1})` : ''}: `;
    return {
      text: r.text,
      value: r.value,
      element: r.element,
      info: { staticText: r.text, staticLength: codePointLength(r.text), templates: [], wholly: false, prefix: r.text, segments: [r.text] },
      ...where,
      message: (problem: string) => prefix + (problem.startsWith(lead) ? problem.slice(lead.length) : problem),
    };
  });
}

/** The static string of a property value with no templates in it, else undefined. */
export function plainString(doc: JsonDocument, prop: Prop | undefined): string | undefined {
  const v = prop?.valueNode;
  return v ? plainText(doc, v) : undefined;
}

/** No actions: one shared empty list. */
const NO_ACTIONS: readonly ActionModel[] = [];

/**
 * Every action of the card, inside actions first. A card with one list of actions gives that
 * list itself (most cards): no copy per check.
 */
export function allActions(card: RichCard | undefined): readonly ActionModel[] {
  const inside = card?.insideActions?.actions ?? NO_ACTIONS;
  const float = card?.floatActions?.actions ?? NO_ACTIONS;
  if (float.length === 0) return inside;
  return inside.length === 0 ? float : inside.concat(float);
}

/** The static type of an action ('click', 'reply', ...) when it is written without templates. */
export function actionType(doc: JsonDocument, action: ObjectModel & { staticType?: string }): string | undefined {
  if ('staticType' in action) return action.staticType;
  return plainString(doc, action.props.get('type'));
}

/** A range on the opening brace of an object: where "missing property" findings go. */
export function openBrace(node: Node): { offset: number; length: number } {
  return { offset: node.offset, length: 1 };
}

/** "a string", "an object", ... for messages. */
export function describeKind(node: Node): string {
  switch (node.type) {
    case 'object': return 'an object';
    case 'array': return 'an array';
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return `${node.value}`;
    case 'null': return 'null';
    default: return 'a value';
  }
}

/** JSON text for a string value. */
export function jsonString(s: string): string {
  return JSON.stringify(s);
}

/** The indentation used for properties inside `obj`, read from its first property, for inserted text. */
export function propertyIndent(text: string, obj: Node): string {
  const first = obj.children?.[0];
  if (!first) return '  ';
  // Back to the line start, but not past the brace: a property on the brace's line has no
  // indentation of its own (lastIndexOf ran to the start of a one-line file, once per fix).
  let lineStart = first.offset;
  while (lineStart > obj.offset + 1 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  if (lineStart === obj.offset + 1) return '  ';
  const indent = text.slice(lineStart, first.offset);
  return /^[ \t]*$/.test(indent) ? indent : '  ';
}

/**
 * The range to delete so that removing property (or element) `item` of `container` leaves
 * valid JSON: up to the next sibling, or from the end of the previous one when it is last.
 * fixToEdits (fixes.ts) keeps the comments of that separator, which belong to the neighbours,
 * and offers no removal on broken text that would delete a syntax problem with it.
 */
export function removalRange(container: Node, item: Node): { offset: number; length: number } {
  const siblings = container.children ?? [];
  const i = indexByOffset(siblings, item);
  const next = siblings[i + 1];
  if (next) return { offset: item.offset, length: next.offset - item.offset };
  const prev = siblings[i - 1];
  if (prev) {
    const start = prev.offset + prev.length;
    return { offset: start, length: item.offset + item.length - start };
  }
  return { offset: item.offset, length: item.length };
}

/**
 * The index of `item` among `siblings`, which are in source order: a binary search by offset
 * (indexOf made one fix per property quadratic on objects with thousands of properties).
 */
function indexByOffset(siblings: readonly Node[], item: Node): number {
  let lo = 0;
  let hi = siblings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (siblings[mid].offset < item.offset) lo = mid + 1; else hi = mid;
  }
  return siblings[lo] === item ? lo : siblings.indexOf(item);
}

/**
 * True when a syntax error lies inside `node`: the object is still being typed, so its
 * missing properties are not reported yet (the syntax error says what is wrong).
 */
export function brokenInside(doc: JsonDocument, node: Node): boolean {
  const end = node.offset + node.length;
  return doc.syntax.some((s) => s.offset >= node.offset && s.offset <= end);
}
