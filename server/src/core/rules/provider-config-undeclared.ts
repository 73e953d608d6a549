import { defineRule } from '../findings/rule';
import { configMetaOf } from '../model/configMeta';
import { providerOf } from '../model/provider';
import { providerClass, shortLocation } from '../model/providerProject';
import { jsonString, plainString } from '../model/values';
import { quote } from '../util/messageQuote';

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
      if (key === undefined || !prop?.value) continue;
      declared.set(key, { offset: prop.value.offset, length: prop.value.length });
      byLowerCase.set(key.toLowerCase(), key);
    }
    const metaProp = provider?.props.get('configurationMeta');
    const anchor = metaProp?.key ?? provider?.props.get('providerClassName')?.value;
    const reported = new Set<string>();
    for (const read of cls.keyReads) {
      if (declared.has(read.key) || reported.has(read.key)) continue;
      reported.add(read.key);
      const near = byLowerCase.get(read.key.toLowerCase());
      const place = shortLocation(facts, read.at);
      if (near !== undefined && !cls.keyReads.some((r) => r.key === near)) {
        const at = declared.get(near)!;
        report({
          message: `configurationMeta key ${quote(near)} differs only by case from ${quote(read.key)}, the key ${cls.name} ` +
            `reads (${place}): keys are case-sensitive, so ${quote(read.key)} is null at run time.`,
          ...at,
          fixes: [{ kind: 'replace', ...at, text: jsonString(read.key), title: `Rename the key to ${quote(read.key)}`, preferred: true }],
        });
        continue;
      }
      if (!anchor) continue;
      report({
        message: `${cls.name} reads the configuration key ${quote(read.key)} (${place}), which configurationMeta does not declare: ` +
          'it is null at run time.',
        offset: anchor.offset,
        length: anchor.length,
      });
    }
  },
});
