/**
 * The language service (`createLanguageService`), modelled on vscode-json-languageservice's
 * `getLanguageService` and vscode-markdown-languageservice's `createLanguageService`: one
 * service object, documents parsed once into a handle, every feature a function of the
 * handle, results in offsets (the server converts them to LSP positions in lsp/toLsp.ts),
 * and a cancellation token passed through every call that can take long.
 *
 * Size cap: a document longer than its configuration's `maxFileSize` is never parsed. Every
 * feature answers it at once (empty), and the check gives the one `file-size` finding, so a
 * 50 MB file costs its text and nothing more.
 */
import { CHANNEL_IDS, CHANNEL_NAMES, type ChannelId } from './channels';
import { checkDocument, type CheckOptions } from './check/run';
import { checkDocumentSliced, parseInSlices } from './check/slices';
import { configForChannel, DEFAULT_CONFIG } from './findings/config';
import { messageForm } from './channels/native';
import { channelSummary as summarize, summaryTitle } from './features/channelSummary';
import { fixToEdits } from './features/fixes';
import { channelMessageBlocker, channelMessageDraft } from './features/channelMessage';
import { featuresFor } from './features/languageFeatures';
import type { FeatureContext } from './features/types';
import { renderForChannel } from './render/channelRender';
import { composeEdits, keepNodeOrder, reparseJsonDocument, type Edit } from './syntax/incremental';
import type { TextSource } from './syntax/textSource';
import { parseJsonDocument, type JsonDocument, type Node } from './syntax/jsonDocument';
import type { DocumentContext, LanguageService, LanguageServiceOptions, ServiceDocument } from './types';

/**
 * A handle as `open` makes it: the parse is kept on the handle itself, so a dropped handle
 * frees its parse. Not in a WeakMap: each entry is work for every young-generation
 * collection, and over the messages of `umsg check` the collections took much longer with one
 * (`node --trace-gc-nvp`).
 */
interface Handle extends ServiceDocument {
  parse: JsonDocument | undefined;
  /** The parse in slices under way (`ready`), shared by every request that waits for it. */
  parsing: Promise<JsonDocument | undefined> | undefined;
  /**
   * An earlier version of the same document with a parse (or that had one when this handle was
   * opened): this version's parse is made from it when the edit allows (syntax/incremental.ts).
   * Dropped once used, so a handle keeps at most one earlier text alive.
   */
  base: Handle | undefined;
  /** Where this version's text differs from its base's, when the host said (`open`'s `edit`). */
  edit: Edit | undefined;
  /** Where parts of the text are read from, when the host gave one (`open`'s `source`). */
  source: TextSource | undefined;
}

/**
 * From this many characters `ready` parses in slices: below it a parse takes a few
 * milliseconds at most. The same length as the server's check worker's (node/checkWorker.ts).
 */
const PARSE_IN_SLICES_FROM = 100_000;

function parsed(doc: ServiceDocument): JsonDocument | undefined {
  if (doc.overSize) return undefined;
  const handle = doc as Handle;
  return (handle.parse ??= fromBase(handle) ?? parseJsonDocument(doc.text));
}

/**
 * The parse of this version made from its base's, which it takes over (the base's parse is
 * spent: the base parses again if it is ever asked); undefined when the edit between them
 * needs a whole parse.
 */
function fromBase(handle: Handle): JsonDocument | undefined {
  const base = handle.base;
  handle.base = undefined;
  const previous = base?.parse;
  if (!base || !previous) return undefined;
  const doc = reparseJsonDocument(previous, handle.text, undefined, handle.edit, handle.source);
  if (doc) base.parse = undefined;
  return doc;
}

function targetsOf(context: DocumentContext, withOverridden: boolean): ChannelId[] {
  const config = forChannel(context).config;
  return CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && (withOverridden || !context.overriddenChannels?.includes(c)));
}

/**
 * What the editing features see of a context: for a channel-specific message, a config with
 * every other channel off, so that hover's channel table, the length hints, the channel
 * summary and the preview show that channel alone (the check targets it alone too).
 */
function forChannel(context: DocumentContext): DocumentContext {
  const only = context.channelSpecific;
  return only ? { ...context, config: configForChannel(context.config, only), overriddenChannels: [] } : context;
}

/**
 * A channel-specific message in native form: the card's length hints do not describe it (its
 * own fields are the channel's); completion and hover follow the channel's format instead
 * (features/languageFeatures.ts).
 */
function nativeForm(p: JsonDocument, context: DocumentContext): boolean {
  return !!context.channelSpecific && messageForm(p) === 'native';
}

function featureContext(context: DocumentContext): FeatureContext {
  const shown = forChannel(context);
  return {
    config: shown.config,
    sample: shown.sample,
    overriddenChannels: shown.overriddenChannels,
    providerProject: context.providerProject,
    channel: context.channelSpecific,
  };
}

