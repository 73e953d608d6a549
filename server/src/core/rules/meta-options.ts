import { configMetaOf, keyFromLabel, labelFromKey, type MetaEntry, type MetaOption } from '../model/configMeta';
import { insertString, quoteFix, replaceWith } from '../findings/metaHelpers';
import { defineRule, type FixData, type RuleContext } from '../findings/rule';
import { brokenInside, describeKind, jsonString, openBrace, plainString, removalRange } from '../model/values';
import { quote } from '../util/messageQuote';
import { SmallMap } from '../util/smallMap';

/**
 * Spec, "Configuration Meta", options[] element: value (stored) and label (shown in the
 * selection menu) are required strings. Two options with one value could not be told apart
 * once stored, and an empty list leaves nothing to choose.
 */
export default defineRule({
  id: 'meta-options',
  description: 'options is a non-empty array of { value, label } objects (strings), with no value twice.',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check(ctx) {
    // The first option of each value, for one entry at a time: one map for the whole file.
    const seen = new SmallMap<MetaOption>();
    const entries = configMetaOf(ctx.doc, ctx.language)?.entries ?? [];
    for (let i = 0; i < entries.length; i++) checkEntry(ctx, entries[i], seen);
  },
});

function checkEntry(ctx: RuleContext, entry: MetaEntry, seen: SmallMap<MetaOption>) {
  const { doc } = ctx;
  const v = entry.props.get('options')?.valueNode;
  if (!v || doc.valueTemplate(v) || brokenInside(doc, v)) return;
  if (v.type !== 'array') {
    ctx.report({
      message: `options must be an array of { "value", "label" } objects, found ${describeKind(v)}.`,
      offset: v.offset,
      length: v.type === 'object' ? 1 : v.length,
    });
    return;
  }
  const elements = v.children ?? [];
  if (elements.length === 0) {
    ctx.report({
      message: 'options is empty: the selection has nothing to choose. Add at least one { "value", "label" }.',
      offset: v.offset,
      length: v.length,
    });
    return;
  }
  for (const el of elements) {
    if (el.type === 'object' || doc.valueTemplate(el)) continue;
    const fixes: FixData[] = [];
    if (el.type === 'string' && typeof el.value === 'string' && doc.stringInfo(el).templates.length === 0) {
      const label = labelFromKey(el.value) || el.value;
      fixes.push({
        kind: 'replace',
        offset: el.offset,
        length: el.length,
        text: `{ "value": ${jsonString(el.value)}, "label": ${jsonString(label)} }`,
        title: 'Make it { "value", "label" }',
      });
    }
    ctx.report({
      message: `Each option is an object { "value", "label" }, found ${describeKind(el)}.`,
      offset: el.offset,
      length: el.type === 'array' ? 1 : el.length,
      fixes,
    });
  }
  seen.clear();
  const options = entry.options;
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (!brokenInside(doc, option.node)) checkOption(ctx, option);
    const valueNode = option.props.get('value')?.valueNode;
    const value = plainString(doc, option.props.get('value'));
    if (value === undefined || !valueNode) continue;
    const firstOption = seen.remember(value, option);
    if (!firstOption) continue;
    const first = { node: firstOption.props.get('value')!.valueNode!, index: firstOption.index };
    ctx.report({
      message: `Option value ${quote(value)} is already used by option ${first.index + 1}: once stored, the two could not be told apart.`,
      offset: valueNode.offset,
      length: valueNode.length,
      related: [{
        offset: first.node.offset,
        length: first.node.length,
        message: `Option ${first.index + 1} has the value ${quote(value)}.`,
      }],
      fixes: [{ kind: 'remove', ...removalRange(v, option.node), title: 'Remove this option' }],
    });
  }
}

function checkOption(ctx: RuleContext, option: MetaOption) {
  const { doc } = ctx;
  const name = `Option ${option.index + 1}`;
  const hasValue = option.props.has('value');
  const hasLabel = option.props.has('label');
  if (!hasValue && !hasLabel) {
    ctx.report({ message: `${name} has no value and no label: each option needs both.`, ...openBrace(option.node) });
  } else if (!hasValue) {
    const label = plainString(doc, option.props.get('label'));
    const derived = label ? keyFromLabel(label) : undefined;
    ctx.report({
      message: `${name} has no value: it is what the form stores when the option is chosen.`,
      ...openBrace(option.node),
      fixes: derived ? [insertString(option.node, 'value', derived)] : undefined,
    });
  } else if (!hasLabel) {
    const value = plainString(doc, option.props.get('value'));
    const derived = value ? labelFromKey(value) || value : undefined;
    ctx.report({
      message: `${name} has no label: the selection menu shows a label for each option.`,
      ...openBrace(option.node),
      fixes: derived ? [insertString(option.node, 'label', derived)] : undefined,
    });
  }
  for (const field of ['value', 'label'] as const) {
    const v = option.props.get(field)?.valueNode;
    if (!v || doc.valueTemplate(v)) continue;
    if (v.type !== 'string') {
      ctx.report({
        message: `${field} of an option must be a string, found ${describeKind(v)}.`,
        offset: v.offset,
        length: v.length,
        fixes: quoteFix(doc, v),
      });
    } else if (field === 'label' && plainString(doc, option.props.get('label'))?.trim() === '') {
      const value = plainString(doc, option.props.get('value'));
      ctx.report({
        message: `${name}'s label is empty: the selection menu would show a blank line.`,
        offset: v.offset,
        length: v.length,
        fixes: value ? [replaceWith(v, labelFromKey(value) || value)] : undefined,
      });
    }
  }
}
