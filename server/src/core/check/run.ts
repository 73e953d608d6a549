/**
 * Runs the rules over one document: text and configuration in, findings out. A rule that
 * throws is contained: it is logged and the other rules' findings still arrive.
 */
import { CHANNEL_IDS, type ChannelId } from '../channels';
import { type ResolvedConfig, DEFAULT_CONFIG } from '../findings/config';
import { startJsonDocument, type JsonDocument, type JsonDocumentParse } from '../syntax/jsonDocument';
import { buildRichCard } from '../model/richCard';
import type { SampleData } from '../template/render';
import type { Finding, Rule, RuleContext, Severity, SeverityOrOff } from '../findings/rule';
import type { LanguageId } from '../syntax/languages';
import { ALL_RULES } from '../rules';
import fileSize, { overSizeMessage } from '../rules/file-size';
import { formatCount } from '../util/count';

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
  /** Findings shown per rule (MAX_FINDINGS_PER_RULE by default; tests of a rule's own reach raise it). */
  maxFindingsPerRule?: number;
}

/** Rules that still run on a channel-specific message. */
const SYNTAX_ONLY = new Set(['syntax', 'template-syntax', 'file-size', 'sample-data']);

export interface CheckResult {
  diagnostics: Diagnostic[];
  doc: JsonDocument | undefined;
  cancelled: boolean;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };
/** The severities, most severe first. */
const BY_RANK = (Object.keys(RANK) as Severity[]).sort((a, b) => RANK[a] - RANK[b]);

function mostSevere(a: Severity, b: Severity): Severity {
  return RANK[a] <= RANK[b] ? a : b;
}


/** Checks one document of the given language, in one go (the command line, tests). */
export function checkDocument(text: string, language: LanguageId, options: CheckOptions = {}): CheckResult {
  const run = startCheck(text, language, options);
  while (!run.step()) { /* one step at a time until the last */ }
  return run.result();
}

/**
 * The file-size finding of a file too large even to read (`umsg check` weighs its bytes before
 * reading it): the rule's words and the severity the config gives the rule, as a check of
 * the text would give them.
 */
export function tooLargeToRead(bytes: number, config: ResolvedConfig): Diagnostic[] {
  const shown = asConfigured(fileSize, { message: overSizeMessage(bytes, 'bytes', config.maxFileSize), offset: 0, length: 0 }, config);
  return shown ? [shown] : [];
}

/**
 * A finding of a rule that runs before any parse (its `precheck`), with the severity the
 * config gives the rule; undefined when the config turns the rule off.
 */
