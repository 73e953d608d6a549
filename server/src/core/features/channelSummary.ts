/** The channel summary shown above a card: "Messenger ✓ · WhatsApp: 2 problems". */
import { CHANNEL_NAMES, type ChannelId } from '../channels';
import type { Diagnostic } from '../check/severities';

interface ChannelStatus {
  channel: ChannelId;
  /** Findings that keep the card from working on this channel. */
  problems: Diagnostic[];
  /** True when a channel-specific message replaces this file on the channel. */
  overridden: boolean;
}

/**
 * Per target channel: its own channel findings, plus every error that is not about a channel
 * (a card without a title breaks everywhere).
 */
export function channelSummary(
  diagnostics: readonly Diagnostic[],
  targets: readonly ChannelId[],
  overridden: readonly string[] = [],
): ChannelStatus[] {
  const general = diagnostics.filter((d) => !d.channels?.length && d.severity === 'error');
  return targets.map((channel) => ({
    channel,
    overridden: overridden.includes(channel),
    problems: overridden.includes(channel)
      ? []
      : [...general, ...diagnostics.filter((d) => d.channels?.includes(channel))].sort((a, b) => a.offset - b.offset),
  }));
}

export function summaryTitle(statuses: readonly ChannelStatus[]): string {
  return statuses.map((s) => {
    const name = CHANNEL_NAMES[s.channel];
    if (s.overridden) return `${name}: own message`;
    if (s.problems.length === 0) return `${name} ✓`;
    return `${name}: ${s.problems.length} problem${s.problems.length === 1 ? '' : 's'}`;
  }).join(' · ');
}
