/**
 * Finds and reads the umsg.config.json that governs a file, by walking up from its folder.
 * Shared by the language server and the command line; file access comes from the caller so
 * that this stays testable.
 *
 * The walk stops at the project root: a folder holding `.git`, a config
 * with `"root": true`, or one of the editor's workspace folders. A config above the project
 * is never trusted: anyone who can write `/tmp/umsg.config.json` must not decide how every
 * checkout under /tmp is checked.
 */
import * as path from 'node:path';
import { CONFIG_FILE_NAME, RULE_IDS, parseConfig, resolveConfig, type ConfigParseResult, type ResolvedConfig, type UmsgConfig } from '../core';

import { linkedOut, linkOutOfProject, type RealPath } from './links';
import { isUnreadable, type ReadOutcome, type ReadText } from './readOutcome';

export { isUnreadable, type ReadOutcome } from './readOutcome';

export interface ConfigForFile {
  config: ResolvedConfig;
  /** The config file that applies, if one was found. */
  configPath: string | undefined;
  /** Problems in that file (reported in the file itself, never blocking the checks). */
  parsed: ConfigParseResult | undefined;
  /** The text of that file ('' when it could not be read), for reports that quote it. */
  configText?: string;
  /**
   * The project root where the walk stops: a folder with `.git`, the folder of a config with
   * `"root": true`, or a workspace folder. Undefined when the walk reached the file system root.
   */
  root?: string;
}

export interface ConfigLookupOptions {
  /** Folders the walk never goes above (the editor's workspace folders). */
  stopAt?: readonly string[];
  /**
   * Whether something exists at a path, without reading it (the command line answers from
   * folder listings). By default a read is tried.
   */
  exists?: (p: string) => Promise<boolean>;
  /**
   * Resolves links: a umsg.config.json that is a link out of its project is not read (its
   * text would be quoted in findings), and the checks use the defaults. Without it, links are
   * not checked.
   */
  realPath?: RealPath;
}

/** Marks a folder as the top of a repository: a folder, or a file in git worktrees and submodules. */
const REPOSITORY_MARKER = '.git';

interface FolderResult {
  configPath: string | undefined;
  root: string | undefined;
}

interface ReadConfig {
  parsed: ConfigParseResult;
  config: ResolvedConfig;
  text: string;
}

/**
 * Config lookups for many files: one walk per folder and one read and parse per config file,
 * cached. Make a new one when files may have changed.
 */
export class ConfigLookup {
  private readonly folders = new Map<string, Promise<FolderResult>>();
  private readonly byFolder = new Map<string, Promise<ConfigForFile>>();
  private readonly roots = new Map<string, Promise<string | undefined>>();
  private readonly configs = new Map<string, Promise<ReadConfig>>();
  /**
   * The defaults, for every file without a config and without settings: one object, not one
   * per file (nothing changes a resolved config), so that the checks read one shape.
   */
  private defaults: ResolvedConfig | undefined;
  private readonly stopAt: Set<string>;
  private readonly exists: (p: string) => Promise<boolean>;
  private readonly readText: ReadText;
  private readonly realPath: RealPath | undefined;

  constructor(readText: ReadText, options: ConfigLookupOptions = {}) {
    this.realPath = options.realPath;
    this.stopAt = new Set((options.stopAt ?? []).map((p) => path.resolve(p)));
    // Without a cheaper test, existence is a read, kept so that the file is read once.
    const texts = new Map<string, Promise<ReadOutcome>>();
    this.readText = (p) => {
      let text = texts.get(p);
      if (!text) texts.set(p, (text = readText(p)));
      return text;
    };
    this.exists = options.exists ?? (async (p) => (await this.readText(p)) !== undefined);
  }

  /** The configuration for `filePath`; `settings` apply only when no config file is found. */
  forFile(filePath: string, settings?: Partial<UmsgConfig>): Promise<ConfigForFile> {
    if (settings !== undefined) return this.lookUp(filePath, settings);
    // One answer for every file of a folder, by the folder as the path names it: the path is
    // not resolved again for each of 10,000 messages, nor a new answer made for each.
    const dir = path.dirname(filePath);
    let found = this.byFolder.get(dir);
    if (!found) this.byFolder.set(dir, (found = this.lookUp(filePath, undefined)));
    return found;
  }

