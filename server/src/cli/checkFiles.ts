/**
 * Checking files one by one for `umsg check`: the same code runs in the main thread (a
 * sequential run) and in each worker thread of a parallel run (workers.ts), so that both give
 * the same findings, worded the same way. A file's outcome is what the report needs of it and
 * nothing more: its located findings (no text), or the line that says why it was not checked.
 */
import { lstatSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { channelOfPath, createLanguageService, languageOf, messageByteLimit, tooLargeToRead, type LanguageId, type ProviderProjectFacts } from '../core';
import { ConfigLookup, isUnreadable, type ConfigForFile, type ReadOutcome } from '../workspace/configLookup';
import { messageBase, messageContext, stemsOf } from '../workspace/messageContext';
import { nodeProviderProjects } from '../node/providerProjects';
import { projectFolder } from '../workspace/links';
import { describeError, FolderListings, readRegularFileSync, realPathOf, SIDE_FILE_MAX_BYTES } from '../node/files';
import { locate, type LocatedReport } from './report/locate';
import { fileKey, metadataKey, statKeyText, type CachedFile } from './checkCache';

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
 * Runs `work` on every item with at most `limit` in flight, handing results to `use` in the
 * items' order: reading the next files overlaps checking this one, and output stays sorted.
 */
async function inOrder<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  use: (result: R, index: number) => void | Promise<void>,
): Promise<void> {
  const running: Promise<R>[] = [];
  let next = 0;
  const start = () => {
    while (next < items.length && running.length < limit) running.push(work(items[next++]));
  };
  start();
  for (let i = 0; i < items.length; i++) {
    const result = await running.shift()!;
    start();
    await use(result, i);
  }
}

/**
 * Files prepared at once (config lookup, folder listings, link checks; these are asynchronous).
 * The file contents themselves are read with synchronous calls: reading them through the
 * promise API with 32 in flight cost more CPU time and was slower on the clock too, since each
 * open, fstat, read and close is a thread-pool round trip that costs more than the read of a
 * small file from the page cache.
 */
export const READ_CONCURRENCY = 32;

/** A rule that threw on a file: the rule id and the error as text (it crosses threads). */
interface RuleFailure {
  rule: string;
  error: string;
}

/** What the report needs of one file: its findings, or why it could not be checked. */
export type FileOutcome =
  /** `key`: the hash of the file's inputs, when the run keeps a cache (see checkCache.ts). */
  | { kind: 'checked'; report: LocatedReport; ruleFailures: RuleFailure[]; key?: string }
  | { kind: 'cannot'; line: string };

interface Prepared {
  found: ConfigForFile;
  /** With --cache-strategy metadata: the cache's entry, when the file and its side files are as it was written. */
  hit?: CachedFile;
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
  readonly listings = new FolderListings();
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
   * The metadata key of a file (see metadataKey), or undefined where its content must key it:
   * a provider descriptor (its project's facts come from its text), standard input, a message
   * whose folder cannot be listed, or one whose sample or sibling is a link (where a link leads
   * decides whether it is read at all).
   */
  private async metadataKeyOf(file: string, found: ConfigForFile, language: Prepared['language']): Promise<string | undefined> {
    if (language === 'native-provider' || this.stdinText !== undefined) return undefined;
    const own = statSync(file, { throwIfNoEntry: false });
    if (!own) return undefined;
    const sides: [string, string][] = [];
    if (language === 'universal-message') {
      const channel = channelOfPath(file);
      const { base, cut, stem } = messageBase(file, channel);
      // As messageContext looks them up: in the folder's listing, cut at the last '/'.
      const listed = cut > 0 && base.charCodeAt(cut) === 47 ? await this.listings.list(base.slice(0, cut)) : undefined;
      if (!listed) return undefined;
      // Those present, by name (one lookup of the stem, not one per name): any other appearing changes the key.
      const present = stemsOf(listed).get(stem);
      const names: string[] = [];
      if (present?.sample) names.push(`${stem}.sample.json`);
      if (present && !channel) for (const c of present.channels) names.push(`${stem}.${c}.umsg`);
      for (const name of names) {
        const side = lstatSync(`${base.slice(0, cut + 1)}${name}`, { throwIfNoEntry: false });
        if (side?.isSymbolicLink()) return undefined;
        sides.push([name, side ? statKeyText(side) : '-']);
      }
    }
    return metadataKey(statKeyText(own), found.configPath, found.config, found.root, sides);
  }

  private shown(p: string): string {
    return path.relative(this.cwd, p) || '.';
  }

  private async prepare(file: string): Promise<Prepared> {
    const found = await this.configs.forFile(file);
    // By its name alone: the whole path would be split again for every file.
    const language = checkedLanguageOf(file.slice(file.lastIndexOf(path.sep) + 1))!;
    // Taken before the file is read: a file written meanwhile has a new key on the next run.
    const byMetadata = this.byMetadata ? await this.metadataKeyOf(file, found, language) : undefined;
    if (byMetadata !== undefined) {
      const cached = this.lookup?.(file);
      if (cached?.key === byMetadata) return { found, hit: cached, text: '', language, related: undefined, key: byMetadata };
    }
    const text: ReadOutcome = this.stdinText ?? withoutBom(readRegularFileSync(file, messageByteLimit(found.config.maxFileSize)));
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
    return { found, text, language, related, providerProject, key };
  }

  private async finish(prepared: Prepared | Error, file: string): Promise<FileOutcome> {
    if (prepared instanceof Error) return { kind: 'cannot', line: `Cannot check "${this.shown(file)}": ${describeError(prepared)}.` };
    const { hit } = prepared;
    if (hit) return { kind: 'checked', report: { filePath: file, findings: hit.findings }, ruleFailures: [], key: prepared.key };
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
    if (key !== undefined) {
      const cached = this.lookup?.(file);
      if (cached?.key === key) return { kind: 'checked', report: { filePath: file, findings: cached.findings }, ruleFailures: [], key };
    }
    const ruleFailures: RuleFailure[] = [];
    this.ruleFailures = ruleFailures;
    const service = this.service;
    const result = await service.check(service.open(text, language, found.config), {
      sample: related?.sample,
      sampleProblem: related?.sampleProblem,
      channelSpecific: related?.channelSpecific,
      overriddenChannels: related?.overriddenChannels,
      providerProject,
      config: found.config,
    });
    return { kind: 'checked', report: locate({ filePath: file, text, diagnostics: result.diagnostics }), ruleFailures, key };
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
  checkAll(
    files: readonly string[],
    concurrency: number,
    use: (outcome: FileOutcome, index: number) => void | Promise<void>,
  ): Promise<void> {
    return inOrder(files, concurrency, (file) => this.prepare(file).catch((error: unknown) => error as Error), async (prepared, i) => {
      await use(await this.finish(prepared, files[i]), i);
    });
  }
}
