/**
 * Checking files one by one for `umsg check`: the same code runs in the main thread (a
 * sequential run) and in each worker thread of a parallel run (workers.ts), so that both give
 * the same findings, worded the same way. A file's outcome is what the report needs of it and
 * nothing more: its located findings (no text), or the line that says why it was not checked.
 */
import { lstatSync, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { channelOfPath, createLanguageService, languageOf, messageByteLimit, tooLargeToRead, type LanguageId, type ProviderProjectFacts } from '../core';
import { ConfigLookup, isUnreadable, type ConfigForFile, type ReadOutcome } from '../workspace/configLookup';
import { contextFromListing, messageBase, messageContext, stemsOf } from '../workspace/messageContext';
import { nodeProviderProjects } from '../node/providerProjects';
import { projectFolder } from '../workspace/links';
import { describeError, FolderListings, readRegularFileSync, realPathOf, SIDE_FILE_MAX_BYTES } from '../node/files';
import { locate, type LocatedReport } from './report/locate';
import { fileKey, findingsOf, metadataKey, statKeyText, type CachedFile } from './checkCache';

/** The languages `umsg check` collects (umsg.config.json is checked as the config of the files it governs). */
export function checkedLanguageOf(p: string): Exclude<LanguageId, 'umsg-config'> | undefined {
  const language = languageOf(p);
  return language === 'umsg-config' ? undefined : language;
}

/** The language service of one run; `onRuleError` names the file being checked. */
export function serviceFor(onRuleError?: (rule: string, error: unknown) => void) {
  // Nothing else waits on the command line's event loop: a long check need not make room.
  return createLanguageService({ onRuleError, inOneGo: true });
}

/** Text without a byte order mark (editors hide it; ESLint strips it too). */
function withoutBom(outcome: ReadOutcome): ReadOutcome {
  return typeof outcome === 'string' && outcome.charCodeAt(0) === 0xfeff ? outcome.slice(1) : outcome;
}

/** A config, sample or sibling file: regular files only, within the fixed size limit. */
function readSideSync(filePath: string): ReadOutcome {
  return withoutBom(readRegularFileSync(filePath, SIDE_FILE_MAX_BYTES));
}

/** A config or sample file: regular files only, within the fixed size limit. */
export function readText(filePath: string): Promise<ReadOutcome> {
  return Promise.resolve(readSideSync(filePath));
}

/**
 * The folder a message's side files are looked up in (messageContext's way: the path cut at
 * its last '/'), or undefined where that is not how its path is written.
 */
function messageFolder(file: string): string | undefined {
  const cut = file.lastIndexOf('/');
  return cut > 0 && cut >= file.lastIndexOf('\\') ? file.slice(0, cut) : undefined;
}

/** Results handed on in a row without waiting, after which the event loop gets a turn (a closed output is noticed). */
const IN_A_ROW = 512;

/**
 * Runs `work` on every item with at most `limit` in flight, handing results to `use` in the
 * items' order: the next files' waits (a config lookup, a link check) overlap checking this
 * one, and output stays sorted. A result `work` has at once (not a promise: a file taken from
 * the cache, or checked without a wait) is used at once.
 */
async function inOrder<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => R | Promise<R>,
  use: (result: R, index: number) => void | Promise<void>,
): Promise<void> {
  const running: (R | Promise<R>)[] = [];
  let next = 0;
  let inARow = 0;
  const start = () => {
    while (next < items.length && running.length < limit) running.push(work(items[next++]));
  };
  start();
  for (let i = 0; i < items.length; i++) {
    const head = running.shift()!;
    let result: R;
    if (head instanceof Promise) {
      result = await head;
      inARow = 0;
    } else {
      result = head;
      if (++inARow === IN_A_ROW) {
        inARow = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    start();
    const used = use(result, i);
    if (used instanceof Promise) await used;
  }
}

/**
 * Files prepared at once where something must be waited for (config lookup, folder listings,
 * link checks). The file contents themselves are read with synchronous calls: reading them through the
 * promise API with 32 in flight cost more CPU time and was slower on the clock too, since each
 * open, fstat, read and close is a thread-pool round trip that costs more than the read of a
 * small file from the page cache.
 */
export const READ_CONCURRENCY = 32;

/** The side files of a file that has none (most): one array for all, never written to. */
const NO_SIDES: readonly (readonly [string, string])[] = Object.freeze([]);

/** A rule that threw on a file: the rule id and the error as text (it crosses threads). */
interface RuleFailure {
  rule: string;
  error: string;
}

/** The rule failures of a file taken from the cache: none (one array for all, never written to). */
const NO_FAILURES: readonly RuleFailure[] = Object.freeze([]);

/** What the report needs of one file: its findings, or why it could not be checked. */
export type FileOutcome =
  /**
   * `key`: the key of the file's inputs, when the run keeps a cache (see checkCache.ts);
   * `damagedEntry`: the cache's entry had the key but no findings that could be read, so the
   * file was checked.
   */
  | { kind: 'checked'; report: LocatedReport; ruleFailures: readonly RuleFailure[]; key?: string; damagedEntry?: boolean }
  | { kind: 'cannot'; line: string };

interface Prepared {
  found: ConfigForFile;
  /** With --cache-strategy metadata: the cache's findings, when the file and its side files are as it was written. */
  hit?: LocatedReport['findings'];
  /** The cache's entry had the file's key, but its findings could not be read. */
  damagedEntry?: boolean;
  text: ReadOutcome;
  language: Exclude<LanguageId, 'umsg-config'>;
  related: Awaited<ReturnType<typeof messageContext>> | undefined;
  /** For a provider descriptor: its Gradle project, when one is found. */
  providerProject?: ProviderProjectFacts;
  key: string | undefined;
}

/** How --cache keys a file: on its size and times (ESLint's default), or on its text. */
export type CacheStrategy = 'metadata' | 'content';

interface CheckerOptions {
  /** Work out each file's cache key (umsg check --cache). */
  keyed?: boolean;
  /** How (default: metadata). */
  strategy?: CacheStrategy;
}

/**
 * Checks files as `umsg check` does. One per thread: its folder listings and config lookups
 * are cached, so each folder is listed and each config read once per thread.
 */
export class FileChecker {
  readonly listings = new FolderListings(true);
  readonly configs = new ConfigLookup(readText, { exists: (p) => this.listings.exists(p), realPath: realPathOf });
  /** Where the file being checked collects the rules that threw (files are checked one at a time). */
  private ruleFailures: RuleFailure[] = [];
  /** One service for every file, rather than one built per file. */
  private readonly service = serviceFor((rule, error) => this.ruleFailures.push({ rule, error: String(error) }));

  /** Provider projects, their parses kept for the run. */
  private readonly providers = nodeProviderProjects();

  /** For --stdin: the text of the one file checked, read from standard input. */
  stdinText: string | undefined;

  /** With --cache: what the cache holds for a file, whose findings stand when its key is unchanged. */
  lookup: ((file: string) => CachedFile | undefined) | undefined;

  private readonly keyed: boolean;
  private readonly byMetadata: boolean;

  constructor(private readonly cwd: string, options: CheckerOptions = {}) {
    this.keyed = options.keyed === true;
    this.byMetadata = this.keyed && options.strategy !== 'content';
  }

  /**
   * What the files of a folder share, once known (the config lookup's answer and the folder's
   * listing): a file taken from the cache needs nothing it must wait for. By the folder as
   * the path names it, cut at the last separator.
   */
  private readonly configNow = new Map<string, ConfigForFile>();
  private readonly listedNow = new Map<string, ReadonlySet<string> | undefined>();
  /** Set once knowFolders has run (the files of a run are the same throughout). */
  private foldersKnown = false;
  /** The metadata keys keysNow took, in the files' order: takenAtOnce's, for a run whose memo did not serve. */
  private keysNowTook: { files: readonly string[]; keys: readonly string[] } | undefined;
  /** Those keys by file, made by the first takenAtOnce that needs them (a run whose memo serves never does). */
  private keysTaken: Map<string, string> | undefined;
  /** The folder of the last file takenAtOnce looked at, with what it knew of it. */
  private lastFolder: { dir: string; found?: ConfigForFile; known: boolean; listed?: ReadonlySet<string> } | undefined;

  /**
   * The metadata key of a file (see metadataKey), or undefined where its content must key it:
   * a provider descriptor (its project's facts come from its text), standard input, a message
   * whose folder cannot be listed, or one whose sample or sibling is a link (where a link leads
   * decides whether it is read at all).
   */
  private async metadataKeyOf(file: string, found: ConfigForFile, language: Prepared['language']): Promise<string | undefined> {
    if (language === 'native-provider' || this.stdinText !== undefined) return undefined;
    const own = statSync(file, { throwIfNoEntry: false });
    if (!own) return undefined;
    let listed: ReadonlySet<string> | undefined;
    if (language === 'universal-message') {
      const folder = messageFolder(file);
      if (folder === undefined) return undefined;
      listed = await this.listings.list(folder);
      this.listedNow.set(folder, listed);
    }
    return this.metadataKeyWith(file, own, found, language, listed);
  }

  /** The metadata key of a file whose stat is `own` and, for a message, whose folder's listing is `listed`. */
  private metadataKeyWith(
    file: string,
    own: Stats,
    found: ConfigForFile,
    language: Prepared['language'],
    listed: ReadonlySet<string> | undefined,
  ): string | undefined {
    if (language !== 'universal-message') return metadataKey(statKeyText(own), found, NO_SIDES);
    if (!listed) return undefined;
    // A folder without any sample or sibling (most): no name to work out.
    const stems = stemsOf(listed);
    if (stems.size === 0) return metadataKey(statKeyText(own), found, NO_SIDES);
    const channel = channelOfPath(file);
    const { base, cut, stem } = messageBase(file, channel);
    // Those present, by name (one lookup of the stem, not one per name): any other appearing changes the key.
    const present = stems.get(stem);
    if (!present) return metadataKey(statKeyText(own), found, NO_SIDES);
    const names: string[] = [];
    if (present.sample) names.push(`${stem}.sample.json`);
    if (!channel) for (const c of present.channels) names.push(`${stem}.${c}.umsg`);
    const sides: [string, string][] = [];
    for (const name of names) {
      const side = lstatSync(`${base.slice(0, cut + 1)}${name}`, { throwIfNoEntry: false });
      if (side?.isSymbolicLink()) return undefined;
      sides.push([name, side ? statKeyText(side) : '-']);
    }
    return metadataKey(statKeyText(own), found, sides);
  }

  /**
   * Looks up what the files of each folder share (its config, its listing) before the files,
   * so that every file the cache holds unchanged can be taken at once. A lookup that fails is
   * left to the file, which then says why it was not checked.
   */
  private async knowFolders(files: readonly string[]): Promise<void> {
    this.foldersKnown = true;
    let last: string | undefined;
    for (const file of files) {
      // The files of a folder come together: one in the last file's folder is passed over without cutting its path.
      const cut = file.lastIndexOf(path.sep);
      if (last?.length === cut && file.startsWith(last)) continue;
      const dir = (last = file.slice(0, cut));
      if (!this.configNow.has(dir)) {
        const found = await this.configs.forFile(file).catch(() => undefined);
        if (found) this.configNow.set(dir, found);
      }
      const folder = messageFolder(file);
      if (folder !== undefined && !this.listedNow.has(folder)) this.listedNow.set(folder, await this.listings.list(folder));
    }
  }

  /**
   * With --cache-strategy metadata, a file taken from the cache without waiting for anything:
   * its folder's config and listing are known, its key (its stat, its side files') is the
   * cache's, and the cache's findings can be read. Undefined for every other file, which then
   * goes the long way (prepare, finish) and comes to the same outcome.
   */
  private takenAtOnce(file: string): FileOutcome | undefined {
    if (!this.byMetadata || this.stdinText !== undefined || !this.lookup) return undefined;
    const known = this.knownFolderOf(file);
    if (!known) return undefined;
    const cached = this.lookup(file);
    if (!cached) return undefined;
    // The key keysNow took for the whole run, when it did (a run unlike the last one), else taken now.
    if (this.keysNowTook && !this.keysTaken) {
      const { files, keys } = this.keysNowTook;
      this.keysTaken = new Map();
      for (let i = 0; i < keys.length; i++) this.keysTaken.set(files[i], keys[i]);
    }
    const key = this.keysTaken?.get(file) ?? this.keyWith(file, known);
    if (key !== cached.key) return undefined;
    const findings = findingsOf(cached.findings);
    return findings && { kind: 'checked', report: { filePath: file, findings }, ruleFailures: NO_FAILURES, key };
  }

  /**
   * With --cache-strategy metadata, the metadata key of every file as it stands, in order, or
   * undefined when one of them has none without the long way (see takenAtOnce): what a whole
   * run is keyed on.
   */
  async keysNow(files: readonly string[]): Promise<string[] | undefined> {
    if (!this.byMetadata || this.stdinText !== undefined) return undefined;
    await this.knowFolders(files);
    const keys: string[] = [];
    // Kept for takenAtOnce (those of the files before one without a key too): a run unlike the
    // last one then stats each file once, not twice.
    this.keysNowTook = { files, keys };
    for (const file of files) {
      const known = this.knownFolderOf(file);
      const key = known && this.keyWith(file, known);
      if (key === undefined) return undefined;
      keys.push(key);
    }
    return keys;
  }

  /** The metadata key of a file of a folder known without waiting, from its stat now. */
  private keyWith(file: string, known: NonNullable<ReturnType<FileChecker['knownFolderOf']>>): string | undefined {
    const own = statSync(file, { throwIfNoEntry: false });
    return own && this.metadataKeyWith(file, own, known.found, known.language, known.listed);
  }

  /**
   * What takenAtOnce and keysNow need of a file's folder, when it is known without waiting (its
   * config, and for a message its listing) and the file is not a provider descriptor.
   */
  private knownFolderOf(file: string):
    { found: ConfigForFile; language: Prepared['language']; listed: ReadonlySet<string> | undefined } | undefined {
    const cut = file.lastIndexOf(path.sep);
    let folder = this.lastFolder;
    // Files come folder by folder: the last one's answers, unless this file is elsewhere.
    if (folder?.dir.length !== cut || !file.startsWith(folder.dir)) {
      const dir = file.slice(0, cut);
      const messages = messageFolder(file);
      folder = {
        dir,
        found: this.configNow.get(dir),
        known: messages !== undefined && this.listedNow.has(messages),
        listed: messages === undefined ? undefined : this.listedNow.get(messages),
      };
      this.lastFolder = folder;
    }
    const { found } = folder;
    if (!found) return undefined;
    const language = checkedLanguageOf(file.slice(cut + 1))!;
    if (language === 'native-provider') return undefined;
    if (language === 'universal-message' && !folder.known) return undefined;
    return { found, language, listed: folder.listed };
  }

  private shown(p: string): string {
    return path.relative(this.cwd, p) || '.';
  }

  /**
   * A file prepared without a wait, as prepare would prepare it: a message or Configuration
   * Meta of a folder whose config is known, in a run without a cache, whose message has
   * nothing beside it (the folder's listing at hand says so). Undefined for every other file.
   */
  private prepareNow(file: string): Prepared | undefined {
    if (this.keyed || this.stdinText !== undefined) return undefined;
    const cut = file.lastIndexOf(path.sep);
    const found = this.configNow.get(file.slice(0, cut));
    if (!found) return undefined;
    const language = checkedLanguageOf(file.slice(cut + 1))!;
    if (language === 'native-provider') return undefined;
    const bare = language === 'universal-message' ? contextFromListing(file, (dir) => this.listings.listedNow(dir)) : undefined;
    if (language === 'universal-message' && !bare) return undefined;
    const text = this.readChecked(file, found);
    return { found, text, language, related: typeof text === 'string' ? bare : undefined, key: undefined };
  }

  /** A file to check, read under its config's size limit (without the fstat where its listing said it is a regular file). */
  private readChecked(file: string, found: ConfigForFile): ReadOutcome {
    return withoutBom(readRegularFileSync(file, messageByteLimit(found.config.maxFileSize), this.listings.listedRegular(file)));
  }

  /**
   * The config of `file`'s folder, known from then on: the folder's files are prepared without
   * a wait (prepareNow). The command line asks it for each folder before any file is checked,
   * so that a folder's first files take that way too: else the first 32, in flight at once,
   * each looked the config up and read its context through promises.
   */
  async configOf(file: string): Promise<ConfigForFile> {
    const found = await this.configs.forFile(file);
    this.configNow.set(file.slice(0, file.lastIndexOf(path.sep)), found);
    return found;
  }

  private async prepare(file: string): Promise<Prepared> {
    const found = await this.configOf(file);
    // By its name alone: the whole path would be split again for every file.
    const language = checkedLanguageOf(file.slice(file.lastIndexOf(path.sep) + 1))!;
    // Taken before the file is read: a file written meanwhile has a new key on the next run.
    const byMetadata = this.byMetadata ? await this.metadataKeyOf(file, found, language) : undefined;
    let damagedEntry: boolean | undefined;
    if (byMetadata !== undefined) {
      const cached = this.lookup?.(file);
      if (cached?.key === byMetadata) {
        const hit = findingsOf(cached.findings);
        if (hit) return { found, hit, text: '', language, related: undefined, key: byMetadata };
        damagedEntry = true;
      }
    }
    const text: ReadOutcome = this.stdinText ?? this.readChecked(file, found);
    // With a cache keyed on content, every file the context reads is part of the key.
    const reads = new Map<string, ReadOutcome>();
    const read = this.keyed && byMetadata === undefined
      ? async (p: string) => {
        const outcome = await readText(p);
        reads.set(p, outcome);
        return outcome;
      }
      : readText;
    // Sample data and channel-specific siblings, found as the language server finds them;
    // a linked sample must stay inside the message's project (its root, or else its folder).
    const related = language === 'universal-message' && typeof text === 'string'
      ? await messageContext(file, read, {
        exists: (p) => this.listings.exists(p),
        namesIn: (dir) => this.listings.list(dir),
        within: [projectFolder(file, found.root)],
        realPath: realPathOf,
      })
      : undefined;
    // A provider's Gradle project, parsed once per run and file (the parses are kept).
    const providerProject = language === 'native-provider' && typeof text === 'string'
      ? await this.providers.factsFor(file, text, found.root)
      : undefined;
    // Its findings depend on the project's build and sources: their facts are part of the key.
    const key = !this.keyed || typeof text !== 'string' ? undefined : byMetadata ?? fileKey(
      text, found.configPath, found.config, related && { messagePath: file, context: related, reads }, readSideSync, providerProject,
    );
    return { found, text, language, related, providerProject, key, damagedEntry };
  }

  private finish(prepared: Prepared | Error, file: string): FileOutcome {
    if (prepared instanceof Error) return { kind: 'cannot', line: `Cannot check "${this.shown(file)}": ${describeError(prepared)}.` };
    const { hit } = prepared;
    if (hit) return { kind: 'checked', report: { filePath: file, findings: hit }, ruleFailures: [], key: prepared.key };
    const { found, text, language, related, providerProject } = prepared;
    if (text === undefined || (isUnreadable(text) && text.size === undefined)) {
      const reason = text === undefined ? 'no such file or folder' : text.unreadable;
      return { kind: 'cannot', line: `Cannot read "${this.shown(file)}": ${reason}.` };
    }
    if (isUnreadable(text)) {
      return {
        kind: 'checked',
        report: locate({ filePath: file, text: '', diagnostics: tooLargeToRead(text.size!, found.config) }),
        ruleFailures: [],
      };
    }
    const { key } = prepared;
    let { damagedEntry } = prepared;
    if (key !== undefined && !damagedEntry) {
      const cached = this.lookup?.(file);
      if (cached?.key === key) {
        const findings = findingsOf(cached.findings);
        if (findings) return { kind: 'checked', report: { filePath: file, findings }, ruleFailures: [], key };
        damagedEntry = true;
      }
    }
    const ruleFailures: RuleFailure[] = [];
    this.ruleFailures = ruleFailures;
    const service = this.service;
    const result = service.checkNow(service.open(text, language, found.config), {
      sample: related?.sample,
      sampleProblem: related?.sampleProblem,
      channelSpecific: related?.channelSpecific,
      overriddenChannels: related?.overriddenChannels,
      providerProject,
      config: found.config,
    });
    const report = locate({ filePath: file, text, diagnostics: result.diagnostics });
    return damagedEntry ? { kind: 'checked', report, ruleFailures, key, damagedEntry } : { kind: 'checked', report, ruleFailures, key };
  }

  /** Checks a batch of files (for a thread of a parallel run): their outcomes, in order. */
  async checkBatch(files: readonly string[], concurrency: number): Promise<FileOutcome[]> {
    const outcomes: FileOutcome[] = [];
    await this.checkAll(files, concurrency, (outcome) => {
      outcomes.push(outcome);
    });
    return outcomes;
  }

  /** Checks `files`, handing each outcome to `use` in the files' order. */
  async checkAll(
    files: readonly string[],
    concurrency: number,
    use: (outcome: FileOutcome, index: number) => void | Promise<void>,
  ): Promise<void> {
    if (this.byMetadata && this.lookup && this.stdinText === undefined && !this.foldersKnown) await this.knowFolders(files);
    return inOrder<string, FileOutcome>(files, concurrency, (file) => this.takenAtOnce(file) ?? this.outcome(file), use);
  }

  /**
   * A file's outcome: at once when it can be prepared without a wait (most files of a run
   * without a cache), else once prepare has done.
   */
  private outcome(file: string): FileOutcome | Promise<FileOutcome> {
    const now = this.prepareNow(file);
    if (now) return this.finish(now, file);
    return this.prepare(file).then((prepared) => this.finish(prepared, file), (error: unknown) => this.finish(error as Error, file));
  }
}
