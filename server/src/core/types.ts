/**
 * The public types of the language core, in one module: what the language server, the
 * command line and the client may name. `index.ts` exports them with the functions. Each
 * type is defined in the layer that owns it and named here; the language service's own
 * types are defined here.
 */
import type { ChannelId } from './channels';
import type { CheckResult } from './check/run';
import type { Diagnostic } from './check/severities';
import type { YieldToHost } from './check/slices';
import type { ResolvedConfig } from './findings/types';
import type { FixData, Rule } from './findings/rule';
import type { LengthHint } from './features/lengthHints';
import type { TextEdit } from './features/fixes';
import type { FormatOptions } from './features/formatting';
import type { ChannelMessageDraft } from './features/channelMessage';
import type { CompletionEntry } from './features/languageFeatures';
import type { DocumentLink, FoldingRange, OffsetRange, OutlineSymbol } from './features/structure';
import type { HoverResult } from './features/types';
import type { ChannelRender, ChannelRenderOptions } from './render/channelRender';
import type { LanguageId } from './syntax/languages';
import type { Edit } from './syntax/incremental';
import type { TextSource } from './syntax/textSource';
import type { SampleData } from './template/render';
import type { ProviderProjectFacts, SourceLocation } from './model/providerProject';

export type {
  ChannelId,
  ChannelMessageDraft,
  CheckResult,
  ChannelRender,
  ChannelRenderOptions,
  CompletionEntry,
  Diagnostic,
  DocumentLink,
  FixData,
  FoldingRange,
  FormatOptions,
  HoverResult,
  LanguageId,
  LengthHint,
  OffsetRange,
  OutlineSymbol,
  ResolvedConfig,
  Rule,
  SampleData,
  TextEdit,
  YieldToHost,
};
export type { UmsgConfig } from './findings/config';
export type { Severity, SeverityOrOff } from './findings/types';
export type { FeatureContext } from './features/types';
export type { SymbolKindName } from './features/structure';
export type { AnswerProblem, NewFile, ProviderAnswers, ProviderProject, ProviderQuestion } from './features/newFiles';
export type { FormPreview } from './features/preview/form';
export type { MessagePreview, PreviewMode } from './features/preview/viewModel';
export type { ConfigParseResult } from './rules/config';
export type { Unevaluated } from './template/render';
export type { ProviderProjectFacts, SourceClass, SourceLocation, GradleSubproject, BuildValue, ConfigKeyRead } from './model/providerProject';

/** What a long call polls; LSP's CancellationToken fits. */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

