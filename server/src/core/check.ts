/**
 * Runs the rules over one document: text and configuration in, findings out. A rule that
 * throws is contained: it is logged and the other rules' findings still arrive.
 */
import { CHANNEL_IDS, type ChannelId } from './channels';
import { type ResolvedConfig, CONFIG_FILE_NAME, DEFAULT_CONFIG } from './config';
import { parseJsonDocument, type JsonDocument } from './jsonDocument';
import { buildRichCard } from './richCard';
import type { SampleData } from './render';
import type { Finding, LanguageId, Rule, Severity, SeverityOrOff } from './rule';
import { ALL_RULES } from './rules';

/** A finding with its final severity. */
export interface Diagnostic extends Finding {
  severity: Severity;
}

interface CheckOptions {
  config?: ResolvedConfig;
  /** The rules to run (the full catalogue by default; tests pass their own). */
  rules?: readonly Rule[];
  /** Called when a rule throws: the rule id and the error. */
  onRuleError?: (ruleId: string, error: unknown) => void;
  /** Polled between rules and inside them; when it returns true the check stops early (`cancelled`). */
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
  /** The parse of `text`, when the caller has it already (the language service shares one per version). */
  parsed?: JsonDocument;
}

/** Rules that still run on a channel-specific message. */
const SYNTAX_ONLY = new Set(['syntax', 'template-syntax', 'file-size', 'sample-data']);

export interface CheckResult {
  diagnostics: Diagnostic[];
  doc: JsonDocument | undefined;
  cancelled: boolean;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

function mostSevere(a: Severity, b: Severity): Severity {
  return RANK[a] <= RANK[b] ? a : b;
}

export { channelOfPath } from './channels';

/** Infers the language of a file from its name (DESIGN: Files and languages). */
export function languageOfPath(path: string): LanguageId | undefined {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
  if (name.endsWith('.umsg')) return 'universal-message';
  if (name.endsWith('.configmeta.json')) return 'configuration-meta';
  if (name.endsWith('.provider.json')) return 'native-provider';
  if (name === CONFIG_FILE_NAME) return 'umsg-config';
  return undefined;
}

/** Checks one document of the given language, in one go (the command line, tests). */
export function checkDocument(text: string, language: LanguageId, options: CheckOptions = {}): CheckResult {
  const run = startCheck(text, language, options);
  while (!run.done) run.step();
  return run.result();
}

/** Yields to the host's event loop; the server passes its own (setImmediate on Node). */
export type YieldToHost = () => Promise<void>;

const defaultYield: YieldToHost = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * A slice of a check runs at most about this long before it yields, so that a hover or a
 * completion (on this document or another) is answered while a large file is checked. Only a
 * scheduling granularity, never a verdict: results do not depend on it.
 */
const SLICE_MS = 10;

/**
 * Checks one document in slices: the parse, then one rule at a time, yielding to the event
 * loop whenever a slice has run for SLICE_MS, so that other requests are served in between
 * and a cancellation (a newer edit) that arrives meanwhile stops the check at the next rule,
 * or inside a rule at its next finding.
 */
export async function checkDocumentSliced(text: string, language: LanguageId, options: CheckOptions & { yieldToHost?: YieldToHost } = {}): Promise<CheckResult> {
  const pause = options.yieldToHost ?? defaultYield;
  const clock = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  let sliceStart = clock();
  const run = startCheck(text, language, options);
  while (!run.done) {
    if (clock() - sliceStart >= SLICE_MS) {
      await pause();
      sliceStart = clock();
    }
    run.step();
  }
  return run.result();
}

/** Thrown by `report` once the caller has cancelled: ends a rule's long loop early. */
class Cancelled extends Error {}

/** How many findings a rule may report between two polls of `isCancelled`. */
const POLL_EVERY = 256;

/** A check as a sequence of steps: the parse, then one rule per step. */
function startCheck(text: string, language: LanguageId, options: CheckOptions) {
  const config = options.config ?? DEFAULT_CONFIG;
  const catalogue = options.rules ?? ALL_RULES;
  const rules = catalogue.filter((r) => r.languages.includes(language) && (!options.channelSpecific || SYNTAX_ONLY.has(r.id)));
  const diagnostics: Diagnostic[] = [];
  let doc: JsonDocument | undefined;
  let card: ReturnType<typeof buildRichCard>;
  let cancelled = false;
  let next = -1; // -1: parse first
  let done = false;

  // Rules that look at the raw text before any parse (file-size): a finding of theirs is the
  // whole result, whether it is shown or turned off.
  for (const rule of catalogue) {
    const found = rule.precheck?.(text, config.maxFileSize);
    if (!found) continue;
    const setting = config.rules[rule.id];
    if (setting !== 'off') diagnostics.push({ ...found, rule: rule.id, severity: setting ?? found.severity ?? rule.defaultSeverity });
    done = true;
    break;
  }
  const targets = CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && !options.overriddenChannels?.includes(c));
  const ruleIds = catalogue.map((r) => r.id);
  const isCancelled = () => !!options.isCancelled?.();

  function runRule(rule: Rule) {
    const setting: SeverityOrOff | undefined = config.rules[rule.id];
    if (setting === 'off') return;
    const found: Finding[] = [];
    let sincePoll = 0;
    try {
      rule.check({
        doc: doc!, language, card, targets, sample: options.sample, sampleProblem: options.sampleProblem, ruleIds, isCancelled,
        report: (f) => {
          if (++sincePoll >= POLL_EVERY) {
            sincePoll = 0;
            if (isCancelled()) throw new Cancelled();
          }
          found.push({ ...f, rule: rule.id });
        },
      });
    } catch (error) {
      if (error instanceof Cancelled) { cancelled = true; return; }
      options.onRuleError?.(rule.id, error);
      return;
    }
    for (const f of found) {
      const severity = finalSeverity(rule, f, setting, config.channels);
      if (severity) diagnostics.push({ ...f, severity });
    }
  }

  return {
    get done() { return done; },
    step() {
      if (done) return;
      if (isCancelled()) { cancelled = true; done = true; return; }
      if (next < 0) {
        doc = options.parsed ?? parseJsonDocument(text);
        card = language === 'universal-message' ? buildRichCard(doc) : undefined;
      } else {
        runRule(rules[next]);
      }
      next++;
      if (cancelled || next >= rules.length) done = true;
    },
    result(): CheckResult {
      diagnostics.sort((a, b) => a.offset - b.offset || RANK[a.severity] - RANK[b.severity]);
      return { diagnostics, doc, cancelled };
    },
  };
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

