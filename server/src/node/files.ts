/**
 * Reading the files around a message safely, for the command line and the language server's
 * Node runtime. A workspace is untrusted input: `umsg.config.json`, a
 * sample or a sibling may be a named pipe (opening it for reading would wait for a writer
 * forever, and a few such waits exhaust libuv's thread pool, which stalls every later file
 * read of the process), a device (`/dev/zero` never ends), a folder, a link loop or simply
 * huge. So a file is opened without blocking, checked with fstat on the open handle (no
 * race between the check and the read), read only when it is a regular file, and never
 * beyond a size limit.
 */
// `fsp` (fs.promises) is read where it is used: Node loads fs/promises only then (18 million
// instructions, 1.5 ms, that the command line's synchronous reads never need).
import { closeSync, constants, fstatSync, lstatSync, openSync, promises as fsp, readdirSync, readSync, realpathSync, type Dirent } from 'node:fs';
import * as path from 'node:path';

import type { ReadOutcome } from '../workspace/configLookup';
import type { FolderEntry, WalkHost } from '../workspace/walkFolders';

/**
 * Size limit, in bytes, of the files read beside a message (umsg.config.json and
 * NAME.sample.json): they come before the config that could set a limit, so it is fixed.
 * Real ones are a few kilobytes; 10 MB leaves room for generated sample data.
 */
export const SIDE_FILE_MAX_BYTES = 10_000_000;

// O_NONBLOCK makes opening a named pipe return at once instead of waiting for a writer; it
// changes nothing for regular files. Windows has neither constant nor the problem.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** A one-line reason for a failed file system call, as the user would phrase it. */
export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'a loop of symbolic links';
    case 'EISDIR':
      return 'it is a folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EPIPE':
      return 'the reader closed the pipe';
    default:
      return code ? `error ${code}` : error instanceof Error ? error.message : String(error);
  }
}

const KIND = (s: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}) =>
  s.isDirectory() ? 'it is a folder'
    : s.isFIFO() ? 'it is a named pipe, not a regular file'
      : s.isCharacterDevice() || s.isBlockDevice() ? 'it is a device, not a regular file'
        : s.isSocket() ? 'it is a socket, not a regular file'
          : 'it is not a regular file';

/**
 * Reads a regular file as UTF-8, at most `maxBytes` bytes. Undefined when nothing is there
 * (a missing file, or a path through something that is not a folder); otherwise the text or
 * the reason it cannot be read (not a regular file, too large, permission, link loop).
 */
