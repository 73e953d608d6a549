import { defineRule } from '../findings/rule';
import { MAX_TEMPLATE_LENGTH, type TemplateProblemFacts } from '../syntax/templateScanner';
import { formatCount } from '../util/count';

/**
 * The words for a template problem the scanner found (templateScanner.ts reports what
 * happened; the words are this rule's). Render and the preview show the same words when a
 * message cannot be rendered.
 */
export function templateProblemMessage(p: TemplateProblemFacts): string {
  switch (p.kind) {
    case 'unterminated':
      return p.inside
        ? `Template expression is not closed: its ${p.inside} ends before the closing }.`
        : 'Template expression is not closed: add the closing } of ${.';
    case 'empty':
      return 'Empty template expression ${}: write an expression or remove it.';
    case 'unbalanced':
      return `Template expression has unbalanced ${p.what}.`;
    case 'too-long':
      return `Template expression is longer than ${formatCount(MAX_TEMPLATE_LENGTH)} characters or never closed.`;
    case 'budget':
      return 'Too many unclosed template expressions: template checks stop here.';
    case 'too-many':
      return `${p.hidden} more template ${p.hidden === 1 ? 'problem is' : 'problems are'} not shown.`;
  }
}

/** Template expressions `${...}` must be closed, balanced and non-empty (spec: "Templating inside a message"). */
export default defineRule({
  id: 'template-syntax',
  description: 'Template expressions ${...} are closed, balanced and not empty.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, report }) {
    for (const p of doc.scan.problems) report({ message: templateProblemMessage(p), offset: p.start, length: p.end - p.start });
  },
});
