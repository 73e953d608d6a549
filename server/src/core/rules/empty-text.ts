import type { Node } from '../syntax/jsonDocument';
import type { PropLookup } from '../model/richCard';
import { defineRule, type RuleContext } from '../findings/rule';
import { renderStringNode } from '../template/render';
import { plainString } from '../model/values';

/**
 * A text that is present but empty shows nothing (an empty title, a blank button), which
 * channels reject or render as a broken card. With sample data, a templated text that renders
 * empty is reported on its template. Float payloads are left to the channel check (Messenger
 * and WhatsApp need them non-empty; Google's channel accepts them).
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
      if (!prop?.valueNode) return;
      // A payload is not shown: it is what the agent receives when the button is tapped.
      const effect = field === 'payload' ? 'the agent receives nothing when the user taps it' : 'it shows nothing to the user';
      const value = plainString(ctx.doc, prop);
      if (value === undefined) {
        renderedEmpty(ctx, prop.valueNode, label, effect);
        return;
      }
      if (value.trim().length > 0) return;
      report(ctx, prop.valueNode, `${label} is ${value.length === 0 ? 'empty' : 'blank'}: ${effect}.`);
    };
    check(card, 'title', 'Title');
    check(card, 'description', 'Description');
    if (card.media) check(card.media, 'altText', 'richMedia.altText');
    const inside = card.insideActions?.actions ?? [];
    for (let i = 0; i < inside.length; i++) {
      check(inside[i], 'display', 'Button display');
      check(inside[i], 'payload', 'Button payload');
    }
    const float = card.floatActions?.actions ?? [];
    for (let i = 0; i < float.length; i++) check(float[i], 'display', 'Float display');
  },
});

/** With sample data: a templated text that renders empty or blank, reported on its template. */
function renderedEmpty(ctx: RuleContext, node: Node, label: string, effect: string) {
  if (!ctx.sample) return;
  const templates = ctx.doc.valueTemplate(node)
    ? [ctx.doc.valueTemplate(node)!]
    : node.type === 'string' ? ctx.doc.stringInfo(node).templates : [];
  if (templates.length === 0) return;
  const empty = renderStringNode(ctx.doc, node, ctx.sample).find((r) => r.text.trim().length === 0);
  if (!empty) return;
  const where = templates.length === 1
    ? { offset: templates[0].start, length: templates[0].end - templates[0].start }
    : { offset: node.offset, length: node.length };
  const element = empty.element !== undefined ? ` (list element ${empty.element + 1})` : '';
  ctx.report({
    message: `${label} renders ${empty.text.length === 0 ? 'empty' : 'blank'} with the sample data${element}: ${effect}.`,
    ...where,
  });
}

function report(ctx: RuleContext, node: Node, message: string) {
  ctx.report({ message, offset: node.offset, length: node.length });
}
