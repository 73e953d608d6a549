import { defineRule } from '../rule';

/**
 * Raised by the caller that reads NAME.sample.json (the server or the command line) when the
 * file exists but is not a JSON object: the templates are then checked without sample data.
 */
export default defineRule({
  id: 'sample-data',
  description: 'NAME.sample.json next to a message is a JSON object, so its templates can be rendered.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  check() { /* reported by checkDocument from options.sampleProblem */ },
});
