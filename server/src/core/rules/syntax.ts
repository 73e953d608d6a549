import { analyzeLists } from '../dynamicList';
import { defineRule } from '../rule';

/** JSON syntax of the message after its templates are masked (spec: "A message is a templated string that encodes a JSON object"). */
export default defineRule({
  id: 'syntax',
  description: 'The file must be valid JSON (comments allowed) once its templates are set aside.',
  defaultSeverity: 'error',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check({ doc, language, report }) {
    // A ',' left in a dynamic list body is explained by dynamic-list (the delimiter is added
    // at render time); one finding on it is enough.
    const explained = new Set(language === 'universal-message' ? analyzeLists(doc).problems.filter((p) => p.length === 1).map((p) => p.offset) : []);
    for (const s of doc.syntax) {
      if (explained.has(s.offset)) continue;
      report({ message: s.message, offset: s.offset, length: s.length });
    }
  },
});
