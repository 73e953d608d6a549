import { CHANNELS } from '../channels';
import { digitsOnly, normalizePhoneNumber, phoneProblems } from '../model/phoneNumber';
import { defineRule, type FixData } from '../findings/rule';
import { actionType, jsonString, renderedValues, viewValue } from '../model/values';

/**
 * Spec, "insideActions[]": phoneNumber is an RFC 3966 global number, and a call action's
 * payload carries a phone number as well. One finding per mistake, each with the fix when it is obvious.
 */
export default defineRule({
  id: 'phone-number',
  description: 'phoneNumber and a call action\'s payload are RFC 3966 global numbers (+, digits, - . ( )).',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, sample, targets, report }) {
    // The fix writes the form every target channel takes: + and digits only where one of them
    // (Messenger's call button) rejects separators, RFC 3966 with separators kept otherwise.
    const plusDigits = targets.some((c) => CHANNELS[c].callNumberDigitsOnly);
    for (const a of card?.insideActions?.actions ?? []) {
      const type = actionType(doc, a);
      const fields = type === 'call' ? ['phoneNumber', 'payload'] : type === undefined ? ['phoneNumber'] : [];
      for (const field of fields) {
        const v = a.props.get(field)?.value;
        if (!v) continue;
        // A templated number is checked on its rendered value when the sample data gives one.
        const rendered = renderedValues(doc, v, field, sample);
        if (rendered) {
          for (const r of rendered) {
            for (const p of phoneProblems(field, r.info)) report({ message: r.message(p.message), offset: r.offset, length: r.length });
          }
          continue;
        }
        const view = viewValue(doc, v);
        if (view.kind !== 'string') continue;
        const problems = phoneProblems(field, view.info);
        if (problems.length === 0) continue;
        const normalized = view.info.templates.length === 0 ? normalizePhoneNumber(view.info.staticText) : undefined;
        const normal = normalized !== undefined && plusDigits ? digitsOnly(normalized) : normalized;
        const fixes: FixData[] = normal
          ? [{
            kind: 'replace',
            offset: v.offset,
            length: v.length,
            text: jsonString(normal),
            title: `Change to ${normal}`,
            preferred: true,
          }]
          : [];
        for (const p of problems) report({ message: p.message, offset: v.offset, length: v.length, fixes });
      }
    }
  },
});
