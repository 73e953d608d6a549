import { configMetaOf, entryName } from '../model/configMeta';
import { META_TYPES } from '../model/metaSchema';
import { defineRule } from '../findings/rule';
import { brokenInside, openBrace, removalRange } from '../model/values';

/**
 * Spec, "Configuration Meta": type is required when there is no options[], options[] when
 * there is no type; with options the form shows a selection, so a type beside them is unused.
 */
export default defineRule({
  id: 'meta-type-or-options',
  description: 'Each Configuration Meta entry has a type or options; a type beside options is ignored (information).',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    const entries = configMetaOf(doc, language)?.entries ?? [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const type = entry.props.get('type');
      const options = entry.props.get('options');
      if (!type && !options) {
        if (brokenInside(doc, entry.node)) continue;
        report({
          message: `${entryName(doc, entry)} has neither type nor options: give a type (String, Text or Boolean), ` +
            `or options for a selection.`,
          ...openBrace(entry.node),
          fixes: META_TYPES.map((t) => ({
            kind: 'insert-property' as const,
            objectOffset: entry.node.offset,
            name: 'type',
            snippet: `"type": "${t}"`,
            title: `Add "type": "${t}"`,
          })),
        });
      } else if (type && options) {
        report({
          message: 'type is ignored: with options the Integrations form shows a selection.',
          offset: type.key.offset,
          length: type.key.length,
          severity: 'information',
          tags: ['unnecessary'],
          fixes: [{ kind: 'remove', ...removalRange(entry.node, type.property), title: 'Remove "type"', preferred: true }],
        });
      }
    }
  },
});
