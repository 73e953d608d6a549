/**
 * V8's compiled code of the command line's and the language server's bundles, kept on disk, so
 * that the next process starts without compiling its bundle again.
 *
 * - On Node 22 and later, `module.enableCompileCache` does it: measured on Node 22.23, one
 *   message's `umsg check` took 0.82× the wall time and the 2,000 native messages 0.92× (medians
 *   of 15 paired runs; docs/performance.md).
 * - On Node 20, which has no such call (and which VS Code up to 1.100 runs its extensions'
 *   servers on), `loadBundle` does the same by hand: it compiles the bundle as Node's CommonJS
 *   loader would, with V8's code cache (`vm.Script`'s `cachedData`), and when there was none, or
 *   V8 refused it, writes the code compiled by the end of the run for the next one. This loads
 *   the tool's own bundle only: no text of a document is ever compiled or run.
 *
 * The bundles are small launchers (cli/launch.ts, node/launchServer.ts) that call `loadBundle`
 * for the real bundle, since a cache enabled by a module covers only the modules loaded after it.
 *
 * Where the cache lives matters: compiled code read from it runs as this user, so a folder that
 * someone else can write is a way to run their code. Node's default, a shared folder under the
 * system's temporary folder, is not used. The cache goes in the user's own cache folder
 * (`$XDG_CACHE_HOME/umsg`, `~/.cache/umsg`, `~/Library/Caches/umsg` or `%LOCALAPPDATA%\umsg`),
 * and only when that folder is a real folder (not a link), this user's, and writable by nobody
 * else. `NODE_DISABLE_COMPILE_CACHE=1` turns it off (Node's own switch); a `NODE_COMPILE_CACHE`
 * the user set wins, as Node enabled it before any code of ours ran.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import * as path from 'node:path';
import { Script } from 'node:vm';

/** The folder, under the user's cache folder, that holds the compile cache. */
const CACHE_NAME = path.join('umsg', 'node-compile-cache');

/** Where this user's cache folder is, by platform and environment; undefined when there is no home to put it in. */
export function compileCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, home: string): string | undefined {
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    return local && path.win32.isAbsolute(local) ? path.win32.join(local, CACHE_NAME) : undefined;
  }
  // The XDG base directory rule: a relative XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, CACHE_NAME);
  if (!home || !path.isAbsolute(home)) return undefined;
  return platform === 'darwin' ? path.join(home, 'Library', 'Caches', CACHE_NAME) : path.join(home, '.cache', CACHE_NAME);
}

/**
 * Whether `dir` exists, or could be made, as a folder only this user can write: a real folder
 * (not a link), owned by `uid`, with no write permission for group or others. Made with mode
 * 0700 when missing. Windows has no such owner and mode bits: there the folder is under the
 * user's own LOCALAPPDATA, which other users cannot write by default.
 */
export function isPrivateDir(dir: string, uid: number | undefined): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const s = lstatSync(dir);
    if (!s.isDirectory()) return false;
    if (uid === undefined) return true;
    return s.uid === uid && (s.mode & 0o022) === 0;
  } catch {
    // A read-only home, a file in the way, a folder we cannot make: start without the cache.
    return false;
  }
}

/** What the launchers need of Node's module API (a parameter, so that tests can stand in for Node 22 on Node 20). */
interface ModuleApi {
  enableCompileCache?: (dir: string) => unknown;
}

/**
 * Turns on Node's compile cache in this user's private cache folder, where Node has the call
 * (22 and later) and such a folder can be had. Answers the folder used, or undefined. Never
 * throws: a process without the cache only starts a little slower.
 */
export function enableCompileCache(
  api: ModuleApi = nodeModule as ModuleApi,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (typeof api.enableCompileCache !== 'function') return undefined;
  const dir = privateCacheDir(env, platform);
  if (dir === undefined) return undefined;
  try {
    api.enableCompileCache(dir);
    return dir;
  } catch {
    return undefined;
  }
}

