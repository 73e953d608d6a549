import { defineRule } from '../findings/rule';
import { brokenInside, openBrace, plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/** Spec, "Rich message": type is required and must be the value `rich`. */
export default defineRule({
  id: 'message-type',
  description: 'type is present and is "rich".',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    if (!card) return;
    const prop = card.props.get('type');
    if (!prop) {
      if (brokenInside(doc, card.node)) return;
      report({
        message: 'type is missing: a rich card starts with "type": "rich".',
        ...openBrace(card.node),
        fixes: [{
          kind: 'insert-property',
          objectOffset: card.node.offset,
          name: 'type',
          snippet: '"type": "rich"',
          title: 'Add "type": "rich"',
        }],
      });
      return;
    }
    const v = prop.valueNode;
    if (!v || v.type !== 'string') return; // value-type reports other types
    const value = plainString(doc, prop);
    if (value === undefined || value === 'rich') return;
    report({
      message: `type must be "rich", found ${quote(value)}.`,
      offset: v.offset,
      length: v.length,
      fixes: [{ kind: 'replace', offset: v.offset, length: v.length, text: '"rich"', title: 'Change to "rich"', preferred: true }],
    });
  },
});
