import { defineRule } from '../rule';

/** Template expressions `${...}` must be closed, balanced and non-empty (spec: "Templating inside a message"). */
export default defineRule({
  id: 'template-syntax',
  description: 'Template expressions ${...} are closed, balanced and not empty.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, report }) {
    for (const p of doc.scan.problems) report({ message: p.message, offset: p.start, length: p.end - p.start });
  },
});
