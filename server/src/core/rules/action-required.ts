import { joinList } from '../channels';
import { defineRule } from '../rule';
import { brokenInside, actionType, openBrace } from './ruleUtil';

const PLACEHOLDER: Record<string, string> = {
  type: '"type": "${1|reply,click,call|}"',
  display: '"display": "${1:Text on the button}"',
  payload: '"payload": "${1:PAYLOAD}"',
  url: '"url": "${1:https://}"',
  phoneNumber: '"phoneNumber": "${1:+1-201-555-0123}"',
};

/** Spec, "insideActions[]" and "floatActions[]": type, display and payload always; url for click; phoneNumber for call. */
export default defineRule({
  id: 'action-required',
  description: 'Actions have type, display and payload; click actions a url; call actions a phoneNumber.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    for (const list of [card?.insideActions, card?.floatActions]) {
      for (const a of list?.actions ?? []) {
        const type = actionType(doc, a);
        const missing = ['type', 'display', 'payload'].filter((f) => !a.props.has(f));
        if (list!.name === 'insideActions') {
          if (type === 'click' && !a.props.has('url')) missing.push('url');
          if (type === 'call' && !a.props.has('phoneNumber')) missing.push('phoneNumber');
        }
        if (missing.length === 0 || brokenInside(doc, a.node)) continue;
        const what = type ? `${type} action` : 'Action';
        // Give the reason for every missing field: the common three, and the type's own field.
        const reasons: string[] = [];
        if (missing.some((f) => f === 'type' || f === 'display' || f === 'payload')) reasons.push('every action needs type, display and payload');
        if (missing.includes('url')) reasons.push('a click action opens its url');
        if (missing.includes('phoneNumber')) reasons.push('a call action dials its phoneNumber');
        report({
          message: `${what.charAt(0).toUpperCase()}${what.slice(1)} has no ${joinList(missing)}: ${reasons.join('; ')}.`,
          ...openBrace(a.node),
          fixes: missing.map((name) => ({ kind: 'insert-property' as const, objectOffset: a.node.offset, name, snippet: PLACEHOLDER[name], title: `Add ${name}` })),
        });
      }
    }
  },
});
