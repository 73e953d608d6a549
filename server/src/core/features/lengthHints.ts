/**
 * Inlay hints with a text's length against the strictest target channel's limit ("95/80"),
 * after title, description, display and payload, where it is close to or over the limit.
 */
import { CHANNELS, CHANNEL_NAMES, possessive, type ChannelId, type LimitedText, listRoom } from '../channels';
import type { JsonDocument, Node } from '../syntax/jsonDocument';
import { buildRichCard } from '../model/richCard';
import { allActions } from '../model/values';
import { renderedList } from '../template/dynamicList';

export interface LengthHint {
  /** Offset the hint is shown at (just after the value). */
  offset: number;
  label: string;
  tooltip: string;
  over: boolean;
}

/** Hints show from this share of the limit on: short texts need no reminder. */
const SHOW_FROM = 0.75;

/**
 * The hints shown at offsets from `start` to `end` (the lines the editor shows): the texts
 * outside are not measured, which in a 20,000-action message took 15 to 70 ms after every
 * keystroke for the twenty hints on screen.
 */
export function lengthHints(doc: JsonDocument, targets: readonly ChannelId[], start = 0, end = Infinity): LengthHint[] {
  const card = buildRichCard(doc);
  if (!card || targets.length === 0) return [];
  const hints: LengthHint[] = [];
  const add = (field: LimitedText, v: Node | undefined) => {
    // A hint stands just after its value.
    if (!v || v.type !== 'string' || v.offset + v.length < start || v.offset + v.length > end || doc.valueTemplate(v)) return;
    const info = doc.stringInfo(v);
    if (info.wholly) return;
    let strictest: { channel: ChannelId; limit: number } | undefined;
    for (const c of targets) {
      const limit = CHANNELS[c].text[field];
      if (limit !== undefined && (!strictest || limit < strictest.limit)) strictest = { channel: c, limit };
    }
    if (!strictest) return;
    const n = info.staticLength;
    if (n < strictest.limit * SHOW_FROM) return;
    const templated = info.templates.length > 0;
    hints.push({
      offset: v.offset + v.length,
      label: `${templated ? '≥' : ''}${n}/${strictest.limit}`,
      tooltip: `${field}: ${templated ? `at least ${n} characters without its templates` : `${n} characters`}; ` +
        `${possessive(CHANNEL_NAMES[strictest.channel])} limit is ${strictest.limit}, the strictest of the target channels.`,
      over: n > strictest.limit,
    });
  };
  // The count a dynamic list may reach, at the end of its // @each line.
  const list = renderedList(doc);
  const model = list?.listName === 'insideActions' ? card.insideActions : list?.listName === 'floatActions' ? card.floatActions : undefined;
  if (list && model) {
    const room = listRoom(list, model.staticCount, targets);
    const least = room.length > 0 ? Math.min(...room.map((r) => r.left)) : undefined;
    if (least !== undefined && list.each.end >= start && list.each.end <= end) {
      hints.push({
        offset: list.each.end,
        label: `≤ ${least} element${least === 1 ? '' : 's'}`,
        tooltip: room.map((r) => `${CHANNEL_NAMES[r.channel]}: at most ${r.left}`).join('; '),
        over: false,
      });
    }
  }
  add('title', card.props.get('title')?.valueNode);
  add('description', card.props.get('description')?.valueNode);
  for (const a of allActions(card)) {
    // An action wholly outside the lines shown has no hint to give.
    if (a.node.offset > end || a.node.offset + a.node.length < start) continue;
    add('display', a.props.get('display')?.valueNode);
    add('payload', a.props.get('payload')?.valueNode);
  }
  return hints;
}
