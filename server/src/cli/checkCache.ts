/**
 * `umsg check --cache`, in ESLint's way: a file whose inputs are unchanged since the last run
 * is not checked again, and its located findings (what every report format prints) come from
 * the cache file, so the report is byte for byte the one a fresh check writes.
 *
 * A file's key is a hash of everything its findings depend on: the config it is checked under,
 * its sample data and its channel-specific siblings, and the file itself, by one of two
 * strategies (--cache-strategy, as ESLint's). metadata (the default) keys the file and its side
 * files on their size and times (metadataKey), so an unchanged file is not read at all; content
 * keys them on their text (fileKey), and a provider descriptor, whose project's facts come from
 * its text, is always keyed so. The tool's identity (version, rule catalogue, build) is stamped
 * on the whole file: a cache of another tool is ignored at once.
 *
 * The cache file is one header line, the report of the run it remembers (see below) as it was
 * written, then the entries as one JSON object:
 *
 *   {"cache":"umsg","format":3,"tool":"<hash>","sha256":"<hash of the entries>","size":<m>,"run":{…,"bytes":<n>}}
 *   <the remembered report: n bytes><the entries, m bytes: {"/abs/path/card.umsg":"<key>\n[<located findings>]", …}>
 *
 * Each file's key and findings are one string, the findings as their JSON text (which has no
 * line break, so the last one in the string ends the key): reading the cache builds one string
 * per file and no other object, and a file taken from it builds those of its own findings only
 * (most files have none: "[]"). A run over unchanged files spends its time on what it must (a
 * stat per file, the report), not on objects it throws away.
 *
 * The header also describes the whole report of the last run that could be repeated (the run
 * memo: RunMemo): the key of everything that run's report and exit code depend on, its exit
 * code and standard error, how many bytes of report follow the header, and a checksum of all
 * that with the entries' checksum. A run whose key is that one writes those bytes as they are:
 * the entries are neither read as text nor hashed, and the report is neither decoded nor
 * encoded again. Any other run goes file by file and leaves its own memo in place of the old
 * one (one memo per cache file).
 *
 * Anything that is not that, exactly (truncated, edited, foreign, of another tool), is ignored
 * with one line on standard error, and every file is checked: never a wrong report. The
 * findings of one entry are read when its file is taken, and one that is not findings (which
 * only a hand-made cache with a good checksum can hold) is not taken: that file is checked,
 * with one line, and the cache is written anew. It is written to a temporary file renamed over
 * the old one, so a run that is interrupted leaves the old cache or the new one, never half of
 * one.
 */
import type * as Crypto from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { ALL_RULES, CHANNEL_IDS, type ResolvedConfig } from '../core';
import { describeError, readRegularBytesSync } from '../node/files';
import { isUnreadable, type ReadOutcome } from '../workspace/configLookup';
import type { MessageContext } from '../workspace/messageContext';
import type { LocatedFinding, Position } from './report/locate';

/**
 * node:crypto, loaded at the first hash: loading it costs every run about 52 million
 * instructions (4 ms, 7 % of checking one file), and a run without --cache hashes nothing.
 */
let loadedCrypto: typeof Crypto | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const crypto = () => (loadedCrypto ??= require('node:crypto') as typeof Crypto);

/** The cache file in the current folder when --cache-location is not given (ESLint's `.eslintcache`). */
export const DEFAULT_CACHE_FILE = '.umsgcache';

/** Larger than any cache umsg writes (45,000 findings take about 10 MB): beyond it, not a cache. */
const CACHE_MAX_BYTES = 512 * 1024 * 1024;

/** A file taken from the cache, against one checked (see CheckCache.workload). */
const CACHED_FILE_COST = 0.25;

const FORMAT = 3;
const HEADER_START = '{"cache":"umsg",';

/**
 * What the cache keeps of one file: the key of its inputs and its located findings as JSON
 * text (read with findingsOf when the file is taken from the cache).
 */
export interface CachedFile {
  key: string;
  findings: string;
}

/** The JSON text of no findings, which most files have. */
const NO_FINDINGS = '[]';

/**
 * The cache file for --cache-location (undefined: `.umsgcache` in `cwd`). As in ESLint, a
 * folder (one that exists, or a path ending with a separator) holds a file named after the
 * working folder, so that projects sharing one cache folder do not overwrite each other.
 */
