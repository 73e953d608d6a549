/**
 * Node's compile cache for the command line and the language server. On Node 22 and later,
 * `module.enableCompileCache` keeps V8's compiled code of each bundle on disk, so that the next
 * process starts without compiling the bundle again: measured on Node 22.23, one message's
 * `umsg check` took 0.82× the wall time and the 2,000 native messages 0.92× (medians of 15
 * paired runs; docs/performance.md). On Node 20 there is no such call and nothing happens.
 *
 * The bundles are small launchers (cli/launch.ts, node/launchServer.ts) that call
 * `enableCompileCache` and then load the real bundle, since a cache enabled by a module covers
 * only the modules loaded after it.
 *
 * Where the cache lives matters: compiled code read from it runs as this user, so a folder that
 * someone else can write is a way to run their code. Node's default, a shared folder under the
 * system's temporary folder, is not used. The cache goes in the user's own cache folder
 * (`$XDG_CACHE_HOME/umsg`, `~/.cache/umsg`, `~/Library/Caches/umsg` or `%LOCALAPPDATA%\umsg`),
 * and only when that folder is a real folder (not a link), this user's, and writable by nobody
 * else. `NODE_DISABLE_COMPILE_CACHE=1` turns it off (Node's own switch); a `NODE_COMPILE_CACHE`
 * the user set wins, as Node enabled it before any code of ours ran.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { homedir } from 'node:os';
import * as path from 'node:path';

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
  // Node's own switches: off, or on already in the folder the user chose.
  if (env.NODE_DISABLE_COMPILE_CACHE || env.NODE_COMPILE_CACHE) return undefined;
  try {
    const dir = compileCacheDir(env, platform, homedir());
    if (dir === undefined || !isPrivateDir(dir, process.getuid?.())) return undefined;
    api.enableCompileCache(dir);
    return dir;
  } catch {
    return undefined;
  }
}
