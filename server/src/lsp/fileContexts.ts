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
import type { ReadOutcome } from '../workspace/readOutcome';
import type { ServerRuntime } from './runtime';
import { toConfig, type ClientSettings } from './settings';

/** A document's configuration and, for a message, what surrounds it. */
interface FileContext {
  config: ResolvedConfig;
  around: MessageContext | undefined;
  /** The file's path and its project root, for what else is read around it (a provider's Gradle project). */
  filePath?: string;
  root?: string;
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

  /** The context of a document of language `kind`. */
  function of(doc: TextDocument, kind: LanguageId): Promise<FileContext> {
    const generation = state.generation();
    const cached = cache.get(doc.uri);
    if (cached && cached.generation === generation) return cached.value;
    const uri = URI.parse(doc.uri);
    const value = (async (): Promise<FileContext> => {
      await state.settingsReady();
      const userSettings = toConfig(state.settings());
      const filePath = kind === 'umsg-config' ? undefined : pathOf(uri);
      if (filePath === undefined) return { config: resolveConfig(undefined, userSettings), around: undefined };
      const stopAt = [...state.workspaceRoots()];
      const { config, root } = await runtime.configFor(filePath, readText, userSettings, { stopAt, exists, realPath: runtime.realPath });
      // The message's own project: the root the walk found (a workspace folder that holds the
      // file, .git, or "root": true), else its folder; never another workspace folder.
      const within = [projectFolder(filePath, root)];
      return {
        config,
        filePath,
        root,
        around: kind === 'universal-message'
          ? await messageContext(filePath, readText, { exists, realPath: runtime.realPath, within })
          : undefined,
      };
    })();
    cache.set(doc.uri, { generation, value });
    value.catch(() => cache.delete(doc.uri));
    return value;
  }

  return {
    of,
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
