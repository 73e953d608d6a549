import { defineRule } from '../findings/rule';
import { providerOf } from '../model/provider';
import { providerClass } from '../model/providerProject';
import { plainString } from '../model/values';
import { quote, shorten } from '../util/messageQuote';

/**
 * Spec, "Native provider": the provider class implements the service interface it declares.
 * Each entry of `implements` must be among the supertypes of the class found in the sources,
 * by qualified name (resolved through the source's imports and package) or, for an entry
 * written without a package, by simple name.
 */
export default defineRule({
  id: 'provider-implements',
  description: 'Each implements entry is a supertype of the provider class in its source.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, providerProject: facts, report }) {
    const provider = providerOf(doc);
    const cls = providerClass(facts, plainString(doc, provider?.props.get('providerClassName')));
    const list = provider?.props.get('implements')?.valueNode;
    if (!cls || list?.type !== 'array') return;
    // Every name the supertypes answer to, looked up once per entry.
    const qualified = new Set(cls.supertypes.flatMap((s) => s.candidates));
    const simple = new Set(cls.supertypes.map((s) => s.written.slice(s.written.lastIndexOf('.') + 1)));
    const written = cls.supertypes.map((s) => s.written);
    for (const item of list.children ?? []) {
      if (item.type !== 'string' || doc.valueTemplate(item)) continue;
      const name = String(item.value);
      if (name.includes('.') ? qualified.has(name) : simple.has(name)) continue;
      report({
        message: `${shorten(cls.name)} does not implement ${quote(name)}: its supertypes are ` +
          `${written.length > 0 ? written.map((w) => quote(w)).join(', ') : 'none'}.`,
        offset: item.offset,
        length: item.length,
      });
    }
  },
});
