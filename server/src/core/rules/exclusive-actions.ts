import { CHANNELS, isChannelId } from '../channels';
import type { JsonDocument } from '../syntax/jsonDocument';
import type { ActionList, RichCard } from '../model/richCard';
import { defineRule, type FixData } from '../findings/rule';
import { removalRange } from '../model/values';

/** Spec, "Rich message" rule 2: insideActions and floatActions are alternatives. */
export default defineRule({
  id: 'exclusive-actions',
  description: 'A card uses insideActions or floatActions, not both.',
  defaultSeverity: 'error',
  languages: ['universal-message'],
  check({ doc, card, targets, report }) {
    const inside = card?.insideActions;
    const float = card?.floatActions;
    if (!card || !inside || !float) return;
    const [first, second] = inside.prop.property.offset < float.prop.property.offset ? [inside, float] : [float, inside];
    const fixes: FixData[] = [];
    const move = moveFloatsInside(doc, card, inside, float, targets);
    if (move) fixes.push(move);
    fixes.push(
      { kind: 'remove', ...removalRange(card.node, second.prop.property), title: `Remove ${second.name}` },
      { kind: 'remove', ...removalRange(card.node, first.prop.property), title: `Remove ${first.name}` },
    );
    report({
      message: `${second.name} and ${first.name} are alternatives: a rich card uses only one of them.`,
      offset: second.prop.key.offset,
      length: second.prop.key.length,
      related: [{ offset: first.prop.key.offset, length: first.prop.key.length, message: `${first.name} is here.` }],
      fixes,
    });
  },
});

/**
 * Moves the float replies to the end of insideActions, when every float action is a plain
 * reply (inside actions take replies too) and all of them fit every target channel's
 * insideActions limit. Not offered around a dynamic list body.
 */
function moveFloatsInside(
  doc: JsonDocument,
  card: RichCard,
  inside: ActionList,
  float: ActionList,
  targets: readonly string[],
): FixData | undefined {
  if (!inside.array || !float.array || inside.hasBody || float.hasBody) return undefined;
  const floats = float.array.children ?? [];
  if (floats.length === 0 || floats.length !== float.actions.length) return undefined;
  if (float.actions.some((a) => a.staticType !== 'reply')) return undefined;
  const total = (inside.array.children?.length ?? 0) + floats.length;
  const fits = targets.every((c) => {
    const limit = isChannelId(c) ? CHANNELS[c].count.insideActions : undefined;
    return limit === undefined || total <= limit;
  });
  if (!fits) return undefined;
  const texts = floats.map((f) => doc.text.slice(f.offset, f.offset + f.length));
  const last = inside.array.children?.[inside.array.children.length - 1];
  const insert = last
    ? { offset: last.offset + last.length, length: 0, text: `, ${texts.join(', ')}` }
    : { offset: inside.array.offset + 1, length: inside.array.length - 2, text: ` ${texts.join(', ')} ` };
  const remove = removalRange(card.node, float.prop.property);
  return {
    kind: 'edits',
    edits: [insert, { ...remove, text: '' }],
    title: `Move the ${floats.length} float repl${floats.length === 1 ? 'y' : 'ies'} into insideActions`,
  };
}
