import { configMetaOf, isIdentifierKey, keyFromLabel } from '../model/configMeta';
import { replaceWith } from '../findings/metaHelpers';
import { defineRule } from '../findings/rule';
import { plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/**
 * Spec, "Configuration Meta": key is passed to code generation. A key that is not an
 * identifier (a space, a '-', a leading digit) may not survive it; a camelCase key will.
 */
export default defineRule({
  id: 'meta-key-identifier',
  description: 'A Configuration Meta key is an identifier (ASCII letters, digits and _, not starting with a digit).',
  defaultSeverity: 'warning',
  languages: ['configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    const entries = configMetaOf(doc, language)?.entries ?? [];
    // Every plain key, for a fix not to give a key already taken: gathered at the first bad key
    // (most files have none, and a large one has tens of thousands of keys).
    let keys: Set<string> | undefined;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i];
      const prop = entry.props.get('key');
      const key = plainString(doc, prop);
      const v = prop?.valueNode;
      if (!key || !v || isIdentifierKey(key) || key.trim().length === 0) continue; // most keys are identifiers
      const bad = [...key].find((c) => !/\w/.test(c));
      const what = /^\d/.test(key) ? 'starts with a digit'
        : bad === ' ' ? 'has a space'
          : bad !== undefined && /\s/.test(bad) ? 'has white space'
            : `has '${bad}'`;
      const fixed = keyFromLabel(key);
      keys ??= new Set(entries.map((e) => plainString(doc, e.props.get('key'))).filter((k): k is string => k !== undefined));
      const usable = fixed !== undefined && isIdentifierKey(fixed) && !keys.has(fixed);
      report({
        message: `key ${quote(key)} ${what}: it may not survive code generation. Use letters, ` +
          `digits and _${usable ? `, such as ${quote(fixed)}` : ''}.`,
        offset: v.offset,
        length: v.length,
        fixes: usable ? [replaceWith(v, fixed)] : undefined,
      });
    }
  },
});
