import { CHANNELS } from '../channels';
import { digitsOnly, normalizePhoneNumber, phoneProblems } from '../model/phoneNumber';
import { defineRule, type FixData } from '../findings/rule';
import { actionType, jsonString, renderedValues, viewValue } from '../model/values';

/** The fields that hold a phone number: on a call action, and on an action of no known type. */
const CALL_FIELDS = ['phoneNumber', 'payload'] as const;
const OTHER_FIELDS = ['phoneNumber'] as const;
const NO_FIELDS = [] as const;

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
    const actions = card?.insideActions?.actions ?? [];
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i];
      const type = actionType(doc, a);
      const fields = type === 'call' ? CALL_FIELDS : type === undefined ? OTHER_FIELDS : NO_FIELDS;
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f];
        const v = a.props.get(field)?.valueNode;
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
