import { replaceWith } from '../findings/metaHelpers';
import { DEPLOY_MODES } from '../model/metaSchema';
import { providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { describeKind, plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/** Other ways builders write the two modes (lower case, without spaces, '-' or '_'). */
const SYNONYMS: Record<string, (typeof DEPLOY_MODES)[number]> = {
  privatedeploy: 'private',
  platformhosted: 'hosted',
  platform: 'hosted',
};

/**
 * Spec, "Native provider": Deploy Mode is private deploy (the platform does not access the
 * source) or platform-hosted (it needs the source); the descriptor writes them "private" and
 * "hosted".
 */
export default defineRule({
  id: 'provider-deploy-mode',
  description: 'deployMode is "private" or "hosted".',
  defaultSeverity: 'error',
  languages: ['native-provider'],
  check({ doc, report }) {
    const prop = providerOf(doc)?.props.get('deployMode');
    const v = prop?.valueNode;
    if (!v || doc.valueTemplate(v)) return;
    const all = DEPLOY_MODES.map((m) => replaceWith(v, m));
    if (v.type !== 'string') {
      report({
        message: `deployMode must be "private" or "hosted", found ${describeKind(v)}.`,
        offset: v.offset,
        length: v.length,
        fixes: all,
      });
      return;
    }
    const value = plainString(doc, prop);
    if (value === undefined || (DEPLOY_MODES as readonly string[]).includes(value)) return;
    const normal = value.toLowerCase().replace(/[\s_-]/g, '');
    const meant = DEPLOY_MODES.find((m) => m === normal) ?? SYNONYMS[normal];
    report({
      message: meant && meant === normal
        ? `deployMode is written in lower case: "${meant}", found ${quote(value)}.`
        : meant
          ? `deployMode must be "private" or "hosted", found ${quote(value)}: did you mean "${meant}"?`
          : `deployMode must be "private" (private deploy) or "hosted" (platform-hosted), found ${quote(value)}.`,
      offset: v.offset,
      length: v.length,
      fixes: meant ? [replaceWith(v, meant, meant === normal)] : all,
    });
  },
});
