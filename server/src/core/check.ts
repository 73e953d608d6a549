/**
 * Runs the rules over one document: text and configuration in, findings out. A rule that
 * throws is contained: it is logged and the other rules' findings still arrive.
 */
import { CHANNEL_IDS, type ChannelId } from './channels';
import { type ResolvedConfig, DEFAULT_CONFIG } from './config';
import { parseJsonDocument, type JsonDocument } from './jsonDocument';
import { buildRichCard } from './richCard';
import type { SampleData } from './render';
import type { Finding, LanguageId, Rule, Severity, SeverityOrOff } from './rule';
import { ALL_RULES } from './rules';

/** A finding with its final severity. */
export interface Diagnostic extends Finding {
  severity: Severity;
}

export interface CheckOptions {
  config?: ResolvedConfig;
  /** The rules to run (the full catalogue by default; tests pass their own). */
  rules?: readonly Rule[];
  /** Called when a rule throws: the rule id and the error. */
  onRuleError?: (ruleId: string, error: unknown) => void;
  /** Polled between rules; when it returns true the check stops early with what it has. */
  isCancelled?: () => boolean;
  /** Sample data for the message's templates (NAME.sample.json). */
  sample?: SampleData;
  /**
   * For NAME.<channel>.umsg: the channel's native format is not in the specification, so only
   * JSON and template syntax are checked (DESIGN: Files and languages).
   */
  channelSpecific?: boolean;
  /** Channels that have their own NAME.<channel>.umsg: their limits do not apply to this file. */
  overriddenChannels?: readonly ChannelId[];
  /** Why NAME.sample.json could not be used, when it exists but is broken. */
  sampleProblem?: string;
}

/** Rules that still run on a channel-specific message. */
const SYNTAX_ONLY = new Set(['syntax', 'template-syntax', 'file-size', 'sample-data']);

export interface CheckResult {
  diagnostics: Diagnostic[];
  doc: JsonDocument | undefined;
  cancelled: boolean;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

export function mostSevere(a: Severity, b: Severity): Severity {
  return RANK[a] <= RANK[b] ? a : b;
}

export { channelOfPath } from './channels';

/** Infers the language of a file from its name (DESIGN: Files and languages). */
export function languageOfPath(path: string): LanguageId | undefined {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
  if (name.endsWith('.umsg')) return 'universal-message';
  if (name.endsWith('.configmeta.json')) return 'configuration-meta';
  if (name.endsWith('.provider.json')) return 'native-provider';
  return undefined;
}

/** Checks one document of the given language. */
export function checkDocument(text: string, language: LanguageId, options: CheckOptions = {}): CheckResult {
  const config = options.config ?? DEFAULT_CONFIG;
  const rules = (options.rules ?? ALL_RULES).filter((r) => r.languages.includes(language) && (!options.channelSpecific || SYNTAX_ONLY.has(r.id)));
  const diagnostics: Diagnostic[] = [];

  if (text.length > config.maxFileSize) {
    // Too big to check while typing: one finding instead (its severity is configurable; off hides it).
    const setting = config.rules['file-size'];
    if (setting === 'off') return { diagnostics, doc: undefined, cancelled: false };
    diagnostics.push({
      rule: 'file-size',
      severity: setting ?? 'information',
      message: `This file has ${formatCount(text.length)} characters, over the checking limit of ${formatCount(config.maxFileSize)} (maxFileSize): it was not checked.`,
      offset: 0,
      length: 0,
    });
    return { diagnostics, doc: undefined, cancelled: false };
  }

  if (options.sampleProblem && config.rules['sample-data'] !== 'off' && rules.some((r) => r.id === 'sample-data')) {
    diagnostics.push({ rule: 'sample-data', severity: (config.rules['sample-data'] as Severity | undefined) ?? 'warning', message: options.sampleProblem, offset: 0, length: 0 });
  }
  const doc = parseJsonDocument(text);
  const card = language === 'universal-message' ? buildRichCard(doc) : undefined;
  const targets = CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && !options.overriddenChannels?.includes(c));
  let cancelled = false;

  for (const rule of rules) {
    if (options.isCancelled?.()) { cancelled = true; break; }
    const setting: SeverityOrOff | undefined = config.rules[rule.id];
    if (setting === 'off') continue;
    const found: Finding[] = [];
    try {
      rule.check({ doc, language, card, targets, sample: options.sample, report: (f) => { found.push({ ...f, rule: rule.id }); } });
    } catch (error) {
      options.onRuleError?.(rule.id, error);
      continue;
    }
    for (const f of found) {
      const severity = finalSeverity(rule, f, setting, config.channels);
      if (severity) diagnostics.push({ ...f, severity });
    }
  }
  diagnostics.sort((a, b) => a.offset - b.offset || RANK[a.severity] - RANK[b.severity]);
  return { diagnostics, doc, cancelled };
}

/**
 * A rule set in the config takes that severity. A channel finding otherwise takes the most
 * severe of its channels' severities, and vanishes when all of its channels are off.
 */
function finalSeverity(rule: Rule, f: Finding, setting: SeverityOrOff | undefined, channels: Record<ChannelId, SeverityOrOff>): Severity | undefined {
  let channelSeverity: Severity | undefined;
  if (f.channels && f.channels.length > 0) {
    for (const c of f.channels) {
      const s = channels[c];
      if (s !== 'off') channelSeverity = channelSeverity ? mostSevere(channelSeverity, s) : s;
    }
    if (!channelSeverity) return undefined;
  }
  if (setting) return setting as Severity;
  return f.severity ?? channelSeverity ?? rule.defaultSeverity;
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
