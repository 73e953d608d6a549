import { defineRule } from '../findings/rule';
import { listRepeats, placementOf, renderedList } from '../template/dynamicList';
import { evaluate } from '../template/templateEval';
import { foundValue } from './value-type';

/**
 * NAME.sample.json next to a message must be a JSON object: when it exists but is not (broken
 * JSON, a list, a file that cannot be read), the templates are checked without sample data and
 * this says why. The caller that reads the file (the server or the command line) passes the
 * reason in the check's context; the finding is on the start of the message.
 *
 * With sample data, the list a dynamic list repeats over (`// @each dishes`) must be a list in
 * it: otherwise render and the preview print the body once, as written, and the counts the
 * checks make are the ones without sample data. The finding is on the list expression, where
 * render's standard error puts it too.
 */
export default defineRule({
  id: 'sample-data',
  description: 'NAME.sample.json next to a message is a JSON object, so its templates can be rendered, ' +
    'and it holds a list for the dynamic list.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  check({ sampleProblem, sample, doc, form, report }) {
    if (sampleProblem) report({ message: sampleProblem, offset: 0, length: 0 });
    const list = sample && renderedList(doc);
    if (!list || !listRepeats(list, placementOf(form))) return;
    const bound = evaluate(list.list, { data: sample });
    if (bound.ok && Array.isArray(bound.value)) return;
    const what = bound.ok
      ? `${list.list} is ${foundValue(bound.value)} in the sample data, not a list`
      : bound.reason[0].toUpperCase() + bound.reason.slice(1);
    report({
      message: `${what}: the dynamic list body is rendered once, as written, without \`it\`.`,
      offset: list.each.listOffset,
      length: list.list.length,
    });
  },
});
