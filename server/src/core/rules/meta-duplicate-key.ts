import { configMetaOf, type MetaEntry } from '../model/configMeta';
import { defineRule } from '../findings/rule';
import { plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "Configuration Meta": key is passed to code generation, so each key names one
 * setting: two entries with one key would collide in the generated code and on the form.
 */
export default defineRule({
  id: 'meta-duplicate-key',
  description: 'No two Configuration Meta entries have the same key.',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    // The first entry of each key (its key's node is found again only for a repeat).
    const seen = new Map<string, MetaEntry>();
    const entries = configMetaOf(doc, language)?.entries ?? [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const prop = entry.props.get('key');
      const key = plainString(doc, prop);
      const node = prop?.valueNode;
      if (key === undefined || key.length === 0 || !node) continue;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, entry);
        continue;
      }
      const firstNode = first.props.get('key')!.valueNode!;
      report({
        message: `Key ${quote(key)} is already used by entry ${first.index + 1}: code generation needs each key once.`,
        offset: node.offset,
        length: node.length,
        related: [{ offset: firstNode.offset, length: firstNode.length, message: `Entry ${first.index + 1} has the key ${quote(key)}.` }],
      });
    }
  },
});
