/**
 * The language server: wiring only. It owns the open documents, the configuration, debouncing
 * and cancellation; the language service (core/index.ts) answers every question in offsets and
 * toLsp.ts converts the answers. Diagnostics are pulled when the client supports it and pushed
 * (debounced) otherwise, never both. Nothing here needs Node (test/architecture/layers.test.ts): file access
 * and config lookup come from the runtime, so a browser build can reuse this file.
 */
import { URI } from 'vscode-uri';
import { CodeActionKind, DidChangeWatchedFilesNotification, DocumentDiagnosticReportKind, LSPErrorCodes, ResponseError, TextDocuments, type ClientCapabilities, type Connection, type InitializeResult } from 'vscode-languageserver';
import { TextDocument, type Position } from 'vscode-languageserver-textdocument';
import { createLanguageService, type Cancellation, type CheckResult, type ServiceDocument } from '../core';
import { registerChannelMessages } from './channelMessage';
import { codeLenses } from './codeLens';
import { affectsOthers, documentLanguage, foldingLimit, maxItems, nextFolders, readSettings, type ClientSettings } from './settings';
import { WATCHED_FILES } from '../protocol/watchedFiles';
import { cancelled, initializeResult, isObject, isPosition, isRange, requestHandlers, sameVersionIn, type ServerState } from './requests';
import { FIX_ALL_KIND, fixAll, quickFixes, rangeOf, toCompletionItem, toDocumentSymbols, toLspDiagnostic, toLspEdit, toSelectionRange } from './toLsp';
import { documentContext, fileContexts } from './fileContexts';
import { registerNewFiles } from './newFiles';
import { registerPreview } from './preview';
import { providerProjects, type ProjectHolder } from './providerProject';
import { registerWorkspaceDiagnostics } from './workspaceDiagnostics';
import { checkAfterTypingPause } from './typingPause';
import { CheckStop, Replaced, type OpenVersions } from './versionTokens';
import { OPEN_DOCUMENTS } from './openDocument';

import type { ServerRuntime } from './runtime';

export type { ServerRuntime };

/** The pause in typing diagnostics wait for: pushed ones always, pulled ones of a long document after an edit (typingPause.ts). */
const PUSH_DELAY_MS = 200;
/** How long a check waits for the client's first answer to workspace/configuration, at most. */
const SETTINGS_WAIT_MS = 2000;

/**
 * One version of one open document: keyed by version *and* text, so a reused version number never serves older text.
 * `edited`: its text replaced another (not the first version, nor one made again for a change of config).
 */
type Entry = { version: number; text: string; generation: number; edited: boolean; handle: ServiceDocument; result?: CheckResult }
  & { running?: RunningCheck } & ProjectHolder;
/** A check under way, shared by every request for the same version (diagnostics, code lens, code actions). */
type RunningCheck = { stop: CheckStop<Entry>; promise: Promise<CheckResult> };