export async function readRegularFile(filePath: string, maxBytes: number): Promise<ReadOutcome> {
  let handle;
  try {
    handle = await fsp.open(filePath, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { unreadable: describeError(error) };
  }
  try {
    const s = await handle.stat();
    if (!s.isFile()) return { unreadable: KIND(s) };
    if (s.size > maxBytes) return { unreadable: `it has ${s.size} bytes, over the limit of ${maxBytes}`, size: s.size };
    // The file may grow between fstat and the read: read at most maxBytes + 1 and check.
    const buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, Math.max(s.size, 0) + 1));
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) break;
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return outcomeOf(buffer, filled, maxBytes, s.size);
  } catch (error) {
    return { unreadable: describeError(error) };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * The same as readRegularFile, with synchronous calls: for the command line, which checks one
 * file after another anyway. On a local disk this is faster than the promise
 * API (each FileHandle call is a round trip through the thread pool: open, fstat, read and
 * close cost more than the check of an ordinary message). A pipe still cannot block: it is
 * opened with O_NONBLOCK and refused after fstat.
 *
 * A file that fits SCRATCH is read into that one buffer and decoded from it: most messages do,
 * and a buffer made per file cost more than its read.
 *
 * `listedRegular`: its folder's listing said it is a regular file (FolderListings.seedRegular).
 * Then there is no fstat for a file smaller than SCRATCH and the size limit: one read, and a
 * read of a regular file that returns less than was asked for has reached its end. The fstat
 * (and its Stats object, with four Dates on Node 20) was a tenth of the read's cost. A file that
 * fills the read is read again as any other, with the fstat.
 */
export function readRegularFileSync(filePath: string, maxBytes: number, listedRegular = false): ReadOutcome {
  return readRegularSync(filePath, maxBytes, true, listedRegular) as ReadOutcome;
}

/**
 * readRegularFileSync's bytes, not decoded: for a file whose parts are read as text or
 * written out as they are (the cache of `umsg check`). Undefined when nothing is there,
 * else the bytes or the reason they cannot be read.
 */
export function readRegularBytesSync(filePath: string, maxBytes: number): Buffer | Exclude<ReadOutcome, string> {
  return readRegularSync(filePath, maxBytes, false, false) as Buffer | Exclude<ReadOutcome, string>;
}

/** The buffer a small file is read into by readRegularFileSync, then decoded (a synchronous read: no other read can use it meanwhile). */
const SCRATCH = Buffer.allocUnsafe(64 * 1024);

/** The two readers above: the text (`decode`, from SCRATCH when the file fits it) or bytes of the file's own. */
function readRegularSync(filePath: string, maxBytes: number, decode: boolean, listedRegular: boolean): Buffer | ReadOutcome {
  let fd: number;
  try {
    fd = openSync(filePath, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { unreadable: describeError(error) };
  }
  try {
    if (listedRegular && decode) {
      // One byte more than the limit, as below, so that a file over it fills the read.
      const want = Math.min(maxBytes + 1, SCRATCH.length);
      const bytesRead = readSync(fd, SCRATCH, 0, want, 0);
      if (bytesRead < want) return SCRATCH.toString('utf8', 0, bytesRead);
    }
    const s = fstatSync(fd);
    if (!s.isFile()) return { unreadable: KIND(s) };
    if (s.size > maxBytes) return { unreadable: `it has ${s.size} bytes, over the limit of ${maxBytes}`, size: s.size };
    // One byte more than fstat's size, so that a file that grew since shows it (see capProblem).
    const want = Math.min(maxBytes + 1, Math.max(s.size, 0) + 1);
    const buffer = decode && want <= SCRATCH.length ? SCRATCH : Buffer.allocUnsafe(want);
    let filled = 0;
    // Done once the size fstat gave is read (a file that grew since shows it in that read): a
    // further read only to be told the end is there was one system call more per file.
    while (filled < want && (filled === 0 || filled < s.size)) {
      const bytesRead = readSync(fd, buffer, filled, want - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const problem = capProblem(want, filled, maxBytes, s.size);
    if (problem) return problem;
    return decode ? buffer.toString('utf8', 0, filled) : buffer.subarray(0, filled);
  } catch (error) {
    return { unreadable: describeError(error) };
  } finally {
    try {
      closeSync(fd);
    } catch { /* nothing more to do with it */ }
  }
}

/** Whether something exists at `p`, without opening it (a pipe or a device counts: it exists). */
export async function pathExists(p: string): Promise<boolean> {
  try {
    await fsp.lstat(p);
    return true;
  } catch {
    return false;
  }
}

/** pathExists with a synchronous call (the command line, which lists folders synchronously). */
function pathExistsSync(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The real path of `p` (links resolved), or undefined when it cannot be resolved. */
export async function realPathOf(p: string): Promise<string | undefined> {
  try {
    return await fsp.realpath(p);
  } catch {
    return undefined;
  }
}

/** realPathOf with a synchronous call (the command line's paths given, before anything else runs). */
export function realPathOfSync(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/**
 * Folder listings, each read once: whether a message has NAME.sample.json, its
 * three channel siblings, or a folder has umsg.config.json or .git is answered from the
 * listing of the folder, not by opening files that mostly do not exist. A folder that cannot
 * be listed (execute but no read permission) falls back to lstat of the one path.
 */
export class FolderListings {
  private readonly listings = new Map<string, Promise<Set<string> | undefined>>();
  /** The listings read so far, without a wait. */
  private readonly listed = new Map<string, Set<string>>();
  /** The files seedRegular was told of. */
  private readonly regular = new Set<string>();

  /** `sync`: each folder listed with a synchronous call (the command line: see NODE_FOLDERS_SYNC). */
  constructor(private readonly sync = false) {}

  list(dir: string): Promise<Set<string> | undefined> {
    let cached = this.listings.get(dir);
    if (!cached) {
      const keep = (names: string[]) => {
        const set = new Set(names);
        this.listed.set(dir, set);
        return set;
      };
      if (this.sync) {
        const names = listedNames(dir);
        cached = Promise.resolve(names && keep(names));
      } else {
        cached = fsp.readdir(dir).then(keep, () => undefined);
      }
      this.listings.set(dir, cached);
    }
    return cached;
  }

  /** A folder's names when they have been read already (undefined: not yet, or it cannot be listed). */
  listedNow(dir: string): ReadonlySet<string> | undefined {
    return this.listed.get(dir);
  }

  /** A folder's names as listed already (by the walk that found the files to check): not listed again. */
  seed(dir: string, names: readonly string[]): void {
    if (this.listings.has(dir)) return;
    const set = new Set(names);
    this.listed.set(dir, set);
    this.listings.set(dir, Promise.resolve(set));
  }

  /** A file its folder's listing (or its link's target) showed as a regular file, by the walk that found the files to check. */
  seedRegular(file: string): void {
    this.regular.add(file);
  }

  /** Whether `file` was listed as a regular file (see readRegularFileSync's `listedRegular`). */
  listedRegular(file: string): boolean {
    return this.regular.has(file);
  }

  /**
   * Whether a name exists at `p` (a file, folder, link or anything else). A message's sample
   * and siblings are looked up in `list` (messageContext's stem index); this serves the
   * config lookup, once per folder, and messages whose folder cannot be listed.
   */
  async exists(p: string): Promise<boolean> {
    // Split at the last separator rather than normalising the path again.
    const cut = Math.max(p.lastIndexOf('/'), path.sep === '\\' ? p.lastIndexOf('\\') : -1);
    if (cut < 0) return this.lstatExists(p);
    // A name at the root (`/umsg.config.json`, where the config walk ends) is looked up in `/`.
    const names = await this.list(cut === 0 ? p.slice(0, 1) : p.slice(0, cut));
    return names ? names.has(p.slice(cut + 1)) : this.lstatExists(p);
  }

  /** pathExists, with a synchronous call where folders are listed with one. */
  private lstatExists(p: string): Promise<boolean> {
    return this.sync ? Promise.resolve(pathExistsSync(p)) : pathExists(p);
  }
}

/**
 * What a capped read gave: the text, or why it cannot be used (see capProblem). Shared by
 * both text readers above.
 */
function outcomeOf(buffer: Buffer, filled: number, maxBytes: number, statSize: number): ReadOutcome {
  return capProblem(buffer.length, filled, maxBytes, statSize) ?? buffer.toString('utf8', 0, filled);
}

/**
 * Why a capped read cannot be used, if it cannot. The read asked for one byte more than the
 * limit (or than the size stat gave), `asked`, so a file over the limit or one that grew while
 * it was read is told apart from one that just fits.
 */
function capProblem(asked: number, filled: number, maxBytes: number, statSize: number): Exclude<ReadOutcome, string> | undefined {
  if (filled > maxBytes) return { unreadable: `it has more than ${maxBytes} bytes, the limit`, size: filled };
  if (filled === asked && filled > statSize) return { unreadable: 'it grew while it was read' };
  return undefined;
}

/** `name` in the folder `dir` (already resolved, as readdir's names have no separators): path.join without normalising again. */
function inFolder(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/** A folder's names, or undefined when it cannot be listed. */
function listedNames(dir: string): string[] | undefined {
  try {
    return readdirSync(dir);
  } catch {
    return undefined;
  }
}

/** A folder's entries as the shared walk sees them. */
function entriesOf(listed: readonly Dirent[]): FolderEntry[] {
  return listed.map((e) => ({
    name: e.name,
    kind: e.isDirectory() ? 'folder' : e.isSymbolicLink() ? 'link' : e.isFile() ? 'file' : 'other',
  }));
}

/** Node's file system as the shared walk sees it. */
export const NODE_FOLDERS: WalkHost = {
  async list(dir) {
    try {
      return entriesOf(await fsp.readdir(dir, { withFileTypes: true }));
    } catch (error) {
      return { problem: describeError(error) };
    }
  },
  async follow(link) {
    let target;
    try {
      target = await fsp.stat(link);
    } catch (error) {
      return { problem: describeError(error) };
    }
    const real = await realPathOf(link);
    if (real === undefined) return undefined;
    return { kind: target.isDirectory() ? 'folder' : target.isFile() ? 'file' : 'other', real };
  },
  join: inFolder,
};

/**
 * The same, each folder listed with a synchronous call: for the command line, whose event loop
 * has nothing else to do while it collects files. A listing read at once takes no round trip
 * through the thread pool, which on a busy machine waits for its turn on a processor.
 */
export const NODE_FOLDERS_SYNC: WalkHost = {
  list(dir) {
    try {
      return Promise.resolve(entriesOf(readdirSync(dir, { withFileTypes: true })));
    } catch (error) {
      return Promise.resolve({ problem: describeError(error) });
    }
  },
  follow: NODE_FOLDERS.follow,
  join: inFolder,
};
