import { insertString, quoteFix } from '../findings/metaHelpers';
import { DEPLOY_MODES, PROVIDER_TYPE } from '../model/metaSchema';
import { providerOf } from '../model/provider';
import { missingFields, place } from '../model/places';
import { defineRule, type FixData } from '../findings/rule';
import { brokenInside, describeKind, openBrace } from '../model/values';

/** Why each required field is needed, for the message when it is missing (which ones are required is places.ts's). */
const NEEDED: Record<string, string> = {
  label: 'every provider has a label, entered when it is created',
  providerType: 'it must be "Native Provider"',
  deployMode: 'choose "private" or "hosted"',
  implements: 'name at least one service interface the provider implements',
  providerClassName: 'give the fully qualified name of the implementing class',
  implementation: 'give the dependency string <group>:<project>:<version>',
};

/**
 * Spec, "Native provider" and "Native provider procedure": a provider has a label, the
 * Native Provider type, a deploy mode, the service interface(s) it implements, a provider
 * class name and an Implementation string. The
 * Configuration Meta may be left out by a provider that needs no settings. The list of
 * required fields is the table of places' (places.ts); the words are here.
 */
export default defineRule({
  id: 'provider-required',
  description: 'A provider descriptor is an object with label, providerType, deployMode, implements (at least one), ' +
    'providerClassName and implementation.',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, report }) {
    const root = doc.root;
    if (!root || doc.valueTemplate(root)) return;
    const provider = providerOf(doc);
    if (!provider) {
      report({
        message: `A native provider descriptor is a JSON object, found ${describeKind(root)}.`,
        offset: root.offset,
        length: root.type === 'array' ? 1 : root.length,
      });
      return;
    }
    const missing = missingFields(place('provider'), provider.props, 'provider-required');
    if (missing.length > 0 && !brokenInside(doc, root)) {
      const fixes: FixData[] = [];
      if (missing.includes('providerType')) fixes.push(insertString(root, 'providerType', PROVIDER_TYPE));
      if (missing.includes('deployMode')) for (const m of [...DEPLOY_MODES].reverse()) fixes.push(insertString(root, 'deployMode', m));
      report({
        message: missing.length === 1
          ? `Provider has no ${missing[0]}: ${NEEDED[missing[0]] ?? 'see the fields of a native provider'}.`
          : `Provider has no ${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}: see the fields of a native provider.`,
        ...openBrace(root),
        fixes,
      });
    }

    const label = provider.props.get('label')?.valueNode;
    if (label && !doc.valueTemplate(label)) {
      if (label.type !== 'string') report({
        message: `label must be a string, found ${describeKind(label)}.`,
        offset: label.offset,
        length: label.length,
        fixes: quoteFix(doc, label),
      });
      else if (doc.stringInfo(label).templates.length === 0 && doc.stringInfo(label).staticText.trim() === '') report({
        message: 'label is empty: the provider is known by its label.',
        offset: label.offset,
        length: label.length,
      });
    }

    const impl = provider.props.get('implements')?.valueNode;
    if (!impl || doc.valueTemplate(impl) || brokenInside(doc, impl)) return;
    if (impl.type !== 'array') {
      const wrap: FixData[] = impl.type === 'string'
        ? [{
          kind: 'replace',
          offset: impl.offset,
          length: impl.length,
          text: `[${doc.text.slice(impl.offset, impl.offset + impl.length)}]`,
          title: 'Put it in a list: [ ... ]',
        }]
        : [];
      report({
        message: `implements must be an array of service interface names, found ${describeKind(impl)}.`,
        offset: impl.offset,
        length: impl.type === 'object' ? 1 : impl.length,
        fixes: wrap,
      });
      return;
    }
    const names = impl.children ?? [];
    if (names.length === 0) {
      report({
        message: 'implements is empty: name at least one service interface the provider implements.',
        offset: impl.offset,
        length: impl.length,
      });
      return;
    }
    for (const n of names) {
      if (doc.valueTemplate(n)) continue;
      if (n.type !== 'string') report({
        message: `Each service interface name is a string, found ${describeKind(n)}.`,
        offset: n.offset,
        length: n.type === 'object' || n.type === 'array' ? 1 : n.length,
      });
      else if (doc.stringInfo(n).templates.length === 0 && doc.stringInfo(n).staticText.trim() === '') report({
        message: `A service interface name is empty: write the name of the imported service interface.`,
        offset: n.offset,
        length: n.length,
      });
    }
  },
});
