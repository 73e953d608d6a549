import { defineRule } from '../findings/rule';
import { actionType, renderedValues } from '../model/values';
import { urlProblem, urlProblemAt } from '../model/url';

/**
 * Spec, "insideActions[]": a click action opens its url; channels accept http and https only.
 * With sample data, a templated url is judged on each value it renders to, on its template (no fix).
 */
export default defineRule({
  id: 'action-url',
  description: 'A click action\'s url is an http or https URL.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, sample, report }) {
    const actions = card?.insideActions?.actions ?? [];
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      if (actionType(doc, a) !== 'click') continue;
      const v = a.props.get('url')?.valueNode;
      if (!v) continue;
      // With sample data a templated url is judged as it renders, for each list element in a
      // dynamic list body; when none of its values can be rendered, on its static start.
      const rendered = renderedValues(doc, v, 'url', sample);
      if (rendered && rendered.length > 0) {
        for (const r of rendered) {
          const problem = urlProblem('url', r.info);
          if (problem) report({ message: r.message(problem), offset: r.offset, length: r.length });
        }
        continue;
      }
      const problem = urlProblemAt(doc, 'url', v);
      if (problem) report({ message: problem, offset: v.offset, length: v.length });
    }
  },
});
