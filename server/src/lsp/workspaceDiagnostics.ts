/**
 * Workspace diagnostics (LSP `workspace/diagnostic`): the findings of every message, provider
 * and Configuration Meta file of the workspace folders, opened or not, so that the Problems
 * panel shows the whole workspace.
 *
 * - The files are those `umsg check` takes over a folder (workspace/walkFolders.ts) and each
 *   umsg.config.json, less the editor's `files.exclude`, listed and read through the runtime
 *   (the browser's through the client).
 * - Open documents come first, from their open version: the same check as
 *   textDocument/diagnostic, never the text on disk.
 * - A report's result id is a hash of everything the check reads (text, config, sample data,
 *   siblings, the server's version): a file whose id the client already has is answered
 *   `unchanged` without a check. Nothing else is kept per file: no parse, no findings.
 * - A file the runtime refuses to read for its size (over 10 MB on Node) gets the file-size
 *   finding `umsg check` gives it, from its size alone.
 * - Reports are streamed as partial results, progress is reported ("Checking 2,400 of 10,000
 *   files"), the request is cancellable between files, and the walk yields to the host between
 *   files so that requests on open documents are answered meanwhile.
 * - A client that already has every current report is answered once something changes (a
 *   watched file, the settings, a closed document), not at once: VS Code asks again two seconds
 *   after each answer, and a 10,000-file workspace must not be read every two seconds.
 */
import { URI } from 'vscode-uri';
import {
  DocumentDiagnosticReportKind,
  type CancellationToken,
  type ClientCapabilities,
  FileChangeType,
  type FileEvent,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type ResultProgressReporter,
  type TextDocuments,
  WorkDoneProgressReporter,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  channelOfPath, formatCount, languageOf, tooLargeToRead,
  type CheckResult, type DocumentContext, type LanguageId, type LanguageService, type ProviderProjectFacts,
} from '../core';
import { isUnreadable } from '../workspace/readOutcome';
import { FolderWalk, type FolderEntry, type WalkHost } from '../workspace/walkFolders';
import type { ContextIo, FileContext, fileContexts } from './fileContexts';
import type { requestHandlers } from './requests';
import { affectsOthers, type ClientSettings } from './settings';
import { isProjectFile } from '../protocol/watchedFiles';
import { projectFileConcerns, settingsUri } from './providerProject';
import { excludeTest } from './globs';
import type { ServerRuntime } from './runtime';
import { toLspDiagnostic } from './toLsp';

/** What changes every result id when the server changes (its rules, its words). */
const SERVER_VERSION = '0.1.0';
/** Reports are sent in batches of this many, or sooner when this many milliseconds passed. */
const BATCH_REPORTS = 50;
const BATCH_MS = 100;
/** The server starts progress of its own (the client gave no token) for a pass that reads this many files. */
const OWN_PROGRESS_FROM = 100;
/** Progress is reported at most once per this many files. */
const PROGRESS_EVERY = 25;
/**
 * Files read ahead of the one being checked: a read waits on the file system (on Node, four
 * trips through its thread pool), so reads overlap checks. Bounds the texts held at once.
 */
const READ_AHEAD = 16;

/** An open document's check, as textDocument/diagnostic makes it (shared with it). */
type OpenCheck = { doc: TextDocument; result: CheckResult; context: DocumentContext };

/** What the workspace report needs of the server (server.ts). */
interface WorkspaceDiagnosticsHost {
  connection: Connection;
  runtime: ServerRuntime;
  documents: TextDocuments<TextDocument>;
  service: LanguageService;
  contexts: ReturnType<typeof fileContexts>;
  handler: ReturnType<typeof requestHandlers>;
  /** The current check of an open document, shared with textDocument/diagnostic; undefined when not ours or cancelled. */
  checked(uri: string, token: CancellationToken): Promise<OpenCheck | undefined>;
  settings(): ClientSettings;
  /** The workspace folders' URIs. */
  folders(): readonly string[];
  caps(): ClientCapabilities;
  log(message: string): void;
}

/** A 53-bit hash of a string (two 32-bit FNV-1a lanes), as 14 hex digits: a result id. */
function hashOf(text: string): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return ((b >>> 0) & 0x1fffff).toString(16).padStart(6, '0') + (a >>> 0).toString(16).padStart(8, '0');
}

