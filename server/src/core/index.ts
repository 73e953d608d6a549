/**
 * The language core's one public face. The language server, the command line and the
 * client use only this module (test/imports.test.ts holds them to it; unit tests may still
 * import internals). Modelled on vscode-json-languageservice's `getLanguageService` and
 * vscode-markdown-languageservice's `createLanguageService`: one service object, documents
 * parsed once into a handle, every feature a function of the handle, results in offsets
 * (the server converts them to LSP positions in toLsp.ts), and a cancellation token passed
 * through every call that can take long.
 *
 * Size cap: a document longer than its configuration's `maxFileSize` is never parsed. Every
 * feature answers it at once (empty), and the check gives the one `file-size` finding, so a
 * 50 MB file costs its text and nothing more.
 */
import { channelSummary as summarize, summaryTitle, type LengthHint } from './atAGlance';
import { renderForChannel, type ChannelRender, type ChannelRenderOptions } from './channelRender';
import { CHANNEL_IDS, CHANNEL_NAMES, isChannelId, type ChannelId } from './channels';
import { channelOfPath, checkDocument, checkDocumentSliced, languageOfPath, parseInSlices, tooLargeToRead, type CheckResult, type Diagnostic, type YieldToHost } from './check';
import { CONFIG_FILE_NAME, DEFAULT_CONFIG, parseConfig, parseSeverity, resolveConfig, type UmsgConfig } from './config';
import { fixToEdits, type TextEdit } from './fixes';
import type { FormatOptions } from './format';
import { parseJsonDocument, type JsonDocument } from './jsonDocument';
import { featuresFor, type CompletionEntry } from './languageFeatures';
import type { SampleData, Unevaluated } from './render';
import type { FixData, Rule } from './rule';
import { ALL_RULES } from './rules';
import type { DocumentLink, FoldingRange, OffsetRange, OutlineSymbol } from './structure';
import type { FeatureContext, HoverResult, LanguageId, ResolvedConfig, Severity, SeverityOrOff } from './types';

export type { ChannelId, CheckResult, CompletionEntry, Diagnostic, DocumentLink, FeatureContext, FixData, FoldingRange, FormatOptions, HoverResult, LanguageId, LengthHint, OffsetRange, OutlineSymbol, ResolvedConfig, Rule, SampleData, Severity, SeverityOrOff, TextEdit, UmsgConfig, Unevaluated, YieldToHost };
export type { ConfigParseResult } from './config';
export type { SymbolKindName } from './structure';
export type { ChannelRender, ChannelRenderOptions };
export { CHANNEL_IDS, CHANNEL_NAMES, CONFIG_FILE_NAME, DEFAULT_CONFIG, channelOfPath, isChannelId, parseConfig, parseSeverity, renderForChannel, resolveConfig, tooLargeToRead };
export { visibleControls } from './markdown';
export { previewForm, previewMessage, type FormPreview, type MessagePreview, type PreviewMode } from './preview';
/** The rule catalogue (ids, descriptions, default severities), for reports that describe the rules. */
export { ALL_RULES };
export { parseSampleJson } from './templateEval';

/** The ids of every rule in the catalogue (settings, config validation). */
export const RULE_IDS: readonly string[] = ALL_RULES.map((r) => r.id);

/** Infers a file's language from its name; `umsg-config` for umsg.config.json. */
export function languageOf(path: string): LanguageId | undefined {
  return languageOfPath(path);
}

/** What a long call polls; LSP's CancellationToken fits. */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

export interface LanguageServiceOptions {
  /** The rules to run instead of the catalogue (tests). */
  rules?: readonly Rule[];
  /** Called when a rule throws; the check goes on without it. */
  onRuleError?: (ruleId: string, error: unknown, document: ServiceDocument) => void;
  /** Lets the host's event loop run between slices of a long check (default: a zero timeout). */
  yieldToHost?: YieldToHost;
  /**
   * Checks run in one go, never yielding, and never read the clock to decide when to yield
   * (the command line: nothing else waits on its event loop, and over 10,000 messages the
   * clock was read about 210,000 times: once per rule).
   */
  inOneGo?: boolean;
  /**
   * Where the host can check a large document away from the thread that answers requests (a
   * worker thread on Node), so that hover and completion are not held up while it is checked.
   * Documents of at least `minLength` characters go there, unless `rules` replaces the catalogue;
   * `run` answers undefined when it cannot (no worker, a worker that failed) and the check then
   * runs here, in slices.
   */
  checkElsewhere?: CheckElsewhere;
}

/** A check request as plain data: what a worker needs to check a document the same way. */
export interface RemoteCheckRequest {
  text: string;
  language: LanguageId;
  context: DocumentContext;
}

/** What a worker answers: the findings, or that the check was cancelled; and the rules that threw. */
export interface RemoteCheckResult {
  diagnostics: Diagnostic[];
  cancelled: boolean;
  ruleErrors: { rule: string; error: string }[];
}

export interface CheckElsewhere {
  minLength: number;
  run(request: RemoteCheckRequest, token?: Cancellation): Promise<RemoteCheckResult | undefined>;
}

