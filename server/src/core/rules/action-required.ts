import { joinList } from '../channels';
import { missingFields, place } from '../model/places';
import { defineRule } from '../findings/rule';
import { brokenInside, actionType, openBrace } from '../model/values';

const PLACEHOLDER: Record<string, string> = {
  type: '"type": "${1|reply,click,call|}"',
  display: '"display": "${1:Text on the button}"',
  payload: '"payload": "${1:PAYLOAD}"',
  url: '"url": "${1:https://}"',
  phoneNumber: '"phoneNumber": "${1:+1-201-555-0123}"',
};

/** Why a missing field is needed, for the message (a field of every action, or of one type). */
const WHY: Record<string, string> = {
  type: 'every action needs type, display and payload',
  display: 'every action needs type, display and payload',
  payload: 'every action needs type, display and payload',
  url: 'a click action opens its url',
  phoneNumber: 'a call action dials its phoneNumber',
};

/**
 * Spec, "insideActions[]" and "floatActions[]": type, display and payload always; url for
 * click; phoneNumber for call (inside actions only: a float action is a reply). Which fields
 * are required for which type is the table of places' (places.ts); the words are here.
 */
export default defineRule({
  id: 'action-required',
  description: 'Actions have type, display and payload; click actions a url; call actions a phoneNumber.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    for (const list of [card?.insideActions, card?.floatActions]) {
      if (!list) continue;
      const spec = place(list.name === 'insideActions' ? 'inside-action' : 'float-action');
      const actions = list.actions;
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i];
        const type = actionType(doc, a);
        const missing = missingFields(spec, a.props, 'action-required', type);
        if (missing.length === 0 || brokenInside(doc, a.node)) continue;
        const what = type ? `${type} action` : 'Action';
        // Give the reason for every missing field, once each: the common three, and the type's own field.
        const reasons = [...new Set(missing.map((f) => WHY[f] ?? `an action needs its ${f}`))];
        report({
          message: `${what.charAt(0).toUpperCase()}${what.slice(1)} has no ${joinList(missing)}: ${reasons.join('; ')}.`,
          ...openBrace(a.node),
          fixes: missing.map((name) => ({
            kind: 'insert-property' as const,
            objectOffset: a.node.offset,
            name,
            snippet: PLACEHOLDER[name] ?? `"${name}": "$1"`,
            title: `Add ${name}`,
          })),
        });
      }
    }
  },
});
