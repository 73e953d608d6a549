/**
 * Runs the rules over one document: text and configuration in, findings out. A rule that
 * throws is contained: it is logged and the other rules' findings still arrive. The run is a
 * sequence of steps (`startCheck`): `checkDocument` takes them in one go, slices.ts between
 * yields to the host. Each rule's findings pass through a cap (cap.ts) with their final
 * severity (severities.ts).
 */
import { CHANNEL_IDS, type ChannelId } from '../channels';
import { type ResolvedConfig, DEFAULT_CONFIG } from '../findings/config';
import { startJsonDocument, type JsonDocument, type JsonDocumentParse } from '../syntax/jsonDocument';
import { buildRichCard } from '../model/richCard';
import { messageForm } from '../channels/native';
import type { SampleData } from '../template/render';
import type { ProviderProjectFacts } from '../model/providerProject';
import type { Finding, Rule, RuleContext, Severity, SeverityOrOff } from '../findings/rule';
import type { LanguageId } from '../syntax/languages';
import { ALL_RULES } from '../rules';
import fileSize, { messageByteLimit, notReadMessage, overSizeMessage } from '../rules/file-size';
import { FindingCap, MAX_FINDINGS_PER_RULE } from './cap';
import { asConfigured, finalSeverity, SEVERITY_RANK, type Diagnostic } from './severities';

export interface CheckOptions {
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
   * For NAME.<channel>.umsg, its channel. In universal form (a root object whose type is
   * `rich`) every universal rule runs for that channel alone; in native form the message is
   * checked against the channel's own format (channels/native/).
   */
  channelSpecific?: ChannelId;
  /** Channels that have their own NAME.<channel>.umsg: their limits do not apply to this file. */
  overriddenChannels?: readonly ChannelId[];
  /** Why NAME.sample.json could not be used, when it exists but is broken. */
  sampleProblem?: string;
  /** For a provider descriptor: the facts of its Gradle project. */
  providerProject?: ProviderProjectFacts;
  /** The parse of `text`, when the caller has it already (the language service shares one per version). */
  parsed?: JsonDocument;
  /** Findings shown per rule (MAX_FINDINGS_PER_RULE by default; tests of a rule's own reach raise it). */
  maxFindingsPerRule?: number;
}

/** Rules that run on a channel-specific message in native form: syntax, and the rules the native walker files findings under. */
const NATIVE_FORM_RULES = new Set([
  'syntax', 'template-syntax', 'file-size', 'sample-data', 'duplicate-property', 'dynamic-list',
  'unknown-property', 'value-type', 'channel-limit', 'native-required', 'native-value', 'native-platform-field',
]);

export interface CheckResult {
  diagnostics: Diagnostic[];
  doc: JsonDocument | undefined;
  cancelled: boolean;
}

/** Checks one document of the given language, in one go (the command line, tests). */
export function checkDocument(text: string, language: LanguageId, options: CheckOptions = {}): CheckResult {
  const run = startCheck(text, language, options);
  while (!run.step()) { /* one step at a time until the last */ }
  return run.result();
}

/**
 * The file-size finding of a file too large even to read, from its size in bytes: over
 * maxFileSize for sure beyond messageByteLimit (`umsg check` weighs its bytes and reads no
 * more); below it, refused by a reader's own cap (the language server's), not checked. The
 * rule's words and the severity the config gives the rule, as a check of the text would give them.
 */
export function tooLargeToRead(bytes: number, config: ResolvedConfig): Diagnostic[] {
  const max = config.maxFileSize;
  const message = bytes > messageByteLimit(max) ? overSizeMessage(bytes, 'bytes', max) : notReadMessage(bytes, max);
  const shown = asConfigured(fileSize, { message, offset: 0, length: 0 }, config);
  return shown ? [shown] : [];
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
 * test/check/garbage.test.ts). V8 defines a literal's accessor at run time, so each run
 * likely got a hidden class of its own, kept in old space, holding the getter's closure and
 * through it the parse and the card model.
 */
