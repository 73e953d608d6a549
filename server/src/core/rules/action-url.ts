import { defineRule } from '../findings/rule';
import { actionType, renderedValues } from '../model/values';
import { plainUrlProblem, urlProblem } from '../model/url';
import { plainText } from '../syntax/nodes';

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
    for (const a of card?.insideActions?.actions ?? []) {
      if (actionType(doc, a) !== 'click') continue;
      const v = a.props.get('url')?.value;
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
      // A string without templates is judged on its text (no string info built for each of
      // thousands of urls); else viewValue's string case without its wrapper object.
      const plain = plainText(doc, v);
      if (plain === undefined && (v.type !== 'string' || doc.valueTemplate(v))) continue;
      const problem = plain !== undefined ? plainUrlProblem('url', plain) : urlProblem('url', doc.stringInfo(v));
      if (problem) report({ message: problem, offset: v.offset, length: v.length });
    }
  },
});
