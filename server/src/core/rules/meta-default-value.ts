import { configMetaOf, entryType, type MetaEntry } from '../model/configMeta';
import { quoteFix, replaceWith } from '../findings/metaHelpers';
import { BOOLEAN_DEFAULTS, metaTypeFor } from '../model/metaSchema';
import { defineRule, type RuleContext } from '../findings/rule';
import { suggest } from '../util/didYouMean';
import { describeKind, plainString, removalRange } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "Configuration Meta": default_value is a string; for Boolean it is given as a string
 * ("true" or "false"). With options the form shows a selection, so the default is one of
 * the option values.
 */
export default defineRule({
  id: 'meta-default-value',
  description: 'default_value is a string: "true" or "false" for a Boolean entry, one of the option values with options.',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check(ctx) {
    const entries = configMetaOf(ctx.doc, ctx.language)?.entries ?? [];
    for (let i = 0; i < entries.length; i++) checkEntry(ctx, entries[i]);
  },
});

function checkEntry(ctx: RuleContext, entry: MetaEntry) {
  const { doc } = ctx;
  const prop = entry.props.get('default_value');
  const v = prop?.valueNode;
  if (!prop || !v || doc.valueTemplate(v)) return;
  const type = entryType(doc, entry);
  const isBoolean = !entry.props.has('options') && type !== undefined && metaTypeFor(type) === 'Boolean';
  if (v.type !== 'string') {
    if (v.type === 'boolean') {
      const text = String(v.value);
      ctx.report({
        message: isBoolean
          ? `default_value of a Boolean entry is given as a string: write "${text}", found ${text}.`
          : `default_value is a string: write "${text}", found ${text}.`,
        offset: v.offset,
        length: v.length,
        fixes: [replaceWith(v, text, true)],
      });
    } else {
      ctx.report({
        message: `default_value must be a string, found ${describeKind(v)}.`,
        offset: v.offset,
        length: v.length,
        fixes: quoteFix(doc, v) ?? [{ kind: 'remove', ...removalRange(entry.node, prop.property), title: 'Remove "default_value"' }],
      });
    }
    return;
  }
  const value = plainString(doc, prop);
  if (value === undefined) return;

  if (entry.optionsArray) {
    // The distinct option values in order; the set keeps thousands of options linear.
    const values: string[] = [];
    const seen = new Set<string>();
    let labelled: string | undefined;
    for (const o of entry.options) {
      const ov = o.props.get('value');
      if (!ov) continue;
      const s = plainString(doc, ov);
      if (s === undefined) return; // a templated or malformed option value: no verdict
      if (!seen.has(s)) { seen.add(s); values.push(s); }
      if (labelled === undefined && plainString(doc, o.props.get('label')) === value) labelled = s;
    }
    if (values.length === 0 || seen.has(value)) return;
    if (labelled !== undefined) {
      ctx.report({
        message: `default_value ${quote(value)} is the label of an option: the default is its value, ${quote(labelled)}.`,
        offset: v.offset,
        length: v.length,
        fixes: [replaceWith(v, labelled, true)],
      });
      return;
    }
    const s = suggest(value, values);
    ctx.report({
      message: `default_value ${quote(value)} is not one of the option values: ` +
        `${values.slice(0, 6).map((x) => quote(x)).join(', ')}${values.length > 6 ? ', …' : ''}.${s ? ` Did you mean ${quote(s)}?` : ''}`,
      offset: v.offset,
      length: v.length,
      fixes: s ? [replaceWith(v, s)] : values.slice(0, 6).map((x) => replaceWith(v, x)),
    });
    return;
  }

  if (isBoolean && !(BOOLEAN_DEFAULTS as readonly string[]).includes(value)) {
    const fixed = BOOLEAN_DEFAULTS.find((b) => b === value.trim().toLowerCase());
    ctx.report({
      message: fixed
        ? `default_value of a Boolean entry is written in lower case: "${fixed}", found ${quote(value)}.`
        : `default_value of a Boolean entry is "true" or "false", found ${quote(value)}.`,
      offset: v.offset,
      length: v.length,
      fixes: fixed ? [replaceWith(v, fixed, true)] : BOOLEAN_DEFAULTS.map((b) => replaceWith(v, b)),
    });
  }
}
