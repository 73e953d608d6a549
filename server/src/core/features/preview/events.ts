/**
 * The preview's events option: what the customer sees, on each channel, of the events the
 * platform sends and no file holds (the specification's DELIVERED, READ and IS_TYPING): their
 * own message with its delivery and read marks, the typing indicator, then the card. Every fact
 * is the channel model's `events`; this file only words them for the page and its hover.
 */
import { possessive, TYPING_EXPIRES_AFTER_SECONDS, type ChannelModel, type EventFact } from '../../channels';
import type { ColumnEvents, DrawnEvent } from './viewModel';

/** The model's events in the order the customer sees them, with the specification's names and words. */
const ORDER = [
  { key: 'delivered', event: 'DELIVERED', words: 'delivery mark' },
  { key: 'read', event: 'READ', words: 'read receipt' },
  { key: 'typing', event: 'IS_TYPING', words: 'typing indicator' },
] as const;

/** How long the typing indicator lasts at most, in words, and whose figure it is. */
function typingDuration(model: ChannelModel, fact: EventFact): string {
  if (fact.seconds === undefined) {
    const page = `${possessive(model.name)} page states no expiry`;
    return `It lasts about ${TYPING_EXPIRES_AFTER_SECONDS} seconds at most (the specification; ${page}).`;
  }
  const spec = fact.seconds === TYPING_EXPIRES_AFTER_SECONDS ? '' : ` (the specification says about ${TYPING_EXPIRES_AFTER_SECONDS})`;
  return `It lasts ${fact.seconds} seconds at most on ${model.name}${spec}.`;
}

/** The events drawn in a channel's column, and those the channel does not show, with why. */
export function columnEvents(model: ChannelModel): ColumnEvents {
  const shown: DrawnEvent[] = [];
  const notShown: ColumnEvents['notShown'] = [];
  const said: string[] = [];
  for (const { key, event, words } of ORDER) {
    const fact = model.events[key];
    if (!fact) {
      notShown.push({ event, why: `${possessive(model.name)} documentation names no ${words} that the customer sees.` });
      continue;
    }
    const seconds = key === 'typing' ? fact.seconds ?? TYPING_EXPIRES_AFTER_SECONDS : undefined;
    const duration = key === 'typing' ? ` ${typingDuration(model, fact)}` : '';
    shown.push({
      event,
      mark: fact.mark,
      detail: `${event} on ${model.name}: ${fact.sentAs}.${duration} Source: ${fact.source}`,
      source: fact.source,
      ...(seconds === undefined ? {} : { seconds }),
    });
    said.push(seconds === undefined ? `${words} (${fact.mark})` : `${words} (up to ${seconds} s)`);
  }
  const none = notShown.length ? `; no ${notShown.map((n) => ORDER.find((o) => o.event === n.event)?.words).join(', no ')}` : '';
  return { shown, notShown, summary: `${model.name}: ${said.join(', ') || 'no event shown'}${none}` };
}