/** Makes a language service; `options` are for hosts (workers, yielding) and tests (rules). */
export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const features = (doc: ServiceDocument) => featuresFor(doc.language);
  /** What a check of `doc` takes from its context and the service's options, in one go or in slices. */
  const checkInputs = (doc: ServiceDocument, context: DocumentContext): CheckOptions => ({
    config: context.config,
    rules: options.rules,
    sample: context.sample,
    sampleProblem: context.sampleProblem,
    providerProject: context.providerProject,
    channelSpecific: context.channelSpecific,
    overriddenChannels: context.overriddenChannels,
    onRuleError: (rule, error) => options.onRuleError?.(rule, error, doc),
  });
  return {
    open(text, language, config = DEFAULT_CONFIG, previous, edit, source) {
      const overSize = text.length > config.maxFileSize;
      // Only a long document is worth it: a short one parses in a few milliseconds.
      const earlier = previous as Handle | undefined;
      const base = !overSize && text.length >= PARSE_IN_SLICES_FROM && earlier?.language === language
        ? (earlier.parse ? earlier : earlier.base)
        : undefined;
      // The edit from the base: the host's, after the earlier version's own when that had no parse.
      const fromBase = !base || !edit || !earlier ? undefined
        : base === earlier ? edit
        : earlier.edit && earlier.base === base ? composeEdits(earlier.edit, edit, base.text.length) : undefined;
      const handle: Handle = { text, language, overSize, parse: undefined, parsing: undefined, base, edit: fromBase, source };
      return handle;
    },

    async check(doc, context, token) {
      const elsewhere = options.checkElsewhere;
      if (elsewhere && !options.rules && !doc.overSize && doc.text.length >= elsewhere.minLength) {
        // The requests already received go first (a hover sent right after a keystroke): copying
        // a multi-megabyte text to the check thread holds the event loop for milliseconds, and
        // a newer version may have cancelled this check meanwhile.
        if (options.yieldToHost) {
          await options.yieldToHost();
          if (token?.isCancellationRequested) return { diagnostics: [], doc: undefined, cancelled: true };
        }
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
        parsed: options.inOneGo || doc.text.length < PARSE_IN_SLICES_FROM ? parsed(doc) : (handle.parse ??= fromBase(handle)),
        ...checkInputs(doc, context),
        isCancelled: () => !!token?.isCancellationRequested,
        yieldToHost: options.yieldToHost,
      };
      if (options.inOneGo) return checkDocument(doc.text, doc.language, checkOptions);
      const result = await checkDocumentSliced(doc.text, doc.language, checkOptions);
      if (result.doc && !doc.overSize) handle.parse ??= result.doc;
      return result;
    },

    checkNow(doc, context) {
      // Set on the object made, not spread into a new one: a spread after another property
      // copies each property at run time, once per file for the command line.
      const checkOptions = checkInputs(doc, context);
      checkOptions.parsed = parsed(doc);
      return checkDocument(doc.text, doc.language, checkOptions);
    },

    ready(doc, token) {
      const handle = doc as Handle;
      if (doc.overSize || handle.parse || doc.text.length < PARSE_IN_SLICES_FROM) return true;
      // An edit inside an element of a long array: a few milliseconds, no need to yield.
      let edited = false;
      if (!handle.parsing) {
        edited = handle.base !== undefined;
        handle.parse = fromBase(handle);
        if (handle.parse) return true;
      }
      if (!handle.parsing) {
        // A long document the editor asked for is one being edited: its parse keeps the nodes
        // in order for the re-reads' shift.
        const order: Node[] = [];
        handle.parsing = parseInSlices(doc.text, {
          yieldToHost: options.yieldToHost,
          isCancelled: () => !!token?.isCancellationRequested,
          order,
        }).then((p) => {
          handle.parsing = undefined;
          if (p) keepNodeOrder(p, order);
          handle.parse ??= p;
          if (p && !edited) options.afterOpeningParse?.();
          return p;
        });
      }
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

    symbols(doc, context, limit) {
      const p = parsed(doc);
      return (p && features(doc).symbols?.(p, context && featureContext(context), limit)) || [];
    },

    folding(doc, limit, lineStarts) {
      const p = parsed(doc);
      return (p && features(doc).folding?.(p, limit, lineStarts)) || [];
    },

    selectionRanges(doc, offsets) {
      const p = parsed(doc);
      const f = features(doc).selectionRanges;
      return offsets.map((o) => (p && f ? f(p, o) : []));
    },

    definition(doc, offset, context) {
      const p = parsed(doc);
      const f = features(doc).definition;
      return p && f ? f(p, offset, featureContext(context)) : undefined;
    },

    links(doc, context, limit) {
      const p = parsed(doc);
      return (p && features(doc).links?.(p, featureContext(context ?? { config: DEFAULT_CONFIG }), limit)) || [];
    },

    format(doc, formatOptions, range) {
      const p = parsed(doc);
      return (p && features(doc).format?.(p, formatOptions, range)) || [];
    },

    inlayHints(doc, context, start, end) {
      const p = parsed(doc);
      const f = features(doc).lengthHints;
      if (!p || !f || nativeForm(p, context)) return [];
      return f(p, targetsOf(context, false), start, end);
    },

    channelSummary(doc, diagnostics, context) {
      if (doc.language !== 'universal-message') return undefined;
      const targets = targetsOf(context, true);
      if (targets.length === 0 || !parsed(doc)?.root) return undefined;
      const statuses = summarize(diagnostics, targets, context.overriddenChannels);
      return {
        title: summaryTitle(statuses),
        problems: statuses.flatMap((s) => s.problems.map((d) => ({
          channel: CHANNEL_NAMES[s.channel],
          rule: d.rule,
          message: d.message,
          offset: d.offset,
          length: d.length,
        }))),
      };
    },

    fixEdits(doc, fix) {
      const p = parsed(doc);
      return p ? fixToEdits(p, fix) : [];
    },

    channelMessage(doc, channel) {
      const p = doc.language === 'universal-message' ? parsed(doc) : undefined;
      return p ? channelMessageDraft(p, channel) : { ok: false, reason: 'Only a universal message has a channel-specific message.' };
    },

    channelMessageBlocker(doc) {
      const p = doc.language === 'universal-message' ? parsed(doc) : undefined;
      return p ? channelMessageBlocker(p) : 'Only a universal message has a channel-specific message.';
    },

    render(text, renderOptions) {
      return renderForChannel(text, renderOptions);
    },
  };
}
