/**
 * The runtime of the language server in a browser: files through the client (readFile.ts),
 * the config file found by walking up the document's URI, the browser's timers. Nothing here
 * may import a Node built-in (esbuild.mjs fails the browser build if one is reached).
 *
 * The server hands this runtime URIs, not paths (`locate`), so that any scheme the client can
 * read works: `file:` folders opened from the browser, `vscode-vfs:` repositories, test
 * file systems.
 */
import { URI, Utils } from 'vscode-uri';
import { CONFIG_FILE_NAME, RULE_IDS, parseConfig, resolveConfig } from '../core';
import type { ConfigForFile, ConfigLookupOptions } from '../workspace/configLookup';
import type { ReadText } from '../workspace/readOutcome';
import type { ServerRuntime } from '../lsp/server';
import { READ_FILE_REQUEST, READ_FOLDER_REQUEST, type FolderEntryKind, type ReadFileParams } from '../protocol/readFile';

/** What the runtime needs of the connection: one request to the client. */
interface ClientRequests {
  sendRequest(method: string, params: ReadFileParams): Promise<unknown>;
}

/**
 * Walks up from the folder of `fileUri` to its root; the first umsg.config.json found governs
 * it, as configLookup.ts does with paths on Node.
 */
export async function configForUri(
  fileUri: string,
  readText: ReadText,
  settings?: Parameters<typeof resolveConfig>[1],
  options?: ConfigLookupOptions,
): Promise<ConfigForFile> {
  let dir = Utils.dirname(URI.parse(fileUri));
  for (;;) {
    const candidate = Utils.joinPath(dir, CONFIG_FILE_NAME).toString();
    const text = await readText(candidate);
    if (typeof text === 'string') {
      const parsed = parseConfig(text, RULE_IDS);
      return { config: resolveConfig(parsed.config), configPath: candidate, parsed };
    }
    // A workspace folder ends the walk (the server gives their paths; a URI's path matches).
    if (options?.stopAt?.includes(dir.path)) return {
      config: resolveConfig(undefined, settings),
      configPath: undefined,
      parsed: undefined,
    };
    const parent = Utils.dirname(dir);
    if (parent.path === dir.path) return { config: resolveConfig(undefined, settings), configPath: undefined, parsed: undefined };
    dir = parent;
  }
}

export function browserRuntime(client: ClientRequests, docsBase: string, log: (message: string) => void): ServerRuntime {
  let warned = false;
  return {
    async readFile(uri) {
      try {
        const text = await client.sendRequest(READ_FILE_REQUEST, { uri });
        return typeof text === 'string' ? text : undefined;
      } catch (error) {
        // A client that does not answer (another editor, an older client) means no surroundings.
        if (!warned) log(
          `Files beside a message cannot be read through this client (${error instanceof Error ? error.message : String(error)}): ` +
            'checking without config, sample data or channel-specific files.',
        );
        warned = true;
        return undefined;
      }
    },
    configFor: configForUri,
    // The workspace's files, listed by the client (workspace diagnostics).
    folders: {
      async list(uri) {
        const listed = await client.sendRequest(READ_FOLDER_REQUEST, { uri }).catch(() => null);
        if (!Array.isArray(listed)) return { problem: 'the editor cannot list it' };
        return (listed as [string, FolderEntryKind][]).map(([name, kind]) => ({ name, kind }));
      },
      follow: () => Promise.resolve(undefined),
      join: (uri, name) => Utils.joinPath(URI.parse(uri), name).toString(),
    },
    docsBase,
    locate: { pathOf: (uri) => uri.toString(), uriOf: (uri) => uri },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    yieldToHost: () => new Promise((resolve) => { setTimeout(resolve, 0); }),
  };
}
