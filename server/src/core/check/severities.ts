/**
 * The severity a finding is shown with: what the config sets for its rule, else the most
 * severe of its channels' severities, else its own or its rule's default.
 */
import type { ChannelId } from '../channels';
import type { ResolvedConfig } from '../findings/types';
import type { Finding, Rule, Severity, SeverityOrOff } from '../findings/rule';

/** A finding with its final severity. */
export interface Diagnostic extends Finding {
  severity: Severity;
  /**
   * On the one finding that counts what the cap left out (MAX_FINDINGS_PER_RULE): how many
   * findings of each severity it stands for, so that summaries and `--max-warnings` count
   * every finding, shown or not.
   */
  standsFor?: Partial<Record<Severity, number>>;
}

/** The severities ranked, the most severe first (0). */
export const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };
/** The severities, most severe first. */
export const BY_RANK = (Object.keys(SEVERITY_RANK) as Severity[]).sort((a, b) => SEVERITY_RANK[a] - SEVERITY_RANK[b]);

function mostSevere(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[a] <= SEVERITY_RANK[b] ? a : b;
}


/**
 * A finding of a rule that runs before any parse (its `precheck`), with the severity the
 * config gives the rule; undefined when the config turns the rule off.
 */
export function asConfigured(rule: Rule, found: Omit<Finding, 'rule'>, config: ResolvedConfig): Diagnostic | undefined {
  const setting = config.rules[rule.id];
  return setting === 'off' ? undefined : { ...found, rule: rule.id, severity: setting ?? found.severity ?? rule.defaultSeverity };
}

/**
 * A rule set in the config takes that severity. A channel finding otherwise takes the most
 * severe of its channels' severities, and vanishes when all of its channels are off.
 */
export function finalSeverity(
  rule: Rule,
  own: Severity | undefined,
  findingChannels: readonly ChannelId[] | undefined,
  setting: SeverityOrOff | undefined,
  channels: Record<ChannelId, SeverityOrOff>,
): Severity | undefined {
  let channelSeverity: Severity | undefined;
  if (findingChannels && findingChannels.length > 0) {
    for (let i = 0; i < findingChannels.length; i++) {
      const s = channels[findingChannels[i]];
      if (s !== 'off') channelSeverity = channelSeverity ? mostSevere(channelSeverity, s) : s;
    }
    if (!channelSeverity) return undefined;
  }
  if (setting) return setting as Severity;
  return own ?? channelSeverity ?? rule.defaultSeverity;
}