export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const documents = new TextDocuments(OPEN_DOCUMENTS);
  let pullDiagnostics = false, refreshSupport = false, configurationSupport = false, watchSupport = false;
  let settingsReady: Promise<unknown> = Promise.resolve(), settingsRead: (value?: unknown) => void = () => undefined;
  let state: ServerState = 'new';
  let settings: ClientSettings = {}, caps: ClientCapabilities = {};
  /** Bumped by every change that could alter a result: config file, settings, sample or sibling files. */
  let generation = 0;
  const entries = new Map<string, Entry>();
  const open: OpenVersions<Entry> = { entries, documents };
  const pending = new Map<string, { timer: unknown; token: { isCancellationRequested: boolean } }>();

  const log = (message: string) => { try { connection.console.log(message); } catch { /* the client is gone */ } };
  const describe = (error: unknown) => (error instanceof Error ? error.stack ?? error.message : String(error));
  const handler = requestHandlers(() => state, log, sameVersionIn(documents));
  const service = createLanguageService({
    rules: runtime.rules,
    yieldToHost: runtime.yieldToHost,
    afterOpeningParse: runtime.afterOpeningParse,
    checkElsewhere: runtime.checkElsewhere,
    onRuleError: (rule, error) => log(`Rule ${rule} failed: ${describe(error)}`),
  });
  const channelMessages = registerChannelMessages(connection, handler, (u) => input(u, 'Commands'), {
    draft: (h, c) => service.channelMessage(h, c), blocker: (h) => service.channelMessageBlocker(h) });

  connection.onInitialize((params): InitializeResult => {
    caps = params.capabilities ?? {};
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    refreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    configurationSupport = !!caps.workspace?.configuration;
    watchSupport = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    channelMessages.initialize(caps);
    settings = readSettings(params.initializationOptions);
    // Settings given only through workspace/configuration apply from the first check on.
    if (configurationSupport) settingsReady = new Promise((resolve) => {
      settingsRead = resolve;
      runtime.setTimeout(() => resolve(undefined), SETTINGS_WAIT_MS);
    });
    const folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    setFolders(folders.length === 0 && params.rootUri ? [params.rootUri] : folders);
    state = 'running';
    return initializeResult(pullDiagnostics, !!caps.workspace?.workspaceFolders);
  });
  connection.onInitialized(async () => {
    // Folders added and removed later (the client announced workspace folders, the server asked for their changes).
    if (caps.workspace?.workspaceFolders) connection.workspace.onDidChangeWorkspaceFolders(foldersChanged);
    // Other editors do not watch our files for us: ask for the config, sample and sibling files.
    if (watchSupport) void connection.client.register(DidChangeWatchedFilesNotification.type, {
      watchers: WATCHED_FILES.map((globPattern) => ({ globPattern })),
    }).catch((e: unknown) => log(`Could not watch files: ${String(e)}`));
    if (configurationSupport) await refreshSettings();
    settingsRead();
  });
  connection.onShutdown(() => { state = 'shutdown'; });

  async function refreshSettings() {
    try {
      settings = readSettings(await connection.workspace.getConfiguration('universalMessage'));
    } catch (error) {
      log(`Could not read settings: ${String(error)}`);
    }
  }

  const kindOf = (doc: TextDocument) => documentLanguage(doc.uri, doc.languageId);
  // The config walk stops at a workspace folder; linked sample data must stay inside one.
  let workspaceRoots: string[] = [], folderUris: string[] = [];
  function setFolders(uris: readonly string[]) {
    folderUris = [...new Set(uris)];
    workspaceRoots = folderUris.map((uri) => URI.parse(uri).fsPath);
  }
  const contexts = fileContexts(runtime, documents, { generation: () => generation, settings: () => settings,
    settingsReady: () => settingsReady, workspaceRoots: () => workspaceRoots });
  const fileContext = contexts.of;
  const projects = providerProjects(runtime, log);
  const paused = checkAfterTypingPause(runtime, PUSH_DELAY_MS, () => pullDiagnostics);

  /**
   * The current version's handle and context, or undefined when the document is not one of ours.
   * For a request (`name`), parsed too: a long document in slices (service.ready), so that other
   * documents are answered meanwhile; if it changes first, the request answers ContentModified.
   */
  async function input(uri: string, name?: string) {
    const doc = documents.get(uri);
    const kind = doc && kindOf(doc);
    if (!doc || !kind) return undefined;
    const { config, around, filePath, root } = await fileContext(doc, kind);
    // Closed meanwhile (and maybe opened again): its version must not replace the reopened one's.
    if (documents.get(uri) !== doc) return undefined;
    const text = doc.getText();
    let entry = entries.get(uri);
    if (!entry || entry.version !== doc.version || entry.text !== text || entry.generation !== generation) {
      // The previous version's parse serves this one's when the edit allows (the change events say where it is).
      const handle = service.open(text, kind, config, entry?.handle, doc.editSince(entry?.version), doc.source());
      entry = { version: doc.version, text, generation, edited: !!entry && (entry.version !== doc.version || entry.text !== text), handle };
      entries.set(uri, entry);
    }
    const ready = name === undefined || service.ready(entry.handle, new Replaced(open, uri, entry));
    if (ready !== true && !(await ready)) throw new ResponseError(LSPErrorCodes.ContentModified, `${name}: the document changed.`);
    const context = documentContext(config, around, await projects.of(entry, kind === 'native-provider', filePath, text, root));
    return { doc, kind, entry, handle: entry.handle, context };
  }

  /**
   * The check of the current version, cached with it; undefined when the caller's token is
   * cancelled or the document changed. One check runs per version, shared by every request that
   * needs it; it stops when a newer version replaces it or when every request waiting for it is
   * cancelled. A stopped check is no answer (pushed as one, it would clear the findings): a
   * caller already cancelled starts none (a push superseded while it waited for the files around
   * the document would otherwise start one for the newer version, which the newer push would
   * join); a check told to stop takes no new waiter (the check thread does not take a stop
   * back); and a caller still waiting for the same version when its check stopped anyway
   * (a change of config, sample or sibling replaced the entry) checks again.
   */
  async function checked(uri: string, token?: Cancellation) {
    for (;;) {
      const got = await input(uri);
      if (!got || settings.validate === false) return undefined;
      const { entry } = got;
      if (entry.result) return { ...got, result: entry.result };
      if (token?.isCancellationRequested) return undefined;
      // A check told to stop may still be winding down: it cannot serve a new waiter.
      if (!entry.running || entry.running.stop.isCancellationRequested) {
        const stop = new CheckStop(entries, uri, entry, token);
        const running: RunningCheck = { stop, promise: paused(entry, stop, () => service.check(got.handle, got.context, stop)) };
        entry.running = running;
        const settled = () => { if (entry.running === running) entry.running = undefined; };
        void running.promise.then((r) => { settled(); if (!r.cancelled) entry.result = r; }, settled);
      }
      entry.running.stop.tokens.add(token);
      const result = await entry.running.promise;
      if (!result.cancelled) return { ...got, result };
      if (token?.isCancellationRequested || documents.get(uri)?.version !== entry.version) return undefined;
    }
  }

  async function diagnostics(uri: string, token?: { isCancellationRequested: boolean }) {
    const c = await checked(uri, token);
    return c ? c.result.diagnostics.map((d) => toLspDiagnostic(c.doc, d, runtime.docsBase)) : [];
  }

  const textDocument = (p: any) => isObject(p.textDocument) && typeof p.textDocument.uri === 'string';
  const atPosition = (p: any) => textDocument(p) && isPosition(p.position);
  const inRange = (p: any) => textDocument(p) && isRange(p.range);
  // Options are clamped by the formatter; a request without them formats with the defaults (tab size 2, spaces).
  const withOptions = (p: any) => p.options === undefined || isObject(p.options);

  connection.languages.diagnostics.on(handler(
    'Diagnostics',
    textDocument,
    { kind: DocumentDiagnosticReportKind.Full, items: [] },
    async (p: { textDocument: { uri: string } }, token) => {
      const c = await checked(p.textDocument.uri, token);
      if (!c && token.isCancellationRequested) throw cancelled('Diagnostics');
      return {
        kind: DocumentDiagnosticReportKind.Full,
        items: c ? c.result.diagnostics.map((d) => toLspDiagnostic(c.doc, d, runtime.docsBase)) : [],
      };
    },
  ));

  function schedulePush(uri: string, delay = PUSH_DELAY_MS) {
    if (pullDiagnostics) return;
    const previous = pending.get(uri);
    if (previous) { runtime.clearTimeout(previous.timer); previous.token.isCancellationRequested = true; }
    const token = { isCancellationRequested: false };
    // The callback's promise is not awaited by the timer: it catches and logs its own errors.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    pending.set(uri, { token, timer: runtime.setTimeout(async () => {
      const current = documents.get(uri);
      if (!current) return;
      const version = current.version;
      try {
        const items = await diagnostics(uri, token);
        if (!token.isCancellationRequested && documents.get(uri)?.version === version)
          await connection.sendDiagnostics({ uri, version, diagnostics: items });
      } catch (error) {
        log(`Diagnostics failed on ${uri}: ${describe(error)}`);
      } finally {
        if (pending.get(uri)?.token === token) pending.delete(uri);
      }
    }, delay) });
  }

  // Every file of the workspace, opened or not (workspace/diagnostic).
  const workspace = registerWorkspaceDiagnostics({ connection, runtime, documents, service, contexts, handler, log, checked,
    settings: () => settings, folders: () => folderUris, caps: () => caps });

  /**
   * Workspace folders were added or removed: the workspace report walks the new list (a file
   * under a removed folder only gets its findings cleared), and the open files are checked again
   * (the config walk stops at a workspace folder).
   */
  function foldersChanged(event: unknown) {
    const next = nextFolders(event, folderUris);
    if (!next) return;
    setFolders(next.folders);
    workspace.foldersChanged(next.changed, folderUris);
    recheckAll();
  }

  /**
   * Configuration changed: forget every context and check the open files again. Files changed
   * on disk (`files`) may leave the open documents as they are. A build or source file of a
   * provider project checks every open document again too: re-checking only the open
   * descriptors of its project left VS Code showing a descriptor's old findings now and then
   * (the editor suite's walkthrough saw it in a third of its runs), so the open documents keep
   * the simple rule; the workspace pass reads only that project's descriptors again.
   */
  function recheckAll(files?: { recheck: boolean; projectFiles: readonly string[] }) {
    if (files && !files.recheck && files.projectFiles.length === 0) return;
    generation++;
    if (pullDiagnostics) {
      if (refreshSupport) connection.languages.diagnostics.refresh().catch((e) => log(`Diagnostics refresh failed: ${String(e)}`));
      return;
    }
    for (const uri of documents.all().map((d) => d.uri)) schedulePush(uri, 0);
  }

  documents.onDidChangeContent((e) => {
    // An open config, sample or sibling file counts with its unsaved text: its messages change too.
    if (affectsOthers(e.document.uri)) { recheckAll(); workspace.changed([e.document.uri]); }
    schedulePush(e.document.uri);
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    entries.delete(uri);
    contexts.forget(uri);
    const previous = pending.get(uri);
    if (previous) { runtime.clearTimeout(previous.timer); previous.token.isCancellationRequested = true; pending.delete(uri); }
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] }).catch(() => undefined);
    // Its workspace report now comes from the file on disk.
    workspace.changed([uri]); if (affectsOthers(uri)) recheckAll();
    runtime.afterClosing?.(e.document.getText().length);
  });

  connection.onDidChangeConfiguration(async (change) => {
    if (configurationSupport) await refreshSettings();
    else settings = readSettings((change?.settings as { universalMessage?: unknown } | undefined)?.universalMessage ?? change?.settings);
    workspace.changed(); recheckAll();
  });
  // The config file, sample data and channel-specific siblings all change what a message gets.
  connection.onDidChangeWatchedFiles((params) => recheckAll(workspace.filesChanged(params?.changes)));

  connection.onCompletion(handler('Completion', atPosition, [], async (p: {
    textDocument: { uri: string };
    position: { line: number; character: number };
  }) => {
    const i = await input(p.textDocument.uri, 'Completion');
    return i ? service.complete(i.handle, i.doc.offsetAt(p.position), i.context).map((e) => toCompletionItem(i.doc, e)) : [];
  }));

  connection.onHover(handler('Hover', atPosition, null, async (p: {
    textDocument: { uri: string };
    position: { line: number; character: number };
  }) => {
    const i = await input(p.textDocument.uri, 'Hover');
    const h = i && service.hover(i.handle, i.doc.offsetAt(p.position), i.context);
    return h ? { contents: { kind: 'markdown' as const, value: h.contents }, range: rangeOf(i.doc, h.offset, h.length) } : null;
  }));

  connection.onCodeAction(handler(
    'Code actions',
    (p) => inRange(p) && isObject(p.context) && Array.isArray(p.context.diagnostics),
    [],
    async (p: { textDocument: { uri: string }; context: { only?: string[]; diagnostics: any[] } }, token) => {
      const i = await input(p.textDocument.uri, 'Code actions');
      if (!i) return [];
      const only = Array.isArray(p.context.only) ? p.context.only.filter((k): k is string => typeof k === 'string') : undefined;
      const all = await diagnostics(p.textDocument.uri, token);
      const edits = (fix: Parameters<typeof service.fixEdits>[1]) => service.fixEdits(i.handle, fix);
      const actions = only && !only.some((k) => k.startsWith(CodeActionKind.QuickFix))
        ? []
        : quickFixes(i.doc, edits, p.context.diagnostics.filter((d) => isObject(d) && isRange(d.range)) as typeof all, all, projects.uriOf);
      const all2 = !only || only.some((k) => FIX_ALL_KIND.startsWith(k) || k === CodeActionKind.Source)
        ? fixAll(i.doc, edits, all)
        : undefined;
      return [...actions, ...(all2 ? [all2] : []), ...channelMessages.actions(p.textDocument.uri, i, only)];
    },
  ));

  /** A feature that needs only the document: run it when the document is one of ours. */
  const onDoc = <R>(name: string, valid: (p: any) => boolean, run: (i: NonNullable<Awaited<ReturnType<typeof input>>>, p: any) => R[]) =>
    handler(name, valid, [] as R[], async (p: { textDocument: { uri: string } }) => {
      const i = await input(p.textDocument.uri, name);
      return i ? run(i, p) : [];
    });

  connection.onDocumentSymbol(onDoc('Outline', textDocument, (i) =>
    toDocumentSymbols(i.doc, service.symbols(i.handle, i.context, maxItems(settings)))));
  connection.onFoldingRanges(onDoc('Folding', textDocument, (i) =>
    service.folding(i.handle, foldingLimit(settings, caps.textDocument?.foldingRange?.rangeLimit), i.doc.lineStarts())));
  connection.onSelectionRanges(onDoc(
    'Selection ranges',
    (p) => textDocument(p) && Array.isArray(p.positions) && p.positions.every(isPosition),
    (i, p) => {
      const chains = service.selectionRanges(i.handle, p.positions.map((pos: { line: number; character: number }) => i.doc.offsetAt(pos)));
      return chains.map((chain, n) => toSelectionRange(i.doc, chain, p.positions[n]));
    },
  ));
  connection.onDocumentLinks(onDoc('Links', textDocument, (i) => service.links(i.handle, i.context, maxItems(settings)).map((l) => ({
    range: rangeOf(i.doc, l.offset, l.length),
    target: l.at ? projects.linkTarget(l.at) : l.target,
  }))));
  connection.onDefinition(handler('Definition', atPosition, null, async (p: { textDocument: { uri: string }; position: Position }) => {
    const i = await input(p.textDocument.uri, 'Definition');
    const at = i && service.definition(i.handle, i.doc.offsetAt(p.position), i.context);
    return at ? projects.location(at) : null;
  }));
  connection.onDocumentFormatting(onDoc('Formatting', (p) => textDocument(p) && withOptions(p), (i, p) =>
    service.format(i.handle, {
      tabSize: p.options?.tabSize,
      insertSpaces: p.options?.insertSpaces,
      insertFinalNewline: p.options?.insertFinalNewline === true,
    }).map((e) => toLspEdit(i.doc, e))));
  connection.onDocumentRangeFormatting(onDoc('Range formatting', (p) => inRange(p) && withOptions(p), (i, p) => {
    const start = i.doc.offsetAt(p.range.start);
    return service.format(
      i.handle,
      { tabSize: p.options?.tabSize, insertSpaces: p.options?.insertSpaces },
      { offset: start, length: i.doc.offsetAt(p.range.end) - start },
    ).map((e) => toLspEdit(i.doc, e));
  }));
  connection.languages.inlayHint.on(onDoc('Inlay hints', inRange, (i, p) => settings.inlayHints === false ? [] :
    service.inlayHints(i.handle, i.context, i.doc.offsetAt(p.range.start), i.doc.offsetAt(p.range.end))
      .map((h) => ({ position: i.doc.positionAt(h.offset), label: h.label, tooltip: h.tooltip, paddingLeft: true }))));

  connection.onCodeLens(handler('Code lens', textDocument, [], async (p: { textDocument: { uri: string } }, token) =>
    codeLenses(service, settings, await input(p.textDocument.uri, 'Code lens'), () => checked(p.textDocument.uri, token))));

  registerPreview(connection, {
    documents,
    readText: contexts.readText,
    log,
    context: (doc) => fileContext(doc, kindOf(doc) ?? 'universal-message'),
  });

  registerNewFiles(connection, handler);

  documents.listen(connection);
  connection.listen();
}