/** How the language service is made: `createLanguageService(options)`. */
export interface LanguageServiceOptions {
  /** The rules to run instead of the catalogue (tests). */
  rules?: readonly Rule[];
  /** Called when a rule throws; the check goes on without it. */
  onRuleError?: (ruleId: string, error: unknown, document: ServiceDocument) => void;
  /** Lets the host's event loop run between slices of a long check (default: a zero timeout). */
  yieldToHost?: YieldToHost;
  /**
   * Called once the whole parse of a long document made for the editing features (`ready`) has
   * ended, before the requests that waited for it go on, when that document had no earlier
   * version to be made from (just opened). Not after an edit: neither after a re-read, nor
   * after a whole parse of an edit the re-read could not make, since the next edit is then
   * likely to need one too (a syntax error before it) and the host's work would fall on every
   * keystroke. The Node server collects its garbage there (node/settleHeap.ts).
   */
  afterOpeningParse?: () => void;
  /**
   * Checks run in one go, never yielding, and never read the clock to decide when to yield
   * (the command line: nothing else waits on its event loop, and the clock would be read once
   * per rule of every message).
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

/** Where the host can check a large document away from the thread that answers requests (a worker thread). */
export interface CheckElsewhere {
  /** Documents of at least this many characters are checked there. */
  minLength: number;
  /** Checks the request there; undefined when it cannot, and the check then runs here. */
  run(request: RemoteCheckRequest, token?: Cancellation): Promise<RemoteCheckResult | undefined>;
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
  /**
   * The document is a channel-specific message NAME.<channel>.umsg: its channel. Written in
   * universal form (`"type": "rich"`) it is checked for that channel alone; in native form,
   * against the channel's own format.
   */
  channelSpecific?: ChannelId;
  /** Channels with their own NAME.<channel>.umsg beside this file. */
  overriddenChannels?: readonly ChannelId[];
  /** For a provider descriptor: what the host found of its Gradle project (none: the project checks do not run). */
  providerProject?: ProviderProjectFacts;
}

/** The channel summary above a card: its title and the problems behind it. */
export interface ChannelSummaryResult {
  /** One line, e.g. `Messenger ✓ · WhatsApp: 2 problems`. */
  title: string;
  problems: { channel: string; rule: string; message: string; offset: number; length: number }[];
}

/**
 * The language service: every feature of the core on one object. A document is opened into a
 * handle (`open`), and every feature is a function of the handle, answered in offsets into its
 * text. Calls that can take long accept a `Cancellation`.
 */
export interface LanguageService {
  /**
   * A handle on one version of a text. Nothing is parsed yet: the first feature that needs
   * the parse makes it, and every later call on the same handle shares it. A text longer than
   * `config.maxFileSize` is never parsed (`overSize`).
   *
   * `previous`, an earlier version of the same document: a long document's parse is then made
   * from the previous parse when the edit between them stays inside the elements of an array
   * (a keystroke in an action of a card, an entry of a Configuration Meta), which takes that
   * parse over: `previous` parses again if it is ever asked. `edit`, where `text` differs from
   * `previous`'s text when the host knows it (an editor's change events), spares comparing them.
   * `source`, where parts of `text` can be read without reading it whole (an editor's text kept
   * in pieces, syntax/textSource.ts): that parse and the editing features read near the edit
   * from it.
   */
  open(
    text: string, language: LanguageId, config?: ResolvedConfig, previous?: ServiceDocument, edit?: Edit, source?: TextSource,
  ): ServiceDocument;
  /**
   * Every finding of the document's rules, with the severities `context.config` gives them.
   * A long document is checked in slices that yield to the host (or on `checkElsewhere`);
   * when `token` is cancelled the result says `cancelled` and holds what was found so far.
   */
  check(doc: ServiceDocument, context: DocumentContext, token?: Cancellation): Promise<CheckResult>;
  /**
   * The same findings as `check`, in one go on this thread and without a promise: for a host
   * that checks many small files one after another (the command line), where each wait costs
   * more than it saves.
   */
  checkNow(doc: ServiceDocument, context: DocumentContext): CheckResult;
  /**
   * Parses a long document in slices, yielding to the host between them, so that requests on
   * other documents are answered meanwhile; the features below then answer at once. True
   * (at once, for a short or parsed document) when the features can run; false when `token`
   * stopped the parse first. The parse is shared by every caller for this version, so
   * `token` should say that the version is gone, not that one request was cancelled.
   * Without `ready`, a feature parses the document in one go on first use.
   */
  ready(doc: ServiceDocument, token?: Cancellation): true | Promise<boolean>;
  /** Completion at `offset`: property names, values, action types, template paths from the sample data. */
  complete(doc: ServiceDocument, offset: number, context: DocumentContext): CompletionEntry[];
  /** Hover at `offset`: a field's meaning, each target channel's limit, a template's rendered value. */
  hover(doc: ServiceDocument, offset: number, context: DocumentContext): HoverResult | undefined;
  /**
   * The outline: the card, its media and actions, or the Configuration Meta's entries; with the
   * context of a channel-specific message in native form, the native message's fields and items.
   */
  symbols(doc: ServiceDocument, context?: DocumentContext, limit?: number): OutlineSymbol[];
  /**
   * Folding ranges: objects, arrays, block comments and dynamic lists. The outline, folding
   * ranges and links each stop at `limit` items (MAX_ITEMS_COMPUTED unless given); folding keeps
   * the outermost ranges. `lineStarts`: the line table of the document's text, when the host
   * keeps one (else it is read from the text).
   */
  folding(doc: ServiceDocument, limit?: number, lineStarts?: readonly number[]): FoldingRange[];
  /** For each offset, the ranges around it from the innermost out. */
  selectionRanges(doc: ServiceDocument, offsets: readonly number[]): OffsetRange[][];
  /** Links in the document: URLs written in full (never fetched); with a provider's project, its class. */
  links(doc: ServiceDocument, context?: DocumentContext, limit?: number): DocumentLink[];
  /** Where the name at `offset` is declared in another file (providerClassName: its class), when known. */
  definition(doc: ServiceDocument, offset: number, context: DocumentContext): SourceLocation | undefined;
  /** Formatting edits for the whole document or `range`; text inside templates is never touched. */
  format(doc: ServiceDocument, options: FormatOptions, range?: OffsetRange): TextEdit[];
  /** Length hints (`95/80`) between `start` and `end`. */
  inlayHints(doc: ServiceDocument, context: DocumentContext, start: number, end: number): LengthHint[];
  /** The per-channel summary above a card, from its diagnostics; undefined when there is nothing to show. */
  channelSummary(doc: ServiceDocument, diagnostics: readonly Diagnostic[], context: DocumentContext): ChannelSummaryResult | undefined;
  /** The edits of one quick fix (from a finding's `fixes`). */
  fixEdits(doc: ServiceDocument, fix: FixData): TextEdit[];
  /**
   * "Create a channel-specific message": the text of NAME.<channel>.umsg in the channel's
   * native form, made from this universal message by the channel's translation, templates kept
   * as written; or why it cannot be made (a dynamic list, syntax problems).
   */
  channelMessage(doc: ServiceDocument, channel: ChannelId): ChannelMessageDraft;
  /** Why `channelMessage` cannot be made from this document (undefined when it can), without translating it. */
  channelMessageBlocker(doc: ServiceDocument): string | undefined;
  /**
   * The message rendered with its sample data or, with a channel, that channel's payload,
   * with the findings that explain what the channel does with it (`umsg render`, the preview).
   */
  render(text: string, options: ChannelRenderOptions): ChannelRender;
}
