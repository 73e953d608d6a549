import type { Node } from '../jsonDocument';
import { defineRule, type RuleContext } from '../rule';
import { plainString } from './ruleUtil';

/**
 * A text that is present but empty shows nothing (an empty title, a blank button), which
 * channels reject or render as a broken card. Float payloads are left to the channel check
 * (Messenger needs them non-empty; other channels accept them).
 */
export default defineRule({
  id: 'empty-text',
  description: 'title, description, altText, display and payload are not empty.',
  defaultSeverity: 'warning',
  languages: ['universal-message'],
  check(ctx) {
    const { card } = ctx;
    if (!card) return;
    const check = (obj: { props: Map<string, { value: Node | undefined }> }, field: string, where: string) => {
      const prop = obj.props.get(field) as Parameters<typeof plainString>[1];
      const value = plainString(ctx.doc, prop);
      if (value === undefined || value.trim().length > 0 || !prop?.value) return;
      // A payload is not shown: it is what the agent receives when the button is tapped.
      const effect = field === 'payload' ? 'the agent receives nothing when the user taps it' : 'it shows nothing to the user';
      report(ctx, prop.value, `${where}${field} is ${value.length === 0 ? 'empty' : 'blank'}: ${effect}.`);
    };
    check(card, 'title', '');
    check(card, 'description', '');
    if (card.media) check(card.media, 'altText', 'richMedia ');
    for (const a of card.insideActions?.actions ?? []) {
      check(a, 'display', 'Button ');
      check(a, 'payload', 'Button ');
    }
    for (const a of card.floatActions?.actions ?? []) check(a, 'display', 'Float ');
  },
});

function report(ctx: RuleContext, node: Node, message: string) {
  ctx.report({ message: message.charAt(0).toUpperCase() + message.slice(1), offset: node.offset, length: node.length });
}
