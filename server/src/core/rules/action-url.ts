import { defineRule } from '../findings/rule';
import { actionType, viewValue } from '../model/values';
import { urlProblem } from '../model/url';

/** Spec, "insideActions[]": a click action opens its url; channels accept http and https only. */
export default defineRule({
  id: 'action-url',
  description: 'A click action\'s url is an http or https URL.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    for (const a of card?.insideActions?.actions ?? []) {
      if (actionType(doc, a) !== 'click') continue;
      const v = a.props.get('url')?.value;
      if (!v) continue;
      const view = viewValue(doc, v);
      if (view.kind !== 'string') continue;
      const problem = urlProblem('url', view.info);
      if (problem) report({ message: problem, offset: v.offset, length: v.length });
    }
  },
});
