/**
 * What the server needs from where it runs: file access, the config lookup, timers. The Node
 * entry (node/serverMain.ts), the browser entry (browser/runtime.ts) and the tests give one.
 */
import type { URI } from 'vscode-uri';
import type { CheckElsewhere, ProviderProjectFacts, Rule, UmsgConfig } from '../core';
import type { ConfigForFile, ConfigLookupOptions } from '../workspace/configLookup';
import type { ReadOutcome, ReadText } from '../workspace/readOutcome';
import type { WalkHost } from '../workspace/walkFolders';

export interface ServerRuntime {
  /** Reads a file; undefined when it does not exist, `{ unreadable }` when it cannot be read. */
  readFile(filePath: string): Promise<ReadOutcome>;
  /** Whether a path exists, without reading it; and a path with links resolved (configLookup, messageContext). */
  fileExists?(filePath: string): Promise<boolean>;
  realPath?(filePath: string): Promise<string | undefined>;
  /** Finds and reads the umsg.config.json that governs a file (configLookup.ts on Node), never above `options.stopAt`. */
  configFor(filePath: string, readText: ReadText, settings: Partial<UmsgConfig>, options: ConfigLookupOptions): Promise<ConfigForFile>;
  /**
   * Lists folders, in the strings readFile takes: the workspace's files are found with it
   * (workspace diagnostics). Without it, only open documents are checked.
   */
  folders?: WalkHost;
  /** Base URI of the rule pages, ending with '/': `<base><rule>.md`. */
  docsBase: string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Lets other requests in between slices of a long check (setImmediate on Node). */
  yieldToHost?: () => Promise<void>;
  /**
   * Called once a long document just opened is parsed for the editor (`afterOpeningParse` of
   * the language service): a moment to collect now what a collection would otherwise stop the
   * first keystrokes for (a full collection on Node, see node/settleHeap.ts).
   */
  afterOpeningParse?: () => void;
  /**
   * Called when a document of `length` characters is closed: a moment to give its memory back
   * (on Node, a full collection a little later for a long one: V8's memory reducer, which would,
   * is off; see protocol/serverProcess.ts).
   */
  afterClosing?: (length: number) => void;
  /** Where large documents are checked away from the request thread (a worker thread on Node). */
  checkElsewhere?: CheckElsewhere;
  /**
   * A provider descriptor's Gradle project (workspace/providerProject.ts on Node); `root` is the
   * project root the walk for a settings file stops at. Without it, the project checks do not run.
   */
  providerProject?(descriptorPath: string, text: string, root: string | undefined): Promise<ProviderProjectFacts>;
  /** Rules to run instead of the catalogue (tests). */
  rules?: readonly Rule[];
  /**
   * How a document's URI becomes the string readFile and configFor get, and back (to prefer an
   * open document's text); pathOf gives undefined where surroundings cannot be read. Default:
   * file URIs only, as paths. The browser passes URIs through, so every scheme works there.
   */
  locate?: { pathOf(uri: URI): string | undefined; uriOf(filePath: string): string };
}
