/**
 * Severities and the configuration the checks run with: what a finding is shown as, per
 * channel and per rule. The config file's text is read by rules/config.ts; the defaults and
 * the merge with editor settings are in config.ts.
 */
import type { ChannelId } from '../channels';

/** How a finding is shown, as LSP's four severities. */
export type Severity = 'error' | 'warning' | 'information' | 'hint';
/** A severity, or `off`: the rule or channel is not checked. */
export type SeverityOrOff = Severity | 'off';

/** What the checks run with: every channel has a severity, rules only where set. */
export interface ResolvedConfig {
  channels: Record<ChannelId, SeverityOrOff>;
  rules: Record<string, SeverityOrOff>;
  maxFileSize: number;
}