function asConfigured(rule: Rule, found: Omit<Finding, 'rule'>, config: ResolvedConfig): Diagnostic | undefined {
  const setting = config.rules[rule.id];
  return setting === 'off' ? undefined : { ...found, rule: rule.id, severity: setting ?? found.severity ?? rule.defaultSeverity };
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

const clock = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

/**
 * Parses a document in slices of about SLICE_MS, yielding to the host between them, so that
 * requests on other documents are answered while a multi-megabyte one is parsed (hundreds of
 * milliseconds). Undefined when `isCancelled` says to stop first.
 */
export async function parseInSlices(text: string, options: { yieldToHost?: YieldToHost; isCancelled?: () => boolean } = {}): Promise<JsonDocument | undefined> {
  const pause = options.yieldToHost ?? defaultYield;
  const parse = startJsonDocument(text);
  let sliceStart = clock();
  const sliceOver = () => clock() - sliceStart >= SLICE_MS;
  while (!parse.run(sliceOver)) {
    await pause();
    if (options.isCancelled?.()) return undefined;
    sliceStart = clock();
  }
  return parse.result();
}

/**
 * Checks one document in slices: the parse (itself in slices when the document is long),
 * then one rule at a time, yielding to the event loop whenever a slice has run for SLICE_MS,
 * so that other requests are served in between and a cancellation (a newer edit) that
 * arrives meanwhile stops the check between slices of the parse, at the next rule, or inside
 * a rule at its next finding.
 */
export async function checkDocumentSliced(text: string, language: LanguageId, options: CheckOptions & { yieldToHost?: YieldToHost } = {}): Promise<CheckResult> {
  const pause = options.yieldToHost ?? defaultYield;
  let sliceStart = clock();
  const sliceOver = () => clock() - sliceStart >= SLICE_MS;
  const run = startCheck(text, language, options);
  for (let finished = run.step(sliceOver); !finished; finished = run.step(sliceOver)) {
    if (sliceOver()) {
      await pause();
      sliceStart = clock();
    }
  }
  return run.result();
}

/** Thrown by `report` once the caller has cancelled: ends a rule's long loop early. */
class Cancelled extends Error {}

/** How many findings a rule may report between two polls of `isCancelled`. */
const POLL_EVERY = 256;

/**
 * A check as a sequence of steps: the parse, then one rule per step. `step()` runs the next
 * one and says whether the check is finished; with `pause`, the parse of a long document
 * stops when `pause` says so, and goes on at the next `step`.
 *
 * The run is an object literal of plain methods, and must stay one. With a getter in it (it
 * once had `get done()`) every parse outlived the next young-generation collections and was
 * copied into old space: about 4.2 KB per message, and a quarter of `umsg check` over 10,000
 * ordinary messages went to garbage collection (`node --trace-gc-nvp`; held by
 * test/checkGarbage.test.ts). V8 defines a literal's accessor at run time, so each run
 * likely got a hidden class of its own, kept in old space, holding the getter's closure and
 * through it the parse and the card model.
 */
function startCheck(text: string, language: LanguageId, options: CheckOptions) {
  const config = options.config ?? DEFAULT_CONFIG;
  const catalogue = options.rules ?? ALL_RULES;
  const rules = rulesFor(catalogue, language, !!options.channelSpecific);
  const diagnostics: Diagnostic[] = [];
  let doc: JsonDocument | undefined;
  let parsing: JsonDocumentParse | undefined;
  let card: ReturnType<typeof buildRichCard>;
  let cancelled = false;
  let next = -1; // -1: parse first
  let done = false;

  // Rules that look at the raw text before any parse (file-size): a finding of theirs is the
  // whole result, whether it is shown or turned off.
  for (const rule of catalogue) {
    const found = rule.precheck?.(text, config.maxFileSize);
    if (!found) continue;
    const shown = asConfigured(rule, found, config);
    if (shown) diagnostics.push(shown);
    done = true;
    break;
  }
  const targets = CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && !options.overriddenChannels?.includes(c));
  const isCancelled = () => !!options.isCancelled?.();
  const cap = Math.max(1, options.maxFindingsPerRule ?? MAX_FINDINGS_PER_RULE);

  // The rule running now: one context serves every rule of the check, its `report` files
  // findings under the current rule (rules run one at a time and report synchronously).
  let current: Rule = rules[0];
  let currentSetting: SeverityOrOff | undefined;
  let kept: FindingCap | undefined;
  let sincePoll = 0;
  const report = (f: Omit<Finding, 'rule'>) => {
    if (++sincePoll >= POLL_EVERY) {
      sincePoll = 0;
      if (isCancelled()) throw new Cancelled();
    }
    // The final severity is decided as each finding arrives, so that a finding past the cap
    // (or on channels that are all off) costs no copy.
    const severity = finalSeverity(current, f, currentSetting, config.channels);
    if (severity) (kept ??= new FindingCap(current.id, cap)).add(f, severity);
  };
  let context: RuleContext | undefined;

  function runRule(rule: Rule) {
    const setting: SeverityOrOff | undefined = config.rules[rule.id];
    if (setting === 'off') return;
    current = rule;
    currentSetting = setting;
    kept = undefined;
    sincePoll = 0;
    context ??= { doc: doc!, language, card, targets, sample: options.sample, sampleProblem: options.sampleProblem, ruleIds: ruleIdsOf(catalogue), isCancelled, report };
    try {
      rule.check(context);
    } catch (error) {
      if (error instanceof Cancelled) { cancelled = true; return; }
      options.onRuleError?.(rule.id, error);
      return;
    }
    (kept as FindingCap | undefined)?.drainInto(diagnostics); // filled by `report`, which TypeScript does not follow
  }

  return {
    step(pause?: () => boolean): boolean {
      if (done) return true;
      if (isCancelled()) { cancelled = true; done = true; return true; }
      if (next < 0) {
        // The parse may stop when `pause` says so (a long document in the editor): this
        // step then comes again until it is complete.
        if (!options.parsed && !(parsing ??= startJsonDocument(text)).run(pause)) return false;
        doc = options.parsed ?? parsing!.result();
        card = language === 'universal-message' ? buildRichCard(doc) : undefined;
      } else {
        runRule(rules[next]);
      }
      next++;
      if (cancelled || next >= rules.length) done = true;
      return done;
    },
    result(): CheckResult {
      diagnostics.sort((a, b) => a.offset - b.offset || RANK[a.severity] - RANK[b.severity]);
      return { diagnostics, doc, cancelled };
    },
  };
}

/** The rules of a catalogue that run on a language, worked out once per catalogue (not per check). */
const ruleLists = new WeakMap<readonly Rule[], Map<string, readonly Rule[]>>();

function rulesFor(catalogue: readonly Rule[], language: LanguageId, channelSpecific: boolean): readonly Rule[] {
  let byLanguage = ruleLists.get(catalogue);
  if (!byLanguage) ruleLists.set(catalogue, (byLanguage = new Map<string, readonly Rule[]>()));
  const key = channelSpecific ? `${language} channel-specific` : language;
  let rules = byLanguage.get(key);
  if (!rules) {
    rules = catalogue.filter((r) => r.languages.includes(language) && (!channelSpecific || SYNTAX_ONLY.has(r.id)));
    byLanguage.set(key, rules);
  }
  return rules;
}

