import { normalizePhoneNumber, phoneProblems } from '../phoneNumber';
import { defineRule, type FixData } from '../rule';
import { actionType, jsonString, viewValue } from './ruleUtil';

/**
 * Spec, "insideActions[]": phoneNumber is an RFC 3966 global number, and a call action's
 * payload carries a phone number as well. One finding per mistake, each with the fix when it is obvious.
 */
export default defineRule({
  id: 'phone-number',
  description: 'phoneNumber and a call action\'s payload are RFC 3966 global numbers (+, digits, - . ( )).',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    for (const a of card?.insideActions?.actions ?? []) {
      const type = actionType(doc, a);
      const fields = type === 'call' ? ['phoneNumber', 'payload'] : type === undefined ? ['phoneNumber'] : [];
      for (const field of fields) {
        const v = a.props.get(field)?.value;
        if (!v) continue;
        const view = viewValue(doc, v);
        if (view.kind !== 'string') continue;
        const problems = phoneProblems(field, view.info);
        if (problems.length === 0) continue;
        const normal = view.info.templates.length === 0 ? normalizePhoneNumber(view.info.staticText) : undefined;
        const fixes: FixData[] = normal ? [{ kind: 'replace', offset: v.offset, length: v.length, text: jsonString(normal), title: `Change to ${normal}`, preferred: true }] : [];
        for (const p of problems) report({ message: p.message, offset: v.offset, length: v.length, fixes });
      }
    }
  },
});