export function startCheck(text: string, language: LanguageId, options: CheckOptions) {
  const config = options.config ?? DEFAULT_CONFIG;
  const catalogue = options.rules ?? ALL_RULES;
  let rules = rulesFor(catalogue, language, false);
  const channel = options.channelSpecific;
  const diagnostics: Diagnostic[] = [];
  let doc: JsonDocument | undefined;
  let parsing: JsonDocumentParse | undefined;
  let card: ReturnType<typeof buildRichCard>;
  let cancelled = false;
  let next = -1; // -1: parse first
  let done = false;

  // Rules that look at the raw text before any parse (file-size): a finding of theirs is the
  // whole result, whether it is shown or turned off.
  const prechecked = prechecksOf(catalogue);
  for (let i = 0; i < prechecked.length; i++) {
    const rule = prechecked[i];
    const found = rule.precheck!(text, config.maxFileSize);
    if (!found) continue;
    const shown = asConfigured(rule, found, config);
    if (shown) diagnostics.push(shown);
    done = true;
    break;
  }
  // A channel-specific message targets its channel alone (none when the config turns it off).
  const targets = targetList(channel
    ? (config.channels[channel] !== 'off' ? [channel] : [])
    : CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && !options.overriddenChannels?.includes(c)));
  let form: 'universal' | 'native' | undefined;
  const isCancelled = () => !!options.isCancelled?.();
  const cap = Math.max(1, options.maxFindingsPerRule ?? MAX_FINDINGS_PER_RULE);

  // The rule running now: one context serves every rule of the check, its `report` files
  // findings under the current rule (rules run one at a time and report synchronously).
  let current: Rule = rules[0];
  let currentSetting: SeverityOrOff | undefined;
  let kept: FindingCap | undefined;
  let sincePoll = 0;
  const poll = () => {
    if (++sincePoll >= POLL_EVERY) {
      sincePoll = 0;
      if (isCancelled()) throw new Cancelled();
    }
  };
  const report = (f: Omit<Finding, 'rule'>) => {
    poll();
    // The final severity is decided as each finding arrives, so that a finding past the cap
    // (or on channels that are all off) costs no copy.
    const severity = finalSeverity(current, f.severity, f.channels, currentSetting, config.channels);
    if (severity) (kept ??= new FindingCap(current.id, cap)).add(f, severity);
  };
  const capped = (offset: number) => kept !== undefined && kept.full(offset);
  const count = (offset: number, length: number, channels?: readonly ChannelId[], own?: Severity) => {
    if (!capped(offset)) throw new Error(`${current.id} counted a finding at ${offset} that the cap would keep`);
    poll();
    const severity = finalSeverity(current, own, channels, currentSetting, config.channels);
    if (severity) kept!.count(offset, length, channels, severity);
  };
  let context: RuleContext | undefined;
  /** Each rule's setting in the config, in the order of `rules` (known once the form is). */
  let settings: Settings | undefined;

  function runRule(rule: Rule, setting: SeverityOrOff | undefined) {
    if (setting === 'off') return;
    current = rule;
    currentSetting = setting;
    kept = undefined;
    sincePoll = 0;
    context ??= {
      doc: doc!,
      language,
      card,
      targets,
      channel,
      form,
      sample: options.sample,
      sampleProblem: options.sampleProblem,
      providerProject: options.providerProject,
      ruleIds: ruleIdsOf(catalogue),
      isCancelled,
      report,
      capped,
      count,
    };
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
        if (channel && language === 'universal-message') {
          form = messageForm(doc);
          if (form === 'native') rules = rulesFor(catalogue, language, true);
        }
        card = language === 'universal-message' && form !== 'native' ? buildRichCard(doc) : undefined;
        settings = settingsFor(config.rules, rules);
      } else {
        runRule(rules[next], settings![next]);
      }
      next++;
      if (cancelled || next >= rules.length) done = true;
      return done;
    },
    result(): CheckResult {
      diagnostics.sort((a, b) => a.offset - b.offset || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
      return { diagnostics, doc, cancelled };
    },
  };
}

/**
 * One array per set of target channels, shared by every check with that set, so that a rule
 * can keep what it worked out for the list it was given (channel-limit's facts) by identity.
 */
const targetLists: (readonly ChannelId[] | undefined)[] = [];

function targetList(targets: ChannelId[]): readonly ChannelId[] {
  let set = 0;
  for (const c of targets) set |= 1 << CHANNEL_IDS.indexOf(c);
  return (targetLists[set] ??= targets);
}

/** The rules of a catalogue that run on a language, worked out once per catalogue (not per check). */
const ruleLists = new WeakMap<readonly Rule[], Map<string, readonly Rule[]>>();

function rulesFor(catalogue: readonly Rule[], language: LanguageId, nativeForm: boolean): readonly Rule[] {
  let byLanguage = ruleLists.get(catalogue);
  if (!byLanguage) ruleLists.set(catalogue, (byLanguage = new Map<string, readonly Rule[]>()));
  const key = nativeForm ? `${language} native` : language;
  let rules = byLanguage.get(key);
  if (!rules) {
    rules = catalogue.filter((r) => r.languages.includes(language) && (!nativeForm || NATIVE_FORM_RULES.has(r.id)));
    byLanguage.set(key, rules);
  }
  return rules;
}

/**
 * Each rule's setting in a config's `rules`, in the order of a list of rules: worked out once
 * per config and list. Looked up by name for every rule of every file, it was about 1% of a run
 * over 10,000 messages (a keyed load that V8 cannot specialise, on an object that most often
 * holds none of the names). A resolved config is not changed once made.
 */
type Settings = readonly (SeverityOrOff | undefined)[];
const settingLists = new WeakMap<object, Map<readonly Rule[], Settings>>();

function settingsFor(of: Readonly<Record<string, SeverityOrOff | undefined>>, rules: readonly Rule[]): Settings {
  let byList = settingLists.get(of);
  if (!byList) settingLists.set(of, (byList = new Map<readonly Rule[], Settings>()));
  let settings = byList.get(rules);
  if (!settings) byList.set(rules, (settings = rules.map((r) => of[r.id])));
  return settings;
}

const precheckLists = new WeakMap<readonly Rule[], readonly Rule[]>();

/** The rules of a catalogue with a precheck (file-size alone, today), listed once per catalogue, not looked for per file. */
function prechecksOf(catalogue: readonly Rule[]): readonly Rule[] {
  let rules = precheckLists.get(catalogue);
  if (!rules) precheckLists.set(catalogue, (rules = catalogue.filter((r) => r.precheck !== undefined)));
  return rules;
}

const ruleIdLists = new WeakMap<readonly Rule[], readonly string[]>();

function ruleIdsOf(catalogue: readonly Rule[]): readonly string[] {
  let ids = ruleIdLists.get(catalogue);
  if (!ids) ruleIdLists.set(catalogue, (ids = catalogue.map((r) => r.id)));
  return ids;
}
