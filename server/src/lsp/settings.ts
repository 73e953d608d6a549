/**
 * The client's settings (`universalMessage.*` in VS Code, initializationOptions elsewhere) as a
 * config layer, used only where no umsg.config.json exists; and which documents and files are
 * the server's business.
 */
import { URI } from 'vscode-uri';
import { CHANNEL_IDS, CONFIG_FILE_NAME, MAX_ITEMS_COMPUTED, RULE_IDS, languageOf, parseSeverity, type LanguageId, type SeverityOrOff, type UmsgConfig } from '../core';
import { isProjectFile } from '../protocol/watchedFiles';

const LANGUAGE_IDS = new Set<string>(['universal-message', 'configuration-meta', 'native-provider']);

/** The language of an open document: umsg.config.json by name, else the client's language id, else the file name. */
export function documentLanguage(uri: string, languageId: string): LanguageId | undefined {
  const byPath = languageOf(URI.parse(uri).path);
  return byPath === 'umsg-config' || !LANGUAGE_IDS.has(languageId) ? byPath : (languageId as LanguageId);
}

/** Settings under `universalMessage` (VS Code) or initializationOptions (other editors). */
export interface ClientSettings {
  channels?: Record<string, unknown>;
  rules?: Record<string, unknown>;
  maxFileSize?: number;
  validate?: boolean;
  inlayHints?: boolean;
  channelSummary?: boolean;
  /** The "Open Preview" code lens above each card and form (default on). */
  previewLens?: boolean;
  /** Every file of the workspace in the Problems panel, opened or not (default on; off: open files only). */
  workspaceDiagnostics?: boolean;
  /** The most outline symbols, folding ranges and links made for one file (as VS Code's json.maxItemsComputed). */
  maxItemsComputed?: number;
}

/** `n` made whole when it is a finite number of 0 or more; undefined for anything else. */
function count(n: unknown): number | undefined {
  return typeof n === 'number' && n >= 0 && Number.isFinite(n) ? Math.floor(n) : undefined;
}

/** maxItemsComputed when it is a number of 0 or more, else the service's default (MAX_ITEMS_COMPUTED). */
export function maxItems(s: ClientSettings): number {
  return count(s.maxItemsComputed) ?? MAX_ITEMS_COMPUTED;
}

/**
 * The most folding ranges: maxItems, or the `rangeLimit` the client declares when lower. A
 * rangeLimit that is not a number of 0 or more is no limit (it made folding empty before).
 */
export function foldingLimit(s: ClientSettings, rangeLimit: unknown): number {
  return Math.min(maxItems(s), count(rangeLimit) ?? Infinity);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readSettings(value: unknown): ClientSettings {
  return isObject(value) ? (value) : {};
}

function isConfigUri(uri: string): boolean {
  return uri.endsWith('/' + CONFIG_FILE_NAME);
}

/** Editor settings as a config layer; unknown channels, rules and severities are left out. */
export function toConfig(s: ClientSettings): Partial<UmsgConfig> {
  const severities = (map: unknown, known: readonly string[]) => {
    const out: Record<string, SeverityOrOff> = {};
    for (const [k, v] of Object.entries(isObject(map) ? map : {})) {
      const sev = parseSeverity(v);
      if (sev && known.includes(k)) out[k] = sev;
    }
    return out;
  };
  return {
    channels: severities(s.channels, CHANNEL_IDS),
    rules: severities(s.rules, RULE_IDS),
    maxFileSize: typeof s.maxFileSize === 'number' && Number.isFinite(s.maxFileSize) && s.maxFileSize > 0 ? s.maxFileSize : undefined,
  };
}

/** umsg.config.json, NAME.sample.json, NAME.<channel>.umsg or a provider project's file: a change re-checks the open files. */
export function affectsOthers(uri: string): boolean {
  if (isConfigUri(uri) || uri.endsWith('.sample.json')) return true;
  if (isProjectFile(uri)) return true;
  const m = /\.([a-z]+)\.umsg$/.exec(uri);
  return !!m && (CHANNEL_IDS as readonly string[]).includes(m[1]);
}

/**
 * The workspace folders after a workspace/didChangeWorkspaceFolders event (`event`) on
 * `folders`, and the folders it adds or removes, as URIs (malformed entries left out);
 * undefined when it changes none.
 */
export function nextFolders(event: unknown, folders: readonly string[]): { folders: string[]; changed: string[] } | undefined {
  const urisOf = (list: unknown) => (Array.isArray(list) ? (list as unknown[]) : [])
    .map((f) => (isObject(f) && typeof f.uri === 'string' ? f.uri : undefined)).filter((u) => u !== undefined);
  const added = urisOf(isObject(event) ? event.added : undefined);
  const removed = new Set(urisOf(isObject(event) ? event.removed : undefined));
  if (added.length === 0 && removed.size === 0) return undefined;
  return { folders: [...folders.filter((u) => !removed.has(u)), ...added], changed: [...added, ...removed] };
}