/** The result id of a check: everything the check reads, hashed. */
function resultId(text: string, kind: string, context: DocumentContext): string {
  return hashOf(JSON.stringify([SERVER_VERSION, kind, context.config, context.sample ?? null, context.sampleProblem ?? null,
    context.channelSpecific ?? null, context.overriddenChannels ?? [], context.providerProject ?? null]) + '\u0000' + text);
}

/**
 * Marks a file of a provider's Gradle project among the changed files (this prefix, then its
 * URI): the descriptors of that project are read again.
 */
const PROJECT_FILE = '\u0000provider project file:';

function checkContext(found: FileContext, providerProject: ProviderProjectFacts | undefined): DocumentContext {
  const around = found.around;
  return {
    config: found.config,
    providerProject,
    sample: around?.sample,
    sampleProblem: around?.sampleProblem,
    channelSpecific: around?.channelSpecific,
    overriddenChannels: around?.overriddenChannels,
  };
}

/**
 * The files whose reports a change of `uri` can alter: the file, and the message beside a
 * sample or a channel-specific sibling; undefined for a config file (every file under it).
 */
function touchedBy(uri: string): string[] | undefined {
  if (languageOf(uri) === 'umsg-config') return undefined;
  if (isProjectFile(uri)) return [PROJECT_FILE + uri];
  if (uri.endsWith('.sample.json')) return [uri.slice(0, -'.sample.json'.length) + '.umsg'];
  const channel = channelOfPath(uri);
  return channel ? [uri, uri.slice(0, -`.${channel}.umsg`.length) + '.umsg'] : [uri];
}

/**
 * Answers workspace/diagnostic. `changed(uris)` is to be called on anything that can change a
 * report: files (a closed document, an edited sample), or, without uris, everything (the settings).
 * `filesChanged` takes workspace/didChangeWatchedFiles and says whether open documents need a
 * new check too (a config, sample or sibling changed, or a message was created or deleted);
 * `foldersChanged` takes workspace folders added or removed.
 */
