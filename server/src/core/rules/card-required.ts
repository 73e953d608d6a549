import { defineRule } from '../rule';
import { brokenInside, openBrace } from './ruleUtil';

/** Spec, "Rich message" rule 1: a card is valid only if it has at least a title and a description. */
export default defineRule({
  id: 'card-required',
  description: 'A card has a title and a description.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    if (!card || brokenInside(doc, card.node)) return;
    const missing = ['title', 'description'].filter((f) => !card.props.has(f));
    if (missing.length === 0) return;
    report({
      message: missing.length === 2
        ? 'Card has no title and no description: a rich card needs both.'
        : `Card has no ${missing[0]}: a rich card needs a title and a description.`,
      ...openBrace(card.node),
      fixes: missing.map((name) => ({
        kind: 'insert-property' as const,
        objectOffset: card.node.offset,
        name,
        snippet: `"${name}": "\${1:${name === 'title' ? 'Title' : 'Description'}}"`,
        title: `Add ${name}`,
      })),
    });
  },
});
