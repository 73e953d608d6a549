/**
 * The channels a universal message is translated for: the registry of channel models (one
 * file each, see `model.ts`) and the few helpers that name channels in messages.
 * Channel A of the specification = Messenger, B = Google Business Messages, C = WhatsApp.
 */

import { gbm } from './gbm';
import { messenger } from './messenger';
import type { ChannelId, ChannelModel } from './model';
import { rcs } from './rcs';
import { whatsapp } from './whatsapp';
import type { DynamicList } from '../template/dynamicList';

export type { ApiProblem, ChannelId, ChannelModel, EventFact, LimitedText, Obj } from './model';
export { TYPING_EXPIRES_AFTER_SECONDS } from './model';
import type { JsonValue } from '../template/templateEval';
import { formatCount } from '../util/count';

/** Every channel, in the canonical order: the specification's table, then RCS (not in it). */
export const CHANNELS: Readonly<Record<ChannelId, ChannelModel>> = { messenger, gbm, whatsapp, rcs };

export const CHANNEL_IDS: readonly ChannelId[] = Object.keys(CHANNELS) as ChannelId[];

export const CHANNEL_NAMES: Readonly<Record<ChannelId, string>> =
  Object.fromEntries(CHANNEL_IDS.map((c) => [c, CHANNELS[c].name])) as Record<ChannelId, string>;

/** NAME.<channel>.umsg: the channel a channel-specific message is for, if the file is one. */
export function channelOfPath(path: string): ChannelId | undefined {
  if (!path.endsWith('.umsg')) return undefined;
  const stem = path.slice(0, -'.umsg'.length);
  const dot = stem.lastIndexOf('.');
  const name = dot < 0 ? '' : stem.slice(dot + 1);
  return isChannelId(name) ? name : undefined;
}

/** "Messenger's 80 and WhatsApp's 60" */
export function joinChannelLimits(parts: { channel: ChannelId; limit: number }[]): string {
  const items = parts.map((p) => `${possessive(CHANNEL_NAMES[p.channel])} ${formatCount(p.limit)}`);
  return joinList(items);
}

/** "Messenger, Google Business Messages and WhatsApp" */
export function joinChannelNames(channels: readonly ChannelId[]): string {
  return joinList(channels.map((c) => CHANNEL_NAMES[c]));
}

/** "Messenger's", "Google Business Messages'" */
export function possessive(name: string): string {
  return name.endsWith('s') ? `${name}'` : `${name}'s`;
}

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function isChannelId(s: string): s is ChannelId {
  return (CHANNEL_IDS as readonly string[]).includes(s);
}

/** What `channel` receives for a rendered universal card (a JSON object). */
export function channelPayload(id: ChannelId, card: JsonValue): JsonValue {
  if (!card || typeof card !== 'object' || Array.isArray(card)) throw new Error('A universal message renders to a JSON object.');
  return CHANNELS[id].translate(card);
}

/** How many elements the list may render on each target channel, given the static ones. */
export function listRoom(
  list: DynamicList,
  staticCount: number,
  targets: readonly ChannelId[],
): { channel: ChannelId; limit: number; left: number }[] {
  if (!list.listName) return [];
  return targets
    .map((channel) => ({ channel, limit: CHANNELS[channel].count[list.listName!] }))
    .filter((x): x is { channel: ChannelId; limit: number } => x.limit !== undefined)
    .map((x) => ({ ...x, left: Math.max(0, x.limit - staticCount) }));
}
