/**
 * What surrounds an open document: the configuration that applies to it and, for a message,
 * its sample data and channel-specific siblings. Read once per generation (the server starts a
 * new one when settings or watched files change), never once per keystroke. An open config,
 * sample or sibling file counts with its unsaved text, so edits apply at once.
 */
import { URI } from 'vscode-uri';
import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveConfig, type DocumentContext, type LanguageId, type ProviderProjectFacts, type ResolvedConfig } from '../core';
import { projectFolder } from '../workspace/links';
import { messageContext, type MessageContext } from '../workspace/messageContext';
import type { ReadOutcome, ReadText } from '../workspace/readOutcome';
import type { ServerRuntime } from './runtime';
import { toConfig, type ClientSettings } from './settings';

/** A document's configuration and, for a message, what surrounds it. */
export interface FileContext {
  config: ResolvedConfig;
  around: MessageContext | undefined;
  /** The file's path and its project root, for what else is read around it (a provider's Gradle project). */
  filePath?: string;
  root?: string;
}

/** File access that replaces the runtime's for one read: a walk over the workspace answers from its listings. */
export interface ContextIo {
  exists?: (p: string) => Promise<boolean>;
  namesIn?: (dir: string) => Promise<ReadonlySet<string> | undefined>;
  /** Reads umsg.config.json (a walk reads each once). */
  readConfig?: ReadText;
}

/** The server's state the contexts depend on, read as it is when a context is made. */
interface FileContextState {
  generation(): number;
  settings(): ClientSettings;
  /** Settles once the client's first settings have arrived (or the server stopped waiting). */
  settingsReady(): Promise<unknown>;
  /** The config walk stops at a workspace folder; linked sample data must stay inside one. */
  workspaceRoots(): readonly string[];
}

/** The file contexts of the open documents, each cached for the generation it was read in. */
export function fileContexts(runtime: ServerRuntime, documents: TextDocuments<TextDocument>, state: FileContextState) {
  const pathOf = runtime.locate?.pathOf ?? ((uri: URI) => (uri.scheme === 'file' ? uri.fsPath : undefined));
  const uriOf = runtime.locate?.uriOf ?? ((filePath: string) => URI.file(filePath).toString());
  const cache = new Map<string, { generation: number; value: Promise<FileContext> }>();

  const exists = async (p: string) =>
    !!documents.get(uriOf(p)) || (runtime.fileExists ? runtime.fileExists(p) : (await runtime.readFile(p)) !== undefined);

  async function readText(filePath: string): Promise<ReadOutcome> {
    return documents.get(uriOf(filePath))?.getText() ?? runtime.readFile(filePath);
  }

  /**
   * The context of the file at `filePath` (undefined: a file whose surroundings cannot be read),
   * through `io` where the caller knows more (a walk's folder listings), else the runtime.
   */
  async function read(filePath: string | undefined, kind: LanguageId, io: ContextIo = {}): Promise<FileContext> {
    await state.settingsReady();
    const userSettings = toConfig(state.settings());
    if (filePath === undefined || kind === 'umsg-config') return { config: resolveConfig(undefined, userSettings), around: undefined };
    const stopAt = [...state.workspaceRoots()];
    const found = await runtime.configFor(filePath, io.readConfig ?? readText, userSettings, {
      stopAt,
      exists: io.exists ?? exists,
      realPath: runtime.realPath,
    });
    // The message's own project: the root the walk found (a workspace folder that holds the
    // file, .git, or "root": true), else its folder; never another workspace folder.
    const within = [projectFolder(filePath, found.root)];
    return {
      config: found.config,
      filePath,
      root: found.root,
      around: kind === 'universal-message'
        ? await messageContext(filePath, readText, { exists: io.exists ?? exists, realPath: runtime.realPath, within, namesIn: io.namesIn })
        : undefined,
    };
  }

  /** The context of an open document of language `kind`, cached for the generation. */
  function of(doc: TextDocument, kind: LanguageId): Promise<FileContext> {
    const generation = state.generation();
    const cached = cache.get(doc.uri);
    if (cached && cached.generation === generation) return cached.value;
    const value = read(pathOf(URI.parse(doc.uri)), kind);
    cache.set(doc.uri, { generation, value });
    value.catch(() => cache.delete(doc.uri));
    return value;
  }

  return {
    of,
    read,
    pathOf,
    uriOf,
    readText,
    /** Drops a document's context: the next request reads it again. */
    forget: (uri: string) => { cache.delete(uri); },
  };
}

/** What a check and the features get: the configuration, what surrounds a message, a provider's project. */
export function documentContext(
  config: ResolvedConfig,
  around: MessageContext | undefined,
  providerProject: ProviderProjectFacts | undefined,
): DocumentContext {
  return {
    config,
    providerProject,
    sample: around?.sample,
    sampleProblem: around?.sampleProblem,
    channelSpecific: around?.channelSpecific,
    overriddenChannels: around?.overriddenChannels,
  };
}