  private async lookUp(filePath: string, settings: Partial<UmsgConfig> | undefined): Promise<ConfigForFile> {
    const { configPath, root } = await this.folder(path.dirname(path.resolve(filePath)));
    if (!configPath) {
      const config = settings === undefined ? (this.defaults ??= resolveConfig(undefined)) : resolveConfig(undefined, settings);
      return { config, configPath: undefined, parsed: undefined, root };
    }
    const read = await this.read(configPath);
    return { config: read.config, configPath, parsed: read.parsed, configText: read.text, root };
  }

  /** The config found from `dir` upwards and the project root. */
  folder(dir: string): Promise<FolderResult> {
    let cached = this.folders.get(dir);
    if (!cached) {
      cached = this.walk(dir);
      this.folders.set(dir, cached);
    }
    return cached;
  }

  private async walk(dir: string): Promise<FolderResult> {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (await this.exists(candidate)) {
      const read = await this.read(candidate);
      return { configPath: candidate, root: read.parsed.config.root === true ? dir : await this.rootFrom(dir) };
    }
    if (await this.isRoot(dir)) return { configPath: undefined, root: dir };
    const parent = path.dirname(dir);
    if (parent === dir) return { configPath: undefined, root: undefined };
    return this.folder(parent);
  }

  /** The project root at or above `dir`, looking at markers only (configs above are not read). */
  private rootFrom(dir: string): Promise<string | undefined> {
    let cached = this.roots.get(dir);
    if (!cached) {
      cached = (async () => {
        if (await this.isRoot(dir)) return dir;
        const parent = path.dirname(dir);
        return parent === dir ? undefined : this.rootFrom(parent);
      })();
      this.roots.set(dir, cached);
    }
    return cached;
  }

  private async isRoot(dir: string): Promise<boolean> {
    return this.stopAt.has(dir) || (await this.exists(path.join(dir, REPOSITORY_MARKER)));
  }

  private read(configPath: string): Promise<ReadConfig> {
    let cached = this.configs.get(configPath);
    if (!cached) {
      cached = (async () => {
        // A config that cannot apply must not pass unnoticed: one finding, and the defaults.
        const unusable = (message: string): ReadConfig => {
          const parsed: ConfigParseResult = {
            config: { channels: {}, rules: {} },
            findings: [{ rule: 'config', severity: 'error', offset: 0, length: 0, message }],
          };
          return { parsed, config: resolveConfig(parsed.config), text: '' };
        };
        if (this.realPath) {
          const dir = path.dirname(configPath);
          const outside = await linkOutOfProject(configPath, [(await this.rootFrom(dir)) ?? dir], this.realPath);
          if (outside) return unusable(`${linkedOut(CONFIG_FILE_NAME, outside)}: it is not read, and the checks use the defaults.`);
        }
        const outcome = await this.readText(configPath);
        if (typeof outcome === 'string') {
          const parsed = parseConfig(outcome, RULE_IDS);
          return { parsed, config: resolveConfig(parsed.config), text: outcome };
        }
        // It was there a moment ago: unreadable (permissions, a pipe, too large) or gone.
        const reason = isUnreadable(outcome) ? outcome.unreadable : 'it disappeared while it was read';
        return unusable(`${CONFIG_FILE_NAME} cannot be read (${reason}): the checks use the defaults.`);
      })();
      this.configs.set(configPath, cached);
    }
    return cached;
  }
}

/** Resolves the configuration for `filePath`; `settings` apply only when no file exists. */
export async function configForFile(
  filePath: string,
  readText: ReadText,
  settings?: Partial<UmsgConfig>,
  options?: ConfigLookupOptions,
): Promise<ConfigForFile> {
  return new ConfigLookup(readText, options).forFile(filePath, settings);
}
