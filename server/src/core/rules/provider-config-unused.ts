import { defineRule } from '../findings/rule';
import { configMetaOf } from '../model/configMeta';
import { providerOf } from '../model/provider';
import { providerClass } from '../model/providerProject';
import { plainString, removalRange } from '../model/values';
import { quote, shorten } from '../util/messageQuote';

/**
 * Spec, "Configuration Meta": each entry is one input on the chatbot's Integrations form. An
 * entry whose key the provider class never reads is a field the builder fills in for nothing.
 * A key that differs from a read one only by case is reported by provider-config-undeclared.
 */
export default defineRule({
  id: 'provider-config-unused',
  description: 'Every configurationMeta key is read by the provider class.',
  defaultSeverity: 'warning',
  languages: ['native-provider'],
  check({ doc, language, providerProject: facts, report }) {
    const provider = providerOf(doc);
    const cls = providerClass(facts, plainString(doc, provider?.props.get('providerClassName')));
    const meta = configMetaOf(doc, language);
    if (!cls || !meta) return;
    const read = new Set(cls.keyReads.map((r) => r.key));
    const readLower = new Set(cls.keyReads.map((r) => r.key.toLowerCase()));
    for (const entry of meta.entries) {
      const prop = entry.props.get('key');
      const key = plainString(doc, prop);
      if (key === undefined || !prop?.valueNode || read.has(key) || readLower.has(key.toLowerCase())) continue;
      const removal = removalRange(meta.array, entry.node);
      report({
        message: `${shorten(cls.name)} never reads the configuration key ${quote(key)}: ` +
          'the Integrations form asks for a value no code uses.',
        offset: prop.valueNode.offset,
        length: prop.valueNode.length,
        tags: ['unnecessary'],
        fixes: [{ kind: 'remove', ...removal, title: `Remove the entry ${quote(key)}` }],
      });
    }
  },
});
