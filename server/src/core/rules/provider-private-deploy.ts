import { providerOf } from '../model/provider';
import { defineRule } from '../findings/rule';
import { plainString } from '../model/values';

/**
 * Spec, "States and transitions": a chatbot that relies on even one private-deploy provider
 * cannot be hosted by the platform; the generated project must be exported, built and
 * deployed by the builder. Not a mistake, so information: the builder should know.
 */
export default defineRule({
  id: 'provider-private-deploy',
  description: 'Information on a private deploy mode: chatbots that use the provider cannot be hosted by the platform.',
  defaultSeverity: 'information',
  languages: ['native-provider'],
  check({ doc, report }) {
    const prop = providerOf(doc)?.props.get('deployMode');
    const v = prop?.valueNode;
    if (!v || plainString(doc, prop) !== 'private') return;
    report({
      message: 'Private deploy: a chatbot that uses this provider cannot be hosted by the platform; ' +
        'its generated project must be exported, built and deployed by you.',
      offset: v.offset,
      length: v.length,
    });
  },
});
