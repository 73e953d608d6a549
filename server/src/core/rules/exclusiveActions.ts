import { defineRule } from '../rule';
import { removalRange } from './ruleUtil';

/** Spec, "Rich message" rule 2: insideActions and floatActions are alternatives. */
export default defineRule({
  id: 'exclusive-actions',
  description: 'A card uses insideActions or floatActions, not both.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ card, report }) {
    const inside = card?.insideActions;
    const float = card?.floatActions;
    if (!card || !inside || !float) return;
    const [first, second] = inside.prop.property.offset < float.prop.property.offset ? [inside, float] : [float, inside];
    report({
      message: `${second.name} and ${first.name} are alternatives: a rich card uses only one of them.`,
      offset: second.prop.key.offset,
      length: second.prop.key.length,
      related: [{ offset: first.prop.key.offset, length: first.prop.key.length, message: `${first.name} is here.` }],
      fixes: [
        { kind: 'remove', ...removalRange(card.node, second.prop.property), title: `Remove ${second.name}` },
        { kind: 'remove', ...removalRange(card.node, first.prop.property), title: `Remove ${first.name}` },
      ],
    });
  },
});
