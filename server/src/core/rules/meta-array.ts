import type { Node } from '../syntax/jsonDocument';
import { providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { brokenInside, describeKind } from '../model/values';

/**
 * Spec, "Configuration Meta (JSON array of entries)": the Configuration Meta is an array and
 * each entry is an object describing one input of the Integrations form. In a provider
 * descriptor the same holds for `configurationMeta`.
 */
export default defineRule({
  id: 'meta-array',
  description: 'The Configuration Meta (a *.configmeta.json root or a provider\'s configurationMeta) is an array of objects.',
  defaultSeverity: 'error',
  languages: ['configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    let array: Node | undefined;
    if (language === 'configuration-meta') {
      const root = doc.root;
      if (!root || doc.valueTemplate(root)) return;
      if (root.type !== 'array') {
        const looksLikeEntry = root.type === 'object' &&
          (root.children ?? []).some((p) => ['key', 'label', 'type', 'options'].includes(String(p.children?.[0]?.value)));
        report({
          message: `A Configuration Meta file holds an array of entries, found ` +
            `${describeKind(root)}.${looksLikeEntry ? ' Put this entry inside [ ].' : ''}`,
          offset: root.offset,
          length: root.type === 'object' ? 1 : root.length,
          fixes: looksLikeEntry
            ? [{
              kind: 'replace',
              offset: root.offset,
              length: root.length,
              text: `[\n${doc.text.slice(root.offset, root.offset + root.length)}\n]`,
              title: 'Wrap the entry in [ ]',
            }]
            : undefined,
        });
        return;
      }
      array = root;
    } else {
      const value = providerOf(doc)?.props.get('configurationMeta')?.valueNode;
      if (!value || doc.valueTemplate(value) || brokenInside(doc, value)) return;
      if (value.type !== 'array') {
        report({
          message: `configurationMeta must be an array of entries, found ${describeKind(value)}.`,
          offset: value.offset,
          length: value.type === 'object' ? 1 : value.length,
        });
        return;
      }
      array = value;
    }
    const elements = array.children ?? [];
    for (let i = 0; i < elements.length; i++) {
      const el = elements[i];
      if (el.type === 'object' || doc.valueTemplate(el) || brokenInside(doc, el)) continue;
      report({
        message: `Each Configuration Meta entry is an object with a key and a label, found ${describeKind(el)}.`,
        offset: el.offset,
        length: el.type === 'array' ? 1 : el.length,
      });
    }
  },
});
