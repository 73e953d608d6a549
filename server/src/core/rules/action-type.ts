import { FLOAT_ACTION_TYPES, INSIDE_ACTION_TYPES } from '../model/cardSchema';
import { defineRule } from '../findings/rule';
import { plainString } from '../model/values';
import { quote } from '../util/messageQuote';

/** Spec, "insideActions[]" and "floatActions[]": inside actions are click, reply or call; float actions are reply only. */
export default defineRule({
  id: 'action-type',
  description: 'Inside actions are click, reply or call; float actions are reply.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, report }) {
    for (const list of [card?.insideActions, card?.floatActions]) {
      if (!list) continue;
      const allowed: readonly string[] = list.name === 'insideActions' ? INSIDE_ACTION_TYPES : FLOAT_ACTION_TYPES;
      const actions = list.actions;
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i];
        const prop = a.props.get('type');
        const value = plainString(doc, prop);
        const v = prop?.valueNode;
        if (value === undefined || !v || allowed.includes(value)) continue;
        const sameWord = allowed.find((t) => t === value.trim().toLowerCase());
        const replace = (t: string) => ({
          kind: 'replace' as const,
          offset: v.offset,
          length: v.length,
          text: `"${t}"`,
          title: `Change to "${t}"`,
        });
        let message: string;
        if (sameWord) message = `Action type must be written "${sameWord}" (lower case), found ${quote(value)}.`;
        else if (list.name === 'floatActions') message = `floatActions support only reply, found ${quote(value)}: ` +
          `use an inside action for ${(INSIDE_ACTION_TYPES as readonly string[]).includes(value) ? value : 'other types'}.`;
        else message = `Inside action type must be click, reply or call, found ${quote(value)}.`;
        report({
          message,
          offset: v.offset,
          length: v.length,
          fixes: sameWord ? [{ ...replace(sameWord), preferred: true }] : allowed.map(replace),
        });
      }
    }
  },
});
