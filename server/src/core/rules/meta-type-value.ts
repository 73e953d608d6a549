import { configMetaOf } from '../model/configMeta';
import { replaceWith } from '../findings/metaHelpers';
import { META_TYPES, metaTypeFor } from '../model/metaSchema';
import { defineRule } from '../findings/rule';
import { describeKind, plainString } from '../model/values';
import { quote } from '../util/messageQuote';

const ALLOWED = '"String", "Text" or "Boolean"';

/**
 * Spec, "Configuration Meta": type is case-sensitive, one of String, Text, Boolean. A type
 * beside options is ignored (meta-type-or-options says so), so its value is not judged.
 */
export default defineRule({
  id: 'meta-type-value',
  description: 'A Configuration Meta entry\'s type is "String", "Text" or "Boolean" (case-sensitive).',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    const entries = configMetaOf(doc, language)?.entries ?? [];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const prop = entry.props.get('type');
      const v = prop?.valueNode;
      if (!v || entry.props.has('options') || doc.valueTemplate(v)) continue;
      if (v.type !== 'string') {
        report({
          message: `type must be ${ALLOWED}, found ${describeKind(v)}.`,
          offset: v.offset,
          length: v.length,
          fixes: META_TYPES.map((t) => replaceWith(v, t)),
        });
        continue;
      }
      const value = plainString(doc, prop);
      if (value === undefined || (META_TYPES as readonly string[]).includes(value)) continue;
      const meant = metaTypeFor(value);
      const sameWord = meant !== undefined && meant.toLowerCase() === value.trim().toLowerCase();
      report({
        message: sameWord
          ? `type is case-sensitive: write "${meant}", found ${quote(value)}.`
          : meant
            ? `type must be ${ALLOWED}, found ${quote(value)}: did you mean "${meant}"?`
            : `type must be ${ALLOWED}, found ${quote(value)}.`,
        offset: v.offset,
        length: v.length,
        fixes: meant ? [replaceWith(v, meant, sameWord)] : META_TYPES.map((t) => replaceWith(v, t)),
      });
    }
  },
});
