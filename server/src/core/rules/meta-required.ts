import { configMetaOf, entryName, keyFromLabel, labelFromKey, type MetaEntry } from '../model/configMeta';
import { insertString, quoteFix, replaceWith } from '../findings/metaHelpers';
import { missingFields, place } from '../model/places';
import { defineRule, type RuleContext } from '../findings/rule';
import { brokenInside, describeKind, openBrace, plainString } from '../model/values';

/**
 * Spec, "Configuration Meta": key (passed to code generation) and label (displayed on the
 * chatbot's Integrations page) are required strings in every entry. That they are required is
 * the table of places' (places.ts); the words, and the value each fix derives, are here.
 */
export default defineRule({
  id: 'meta-required',
  description: 'Each Configuration Meta entry has a key and a label, both non-empty strings.',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check(ctx) {
    const meta = configMetaOf(ctx.doc, ctx.language);
    const entries = meta?.entries ?? [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      if (brokenInside(ctx.doc, entry.node)) continue;
      checkEntry(ctx, entry);
    }
  },
});

function checkEntry(ctx: RuleContext, entry: MetaEntry) {
  const { doc } = ctx;
  const key = plainString(doc, entry.props.get('key'));
  const label = plainString(doc, entry.props.get('label'));
  const missing = missingFields(place('entry'), entry.props, 'meta-required');
  if (missing.length === 2) {
    ctx.report({ message: `${entryName(doc, entry)} has no key and no label: every entry needs both.`, ...openBrace(entry.node) });
  } else if (missing[0] === 'key') {
    const derived = label ? keyFromLabel(label) : undefined;
    ctx.report({
      message: `${entryName(doc, entry)} has no key: code generation passes the value to the provider under its key.`,
      ...openBrace(entry.node),
      fixes: derived ? [insertString(entry.node, 'key', derived)] : undefined,
    });
  } else if (missing[0] === 'label') {
    const derived = key ? labelFromKey(key) : undefined;
    ctx.report({
      message: `${entryName(doc, entry)} has no label: the Integrations page shows a label for every input.`,
      ...openBrace(entry.node),
      fixes: derived ? [insertString(entry.node, 'label', derived)] : undefined,
    });
  }
  checkString(ctx, entry, 'key', key, label, 'code generation needs a name for this setting');
  checkString(ctx, entry, 'label', label, key, 'the Integrations page would show no text for this input');
}

/**
 * A present key or label is a string and not blank. `text` is its text when it is a string
 * without templates (plainString), `other` the same of the label for a key and of the key for
 * a label: the replacement is derived from it, only for a finding.
 */
function checkString(
  ctx: RuleContext,
  entry: MetaEntry,
  name: 'key' | 'label',
  text: string | undefined,
  other: string | undefined,
  why: string,
) {
  const v = entry.props.get(name)?.valueNode;
  if (!v || ctx.doc.valueTemplate(v)) return;
  if (v.type !== 'string') {
    ctx.report({
      message: `${name} must be a string, found ${describeKind(v)}.`,
      offset: v.offset,
      length: v.length,
      fixes: quoteFix(ctx.doc, v),
    });
    return;
  }
  // A templated string gets no verdict.
  if (text === undefined || text.trim().length > 0) return;
  const derived = !other ? undefined : name === 'key' ? keyFromLabel(other) : labelFromKey(other);
  ctx.report({
    message: `${name} is ${text.length === 0 ? 'empty' : 'blank'}: ${why}.`,
    offset: v.offset,
    length: v.length,
    fixes: derived ? [replaceWith(v, derived)] : undefined,
  });
}