/**
 * The worker's side of `checkElsewhere`: checks a request in one go, polling `isCancelled`
 * between rules and findings, with the same config, sample data and siblings as here.
 */
export function checkRemoteRequest(request: RemoteCheckRequest, isCancelled: () => boolean): RemoteCheckResult {
  const ruleErrors: RemoteCheckResult['ruleErrors'] = [];
  const { context } = request;
  const result = checkDocument(request.text, request.language, {
    config: context.config,
    sample: context.sample,
    sampleProblem: context.sampleProblem,
    channelSpecific: context.channelSpecific,
    overriddenChannels: context.overriddenChannels,
    onRuleError: (rule, error) => ruleErrors.push({ rule, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
    isCancelled,
  });
  return { diagnostics: result.diagnostics, cancelled: result.cancelled, ruleErrors };
}

/** One version of one document, parsed at most once, on first use. */
export interface ServiceDocument {
  readonly text: string;
  readonly language: LanguageId;
  /** True when the text is longer than `maxFileSize`: it is never parsed, features answer empty. */
  readonly overSize: boolean;
}

/** What surrounds a document: its configuration, and for a message its sample data and siblings. */
export interface DocumentContext {
  config: ResolvedConfig;
  sample?: SampleData;
  /** Why NAME.sample.json could not be used, when it exists but is broken. */
  sampleProblem?: string;
  /** NAME.<channel>.umsg: only JSON and template syntax are checked. */
  channelSpecific?: boolean;
  /** Channels with their own NAME.<channel>.umsg beside this file. */
  overriddenChannels?: readonly ChannelId[];
}

export interface ChannelSummaryResult {
  /** One line, e.g. `Messenger ✓ · WhatsApp: 2 problems`. */
  title: string;
  problems: { channel: string; rule: string; message: string; offset: number; length: number }[];
}

export interface LanguageService {
  /** A handle on one version of a text; features on it share one parse. */
  open(text: string, language: LanguageId, config?: ResolvedConfig): ServiceDocument;
  check(doc: ServiceDocument, context: DocumentContext, token?: Cancellation): Promise<CheckResult>;
  /**
   * Parses a long document in slices, yielding to the host between them, so that requests on
   * other documents are answered meanwhile; the features below then answer at once. True
   * (at once, for a short or parsed document) when the features can run; false when `token`
   * stopped the parse first. The parse is shared by every caller for this version, so
   * `token` should say that the version is gone, not that one request was cancelled.
   * Without `ready`, a feature parses the document in one go on first use.
   */
  ready(doc: ServiceDocument, token?: Cancellation): true | Promise<boolean>;
  complete(doc: ServiceDocument, offset: number, context: DocumentContext): CompletionEntry[];
  hover(doc: ServiceDocument, offset: number, context: DocumentContext): HoverResult | undefined;
  symbols(doc: ServiceDocument): OutlineSymbol[];
  folding(doc: ServiceDocument): FoldingRange[];
  /** For each offset, the ranges around it from the innermost out. */
  selectionRanges(doc: ServiceDocument, offsets: readonly number[]): OffsetRange[][];
  links(doc: ServiceDocument): DocumentLink[];
  format(doc: ServiceDocument, options: FormatOptions, range?: OffsetRange): TextEdit[];
  /** Length hints (`95/80`) between `start` and `end`. */
  inlayHints(doc: ServiceDocument, context: DocumentContext, start: number, end: number): LengthHint[];
  /** The per-channel summary above a card, from its diagnostics; undefined when there is nothing to show. */
  channelSummary(doc: ServiceDocument, diagnostics: readonly Diagnostic[], context: DocumentContext): ChannelSummaryResult | undefined;
  /** The edits of one quick fix (from a finding's `fixes`). */
  fixEdits(doc: ServiceDocument, fix: FixData): TextEdit[];
  /**
   * The message rendered with its sample data or, with a channel, that channel's payload,
   * with the findings that explain what the channel does with it (`umsg render`, the preview).
   */
  render(text: string, options: ChannelRenderOptions): ChannelRender;
}

/**
 * A handle as `open` makes it: the parse is kept on the handle itself, so a dropped handle
 * frees its parse. Not in a WeakMap: each entry is work for every young-generation
 * collection, and over 2,000 messages of `umsg check` the collections took about twice as
 * long with one (`node --trace-gc-nvp`: 74 ms against 34 ms).
 */
interface Handle extends ServiceDocument {
  parse: JsonDocument | undefined;
  /** The parse in slices under way (`ready`), shared by every request that waits for it. */
  parsing: Promise<JsonDocument | undefined> | undefined;
}

/**
 * From this many characters `ready` parses in slices: below it a parse takes a few
 * milliseconds at most. The same length as the server's check worker's (node/checkWorker.ts).
 */
const PARSE_IN_SLICES_FROM = 100_000;

function parsed(doc: ServiceDocument): JsonDocument | undefined {
  if (doc.overSize) return undefined;
  const handle = doc as Handle;
  return (handle.parse ??= parseJsonDocument(doc.text));
}

function targetsOf(context: DocumentContext, withOverridden: boolean): ChannelId[] {
  return CHANNEL_IDS.filter((c) => context.config.channels[c] !== 'off' && (withOverridden || !context.overriddenChannels?.includes(c)));
}

function featureContext(context: DocumentContext): FeatureContext {
  return { config: context.config, sample: context.sample, overriddenChannels: context.overriddenChannels };
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const features = (doc: ServiceDocument) => featuresFor(doc.language);
  return {
    open(text, language, config = DEFAULT_CONFIG) {
      const handle: Handle = { text, language, overSize: text.length > config.maxFileSize, parse: undefined, parsing: undefined };
      return handle;
    },

    async check(doc, context, token) {
      const elsewhere = options.checkElsewhere;
      if (elsewhere && !options.rules && !doc.overSize && doc.text.length >= elsewhere.minLength) {
        const remote = await elsewhere.run({ text: doc.text, language: doc.language, context }, token);
        if (remote) {
          for (const e of remote.ruleErrors) options.onRuleError?.(e.rule, new Error(e.error), doc);
          // The parse stays in the worker: editing features parse this version here (`ready`).
          return { diagnostics: remote.diagnostics, doc: undefined, cancelled: remote.cancelled };
        }
      }
      const handle = doc as Handle;
      // A parse in slices under way for the editing features (`ready`) serves the check too.
      if (handle.parsing) await handle.parsing;
      const checkOptions: Parameters<typeof checkDocumentSliced>[2] = {
        // The handle's parse, when there is one; else the check's parse goes on the handle
        // below. Either way the editing features of the same version share it.
        parsed: options.inOneGo || doc.text.length < PARSE_IN_SLICES_FROM ? parsed(doc) : handle.parse,
        config: context.config,
        rules: options.rules,
        sample: context.sample,
        sampleProblem: context.sampleProblem,
        channelSpecific: context.channelSpecific,
        overriddenChannels: context.overriddenChannels,
        onRuleError: (rule, error) => options.onRuleError?.(rule, error, doc),
        isCancelled: () => !!token?.isCancellationRequested,
        yieldToHost: options.yieldToHost,
      };
      if (options.inOneGo) return checkDocument(doc.text, doc.language, checkOptions);
      const result = await checkDocumentSliced(doc.text, doc.language, checkOptions);
      if (result.doc && !doc.overSize) handle.parse ??= result.doc;
      return result;
    },

    ready(doc, token) {
      const handle = doc as Handle;
      if (doc.overSize || handle.parse || doc.text.length < PARSE_IN_SLICES_FROM) return true;
      handle.parsing ??= parseInSlices(doc.text, { yieldToHost: options.yieldToHost, isCancelled: () => !!token?.isCancellationRequested }).then((p) => {
        handle.parsing = undefined;
        handle.parse ??= p;
        return p;
      });
      return handle.parsing.then((p) => p !== undefined);
    },

    complete(doc, offset, context) {
      const p = parsed(doc);
      const f = features(doc).complete;
      return p && f ? f(p, offset, featureContext(context)) : [];
    },

    hover(doc, offset, context) {
      const p = parsed(doc);
      const f = features(doc).hover;
      return p && f ? f(p, offset, featureContext(context)) : undefined;
    },

    symbols(doc) {
      const p = parsed(doc);
      return (p && features(doc).symbols?.(p)) || [];
    },

    folding(doc) {
      const p = parsed(doc);
      return (p && features(doc).folding?.(p)) || [];
    },

    selectionRanges(doc, offsets) {
      const p = parsed(doc);
      const f = features(doc).selectionRanges;
      return offsets.map((o) => (p && f ? f(p, o) : []));
    },

    links(doc) {
      const p = parsed(doc);
      return (p && features(doc).links?.(p)) || [];
    },

    format(doc, formatOptions, range) {
      const p = parsed(doc);
      return (p && features(doc).format?.(p, formatOptions, range)) || [];
    },

    inlayHints(doc, context, start, end) {
      const p = parsed(doc);
      const f = features(doc).lengthHints;
      if (!p || !f) return [];
      return f(p, targetsOf(context, false)).filter((h: LengthHint) => h.offset >= start && h.offset <= end);
    },

    channelSummary(doc, diagnostics, context) {
      if (doc.language !== 'universal-message') return undefined;
      const targets = targetsOf(context, true);
      if (targets.length === 0 || !parsed(doc)?.root) return undefined;
      const statuses = summarize(diagnostics, targets, context.overriddenChannels);
      return {
        title: summaryTitle(statuses),
        problems: statuses.flatMap((s) => s.problems.map((d) => ({ channel: CHANNEL_NAMES[s.channel], rule: d.rule, message: d.message, offset: d.offset, length: d.length }))),
      };
    },

    fixEdits(doc, fix) {
      const p = parsed(doc);
      return p ? fixToEdits(p, fix) : [];
    },

    render(text, renderOptions) {
      return renderForChannel(text, renderOptions);
    },
  };
}
