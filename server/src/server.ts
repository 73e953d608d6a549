/**
 * The language server: wiring only. It owns documents, configuration, debouncing and
 * cancellation, and maps the core's results to LSP. Diagnostics are pulled when the client
 * supports it and pushed (debounced) otherwise, never both.
 */
import { URI } from 'vscode-uri';
import {
  CompletionItemKind,
  DocumentDiagnosticReportKind,
  InsertTextFormat,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  CodeActionKind,
  SymbolKind,
  type CompletionItem,
  type DocumentLink,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type InlayHint,
  type SelectionRange,
  type TextEdit,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkDocument, languageOfPath, type CheckResult } from './core/check';
import { featuresFor, type FeatureContext } from './core/languageFeatures';
import { CONFIG_FILE_NAME, type UmsgConfig, parseSeverity, resolveConfig } from './core/config';
import { parseJsonDocument, type JsonDocument } from './core/jsonDocument';
import type { LanguageId, Rule, SeverityOrOff } from './core/rule';
import { configForFile, RULE_IDS, type ConfigForFile } from './configLookup';
import { messageContext, type MessageContext } from './messageContext';
import { FIX_ALL_KIND, fixAll, quickFixes, rangeOf, toLspDiagnostic } from './toLsp';
import { CHANNEL_IDS, CHANNEL_NAMES } from './core/channels';
import { channelSummary, summaryTitle } from './core/atAGlance';
import type { SymbolKindName } from './core/structure';
import { registerPreview } from './preview';

export interface ServerRuntime {
  /** Reads a file; undefined when it does not exist or cannot be read. */
  readFile(filePath: string): Promise<string | undefined>;
  /** Base URI of the rule pages, ending with '/': `<base><rule>.md`. */
  docsBase: string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Rules to run instead of the catalogue (tests). */
  rules?: readonly Rule[];
}

/** Settings under `universalMessage` (VS Code) or initializationOptions (other editors). */
interface ClientSettings {
  channels?: Record<string, unknown>;
  rules?: Record<string, unknown>;
  maxFileSize?: number;
  validate?: boolean;
  inlayHints?: boolean;
  channelSummary?: boolean;
}

const SYMBOL_KIND: Record<SymbolKindName, SymbolKind> = {
  object: SymbolKind.Object,
  array: SymbolKind.Array,
  string: SymbolKind.String,
  property: SymbolKind.Property,
  event: SymbolKind.Event,
  field: SymbolKind.Field,
};

const LANGUAGE_IDS = new Set<string>(['universal-message', 'configuration-meta', 'native-provider']);
const PUSH_DELAY_MS = 200;

