import { defineRule } from '../findings/rule';
import { configMetaOf } from '../model/configMeta';
import { providerOf } from '../model/provider';
import { providerClass, shortLocation } from '../model/providerProject';
import { jsonString, plainString } from '../model/values';
import { quote, shorten } from '../util/messageQuote';

/**
 * Spec, "Configuration Meta": each entry's key is passed to code generation, and the provider
 * class reads its settings by key. A key the class reads that no entry declares is null at run
 * time; a declared key that differs from the read one only by case is the same mistake, with
 * the rename offered.
 */
export default defineRule({
  id: 'provider-config-undeclared',
  description: 'Every configuration key the provider class reads is declared in configurationMeta.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, language, providerProject: facts, report }) {
    const provider = providerOf(doc);
    const cls = providerClass(facts, plainString(doc, provider?.props.get('providerClassName')));
    if (!facts || !cls) return;
    const declared = new Map<string, { offset: number; length: number }>();
    const byLowerCase = new Map<string, string>();
    for (const entry of configMetaOf(doc, language)?.entries ?? []) {
      const prop = entry.props.get('key');
      const key = plainString(doc, prop);
      if (key === undefined || !prop?.valueNode) continue;
      declared.set(key, { offset: prop.valueNode.offset, length: prop.valueNode.length });
      byLowerCase.set(key.toLowerCase(), key);
    }
    const metaProp = provider?.props.get('configurationMeta');
    const anchor = metaProp?.key ?? provider?.props.get('providerClassName')?.valueNode;
    const reported = new Set<string>();
    const read = new Set(cls.keyReads.map((r) => r.key));
    for (const r of cls.keyReads) {
      const key = r.key;
      if (declared.has(key) || reported.has(key)) continue;
      reported.add(key);
      const near = byLowerCase.get(key.toLowerCase());
      const place = shortLocation(facts, r.at);
      if (near !== undefined && !read.has(near)) {
        const where = declared.get(near)!;
        report({
          message: `configurationMeta key ${quote(near)} differs only by case from ${quote(key)}, the key ${shorten(cls.name)} ` +
            `reads (${place}): keys are case-sensitive, so ${quote(key)} is null at run time.`,
          ...where,
          fixes: [{ kind: 'replace', ...where, text: jsonString(key), title: `Rename the key to ${quote(key)}`, preferred: true }],
        });
        continue;
      }
      if (!anchor) continue;
      report({
        message: `${shorten(cls.name)} reads the configuration key ${quote(key)} (${place}), which configurationMeta does not declare: ` +
          'it is null at run time.',
        offset: anchor.offset,
        length: anchor.length,
      });
    }
  },
});
