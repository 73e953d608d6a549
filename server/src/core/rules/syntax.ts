import { defineRule } from '../rule';

/** JSON syntax of the message after its templates are masked (spec: "A message is a templated string that encodes a JSON object"). */
export default defineRule({
  id: 'syntax',
  description: 'The file must be valid JSON (comments allowed) once its templates are set aside.',
  defaultSeverity: 'error',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check({ doc, report }) {
    for (const s of doc.syntax) report({ message: s.message, offset: s.offset, length: s.length });
  },
});
