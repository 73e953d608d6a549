import { replaceWith } from '../findings/metaHelpers';
import { PROVIDER_TYPE } from '../model/metaSchema';
import { providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { describeKind, plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/** Spec, "Native provider": Provider Type must be set to Native Provider. */
export default defineRule({
  id: 'provider-type',
  description: 'providerType is "Native Provider".',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, report }) {
    const prop = providerOf(doc)?.props.get('providerType');
    const v = prop?.valueNode;
    if (!v || doc.valueTemplate(v)) return;
    if (v.type !== 'string') {
      report({
        message: `providerType must be the string "${PROVIDER_TYPE}", found ${describeKind(v)}.`,
        offset: v.offset,
        length: v.length,
        fixes: [replaceWith(v, PROVIDER_TYPE)],
      });
      return;
    }
    const value = plainString(doc, prop);
    if (value === undefined || value === PROVIDER_TYPE) return;
    const sameWords = ['nativeprovider', 'native'].includes(value.toLowerCase().replace(/[\s_-]/g, ''));
    report({
      message: sameWords
        ? `providerType is written exactly "${PROVIDER_TYPE}" (capitals, one space), found ${quote(value)}.`
        : `providerType must be "${PROVIDER_TYPE}", found ${quote(value)}: these files describe native providers.`,
      offset: v.offset,
      length: v.length,
      fixes: [replaceWith(v, PROVIDER_TYPE, sameWords)],
    });
  },
});
