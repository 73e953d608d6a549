import type { Node } from '../jsonDocument';
import type { PropLookup } from '../richCard';
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
    // `label` names the field as the message shows it (field names keep their case: richMedia.altText).
    const check = (obj: { props: PropLookup }, field: string, label: string) => {
      const prop = obj.props.get(field);
      const value = plainString(ctx.doc, prop);
      if (value === undefined || value.trim().length > 0 || !prop?.value) return;
      // A payload is not shown: it is what the agent receives when the button is tapped.
      const effect = field === 'payload' ? 'the agent receives nothing when the user taps it' : 'it shows nothing to the user';
      report(ctx, prop.value, `${label} is ${value.length === 0 ? 'empty' : 'blank'}: ${effect}.`);
    };
    check(card, 'title', 'Title');
    check(card, 'description', 'Description');
    if (card.media) check(card.media, 'altText', 'richMedia.altText');
    for (const a of card.insideActions?.actions ?? []) {
      check(a, 'display', 'Button display');
      check(a, 'payload', 'Button payload');
    }
    for (const a of card.floatActions?.actions ?? []) check(a, 'display', 'Float display');
  },
});

function report(ctx: RuleContext, node: Node, message: string) {
  ctx.report({ message, offset: node.offset, length: node.length });
}
