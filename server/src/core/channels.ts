/**
 * The channels a universal message is translated for, and their limits: the specification's
 * "Limits" table, exactly (channel A = Messenger, B = Google Business Messages, C = WhatsApp).
 * A limit the table gives as a dash is `undefined`: no check.
 */

export type ChannelId = 'messenger' | 'gbm' | 'whatsapp';

export const CHANNEL_IDS: readonly ChannelId[] = ['messenger', 'gbm', 'whatsapp'];

export const CHANNEL_NAMES: Record<ChannelId, string> = {
  messenger: 'Messenger',
  gbm: 'Google Business Messages',
  whatsapp: 'WhatsApp',
};

/** Text fields with a length limit, and lists with a count limit. */
export type LimitedText = 'title' | 'description' | 'display' | 'payload';
export type LimitedList = 'insideActions' | 'floatActions';

export interface ChannelLimits {
  text: Record<LimitedText, number | undefined>;
  count: Record<LimitedList, number | undefined>;
  /** Inside actions are "text only": click and call are not supported as such. */
  insideTextOnly: boolean;
}

export const CHANNEL_LIMITS: Record<ChannelId, ChannelLimits> = {
  messenger: {
    text: { title: 80, description: 80, display: 20, payload: 1000 },
    count: { insideActions: 3, floatActions: 13 },
    insideTextOnly: false,
  },
  gbm: {
    text: { title: 200, description: 2000, display: 25, payload: 2048 },
    count: { insideActions: 4, floatActions: 13 },
    insideTextOnly: false,
  },
  whatsapp: {
    text: { title: 1024, description: 60, display: 20, payload: 256 },
    count: { insideActions: 3, floatActions: undefined },
    insideTextOnly: true,
  },
};

/** WhatsApp sends inside and float actions together as reply buttons: at most this many in all. */
export const WHATSAPP_MAX_BUTTONS = 3;

/** "Messenger's 80 and WhatsApp's 60" */
export function joinChannelLimits(parts: { channel: ChannelId; limit: number }[]): string {
  const items = parts.map((p) => `${possessive(CHANNEL_NAMES[p.channel])} ${p.limit.toLocaleString('en-US')}`);
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