export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const documents = new TextDocuments(TextDocument);
  let pullDiagnostics = false;
  let refreshSupport = false;
  let configurationSupport = false;
  let settings: ClientSettings = {};
  /** Check results by URI, valid for one document version and one configuration generation. */
  const cache = new Map<string, { version: number; generation: number; result: CheckResult; configPath?: string }>();
  let generation = 0;
  const pending = new Map<string, unknown>();

  const log = (message: string) => {
    try {
      connection.console.log(message);
    } catch {
      // The connection is gone (the client quit): nothing left to tell.
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    refreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    configurationSupport = !!caps.workspace?.configuration;
    settings = readSettings(params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        diagnosticProvider: pullDiagnostics ? { interFileDependencies: false, workspaceDiagnostics: false } : undefined,
        completionProvider: { triggerCharacters: ['"', ':'] },
        hoverProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentLinkProvider: { resolveProvider: false },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
      },
      serverInfo: { name: 'umsg-language-server', version: '0.1.0' },
    };
  });

  connection.onInitialized(async () => {
    if (configurationSupport) await refreshSettings();
  });

  async function refreshSettings() {
    try {
      const section = await connection.workspace.getConfiguration('universalMessage');
      settings = readSettings(section);
    } catch (error) {
      log(`Could not read settings: ${String(error)}`);
    }
  }

  /** Documents the server checks: the three languages and umsg.config.json itself. */
  function kindOf(doc: TextDocument): LanguageId | 'config' | undefined {
    if (isConfigUri(doc.uri)) return 'config';
    if (LANGUAGE_IDS.has(doc.languageId)) return doc.languageId as LanguageId;
    return languageOfPath(URI.parse(doc.uri).path);
  }

  async function readText(filePath: string): Promise<string | undefined> {
    // An open config file counts with its unsaved text, so edits apply at once.
    const open = documents.get(URI.file(filePath).toString());
    if (open) return open.getText();
    return runtime.readFile(filePath);
  }

  /** Sample data and channel-specific siblings of a message file (none for other files or schemes). */
  async function surroundings(doc: TextDocument): Promise<MessageContext | undefined> {
    const uri = URI.parse(doc.uri);
    if (uri.scheme !== 'file' || kindOf(doc) !== 'universal-message') return undefined;
    return messageContext(uri.fsPath, readText);
  }

  async function readConfigFor(doc: TextDocument): Promise<ConfigForFile> {
    const uri = URI.parse(doc.uri);
    const userSettings = toConfig(settings);
    if (uri.scheme !== 'file') return { config: resolveConfig(undefined, userSettings), configPath: undefined, parsed: undefined };
    return configForFile(uri.fsPath, readText, userSettings);
  }

  /**
   * The configuration and surroundings of a document, read once per configuration generation:
   * every change that could alter them (config file, settings, sample or sibling files)
   * bumps the generation, so completion and hover on each keystroke read no file.
   */
  const contexts = new Map<string, { generation: number; value: Promise<{ found: ConfigForFile; around: MessageContext | undefined }> }>();
  function fileContext(doc: TextDocument) {
    const cached = contexts.get(doc.uri);
    if (cached && cached.generation === generation) return cached.value;
    const value = (async () => ({ found: await readConfigFor(doc), around: await surroundings(doc) }))();
    contexts.set(doc.uri, { generation, value });
    value.catch(() => contexts.delete(doc.uri));
    return value;
  }

  async function diagnose(doc: TextDocument, token?: CancellationToken): Promise<LspDiagnostic[]> {
    if (settings.validate === false) return [];
    const kind = kindOf(doc);
    if (!kind) return [];
    try {
      if (kind === 'config') {
        const found = await configForFile(URI.parse(doc.uri).fsPath, readText);
        const findings = found.parsed?.findings ?? [];
        return findings.map((f) => toLspDiagnostic(doc, { ...f, severity: f.severity ?? 'error' }, runtime.docsBase));
      }
      const result = await resultFor(doc, kind, token);
      return result ? result.diagnostics.map((d) => toLspDiagnostic(doc, d, runtime.docsBase)) : [];
    } catch (error) {
      // The server survives every document: log and report nothing rather than crash.
      log(`Checking ${doc.uri} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return [];
    }
  }

  async function resultFor(doc: TextDocument, kind: LanguageId, token?: CancellationToken): Promise<CheckResult | undefined> {
    const cached = cache.get(doc.uri);
    if (cached && cached.version === doc.version && cached.generation === generation) return cached.result;
    const { found: { config, configPath }, around } = await fileContext(doc);
    if (token?.isCancellationRequested) return undefined;
    const result = checkDocument(doc.getText(), kind, {
      config,
      rules: runtime.rules,
      sample: around?.sample,
      sampleProblem: around?.sampleProblem,
      channelSpecific: around?.channelSpecific,
      overriddenChannels: around?.overriddenChannels,
      onRuleError: (rule, error) => log(`Rule ${rule} failed on ${doc.uri}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`),
      isCancelled: () => !!token?.isCancellationRequested,
    });
    if (result.cancelled) return undefined;
    cache.set(doc.uri, { version: doc.version, generation, result, configPath });
    return result;
  }

  /** The parse of the current version: from the check cache, or a parse of its own kept by version. */
  const parses = new Map<string, { version: number; doc: JsonDocument }>();
  function parsedFor(doc: TextDocument): JsonDocument {
    const cached = cache.get(doc.uri);
    if (cached && cached.version === doc.version && cached.result.doc) return cached.result.doc;
    const own = parses.get(doc.uri);
    if (own && own.version === doc.version) return own.doc;
    const parsed = parseJsonDocument(doc.getText());
    parses.set(doc.uri, { version: doc.version, doc: parsed });
    return parsed;
  }

  // Pull: the client asks; push: the server sends after a pause in typing.
  connection.languages.diagnostics.on(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    const items = doc ? await diagnose(doc, token) : [];
    return { kind: DocumentDiagnosticReportKind.Full, items };
  });

  function schedulePush(doc: TextDocument, delay = PUSH_DELAY_MS) {
    if (pullDiagnostics) return;
    const previous = pending.get(doc.uri);
    if (previous !== undefined) runtime.clearTimeout(previous);
    pending.set(doc.uri, runtime.setTimeout(async () => {
      pending.delete(doc.uri);
      const current = documents.get(doc.uri);
      if (!current) return;
      const version = current.version;
      const diagnostics = await diagnose(current);
      if (documents.get(doc.uri)?.version === version) {
        await connection.sendDiagnostics({ uri: current.uri, version, diagnostics });
      }
    }, delay));
  }

  /** Configuration changed: forget every result and check the open files again. */
  function recheckAll() {
    generation++;
    if (pullDiagnostics) {
      if (refreshSupport) connection.languages.diagnostics.refresh().catch((e) => log(`Diagnostics refresh failed: ${String(e)}`));
      return;
    }
    for (const doc of documents.all()) schedulePush(doc, 0);
  }

  documents.onDidChangeContent((e) => {
    if (isConfigUri(e.document.uri)) recheckAll();
    schedulePush(e.document);
  });
  documents.onDidClose((e) => {
    cache.delete(e.document.uri);
    contexts.delete(e.document.uri);
    parses.delete(e.document.uri);
    const previous = pending.get(e.document.uri);
    if (previous !== undefined) runtime.clearTimeout(previous);
    pending.delete(e.document.uri);
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    if (isConfigUri(e.document.uri)) recheckAll();
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (configurationSupport) await refreshSettings();
    else settings = readSettings((change.settings as { universalMessage?: unknown } | undefined)?.universalMessage ?? change.settings);
    recheckAll();
  });

  // The config file, sample data and channel-specific siblings all change what a message gets.
  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => isConfigUri(c.uri) || c.uri.endsWith('.sample.json') || c.uri.endsWith('.umsg'))) recheckAll();
  });

  /** The parsed document and feature context for an editing request, or undefined when the file is not ours. */
  async function featureInput(uri: string) {
    const doc = documents.get(uri);
    const kind = doc && kindOf(doc);
    if (!doc || !kind || kind === 'config') return undefined;
    const parsed = parsedFor(doc);
    if (!parsed) return undefined;
    const { found: { config }, around } = await fileContext(doc);
    const ctx: FeatureContext = { config, sample: around?.sample, overriddenChannels: around?.overriddenChannels };
    return { doc, kind, parsed, ctx };
  }

  connection.onCompletion(async (params): Promise<CompletionItem[]> => {
    try {
      const input = await featureInput(params.textDocument.uri);
      const complete = input && featuresFor(input.kind).complete;
      if (!input || !complete) return [];
      const { doc } = input;
      return complete(input.parsed, doc.offsetAt(params.position), input.ctx).map((e) => ({
        label: e.label,
        kind: e.kind === 'property' ? CompletionItemKind.Property : e.kind === 'snippet' ? CompletionItemKind.Snippet : CompletionItemKind.Value,
        detail: e.detail,
        documentation: { kind: 'markdown', value: e.documentation },
        filterText: e.filterText,
        sortText: e.sortText,
        insertTextFormat: e.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        textEdit: { range: rangeOf(doc, e.replace.offset, e.replace.length), newText: e.insertText },
        additionalTextEdits: e.additionalEdits?.map((a) => ({ range: rangeOf(doc, a.offset, a.length), newText: a.newText })),
      }));
    } catch (error) {
      log(`Completion failed: ${String(error)}`);
      return [];
    }
  });

  connection.onHover(async (params): Promise<Hover | null> => {
    try {
      const input = await featureInput(params.textDocument.uri);
      const hover = input && featuresFor(input.kind).hover;
      if (!input || !hover) return null;
      const h = hover(input.parsed, input.doc.offsetAt(params.position), input.ctx);
      return h ? { contents: { kind: 'markdown', value: h.contents }, range: rangeOf(input.doc, h.offset, h.length) } : null;
    } catch (error) {
      log(`Hover failed: ${String(error)}`);
      return null;
    }
  });

  connection.onCodeAction(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    try {
      const parsed = parsedFor(doc);
      const only = params.context.only;
      const wantsFixAll = !only || only.some((k) => FIX_ALL_KIND.startsWith(k) || k === CodeActionKind.Source);
      const actions = only && !only.some((k) => k.startsWith(CodeActionKind.QuickFix)) ? [] : quickFixes(doc, parsed, params.context.diagnostics, await allDiagnostics(doc));
      if (wantsFixAll) {
        const all = fixAll(doc, parsed, await allDiagnostics(doc));
        if (all) actions.push(all);
      }
      return actions;
    } catch (error) {
      log(`Code actions failed: ${String(error)}`);
      return [];
    }
  });

  /** The current diagnostics of a document, from the cache when it is fresh. */
  async function allDiagnostics(doc: TextDocument): Promise<LspDiagnostic[]> {
    return diagnose(doc);
  }

  /** A feature that only needs the parse: run it when the document is one of ours. */
  function withParsed<T>(uri: string, empty: T, run: (doc: TextDocument, parsed: JsonDocument, features: ReturnType<typeof featuresFor>) => T): T {
    const doc = documents.get(uri);
    const kind = doc && kindOf(doc);
    if (!doc || !kind || kind === 'config') return empty;
    try {
      const parsed = parsedFor(doc);
      return parsed ? run(doc, parsed, featuresFor(kind)) : empty;
    } catch (error) {
      log(`Request on ${uri} failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
      return empty;
    }
  }

  connection.onDocumentSymbol((params) => withParsed(params.textDocument.uri, [] as DocumentSymbol[], (doc, parsed, f) =>
    (f.symbols?.(parsed) ?? []).map(function toSymbol(s): DocumentSymbol {
      return {
        name: s.name,
        detail: s.detail,
        kind: SYMBOL_KIND[s.kind],
        range: rangeOf(doc, s.offset, s.length),
        selectionRange: rangeOf(doc, s.selectionOffset, s.selectionLength),
        children: s.children.map(toSymbol),
      };
    })));

  connection.onFoldingRanges((params) => withParsed(params.textDocument.uri, [] as FoldingRange[], (_doc, parsed, f) =>
    (f.folding?.(parsed) ?? []).map((r) => ({ startLine: r.startLine, endLine: r.endLine, kind: r.kind }))));

  connection.onSelectionRanges((params) => withParsed(params.textDocument.uri, [] as SelectionRange[], (doc, parsed, f) =>
    params.positions.map((p) => {
      const chain = f.selectionRanges?.(parsed, doc.offsetAt(p)) ?? [];
      let result: SelectionRange | undefined;
      for (let i = chain.length - 1; i >= 0; i--) result = { range: rangeOf(doc, chain[i].offset, chain[i].length), parent: result };
      return result ?? { range: { start: p, end: p } };
    })));

  connection.onDocumentLinks((params) => withParsed(params.textDocument.uri, [] as DocumentLink[], (doc, parsed, f) =>
    (f.links?.(parsed) ?? []).map((l) => ({ range: rangeOf(doc, l.offset, l.length), target: l.target }))));

  connection.onDocumentFormatting((params) => withParsed(params.textDocument.uri, [] as TextEdit[], (doc, parsed, f) =>
    (f.format?.(parsed, { tabSize: params.options.tabSize, insertSpaces: params.options.insertSpaces, insertFinalNewline: params.options.insertFinalNewline }) ?? [])
      .map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText }))));

  connection.onDocumentRangeFormatting((params) => withParsed(params.textDocument.uri, [] as TextEdit[], (doc, parsed, f) => {
    const start = doc.offsetAt(params.range.start);
    const range = { offset: start, length: doc.offsetAt(params.range.end) - start };
    return (f.format?.(parsed, { tabSize: params.options.tabSize, insertSpaces: params.options.insertSpaces }, range) ?? [])
      .map((e) => ({ range: rangeOf(doc, e.offset, e.length), newText: e.newText }));
  }));

  connection.languages.inlayHint.on(async (params) => {
    if (settings.inlayHints === false) return [];
    const doc = documents.get(params.textDocument.uri);
    const kind = doc && kindOf(doc);
    if (!doc || kind !== 'universal-message') return [];
    try {
      const parsed = parsedFor(doc);
      const { found: { config }, around } = await fileContext(doc);
      const targets = CHANNEL_IDS.filter((c) => config.channels[c] !== 'off' && !around?.overriddenChannels.includes(c));
      const start = doc.offsetAt(params.range.start);
      const end = doc.offsetAt(params.range.end);
      return (featuresFor(kind).lengthHints?.(parsed, targets) ?? [])
        .filter((h) => h.offset >= start && h.offset <= end)
        .map((h): InlayHint => ({ position: doc.positionAt(h.offset), label: h.label, tooltip: h.tooltip, paddingLeft: true }));
    } catch (error) {
      log(`Inlay hints failed: ${String(error)}`);
      return [];
    }
  });

  connection.onCodeLens(async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || kindOf(doc) !== 'universal-message' || settings.channelSummary === false) return [];
    try {
      const result = await resultFor(doc, 'universal-message');
      const root = result?.doc?.root;
      if (!result || !root) return [];
      const { found: { config }, around } = await fileContext(doc);
      const targets = CHANNEL_IDS.filter((c) => config.channels[c] !== 'off');
      if (targets.length === 0) return [];
      const statuses = channelSummary(result.diagnostics, targets, around?.overriddenChannels);
      const problems = statuses.flatMap((s) => s.problems.map((d) => ({ channel: CHANNEL_NAMES[s.channel], message: d.message, rule: d.rule, range: rangeOf(doc, d.offset, d.length) })));
      const range = rangeOf(doc, root.offset, 1);
      return [{ range, command: { title: summaryTitle(statuses), command: 'universalMessage.showChannelProblems', arguments: [doc.uri, problems] } }];
    } catch (error) {
      log(`Code lens failed: ${String(error)}`);
      return [];
    }
  });

  registerPreview(connection, { documents, readText, log, context: async (doc) => {
    const { found, around } = await fileContext(doc);
    return { config: found.config, around };
  } });

  documents.listen(connection);
  connection.listen();
}

function isConfigUri(uri: string): boolean {
  return uri.endsWith('/' + CONFIG_FILE_NAME);
}

function readSettings(value: unknown): ClientSettings {
  return value && typeof value === 'object' ? (value as ClientSettings) : {};
}

/** Editor settings as a config layer (used only where no umsg.config.json exists). */
function toConfig(s: ClientSettings): Partial<UmsgConfig> {
  const severities = (map: Record<string, unknown> | undefined, known: readonly string[]) => {
    const out: Record<string, SeverityOrOff> = {};
    for (const [k, v] of Object.entries(map ?? {})) {
      const sev = parseSeverity(v);
      if (sev && known.includes(k)) out[k] = sev;
    }
    return out;
  };
  return {
    channels: severities(s.channels, ['messenger', 'gbm', 'whatsapp']),
    rules: severities(s.rules, RULE_IDS),
    maxFileSize: typeof s.maxFileSize === 'number' && s.maxFileSize > 0 ? s.maxFileSize : undefined,
  };
}
