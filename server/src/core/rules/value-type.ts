import type { FieldSpec } from '../model/cardSchema';
import { reportNative } from '../findings/native';
import { forEachPlace } from '../model/places';
import type { ObjectModel } from '../model/richCard';
import { defineRule, type RuleContext } from '../findings/rule';
import { brokenInside, describeKind, renderedValues } from '../model/values';
import type { Node } from '../syntax/jsonDocument';
import type { JsonValue } from '../template/templateEval';

const ARTICLE: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  boolean: 'a boolean (true or false)',
  number: 'a number',
  null: 'null',
};

/**
 * Each field holds the JSON type the specification gives it. A value that is wholly a
 * template is dynamic and gets no verdict, except with sample data, which gives its JSON
 * value: that is judged (renderedType). In Configuration Meta and
 * provider files, the fields that no rule of their own owns (`typeRule` in the table), such
 * as placeholder.
 */
export default defineRule({
  id: 'value-type',
  description: 'The message is an object and each field has the type the specification gives it.',
  defaultSeverity: 'error',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check(ctx) {
    if (reportNative(ctx, 'value-type')) return; // a channel-specific message in native form
    const { doc, card } = ctx;
    const root = doc.root;
    if (!root) return;
    forEachPlace(doc, ctx.language, card, (place, object) => { if (place.fields) checkFields(ctx, object, place.fields); });
    if (ctx.language !== 'universal-message') return;
    if (!card) {
      if (!doc.valueTemplate(root)) {
        // A list on the root is marked by its opening bracket; a scalar by the whole value.
        const length = root.type === 'array' ? 1 : root.length;
        ctx.report({ message: `A universal message is a JSON object, found ${describeKind(root)}.`, offset: root.offset, length });
      }
      return;
    }
    for (const list of [card.insideActions, card.floatActions]) {
      if (!list) continue;
      const elements = list.elements;
      for (let i = 0; i < elements.length; i++) {
        const el = elements[i];
        if (el.type !== 'object' && !doc.valueTemplate(el) && !brokenInside(doc, el)) {
          ctx.report({
            message: `Each ${list.name} element is an action object, found ${describeKind(el)}.`,
            offset: el.offset,
            length: el.length,
          });
        }
      }
    }
  },
});

function checkFields(ctx: RuleContext, obj: ObjectModel, fields: readonly FieldSpec[]) {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.typeRule) continue;
    const p = obj.props.get(f.name);
    const v = p?.valueNode;
    if (!v) continue;
    const template = !!ctx.doc.valueTemplate(v);
    if (!template && v.type === f.kind) continue;
    // A value with a syntax error inside is what the parser recovered, not what was written.
    if (brokenInside(ctx.doc, v)) continue;
    if (template) {
      renderedType(ctx, f, v);
      continue;
    }
    const fixes = [];
    if (f.kind === 'boolean' && v.type === 'string' && (v.value === 'true' || v.value === 'false')) {
      fixes.push({
        kind: 'replace' as const,
        offset: v.offset,
        length: v.length,
        text: String(v.value),
        title: `Write ${v.value} without quotes`,
        preferred: true,
      });
    } else if (f.kind === 'string' && (v.type === 'number' || v.type === 'boolean')) {
      fixes.push({
        kind: 'replace' as const,
        offset: v.offset,
        length: v.length,
        text: JSON.stringify(ctx.doc.text.slice(v.offset, v.offset + v.length)),
        title: 'Quote this value',
        preferred: true,
      });
    }
    ctx.report({ message: `${f.name} must be ${ARTICLE[f.kind]}, found ${describeKind(v)}.`, offset: v.offset, length: v.length, fixes });
  }
}

/**
 * With sample data, a value that is wholly a template is judged on the JSON value it renders
 * to, for each list element in a dynamic list body, on its template (no fix: the fix is in
 * the data or the template).
 */
function renderedType(ctx: RuleContext, f: FieldSpec, node: Node) {
  if (ctx.language !== 'universal-message') return;
  for (const r of renderedValues(ctx.doc, node, f.name, ctx.sample, 'json') ?? []) {
    if (kindOf(r.value) === f.kind) continue;
    ctx.report({
      message: r.message(`${f.name} must be ${ARTICLE[f.kind]}, found ${foundValue(r.value)}.`),
      offset: r.offset,
      length: r.length,
    });
  }
}

/** A rendered or sample value's JSON type as a finding names it: `an object`, `a string`, `true`. */
export function foundValue(value: JsonValue): string {
  return typeof value === 'boolean' ? String(value) : ARTICLE[kindOf(value)];
}

function kindOf(value: JsonValue): FieldSpec['kind'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'string' | 'number' | 'boolean' | 'object';
}