export function cacheFileFor(location: string | undefined, cwd: string): string {
  if (location === undefined) return path.join(cwd, DEFAULT_CACHE_FILE);
  const resolved = path.resolve(cwd, location);
  let folder = location.endsWith('/') || location.endsWith(path.sep);
  if (!folder) {
    try {
      folder = statSync(resolved).isDirectory();
    } catch {
      folder = false;
    }
  }
  return folder ? path.join(resolved, `${DEFAULT_CACHE_FILE}_${sha256(cwd).slice(0, 16)}`) : resolved;
}

/**
 * SHA-256 of a text, in hex. crypto.hash (Node 20.12 on) hashes in one call, about half the
 * time of createHash for a message-sized text; earlier versions take the long way.
 */
function sha256(s: string): string {
  return typeof crypto().hash === 'function' ? crypto().hash('sha256', s) : crypto().createHash('sha256').update(s).digest('hex');
}

/**
 * The tool's identity: its version, its rule catalogue (ids, default severities, languages),
 * its channels, and the build that runs (this bundle's size and time), so that a rebuilt
 * checker with the same version number does not reuse findings worded by the old one.
 */
export function toolKey(version: string): string {
  let build = '';
  try {
    const s = statSync(__filename);
    build = `${s.size}:${s.mtimeMs}`;
  } catch { /* no file to stamp (an unusual loader): the version and catalogue still key it */ }
  return sha256(JSON.stringify({
    version,
    build,
    channels: CHANNEL_IDS,
    rules: ALL_RULES.map((r) => [r.id, r.defaultSeverity, r.languages, r.channelScoped === true]),
  }));
}

/** Adds a part to a key's text, length-prefixed so that no two different sequences of parts read alike. */
function part(parts: string[], s: string): void {
  parts.push(`${s.length}:`, s);
}

/** Resolved configs by object: one hash of its JSON text per config, not one text per file. */
const configHashes = new WeakMap<ResolvedConfig, string>();

/** A resolved config as key text: the hash of its JSON text, worked out once per config. */
function configText(config: ResolvedConfig): string {
  let hash = configHashes.get(config);
  if (hash === undefined) configHashes.set(config, (hash = sha256(JSON.stringify(config))));
  return hash;
}

/**
 * The key of one file's inputs. Its text; the config it is checked under (the resolved
 * settings and the config file's path: the file's content is what resolves them); what
 * messageContext found (the sample's path and problem, the siblings present and those that
 * are links out of the project) with the text of every file it read (the sample); and the
 * text of each sibling present, read here (a sibling is a named pipe now and then: read as
 * every side file is, never blocking).
 */
export function fileKey(
  text: string,
  configPath: string | undefined,
  config: ResolvedConfig,
  related: { messagePath: string; context: MessageContext; reads: Map<string, ReadOutcome> } | undefined,
  readSide: (p: string) => ReadOutcome,
  providerProject?: unknown,
): string {
  const parts: string[] = [];
  part(parts, text);
  part(parts, configPath ?? '');
  part(parts, configText(config));
  if (related) {
    const { context, reads } = related;
    part(parts, JSON.stringify([context.samplePath, context.sampleProblem, context.overriddenChannels, context.linkedOutSiblings]));
    for (const [p, outcome] of reads) {
      part(parts, p);
      part(parts, outcomeText(outcome));
    }
    if (context.overriddenChannels.length > 0) {
      const base = related.messagePath.slice(0, -'.umsg'.length);
      for (const c of context.overriddenChannels) {
        if (context.linkedOutSiblings?.[c]) continue;
        const sibling = `${base}.${c}.umsg`;
        part(parts, sibling);
        part(parts, outcomeText(readSide(sibling)));
      }
    }
  }
  // A provider descriptor: what its Gradle project's build and sources say (plain data).
  if (providerProject !== undefined) part(parts, JSON.stringify(providerProject));
  return sha256(parts.join(''));
}

/**
 * What --cache-strategy metadata keys a file on: which file it is and how it was last written
 * (size, modification and status-change times, device and inode), so that an unchanged file is
 * not even read. A file rewritten with the same size within one tick of the file system's clock
 * keeps its key: the known weakness of metadata, as in ESLint (content has none).
 */
