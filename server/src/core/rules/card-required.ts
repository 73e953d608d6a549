import { missingFields, place } from '../model/places';
import { defineRule } from '../findings/rule';
import { brokenInside, openBrace } from '../model/values';

/** The text a fix puts in each field this rule adds. */
const PLACEHOLDER: Record<string, string> = { title: 'Title', description: 'Description' };

/**
 * Spec, "Rich message" rule 1: a card is valid only if it has at least a title and a
 * description. Which fields those are is the table of places' (places.ts); the words are here.
 */
export default defineRule({
  id: 'card-required',
  description: 'A card has a title and a description.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    if (!card || brokenInside(doc, card.node)) return;
    const missing = missingFields(place('card'), card.props, 'card-required');
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
        snippet: `"${name}": "\${1:${PLACEHOLDER[name] ?? name}}"`,
        title: `Add ${name}`,
      })),
    });
  },
});
