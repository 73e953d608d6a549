import { defineRule } from '../findings/rule';

/**
 * NAME.sample.json next to a message must be a JSON object: when it exists but is not (broken
 * JSON, a list, a file that cannot be read), the templates are checked without sample data and
 * this says why. The caller that reads the file (the server or the command line) passes the
 * reason in the check's context; the finding is on the start of the message.
 */
export default defineRule({
  id: 'sample-data',
  description: 'NAME.sample.json next to a message is a JSON object, so its templates can be rendered.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  check({ sampleProblem, report }) {
    if (sampleProblem) report({ message: sampleProblem, offset: 0, length: 0 });
  },
});