export function registerWorkspaceDiagnostics(host: WorkspaceDiagnosticsHost) {
  const { connection, runtime, documents, service, contexts } = host;
  const uriOf = contexts.uriOf;
  const enabled = () => host.settings().workspaceDiagnostics !== false && host.settings().validate !== false;
  /** The client's `files.exclude` for a folder, where it answers workspace/configuration. */
  const excludes = (scopeUri: string): Promise<unknown> => (host.caps().workspace?.configuration
    ? connection.workspace.getConfiguration({ scopeUri, section: 'files.exclude' })
    : Promise.resolve(undefined));
  /** Bumped by anything that can change a report: a watched file, the settings, a closed document. */
  let changes = 0;
  /** The reports of the last pass that ended: what a client that sends the same ids has. */
  let settled: { changes: number; ids: Map<string, string> } | undefined;
  /**
   * The files changed since the last pass began ('all': anything may have). Only a client that
   * watches files tells of every change; without one, every pass reads every file.
   */
  let dirty: Set<string> | 'all' = 'all';
  /** The settings file (a URI; null: none) each unopened descriptor's project was last read from. */
  const settingsFiles = new Map<string, string | null | undefined>();
  const watched = () => !!host.caps().workspace?.didChangeWatchedFiles?.dynamicRegistration;
  const wakers = new Set<() => void>();

  /** Something changed: the next pull checks it again, and a pull waiting for a change goes on. */
  function changed(uris?: readonly string[]): void {
    for (const uri of uris ?? []) {
      const touched = touchedBy(uri);
      if (!touched) dirty = 'all';
      else if (dirty !== 'all') for (const t of touched) dirty.add(t);
    }
    if (!uris) dirty = 'all';
    changes++;
    for (const wake of [...wakers]) wake();
  }

  /**
   * Workspace folders were added or removed (`folders` is the new list): the next pass walks
   * them. A file of an added folder is new to it and read anyway; a removed folder's files are
   * cleared. Only a folder inside another (or holding one) changes where the config walk of
   * files already reported stops: then every file is read again.
   */
  function foldersChanged(changedFolders: readonly string[], folders: readonly string[]): void {
    const inside = (a: string, b: string) => a.startsWith(b.endsWith('/') ? b : b + '/');
    const nested = changedFolders.some((c) => folders.some((f) => f !== c && (inside(c, f) || inside(f, c))));
    changed(nested ? undefined : []);
  }

  function filesChanged(list: unknown): { recheck: boolean; projectFiles: string[] } {
    const isEvent = (c: unknown): c is FileEvent => typeof (c as FileEvent | undefined)?.uri === 'string';
    const events = (Array.isArray(list) ? (list as unknown[]) : []).filter(isEvent);
    const ours = events.filter((c) => languageOf(c.uri) || affectsOthers(c.uri));
    if (ours.length > 0) changed(ours.map((c) => c.uri));
    return {
      recheck: ours.some((c) => (affectsOthers(c.uri) && !isProjectFile(c.uri)) ||
        (c.uri.endsWith('.umsg') && c.type !== FileChangeType.Changed)),
      projectFiles: ours.filter((c) => isProjectFile(c.uri)).map((c) => c.uri),
    };
  }

  /** Waits for a change or for the token. */
  function nextChange(token: CancellationToken): Promise<void> {
    return new Promise((resolve) => {
      const done = () => { wakers.delete(done); listener.dispose(); resolve(); };
      const listener = token.onCancellationRequested(done);
      wakers.add(done);
    });
  }

  /** The files of the workspace folders, in the walk's order; open documents are left to the caller. */
  async function workspaceFiles(token: CancellationToken, listings: Map<string, Set<string>>) {
    const files: { path: string; kind: LanguageId }[] = [];
    const walker = runtime.folders;
    if (!walker || !enabled()) return files;
    // The walk's listings answer the sample, sibling and config lookups of the same pass.
    const recording: WalkHost = {
      ...walker,
      async list(folder) {
        const listed = await walker.list(folder);
        if (Array.isArray(listed)) listings.set(folder, new Set((listed as readonly FolderEntry[]).map((e) => e.name)));
        return listed;
      },
    };
    const seen = new Set<string>(); // a folder inside another is walked once
    for (const folderUri of host.folders()) {
      const folder = contexts.pathOf(URI.parse(folderUri));
      if (folder === undefined || token.isCancellationRequested) continue;
      const root = URI.parse(folderUri).path.replace(/\/$/, '');
      const excluded = excludeTest(await excludes(folderUri).catch(() => undefined));
      const relative = (p: string) => {
        const at = URI.parse(uriOf(p)).path;
        return at.startsWith(root + '/') ? at.slice(root.length + 1) : undefined;
      };
      const walk = new FolderWalk(recording, {
        // The files umsg check takes, and umsg.config.json: a broken config is reported in itself, as when it is open.
        wanted: (name) => !!languageOf(name),
        take: (file) => { files.push({ path: file, kind: languageOf(file)! }); },
        problem: ({ path, reason }) => host.log(`Workspace diagnostics: cannot read "${path}": ${reason}.`),
        excluded: excluded && ((p) => { const r = relative(p); return r !== undefined && excluded(r); }),
        stopped: () => token.isCancellationRequested,
        pause: runtime.yieldToHost,
      }, seen);
      await walk.walk(folder, (await runtime.realPath?.(folder)) ?? folder);
    }
    return files;
  }

  /** File access of one pass: existence and listings from the walk, each config file read once. */
  function passIo(listings: Map<string, Set<string>>): ContextIo {
    const configs = new Map<string, ReturnType<ServerRuntime['readFile']>>();
    const folderOf = (p: string) => p.slice(0, p.lastIndexOf('/'));
    return {
      namesIn: (dir) => Promise.resolve(listings.get(dir)),
      exists: async (p) => {
        if (documents.get(uriOf(p))) return true;
        const listed = listings.get(folderOf(p));
        if (listed) return listed.has(p.slice(p.lastIndexOf('/') + 1));
        return runtime.fileExists ? runtime.fileExists(p) : (await runtime.readFile(p)) !== undefined;
      },
      readConfig: (p) => {
        const open = documents.get(uriOf(p));
        if (open) return Promise.resolve(open.getText());
        let read = configs.get(p);
        if (!read) configs.set(p, (read = runtime.readFile(p)));
        return read;
      },
    };
  }

  async function progressFor(workDone: WorkDoneProgressReporter, toRead: number): Promise<WorkDoneProgressReporter | undefined> {
    // A reporter without a client token discards everything; the server then starts its own
    // where it can, for a pass long enough to watch (not for one file saved).
    if (!WorkDoneProgressReporter.isNullInstance(workDone)) return workDone;
    if (toRead < OWN_PROGRESS_FROM || !host.caps().window?.workDoneProgress) return undefined;
    return connection.window.createWorkDoneProgress().catch(() => undefined);
  }

  async function pull(
    params: WorkspaceDiagnosticParams,
    token: CancellationToken,
    workDone: WorkDoneProgressReporter,
    partial: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport> {
    const previous = new Map<string, string>();
    for (const p of Array.isArray(params.previousResultIds) ? params.previousResultIds : []) {
      if (typeof p?.uri === 'string' && typeof p.value === 'string') previous.set(p.uri, p.value);
    }
    // The client has every current report: answer when something changes.
    const isOpen = (uri: string) => !!documents.get(uri);
    const holding = () => watched() && settled?.changes === changes && sameIds(previous, settled.ids, isOpen);
    while (holding() && !token.isCancellationRequested) {
      await nextChange(token);
    }
    if (token.isCancellationRequested) return { items: [] };
    const startedAt = changes;
    // What this pass must read: the files changed since the last one; the rest the client has, as reported then.
    const stale = watched() ? dirty : 'all';
    const known = settled?.ids;
    dirty = new Set();
    const restore = () => { if (stale === 'all') dirty = 'all'; else if (dirty !== 'all') for (const u of stale) dirty.add(u); };
    const ids = new Map<string, string>();
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    let lastSent = Date.now();
    const send = (force: boolean) => {
      if (!partial || items.length === 0 || (!force && items.length < BATCH_REPORTS && Date.now() - lastSent < BATCH_MS)) return;
      partial.report({ items: items.splice(0) });
      lastSent = Date.now();
    };
    const report = (uri: string, version: number | null, id: string, diagnostics: () => LspDiagnostic[]) => {
      ids.set(uri, id);
      items.push(previous.get(uri) === id
        ? { kind: DocumentDiagnosticReportKind.Unchanged, uri, version, resultId: id }
        : { kind: DocumentDiagnosticReportKind.Full, uri, version, resultId: id, items: diagnostics() });
      send(false);
    };

    // Open documents first, from their open version.
    const open = documents.all();
    for (const doc of open) {
      if (token.isCancellationRequested) { restore(); return { items: [] }; }
      const c = await host.checked(doc.uri, token);
      if (!c) continue;
      report(doc.uri, c.doc.version, 'open:' + resultId(c.doc.getText(), c.doc.languageId, c.context),
        () => c.result.diagnostics.map((d) => toLspDiagnostic(c.doc, d, runtime.docsBase)));
    }

    const listings = new Map<string, Set<string>>();
    const files = (await workspaceFiles(token, listings)).filter((f) => !documents.get(uriOf(f.path)));
    if (token.isCancellationRequested) { restore(); return { items: [] }; }
    const io = passIo(listings);
    // Reads ahead of the check, READ_AHEAD at most; a file the client already has is not read.
    const projectFiles = stale === 'all' ? [] : [...stale].filter((u) => u.startsWith(PROJECT_FILE))
      .map((u) => u.slice(PROJECT_FILE.length));
    const mustRead = (n: number) => {
      const uri = uriOf(files[n].path);
      const had = known?.get(uri);
      const projectChanged = files[n].kind === 'native-provider' &&
        projectFiles.some((changedFile) => projectFileConcerns(changedFile, uri, settingsFiles.get(uri)));
      return !(stale !== 'all' && !stale.has(uri) && !projectChanged && had !== undefined && previous.get(uri) === had);
    };
    const reads = new Map<number, ReturnType<ServerRuntime['readFile']>>();
    let ahead = 0;
    const readFrom = (n: number) => {
      for (ahead = Math.max(ahead, n); ahead < files.length && ahead < n + READ_AHEAD; ahead++) {
        if (mustRead(ahead)) reads.set(ahead, runtime.readFile(files[ahead].path));
      }
    };
    const toRead = files.filter((_, n) => mustRead(n)).length;
    const progress = files.length > 0 ? await progressFor(workDone, toRead) : undefined;
    const total = formatCount(files.length);
    progress?.begin('Universal Message', 0, `Checking 0 of ${total} files`, false);
    try {
      for (let n = 0; n < files.length; n++) {
        if (token.isCancellationRequested) { restore(); return { items: [] }; }
        if (n % PROGRESS_EVERY === 0 && n > 0) {
          progress?.report(Math.floor((n * 100) / files.length), `Checking ${formatCount(n)} of ${total} files`);
        }
        const { path: filePath, kind } = files[n];
        const uri = uriOf(filePath);
        if (!mustRead(n)) {
          report(uri, null, known!.get(uri)!, () => []);
          continue;
        }
        readFrom(n);
        const reading = reads.get(n) ?? runtime.readFile(filePath);
        reads.delete(n);
        try {
          const text = await reading;
          if (isUnreadable(text) && text.size !== undefined && kind !== 'umsg-config') {
            // Refused for its size before a byte was read: file-size, as umsg check reports it.
            const context = checkContext(await contexts.read(filePath, kind, io), undefined);
            const id = 'size:' + resultId(String(text.size), kind, context);
            const doc = TextDocument.create(uri, kind, 0, '');
            report(uri, null, id, () => tooLargeToRead(text.size!, context.config).map((d) => toLspDiagnostic(doc, d, runtime.docsBase)));
            continue;
          }
          if (typeof text !== 'string') {
            if (isUnreadable(text)) host.log(`Workspace diagnostics: cannot read "${filePath}": ${text.unreadable}.`);
            continue;
          }
          const found = await contexts.read(filePath, kind, io);
          // A provider descriptor is checked against its Gradle project, as when it is open.
          const project = kind === 'native-provider'
            ? await runtime.providerProject?.(filePath, text, found.root).catch((error: unknown) => {
              host.log(`Could not read the Gradle project of ${filePath}: ${error instanceof Error ? error.message : String(error)}`);
              return undefined;
            })
            : undefined;
          if (kind === 'native-provider') settingsFiles.set(uri, settingsUri(project, uriOf));
          const context = checkContext(found, project);
          const id = resultId(text, kind, context);
          if (previous.get(uri) === id) { report(uri, null, id, () => []); continue; }
          const result = await service.check(service.open(text, kind, context.config), context, token);
          if (result.cancelled) { restore(); return { items: [] }; }
          const doc = TextDocument.create(uri, kind, 0, text);
          report(uri, null, id, () => result.diagnostics.map((d) => toLspDiagnostic(doc, d, runtime.docsBase)));
        } catch (error) {
          host.log(`Workspace diagnostics failed on ${uri}: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
        }
        // Requests on open documents are answered between files.
        await runtime.yieldToHost?.();
      }
    } finally {
      progress?.done();
    }
    // Files reported before and gone since (deleted, excluded, the setting off): their findings go.
    for (const [uri, id] of previous) {
      if (!ids.has(uri) && id !== '') {
        items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
      }
    }
    send(true);
    settled = { changes: startedAt, ids };
    return { items: partial ? [] : items };
  }

  connection.languages.diagnostics.onWorkspace((params, token, workDone, partial) =>
    host.handler('Workspace diagnostics', () => true, { items: [] }, (p: WorkspaceDiagnosticParams, t) => pull(p, t, workDone, partial))(
      params,
      token,
    ));
  return { changed, filesChanged, foldersChanged };
}

/**
 * Whether the client's result ids are exactly the ones last reported, open documents aside
 * (their reports come from textDocument/diagnostic, and the client sends those ids instead).
 */
function sameIds(previous: ReadonlyMap<string, string>, reported: ReadonlyMap<string, string>, isOpen: (uri: string) => boolean): boolean {
  let unopened = 0;
  for (const [uri, id] of reported) {
    if (isOpen(uri)) continue;
    if (previous.get(uri) !== id) return false;
    unopened++;
  }
  for (const uri of previous.keys()) if (!isOpen(uri)) unopened--;
  return unopened === 0;
}