const ruleIdLists = new WeakMap<readonly Rule[], readonly string[]>();

function ruleIdsOf(catalogue: readonly Rule[]): readonly string[] {
  let ids = ruleIdLists.get(catalogue);
  if (!ids) ruleIdLists.set(catalogue, (ids = catalogue.map((r) => r.id)));
  return ids;
}

/**
 * Per file and rule, at most this many findings are shown: the first ones in document order.
 * One more finding of the same rule then says how many were left out (never silently). A
 * generated message with 20,000 actions gave 45,000 findings: seconds to build, send and
 * show, and no one reads past the first screens of them. The editor and `umsg check` both
 * get their findings from here, so they agree. Fix all fixes the shown findings only.
 */
export const MAX_FINDINGS_PER_RULE = 1_000;

/**
 * The findings of one rule on one file, capped at MAX_FINDINGS_PER_RULE in document order.
 * Rules report mostly in document order, so once the cap is reached a finding at or after
 * the last one kept is only counted. One reported earlier in the text than that (a rule's
 * second pass over the card) is kept for now; the list is sorted and trimmed back to the cap
 * whenever it doubles, so memory stays bounded whatever the order.
 */
class FindingCap {
  private readonly kept: Diagnostic[] = [];
  /** The largest offset among the kept findings. */
  private maxOffset = -1;
  private hidden = 0;
  private readonly hiddenBySeverity: Partial<Record<Severity, number>> = {};
  private firstHidden: { offset: number; length: number } | undefined;
  /** The channels of the findings left out, for the channel summary. */
  private hiddenChannels: Set<ChannelId> | undefined;

  constructor(private readonly rule: string, private readonly cap: number) {}

  add(f: Omit<Finding, 'rule'>, severity: Severity) {
    if (this.kept.length >= this.cap && f.offset >= this.maxOffset) {
      this.hide(f, severity, false);
      return;
    }
    this.kept.push({ ...f, rule: this.rule, severity });
    if (f.offset > this.maxOffset) this.maxOffset = f.offset;
    if (this.kept.length >= 2 * this.cap) this.trim();
  }

  /** Appends the kept findings and, when some were left out, the finding that counts them. */
  drainInto(out: Diagnostic[]) {
    if (this.kept.length > this.cap) this.trim();
    for (const d of this.kept) out.push(d);
    const first = this.firstHidden;
    if (!first) return;
    const n = this.hidden;
    const summary: Diagnostic = {
      rule: this.rule,
      message: `… and ${formatCount(n)} more \`${this.rule}\` finding${n === 1 ? '' : 's'} in this file; the first ${formatCount(this.cap)} are shown.`,
      offset: first.offset,
      length: first.length,
      // The most severe of the findings left out, so that a report of errors only (--quiet)
      // still says when errors were among them.
      severity: BY_RANK.find((s) => this.hiddenBySeverity[s] !== undefined)!,
      standsFor: { ...this.hiddenBySeverity },
    };
    const hiddenChannels = this.hiddenChannels;
    if (hiddenChannels) summary.channels = CHANNEL_IDS.filter((c) => hiddenChannels.has(c));
    out.push(summary);
  }

  /** Keeps the first `cap` findings in document order (a stable sort: ties stay in report order). */
  private trim() {
    const kept = this.kept;
    kept.sort((a, b) => a.offset - b.offset);
    for (let k = this.cap; k < kept.length; k++) this.hide(kept[k], kept[k].severity, k === this.cap);
    kept.length = this.cap;
    this.maxOffset = kept[kept.length - 1].offset;
  }

  /**
   * Counts a finding left out and remembers the first in document order. On a tie of
   * offsets the first finding a trim leaves out (`trimmed`) wins: it was reported before
   * any finding hidden earlier at the same offset (that one was hidden for lying at or after
   * every kept finding).
   */
  private hide(f: Omit<Finding, 'rule'>, severity: Severity, trimmed: boolean) {
    this.hidden++;
    this.hiddenBySeverity[severity] = (this.hiddenBySeverity[severity] ?? 0) + 1;
    const first = this.firstHidden;
    if (!first || f.offset < first.offset || (trimmed && f.offset === first.offset)) {
      this.firstHidden = { offset: f.offset, length: f.length };
    }
    if (f.channels && f.channels.length > 0) {
      const channels = (this.hiddenChannels ??= new Set());
      for (const c of f.channels) channels.add(c);
    }
  }
}

/**
 * A rule set in the config takes that severity. A channel finding otherwise takes the most
 * severe of its channels' severities, and vanishes when all of its channels are off.
 */
function finalSeverity(rule: Rule, f: Omit<Finding, 'rule'>, setting: SeverityOrOff | undefined, channels: Record<ChannelId, SeverityOrOff>): Severity | undefined {
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