export function statKeyText(s: Stats): string {
  return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.dev}:${s.ino}`;
}

/** What a file is checked under, as metadataKey reads it: one object per folder's config answer. */
interface KeyContext {
  configPath?: string;
  config: ResolvedConfig;
  root?: string;
}

/** The hash of each context metadata keys are taken in, worked out once per context object. */
const contextHashes = new WeakMap<KeyContext, string>();

/**
 * The metadata key of one file: a hash of what it is checked under (the strategy's name, the
 * config file's path, the resolved config, the project root that bounds its side files),
 * worked out once per folder's config answer rather than once per file, then its own
 * statKeyText and, by name, each side file that may shape its findings (its sample, its
 * channel-specific siblings) with its statKeyText, or '-' when there is none. The key is that
 * text itself, not a hash of it: a stat's text is short, and a run over unchanged files then
 * hashes nothing per file. No content key (64 hex digits) reads like it: it has a ':' in it.
 */
export function metadataKey(own: string, context: KeyContext, sides: readonly (readonly [string, string])[]): string {
  let hash = contextHashes.get(context);
  if (hash === undefined) {
    const parts: string[] = [];
    part(parts, 'metadata');
    part(parts, context.configPath ?? '');
    part(parts, configText(context.config));
    part(parts, context.root ?? '');
    contextHashes.set(context, (hash = sha256(parts.join('')).slice(0, 32)));
  }
  let key = `${hash}:${own}`;
  // Each side: '|', its name length-prefixed, then its stat text (which has no '|').
  for (const [name, stat] of sides) key += `|${name.length}:${name}${stat}`;
  return key;
}

/** A read's outcome as key text: the text, or a marker for a missing or unreadable file. */
function outcomeText(outcome: ReadOutcome): string {
  if (typeof outcome === 'string') return `=${outcome}`;
  return isUnreadable(outcome) ? `!${outcome.unreadable}` : '-';
}

// ---------------------------------------------------------------------------------------------
// Reading back what was written

const SEVERITIES = new Set(['error', 'warning', 'information', 'hint']);

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function position(x: unknown): Position | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const { line, column } = x as Position;
  return isCount(line) && line >= 1 && isCount(column) && column >= 1 ? { line, column } : undefined;
}

/**
 * A finding as the cache holds it, rebuilt field by field in the order `locate` makes them
 * (so that every format prints it alike), or undefined when anything in it is not a finding.
 */
function finding(x: unknown): LocatedFinding | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const f = x as Record<string, unknown>;
  const start = position(f.start);
  const end = position(f.end);
  if (typeof f.rule !== 'string' || typeof f.message !== 'string' || !SEVERITIES.has(f.severity as string) || !start || !end) {
    return undefined;
  }
  const out: LocatedFinding = { rule: f.rule, severity: f.severity as LocatedFinding['severity'], message: f.message, start, end };
  if (f.standsFor !== undefined) {
    if (typeof f.standsFor !== 'object' || f.standsFor === null) return undefined;
    const standsFor: NonNullable<LocatedFinding['standsFor']> = {};
    for (const [severity, n] of Object.entries(f.standsFor)) {
      if (!SEVERITIES.has(severity) || !isCount(n)) return undefined;
      standsFor[severity as LocatedFinding['severity']] = n;
    }
    out.standsFor = standsFor;
  }
  if (f.related !== undefined) {
    if (!Array.isArray(f.related)) return undefined;
    const related: NonNullable<LocatedFinding['related']> = [];
    for (const r of f.related as unknown[]) {
      const rel = r as Record<string, unknown> | null;
      const relStart = position(rel?.start);
      const relEnd = position(rel?.end);
      if (typeof rel?.message !== 'string' || !relStart || !relEnd) return undefined;
      related.push({ message: rel.message, start: relStart, end: relEnd });
    }
    out.related = related;
  }
  return out;
}

/**
 * The located findings of a cache entry's JSON text, or undefined when it is not exactly
 * findings as umsg writes them. A thread that checks files calls it on the entries it takes.
 */
export function findingsOf(text: string): LocatedFinding[] | undefined {
  if (text === NO_FINDINGS) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const findings: LocatedFinding[] = [];
  for (const x of parsed as unknown[]) {
    const f = finding(x);
    if (!f) return undefined;
    findings.push(f);
  }
  return findings;
}

/**
 * What a run that can be repeated leaves for the next identical one: the key of all it
 * depended on (runKey), what it wrote on standard output and, at the end, on standard error,
 * and its exit code.
 */
interface RunMemo {
  key: string;
  out: string;
  err: string;
  exit: number;
}

/** A memo as the cache gives it back: the report as the bytes it was written as. */
interface MemoRead {
  out: Buffer;
  err: string;
  exit: number;
}

/**
 * A run's key: its parts in order, then each file with its key, in order. Each one
 * length-prefixed, so that no two sequences read alike; one text built as it goes and hashed
 * once (an array of the pieces, joined, cost twice as much for 10,000 files).
 */
export function runKey(parts: readonly string[], files: readonly string[], keys: readonly string[]): string {
  let all = '3:run';
  for (const p of parts) all += `${p.length}:${p}`;
  for (let i = 0; i < files.length; i++) {
    const file = files[i];
    const key = keys[i];
    all += `${file.length}:${file}${key.length}:${key}`;
  }
  return sha256(all);
}

/**
 * The checksum of a memo, the checksum of the entries it was written with (so that the one
 * belongs with the other) and its report's bytes, or the text they are the UTF-8 of.
 */
function memoSum(memo: { key: string; err: string; exit: number }, bodySum: string, out: string | Buffer): string {
  const parts: string[] = [];
  for (const p of [memo.key, bodySum, String(memo.exit), memo.err]) part(parts, p);
  parts.push(`${Buffer.byteLength(out)}:`);
  return crypto().createHash('sha256').update(parts.join('')).update(out).digest('hex');
}

/** Whether a text has no lone surrogate, so that its UTF-8 bytes give it back (String.prototype.isWellFormed, Node 20 on). */
function isWellFormed(s: string): boolean {
  return (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** A memo as the header holds it (its checksum not yet checked: see memoFor), or undefined when it is anything else. */
function memoOf(x: unknown): { key: string; err: string; exit: number; bytes: number; sha256: unknown } | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const { key, err, exit, bytes, sha256: sum } = x as Record<string, unknown>;
  if (typeof key !== 'string' || typeof err !== 'string' || !isCount(bytes)) return undefined;
  if (typeof exit !== 'number' || !Number.isInteger(exit)) return undefined;
  return { key, err, exit, bytes, sha256: sum };
}

/** A cache body: each file's path to its key and its findings' text, joined by a line break. */
type Stored = Record<string, unknown>;

/** How many files a cache body holds, or undefined when it is not of the shape umsg writes. */
function storedSize(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  let size = 0;
  for (const file in body) {
    const value = (body as Stored)[file];
    if (typeof value !== 'string' || value.lastIndexOf('\n') < 0) return undefined;
    size++;
  }
  return size;
}

/**
 * The cache of one run: loaded at the start, consulted for each file, and written at the end
 * when anything changed. Each problem with the file is one line through `say`; none changes
 * the report or the exit code.
 */
export class CheckCache {
  /** The entries as read (a value is a string only where the file has an entry: see entry()). */
  private stored: Stored = {};
  private storedCount = 0;
  /** Entries this run changed: a new key and findings, or null where the entry is dropped. */
  private readonly changes = new Map<string, CachedFile | null>();
  /** Files this run took up (checked, or taken from the cache), and how many of them the cache held. */
  private readonly recorded: string[] = [];
  private taken = 0;
  private changed = false;
  /** Set when the file there is not a umsg cache: it is never overwritten. */
  private foreign = false;
  private saidDamaged = false;
  /**
   * The cache as read, until its entries are first needed (a run that repeats the memo never
   * needs them): its bytes, where the entries start, and their checksum as the header gives it.
   */
  private unread: { bytes: Buffer; start: number; sum: unknown } | undefined;
  /** The memo as the header describes it, with its report's bytes and the entries' checksum; and the one this run leaves. */
  private memoRead: (NonNullable<ReturnType<typeof memoOf>> & { out: Buffer; bodySum: unknown }) | undefined;
  private memoNext: RunMemo | undefined;

  constructor(readonly file: string, private readonly tool: string, private readonly say: (line: string) => void) {}

  load(): void {
    // Written at the end unless it is read whole and good below.
    this.changed = true;
    const bytes = readRegularBytesSync(this.file, CACHE_MAX_BYTES);
    if (bytes === undefined) return;
    if (!Buffer.isBuffer(bytes)) {
      // A folder, a pipe, a file it may not read or one far too large: not a cache to replace either.
      this.foreign = true;
      this.say(`Cannot read the cache "${this.file}" (${bytes.unreadable}): it is left as it is, and every file is checked.`);
      return;
    }
    if (bytes.length > 0 && bytes.toString('latin1', 0, HEADER_START.length) !== HEADER_START) {
      this.foreign = true;
      this.say(`The cache "${this.file}" is not a umsg cache: it is left as it is, and every file is checked.`);
      return;
    }
    const damaged = () => this.say(`The cache "${this.file}" is damaged: it is ignored, and every file is checked.`);
    const cut = bytes.indexOf(10);
    if (cut < 0) return damaged();
    let header: { format?: unknown; tool?: unknown; sha256?: unknown; size?: unknown; run?: unknown };
    try {
      header = JSON.parse(bytes.toString('utf8', 0, cut)) as typeof header;
    } catch {
      return damaged();
    }
    if (header.format !== FORMAT || header.tool !== this.tool) {
      this.say(`The cache "${this.file}" was written by another version or build of umsg: it is ignored, and every file is checked.`);
      return;
    }
    const memo = memoOf(header.run);
    // The entries follow the memo's report, to the end: a file cut short or run on is damaged
    // at once, before its memo could serve (a byte changed inside fails a checksum).
    const start = cut + 1 + (memo?.bytes ?? 0);
    if (bytes.length - start !== header.size) return damaged();
    this.unread = { bytes, start, sum: header.sha256 };
    if (memo) this.memoRead = { ...memo, out: bytes.subarray(cut + 1, start), bodySum: header.sha256 };
    this.changed = false;
  }

  /**
   * The memo of the last run whose key is `key`, if the cache holds one. It stands without
   * the entries: the key covers every input of that run's report, and its checksum covers the
   * report with the entries' checksum, so that the entries themselves are not read.
   */
  memoFor(key: string): MemoRead | undefined {
    const memo = this.memoRead;
    if (memo?.key !== key || typeof memo.bodySum !== 'string') return undefined;
    // Its checksum is worked out only for the run that would use it.
    return memo.sha256 === memoSum(memo, memo.bodySum, memo.out) ? { out: memo.out, err: memo.err, exit: memo.exit } : undefined;
  }

  /**
   * This run's memo, written with the cache (undefined: the run cannot be repeated, and none is
   * kept). A report that is not well-formed text (a lone surrogate) is not kept: its bytes
   * would not give back the same text.
   */
  remember(memo: RunMemo | undefined): void {
    this.memoNext = memo && isWellFormed(memo.out) ? memo : undefined;
    // A run that went file by file had another key than the memo read, or found it damaged: either way it is replaced.
    if (memo !== undefined || this.memoRead !== undefined) this.changed = true;
  }

  /**
   * Parses the body (its checksum held), once, before anything looks at the entries. One that
   * is not entries (only a hand-made cache with a good checksum holds that) is said, and leaves none.
   */
  readBody(): void {
    const unread = this.unread;
    if (unread === undefined) return;
    this.unread = undefined;
    const damaged = () => {
      this.changed = true;
      this.say(`The cache "${this.file}" is damaged: it is ignored, and every file is checked.`);
    };
    const body = unread.bytes.subarray(unread.start);
    if (unread.sum !== crypto().createHash('sha256').update(body).digest('hex')) return damaged();
    let stored: unknown;
    try {
      stored = JSON.parse(body.toString('utf8'));
    } catch {
      return damaged();
    }
    const count = storedSize(stored);
    if (count === undefined) return damaged();
    this.stored = stored as Stored;
    this.storedCount = count;
  }

  /** The entry of a file as read (a string), or undefined (a property of every object is no entry). */
  private storedEntry(file: string): string | undefined {
    if (this.unread !== undefined) this.readBody();
    const value = this.stored[file];
    return typeof value === 'string' ? value : undefined;
  }

  /**
   * What checking `files` costs, in files checked without a cache, for choosing the number of
   * threads: a file the cache holds is most likely unchanged, and taking it from the cache (a
   * stat, its entry) costs about a quarter of a check. Measured on 10,000 ordinary messages in
   * one thread, the cache's remembered report unused, medians of 9 runs: 0.55 s of CPU time
   * with the cache, 1.70 s without, 0.17 s for start-up alone (`umsg --version`):
   * (0.55 - 0.17) / (1.70 - 0.17) = 0.25. With --cache-strategy content, which reads and hashes
   * each file, it is nearer 0.37 (0.73 s): still one thread for 10,000 files.
   */
  workload(files: readonly string[]): number {
    let held = 0;
    for (const f of files) if (this.holds(f)) held++;
    return files.length - held + Math.ceil(held * CACHED_FILE_COST);
  }

  get(file: string): CachedFile | undefined {
    if (this.changes.size > 0) {
      const changed = this.changes.get(file);
      if (changed !== undefined) return changed ?? undefined;
    }
    const stored = this.storedEntry(file);
    if (stored === undefined) return undefined;
    const cut = stored.lastIndexOf('\n');
    return { key: stored.slice(0, cut), findings: stored.slice(cut + 1) };
  }

  /** Whether the cache has an entry for a file. */
  private holds(file: string): boolean {
    const changed = this.changes.size > 0 ? this.changes.get(file) : undefined;
    return changed !== undefined ? changed !== null : this.storedEntry(file) !== undefined;
  }

  /** Whether the cache's entry for a file has this key (without taking the entry apart). */
  private hasKey(file: string, key: string): boolean {
    const changed = this.changes.size > 0 ? this.changes.get(file) : undefined;
    if (changed !== undefined) return changed?.key === key;
    const stored = this.storedEntry(file);
    return stored !== undefined && stored.lastIndexOf('\n') === key.length && stored.startsWith(key);
  }

  /**
   * A file checked or taken from the cache in this run: the key of its inputs and its findings
   * (key undefined: not to be cached, so dropped). Findings are turned into text only when the
   * entry changes.
   */
  record(file: string, key: string | undefined, findings: readonly LocatedFinding[]): void {
    this.recorded.push(file);
    if (this.storedEntry(file) !== undefined) this.taken++;
    if (key === undefined) {
      if (this.get(file)) {
        this.changes.set(file, null);
        this.changed = true;
      }
      return;
    }
    if (this.hasKey(file, key)) return;
    this.changes.set(file, { key, findings: findings.length === 0 ? NO_FINDINGS : JSON.stringify(findings) });
    this.changed = true;
  }

  /**
   * An entry whose findings were not findings (see findingsOf): its file was checked instead.
   * Said once; the entry is replaced, and the cache written anew.
   */
  damagedEntry(file: string): void {
    this.changes.set(file, null);
    this.changed = true;
    if (this.saidDamaged) return;
    this.saidDamaged = true;
    this.say(`The cache "${this.file}" is damaged: files whose entries are damaged are checked.`);
  }

  /**
   * Writes the cache when anything changed: files of other runs (another folder checked with the
   * same cache) are kept while they exist, files no longer there are dropped.
   */
  save(): void {
    this.readBody();
    // Every entry taken up (the common case): none to look for on the disk.
    if (this.taken < this.storedCount) {
      const recorded = new Set(this.recorded);
      for (const file in this.stored) {
        if (recorded.has(file) || this.changes.has(file) || existsSync(file)) continue;
        this.changes.set(file, null);
        this.changed = true;
      }
    }
    if (!this.changed || this.foreign) return;
    // Without a prototype, so that any path, "__proto__" too, is a property like another.
    const entries: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const file in this.stored) {
      const stored = this.storedEntry(file);
      if (stored !== undefined && !this.changes.has(file)) entries[file] = stored;
    }
    for (const [file, entry] of this.changes) if (entry) entries[file] = `${entry.key}\n${entry.findings}`;
    const body = JSON.stringify(entries);
    const bodySum = sha256(body);
    const memo = this.memoNext;
    const run = memo && {
      key: memo.key, exit: memo.exit, err: memo.err, bytes: Buffer.byteLength(memo.out), sha256: memoSum(memo, bodySum, memo.out),
    };
    const size = Buffer.byteLength(body);
    const header = JSON.stringify({ cache: 'umsg', format: FORMAT, tool: this.tool, sha256: bodySum, size, run });
    const temporary = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(temporary, `${header}\n${memo?.out ?? ''}${body}`);
      renameSync(temporary, this.file);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch { /* it was never made */ }
      this.say(`Cannot write the cache "${this.file}" (${describeError(error)}): the next run checks every file again.`);
    }
  }
}