/** The cache folder to use, made if missing; undefined when the cache is off or no private folder can be had. */
function privateCacheDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  // Node's own switches: off, or on already in the folder the user chose.
  if (env.NODE_DISABLE_COMPILE_CACHE || env.NODE_COMPILE_CACHE) return undefined;
  try {
    const dir = compileCacheDir(env, platform, homedir());
    return dir !== undefined && isPrivateDir(dir, process.getuid?.()) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads a bundle (dist/cli-main.js, dist/server-main.js) and answers its exports, with the
 * compiled code kept in the cache folder: Node's compile cache where Node has it, else V8's code
 * cache by `loadWithCodeCache`. Without a cache folder, a plain `require`.
 */
export function loadBundle(
  file: string,
  api: ModuleApi = nodeModule as ModuleApi,
  env: NodeJS.ProcessEnv = process.env,
): unknown {
  if (typeof api.enableCompileCache === 'function') {
    enableCompileCache(api, env);
  } else {
    const dir = privateCacheDir(env, process.platform);
    if (dir !== undefined) {
      const loaded = loadWithCodeCache(file, dir);
      if (loaded) return loaded.exports;
    }
  }
  // A path known only at run time: esbuild leaves this require alone, and the bundle is not bundled into the launcher.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file);
}

/**
 * The cache file of the bundle at `file` in `dir`, for this Node: one per place a bundle is
 * installed (a hash of its path), so that two installs of umsg do not take turns overwriting one
 * file, and a new version in the same place replaces the old version's cache.
 */
export function codeCachePath(dir: string, file: string): string {
  // FNV-1a of the path: a name, not a check (the file holds the source it was made from).
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  const place = (hash >>> 0).toString(16).padStart(8, '0');
  return path.join(dir, `${path.basename(file)}-${place}-${process.version}-${process.arch}.v8cache`);
}

/**
 * A cache file: these four bytes; the byte length of the source it was made from and a
 * checksum of V8's data (32 bits each, little-endian); that source; zeros up to a multiple of
 * four bytes; V8's data. V8 itself checks only a source's length, and running one version's
 * compiled code for another's text would run the wrong code: so the whole source is compared (a
 * memcmp of half a megabyte). And V8 does not check its data (its checksum is for debug builds):
 * data damaged on disk could crash the process, so the checksum is ours.
 */
const CACHE_MAGIC = Buffer.from('umv8');
const CACHE_HEADER = CACHE_MAGIC.length + 8;

/** Where V8's data starts in a cache file made from a source of `sourceLength` bytes. */
const dataStart = (sourceLength: number) => (CACHE_HEADER + sourceLength + 3) & ~3;

/**
 * A checksum of `bytes`: any change of one 32-bit word, or of the length, changes it. About 9
 * million instructions for V8's data of the command line (the cache saves about 75 million).
 */
export function checksum(bytes: Uint8Array): number {
  // Read as 32-bit words, from a copy when the bytes do not start on a word (Buffer.from's copies do).
  const aligned = (bytes.byteOffset & 3) === 0 ? bytes : Buffer.from(bytes);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
  let hash = aligned.length | 0;
  for (let i = 0; i < words.length; i++) hash = (Math.imul(hash, 31) + words[i]) | 0;
  for (let i = words.length * 4; i < aligned.length; i++) hash = (Math.imul(hash, 31) + aligned[i]) | 0;
  return hash >>> 0;
}

/** V8's data in a cache file made from `source`; undefined when the file was made from another text, or is damaged. */
function cachedDataFor(cache: Buffer, source: Buffer): Buffer | undefined {
  const start = dataStart(source.length);
  if (cache.length <= start || cache.compare(CACHE_MAGIC, 0, CACHE_MAGIC.length, 0, CACHE_MAGIC.length) !== 0) return undefined;
  if (cache.readUInt32LE(CACHE_MAGIC.length) !== source.length) return undefined;
  if (cache.compare(source, 0, source.length, CACHE_HEADER, CACHE_HEADER + source.length) !== 0) return undefined;
  const data = cache.subarray(start);
  return checksum(data) === cache.readUInt32LE(CACHE_MAGIC.length + 4) ? data : undefined;
}

/**
 * Compiles and runs `file` as Node's CommonJS loader would (the same wrapper, `require`,
 * `module`, file name and folder), with V8's code cache from `dir` when there is one made from
 * this very text. When there was none, or V8 refused it (another V8, other flags), `saveWhen`
 * is asked to write the code compiled by then (by default at the process's exit, so that the
 * functions the run compiled lazily are in it too). Undefined when the file cannot be read or
 * compiled this way: the caller then requires it. What the bundle throws while it runs is
 * thrown, as require would.
 */
export function loadWithCodeCache(
  file: string,
  dir: string,
  saveWhen: (save: () => void) => void = (save) => process.once('exit', save),
): { exports: unknown; cached: boolean } | undefined {
  const cachePath = codeCachePath(dir, file);
  let script: Script;
  let source: Buffer;
  let cachedData: Buffer | undefined;
  try {
    source = readFileSync(file);
    try {
      cachedData = cachedDataFor(readFileSync(cachePath), source);
    } catch { /* none yet */ }
    // Node's wrapper, on one line with the first line of the file, so that lines and columns
    // in stack traces are the file's own; a #! line is not JavaScript (require drops it too).
    const text = source.toString('utf8');
    const body = text.startsWith('#!') ? `//${text.slice(2)}` : text;
    script = new Script(`(function (${WRAPPER_PARAMETERS}) { ${body}\n});`, { filename: file, cachedData });
  } catch {
    return undefined;
  }
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  if (!cached) {
    let saved = false;
    const save = () => {
      if (saved) return;
      saved = true;
      saveCodeCache(script, source, cachePath);
    };
    (globalThis as Record<symbol, unknown>)[BEFORE_FLAGS_CHANGE] = save;
    saveWhen(save);
  }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  // A module as Node's loader makes one, in require's cache as it puts it there: a later
  // require of the file answers it, and tools that list what a process loaded see it.
  const module = new nodeModule.Module(file);
  module.filename = file;
  const moduleRequire = nodeModule.createRequire(file);
  moduleRequire.cache[file] = module;
  try {
    wrapper.call(module.exports, module.exports, moduleRequire, module, file, path.dirname(file));
  } catch (error) {
    delete moduleRequire.cache[file];
    throw error;
  }
  module.loaded = true;
  return { exports: module.exports, cached };
}

/** Where loadWithCodeCache leaves its early save, for beforeV8FlagsChange (the launcher and the bundle are two copies of this module). */
const BEFORE_FLAGS_CHANGE = Symbol.for('umsg.beforeV8FlagsChange');

/**
 * To call before `v8.setFlagsFromString`: V8 refuses a code cache made under other flags, so a
 * cache still to be written is written now, as the next process will start with the flags
 * of this one's start.
 */
export function beforeV8FlagsChange(): void {
  const save = (globalThis as Record<symbol, (() => void) | undefined>)[BEFORE_FLAGS_CHANGE];
  if (typeof save === 'function') save();
}

/** The parameters of Node's CommonJS wrapper (two of them spelt in parts, as the unit tests' build writes paths over those names). */
const WRAPPER_PARAMETERS = ['exports', 'require', 'module', '__' + 'filename', '__' + 'dirname'].join(', ');

/** Writes the script's code cache, with the source it was made from, at `cachePath`: whole or not at all. */
function saveCodeCache(script: Script, source: Buffer, cachePath: string): void {
  const temporary = `${cachePath}.${process.pid}.tmp`;
  try {
    const data = script.createCachedData();
    const start = dataStart(source.length);
    const file = Buffer.alloc(start + data.length);
    CACHE_MAGIC.copy(file);
    file.writeUInt32LE(source.length, CACHE_MAGIC.length);
    file.writeUInt32LE(checksum(data), CACHE_MAGIC.length + 4);
    source.copy(file, CACHE_HEADER);
    data.copy(file, start);
    writeFileSync(temporary, file, { mode: 0o600 });
    renameSync(temporary, cachePath);
  } catch {
    // A full disk, a folder gone: the next run compiles again.
    try {
      unlinkSync(temporary);
    } catch { /* not there */ }
  }
}
