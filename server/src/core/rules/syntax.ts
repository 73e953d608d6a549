import { analyzeLists, placementOf } from '../template/dynamicList';
import type { SyntaxFacts } from '../syntax/syntaxProblems';
import { defineRule } from '../findings/rule';
import { formatCount } from '../util/count';

/** Words for jsonc-parser's ParseErrorCode values that need no more facts. */
const PARSE_ERROR_TEXT: Record<number, string> = {
  1: 'Unexpected text here: expected a JSON value.',
  2: 'Invalid number.',
  3: 'Expected a property name in double quotes.',
  4: 'Expected a value.',
  5: "Expected ':' after the property name.",
  6: "Expected ',' between the items.",
  7: "Expected '}' to close the object.",
  8: "Expected ']' to close the array.",
  9: 'Unexpected text after the message: a file holds one JSON value.',
  10: 'Invalid comment.',
  11: 'Block comment is not closed: add */.',
  12: 'String is not closed: add the closing ".',
  13: 'Number is not complete.',
  14: 'Invalid \\u escape: it needs four hexadecimal digits.',
  15: 'Invalid escape sequence in a string: JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.',
  16: 'Control character in a string: escape it, for example as \\n.',
};

/**
 * The words for a syntax problem the parser found (jsonDocument.ts reports what happened; the
 * words are this rule's). Render and the preview show the same words when a message cannot be
 * rendered; the config file's parse uses them too, with its own reason for a trailing comma.
 */
export function syntaxMessage(p: SyntaxFacts): string {
  switch (p.kind) {
    case 'too-deep':
      return `Nesting is ${formatCount(p.depth)} levels deep, over the limit of ${formatCount(p.limit)}: the file was not checked further.`;
    case 'no-value':
      return p.onlyComments
        ? 'The file holds only comments: it should hold one JSON value.'
        : 'The file is empty: it should hold one JSON value.';
    case 'trailing-comma':
      return "Trailing comma: the rendered message must be strict JSON, remove this ','.";
    case 'end-of-file':
      return 'Unexpected end of file: expected a value.';
    case 'unexpected-token':
      return `Unexpected '${p.token}${p.cut ? '…' : ''}': expected a JSON value (strings need double quotes).`;
    case 'parse-error':
      return PARSE_ERROR_TEXT[p.code] ?? 'Syntax error.';
    case 'more':
      return `${p.hidden} more syntax ${p.hidden === 1 ? 'error is' : 'errors are'} not shown.`;
  }
}

/** JSON syntax of the message after its templates are masked (spec: "A message is a templated string that encodes a JSON object"). */
export default defineRule({
  id: 'syntax',
  description: 'The file must be valid JSON (comments allowed) once its templates are set aside.',
  defaultSeverity: 'error',
  languages: ['universal-message', 'configuration-meta', 'native-provider'],
  check({ doc, language, form, report }) {
    // Most files have no syntax problem: nothing to explain, and the rest of this stays cold.
    if (doc.syntax.length === 0) return;
    // A ',' left in a dynamic list body is explained by dynamic-list (the delimiter is added
    // at render time); one finding on it is enough.
    const explained = new Set(language === 'universal-message'
      ? analyzeLists(doc, placementOf(form)).problems.filter((p) => p.kind === 'body-comma').map((p) => p.offset)
      : []);
    for (const s of doc.syntax) {
      if (explained.has(s.offset)) continue;
      report({ message: syntaxMessage(s), offset: s.offset, length: s.length });
    }
  },
});
