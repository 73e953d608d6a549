/**
 * The command line and the files around a message (issue 13, items 12, 14, 17, 21-25; issue
 * 11's CI throughput): named pipes and devices, unreadable folders and configs, links and link
 * loops, the project root that ends the config walk, standard input, a full disk, and the
 * order of the report, over temporary folders. Where the defect was a hang (named pipes,
 * devices, link loops) or the case needs its own process (another user, a full disk, a closed
 * pipe), the bundle (dist/cli.js, built when stale) runs as a child process with a timeout, so
 * that a hang fails the test instead of stalling the run. The other cases call `runCli`
 * in-process, which costs a fraction of a process start. With UMSG_CLI=path/to/cli.js every
 * case runs that build as a child process.
 *
 * Permissions: CI runs as root, where chmod does not stop reads. There the child runs as the
 * unprivileged user `nobody` (uid 65534), so unreadable folders are tested anyway; only when
 * that is impossible are those tests skipped, with the reason printed.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../server/src/cli/main';
import { ConfigLookup } from '../server/src/configLookup';
import { messageContext } from '../server/src/messageContext';
import { readRegularFile } from '../server/src/node/files';
import { FILES_PER_WORKER, jobsFor, MAX_AUTO_JOBS } from '../server/src/cli/workers';
import { ensureBundle } from './support/bundle';

const ROOT = path.resolve(__dirname, '..');
const CLI = process.env.UMSG_CLI ? path.resolve(process.env.UMSG_CLI) : path.join(ROOT, 'dist', 'cli.js');

// ---------------------------------------------------------------------------------------------
// Running the bundle

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const NOBODY = 65534;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
// The stylish report colours only a terminal; say so explicitly for the in-process runs too.
process.env.NO_COLOR = '1';

interface RunOptions {
  /** Run as nobody when the tests run as root (always a child process). */
  unprivileged?: boolean;
  /** Standard input. */
  input?: string;
  /** A child process with a timeout: for cases whose defect was a hang. */
  child?: boolean;
}

/** Runs `umsg args` in `cwd`: in-process through runCli, or as a child process (see RunOptions). */
async function umsg(args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
  if (options.child || options.unprivileged || process.env.UMSG_CLI) return spawnUmsg(args, cwd, options);
  let stdout = '';
  let stderr = '';
  const input = options.input;
  const stdin = (async function* () { if (input !== undefined) yield input; })();
  // --jobs: the worker threads run the bundle, as they do under the real `umsg`.
  const code = await runCli(args, { cwd, stdin, workerScript: CLI, stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
  return { code, stdout, stderr };
}

/** Runs `node dist/cli.js args` in `cwd`; `unprivileged` runs it as nobody when the tests run as root. */
function spawnUmsg(args: string[], cwd: string, options: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd,
        env: { ...process.env, NO_COLOR: '1' },
        // The defects were hangs: a run that does not end in 20 s is a failure, not a wait.
        timeout: 20_000,
        maxBuffer: 64 * 1024 * 1024,
        ...(options.unprivileged && isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(new Error(`umsg ${args.join(' ')} did not end: ${error.message}\n${stderr}`));
        resolve({ code: error ? (error.code as unknown as number) : 0, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
    else child.stdin!.end();
  });
}

interface EslintResult {
  filePath: string;
  messages: { ruleId: string; severity: number; message: string; line: number; column: number }[];
}

async function umsgJson(args: string[], cwd: string, options: RunOptions = {}): Promise<Run & { results: EslintResult[] }> {
  const run = await umsg([...args, '--format', 'json'], cwd, options);
  try {
    return { ...run, results: JSON.parse(run.stdout) };
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}): ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
}

function resultFor(results: EslintResult[], filePath: string): EslintResult {
  const r = results.find((x) => x.filePath === filePath);
  assert.ok(r, `no result for ${filePath}; got ${results.map((x) => x.filePath).join(', ')}`);
  return r;
}

/** No stack trace and no "internal error": what the user sees is one clear line per problem. */
function assertNoCrash(run: Run): void {
  assert.doesNotMatch(run.stderr, /internal error|\n\s+at |TypeError|Error:/, run.stderr);
}

// ---------------------------------------------------------------------------------------------
// Temporary folders

const temps: string[] = [];

/** A fresh folder (readable by everyone, for the unprivileged runs) holding `files`. */
function tempTree(files: Record<string, string>): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'umsg-files-')));
  chmodSync(dir, 0o755);
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(dir, rel);
    mkdirSync(path.dirname(p), { recursive: true, mode: 0o755 });
    writeFileSync(p, text);
  }
  return dir;
}

function mkfifo(p: string): void {
  execFileSync('mkfifo', [p]);
}

let hasMkfifo = true;
/** Why the permission tests cannot run here, or undefined when they can. */
let permissionSkip: string | undefined;

before(() => {
  if (!process.env.UMSG_CLI) ensureBundle();
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
  } catch {
    hasMkfifo = false;
  }
  if (process.platform === 'win32') permissionSkip = 'Windows has no chmod 000';
  else if (isRoot) {
    // As root, chmod does not stop reads: run the command line as nobody instead.
    const probe = spawnSync(process.execPath, ['-e', '0'], { uid: NOBODY, gid: NOBODY });
    if (probe.status !== 0) permissionSkip = `running as root and cannot run a process as uid ${NOBODY} (${probe.error?.message ?? probe.status})`;
    else if (spawnSync(process.execPath, [CLI, '--version'], { uid: NOBODY, gid: NOBODY }).status !== 0) permissionSkip = `uid ${NOBODY} cannot read ${CLI}`;
  }
  if (permissionSkip) console.log(`# permission tests skipped: ${permissionSkip}`);
});

after(() => {
  for (const d of temps) {
    // Give folders back their permissions so that they can be removed.
    try {
      execFileSync('chmod', ['-R', 'u+rwx', d], { stdio: 'ignore' });
    } catch { /* removed below anyway, or left in the temporary folder */ }
    rmSync(d, { recursive: true, force: true });
  }
});

// ---------------------------------------------------------------------------------------------
// Fixtures

const VALID = '{ "type": "rich", "title": "Lunch is served", "description": "Soup of the day." }\n';
const NO_TITLE = '{ "type": "rich", "description": "Soup of the day." }\n';
// A title over Messenger's 80 characters only: a warning by default, an error under MESSENGER_ERROR.
const LONG_TITLE = `{ "type": "rich", "title": "${'Weekend brunch is back: pancakes, farm eggs and coffee refills until half past twelve'}", "description": "Saturdays." }\n`;
const MESSENGER_ERROR = '{ "channels": { "messenger": "error" } }';
// Sample data drives the title: with { "user": { "name": … } } it renders; without, it cannot.
const GREETING = '{ "type": "rich", "title": "Hello ${user.name}", "description": "Welcome back." }\n';

// ---------------------------------------------------------------------------------------------

describe('named pipes and devices (issue 13, item 12)', () => {
  it('a named pipe as umsg.config.json is a config finding, not a hang', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const dir = tempTree({ 'a.umsg': VALID });
    mkfifo(path.join(dir, 'umsg.config.json'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    const config = resultFor(run.results, path.join(dir, 'umsg.config.json'));
    assert.equal(config.messages.length, 1);
    assert.equal(config.messages[0].ruleId, 'config');
    assert.match(config.messages[0].message, /cannot be read \(it is a named pipe/);
    assert.deepEqual(resultFor(run.results, path.join(dir, 'a.umsg')).messages, [], 'the message is checked with the defaults');
    assert.equal(run.code, 1, 'an unusable config is an error');
  });

  it('a named pipe as NAME.sample.json is a sample-data finding; as a sibling it still counts as present', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const dir = tempTree({ 'brunch.umsg': LONG_TITLE });
    mkfifo(path.join(dir, 'brunch.sample.json'));
    mkfifo(path.join(dir, 'brunch.messenger.umsg'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    const messages = resultFor(run.results, path.join(dir, 'brunch.umsg')).messages;
    // The Messenger sibling exists, so Messenger's title limit no longer applies to brunch.umsg.
    assert.deepEqual(messages.map((m) => m.ruleId), ['sample-data']);
    assert.match(messages[0].message, /brunch\.sample\.json cannot be read \(it is a named pipe/);
    // The sibling itself is a file to check: one line on standard error, exit 2.
    assert.match(run.stderr, /umsg: Cannot read "brunch\.messenger\.umsg": it is a named pipe/);
    assert.equal(run.code, 2);
  });

  it('four named pipes in a row do not stall the reads that follow', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++) files[`m${i}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    for (let i = 0; i < 8; i++) mkfifo(path.join(dir, `m${i}.sample.json`));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.equal(run.results.length, 8);
    for (const r of run.results) assert.deepEqual(r.messages.map((m) => m.ruleId).sort(), ['card-required', 'sample-data']);
  });

  it('a device as the config or the sample is refused without reading it', async () => {
    const dir = tempTree({ 'a.umsg': GREETING, 'sub/b.umsg': GREETING });
    symlinkSync('/dev/zero', path.join(dir, 'umsg.config.json'));
    symlinkSync('/dev/zero', path.join(dir, 'sub', 'b.sample.json'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.match(resultFor(run.results, path.join(dir, 'umsg.config.json')).messages[0].message, /cannot be read \(it is a device/);
    const sample = resultFor(run.results, path.join(dir, 'sub', 'b.umsg')).messages.find((m) => m.ruleId === 'sample-data');
    assert.ok(sample, 'the linked device is reported on the message');
  });

  it('readRegularFile: a pipe and a device give a reason, a missing file nothing, a large file its size', async (t) => {
    const dir = tempTree({ 'big.json': 'x'.repeat(1000), 'ok.json': '{}' });
    assert.equal(await readRegularFile(path.join(dir, 'ok.json'), 10), '{}');
    assert.equal(await readRegularFile(path.join(dir, 'none.json'), 10), undefined);
    assert.deepEqual(await readRegularFile(path.join(dir, 'big.json'), 999), { unreadable: 'it has 1000 bytes, over the limit of 999', size: 1000 });
    assert.deepEqual(await readRegularFile('/dev/zero', 1e6), { unreadable: 'it is a device, not a regular file' });
    assert.deepEqual(await readRegularFile(dir, 1e6), { unreadable: 'it is a folder' });
    if (!hasMkfifo) return t.skip('no mkfifo here');
    mkfifo(path.join(dir, 'pipe.json'));
    assert.deepEqual(await readRegularFile(path.join(dir, 'pipe.json'), 1e6), { unreadable: 'it is a named pipe, not a regular file' });
  });
});

describe('the project root ends the config walk (issue 13, item 14)', () => {
  it('a config above a folder with .git is not used', async () => {
    const dir = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'repo/.git/HEAD': 'ref: refs/heads/main\n', 'repo/cards/a.umsg': LONG_TITLE, 'loose/a.umsg': LONG_TITLE });
    const inRepo = await umsgJson(['check', 'repo'], dir);
    assert.equal(inRepo.code, 0, inRepo.stderr);
    assert.deepEqual(resultFor(inRepo.results, path.join(dir, 'repo/cards/a.umsg')).messages.map((m) => m.severity), [1], 'the default: a warning');
    // The same config governs a folder that is not in a repository (the control).
    const loose = await umsgJson(['check', 'loose'], dir);
    assert.deepEqual(resultFor(loose.results, path.join(dir, 'loose/a.umsg')).messages.map((m) => m.severity), [2]);
    assert.equal(loose.code, 1);
  });

  it('.git as a file (a worktree or submodule) marks the root too', async () => {
    const dir = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'wt/.git': 'gitdir: /elsewhere\n', 'wt/a.umsg': LONG_TITLE });
    const run = await umsgJson(['check', 'wt'], dir);
    assert.equal(run.code, 0);
  });

  it('a config inside the repository, at its root or below, applies', async () => {
    const dir = tempTree({ 'umsg.config.json': '{ "channels": { "messenger": "off" } }', 'repo/.git/HEAD': '', 'repo/umsg.config.json': MESSENGER_ERROR, 'repo/a/b/c.umsg': LONG_TITLE });
    const run = await umsgJson(['check', 'repo'], dir);
    assert.equal(run.code, 1);
  });

  it('--print-config says which config applies to a file and where the project root is', async () => {
    const dir = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'proj/umsg.config.json': '{ "root": true, "maxFileSize": 1000 }', 'proj/x/a.umsg': VALID, 'repo/.git/HEAD': '', 'repo/a.umsg': VALID });
    const run = await umsg(['check', '--print-config', 'proj/x/a.umsg'], dir);
    assert.equal(run.code, 0, run.stderr);
    const shown = JSON.parse(run.stdout);
    assert.equal(shown.configFile, path.join(dir, 'proj/umsg.config.json'));
    assert.equal(shown.projectRoot, path.join(dir, 'proj'));
    assert.equal(shown.config.maxFileSize, 1000);
    const none = JSON.parse((await umsg(['check', '--print-config', 'repo/a.umsg'], dir)).stdout);
    assert.equal(none.configFile, null, 'the config above the repository does not apply');
    assert.equal(none.projectRoot, path.join(dir, 'repo'));
    assert.equal(none.config.channels.messenger, 'warning');
  });

  it('an unreadable config is a config finding, not skipped silently', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'umsg.config.json': '{ "channels": { "messenger": "off" } }', 'a.umsg': LONG_TITLE });
    chmodSync(path.join(dir, 'umsg.config.json'), 0o000);
    const run = await umsgJson(['check'], dir, { unprivileged: true });
    assertNoCrash(run);
    const config = resultFor(run.results, path.join(dir, 'umsg.config.json'));
    assert.match(config.messages[0].message, /umsg\.config\.json cannot be read \(permission denied\): the checks use the defaults/);
    assert.deepEqual(resultFor(run.results, path.join(dir, 'a.umsg')).messages.map((m) => m.ruleId), ['channel-limit'], 'defaults: Messenger is checked');
    assert.equal(run.code, 1);
  });

  it('ConfigLookup: one walk per folder and one read per config, however many files', async () => {
    const reads: string[] = [];
    const exists: string[] = [];
    const files = new Map([['/p/umsg.config.json', '{ "channels": { "gbm": "off" } }'], ['/p/.git', '']]);
    const lookup = new ConfigLookup(async (p) => { reads.push(p); return files.get(p); }, { exists: async (p) => { exists.push(p); return files.has(p); } });
    for (let i = 0; i < 300; i++) {
      const found = await lookup.forFile(`/p/f${i % 10}/g${i % 3}/m${i}.umsg`);
      assert.equal(found.configPath, '/p/umsg.config.json');
      assert.equal(found.config.channels.gbm, 'off');
      assert.equal(found.root, '/p');
    }
    assert.deepEqual(reads, ['/p/umsg.config.json']);
    assert.equal(new Set(exists).size, exists.length, 'no path is tested twice');
  });

  it('a workspace folder ends the walk in the editor (stopAt)', async () => {
    const files = new Map([['/home/umsg.config.json', MESSENGER_ERROR]]);
    const found = await new ConfigLookup(async (p) => files.get(p), { stopAt: ['/home/me/project'] }).forFile('/home/me/project/cards/a.umsg');
    assert.equal(found.configPath, undefined);
    assert.equal(found.root, '/home/me/project');
  });
});

describe('links (issue 13, items 17 and 22)', () => {
  it('a sample linked outside the project is refused with a sample-data finding, and never shown', async () => {
    const outside = tempTree({ 'secret.json': '{ "user": { "name": "TOPSECRET" } }' });
    const dir = tempTree({ '.git/HEAD': '', 'hello.umsg': GREETING, 'shared/hello.json': '{ "user": { "name": "Ada" } }', 'in/hello.umsg': GREETING });
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'hello.sample.json'));
    symlinkSync(path.join(dir, 'shared/hello.json'), path.join(dir, 'in/hello.sample.json'));
    const run = await umsgJson(['check'], dir);
    const refused = resultFor(run.results, path.join(dir, 'hello.umsg')).messages.find((m) => m.ruleId === 'sample-data');
    assert.ok(refused, JSON.stringify(run.results));
    assert.match(refused.message, /hello\.sample\.json is a link to .*secret\.json, outside the project: it is not read/);
    assert.deepEqual(resultFor(run.results, path.join(dir, 'in/hello.umsg')).messages, [], 'a link inside the project is followed');
    const rendered = await umsg(['render', 'hello.umsg'], dir);
    assert.doesNotMatch(rendered.stdout + rendered.stderr, /TOPSECRET/);
    assert.match(rendered.stderr, /outside the project/);
    assert.match((await umsg(['render', 'in/hello.umsg'], dir)).stdout, /Hello Ada/);
  });

  it('messageContext refuses a linked sample outside `within`, for the language server too', async () => {
    const outside = tempTree({ 'secret.json': '{ "a": 1 }' });
    const dir = tempTree({ 'm.umsg': VALID });
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'm.sample.json'));
    const read = (p: string) => readRegularFile(p, 1e6);
    const refused = await messageContext(path.join(dir, 'm.umsg'), read, { within: [dir], realPath: async (p) => realpathSync(p) });
    assert.equal(refused.sample, undefined);
    assert.match(refused.sampleProblem ?? '', /outside the project/);
    const allowed = await messageContext(path.join(dir, 'm.umsg'), read, { within: [dir, outside], realPath: async (p) => realpathSync(p) });
    assert.deepEqual(allowed.sample, { a: 1 });
  });

  it('links inside a checked folder are followed once; a link loop ends', async () => {
    const other = tempTree({ 'far/x.umsg': NO_TITLE, 'y.umsg': NO_TITLE });
    const dir = tempTree({ 'a.umsg': VALID, 'sub/b.umsg': VALID });
    symlinkSync(path.join(other, 'far'), path.join(dir, 'linked-folder'));
    symlinkSync(path.join(other, 'y.umsg'), path.join(dir, 'linked.umsg'));
    symlinkSync(dir, path.join(dir, 'sub', 'loop')); // back to the top: a loop
    symlinkSync(path.join(dir, 'sub'), path.join(dir, 'sub-again')); // the same folder twice
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.deepEqual(run.results.map((r) => path.relative(dir, r.filePath)).sort(), ['a.umsg', 'linked-folder/x.umsg', 'linked.umsg', 'sub/b.umsg']);
    assert.equal(run.code, 1, 'the linked files were checked (card-required)');
  });

  it('a link loop or a dangling link named like a message is one line, and the rest is checked', async () => {
    const dir = tempTree({ 'a.umsg': NO_TITLE });
    symlinkSync('self.umsg', path.join(dir, 'self.umsg'));
    symlinkSync('gone/nowhere.umsg', path.join(dir, 'dangling.umsg'));
    const run = await umsgJson(['check'], dir, { child: true });
    assertNoCrash(run);
    assert.match(run.stderr, /umsg: Cannot read "self\.umsg": a loop of symbolic links\./);
    assert.match(run.stderr, /umsg: Cannot read "dangling\.umsg": no such file or folder\./);
    assert.deepEqual(run.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg']);
    assert.equal(run.code, 2);
    const named = await umsg(['check', 'self.umsg'], dir, { child: true });
    assert.equal(named.code, 2);
    assert.match(named.stderr, /umsg: Cannot read "self\.umsg": a loop of symbolic links\./);
  });
});

describe('unreadable folders and output errors (issue 13, item 21)', () => {
  it('an unreadable folder is one line and exit 2; the other files are checked', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'a.umsg': NO_TITLE, 'locked/b.umsg': VALID, 'z/c.umsg': VALID });
    chmodSync(path.join(dir, 'locked'), 0o000);
    const run = await umsgJson(['check'], dir, { unprivileged: true });
    assertNoCrash(run);
    assert.equal(run.stderr.split('\n').filter((l) => l.includes('locked')).length, 1, run.stderr);
    assert.match(run.stderr, /umsg: Cannot read the folder "locked": permission denied\./);
    assert.deepEqual(run.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg', 'z/c.umsg']);
    assert.equal(run.code, 2);
  });

  it('a file inside an unreadable folder says permission denied, not "no such file"', async (t) => {
    if (permissionSkip) return t.skip(permissionSkip);
    const dir = tempTree({ 'locked/b.umsg': VALID, 'a.umsg': VALID });
    chmodSync(path.join(dir, 'locked'), 0o000);
    const run = await umsg(['check', 'locked/b.umsg'], dir, { unprivileged: true });
    assertNoCrash(run);
    assert.match(run.stderr, /Cannot read "locked[\\/]b\.umsg": permission denied\./);
    assert.equal(run.code, 2);
    // Readable folder, unreadable file: found by the walk, reported, the rest checked.
    chmodSync(path.join(dir, 'locked'), 0o755);
    chmodSync(path.join(dir, 'locked', 'b.umsg'), 0o000);
    const walk = await umsgJson(['check'], dir, { unprivileged: true });
    assert.match(walk.stderr, /Cannot read "locked[\\/]b\.umsg": permission denied\./);
    assert.deepEqual(walk.results.map((r) => path.relative(dir, r.filePath)), ['a.umsg']);
    assert.equal(walk.code, 2);
  });

  it('a full disk on standard output is one line and exit 2, no stack trace', { skip: !existsSync('/dev/full') && 'no /dev/full here' }, () => {
    const dir = tempTree({ 'a.umsg': NO_TITLE });
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(process.execPath, [CLI, 'check'], { cwd: dir, stdio: ['ignore', full, 'pipe'], timeout: 20_000, encoding: 'utf8' });
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr.trim(), 'umsg: cannot write the report: no space left on the device.');
    } finally {
      closeSync(full);
    }
  });

  it('a reader that stops early (EPIPE) ends the run quietly', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`m${String(i).padStart(3, '0')}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check | head -1`], { cwd: dir, timeout: 20_000, encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'm000.umsg\n');
  });
});

describe('--stdin --stdin-filename (issue 13, item 25)', () => {
  it('checks piped text as if it were at that path: its config, sample and siblings apply', async () => {
    const dir = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'cards/hello.sample.json': '{ "user": { "name": "Ada" } }', 'cards/brunch.gbm.umsg': '{}' });
    const piped = await umsgJson(['check', '--stdin', '--stdin-filename', 'cards/brunch.umsg'], dir, { input: LONG_TITLE });
    assert.deepEqual(piped.results.map((r) => r.filePath), [path.join(dir, 'cards/brunch.umsg')]);
    assert.deepEqual(piped.results[0].messages.map((m) => `${m.ruleId} ${m.severity}`), ['channel-limit 2'], 'the config two folders up applies');
    assert.equal(piped.code, 1);
    const withSample = await umsgJson(['check', '--stdin', '--stdin-filename=cards/hello.umsg'], dir, { input: GREETING });
    assert.deepEqual(withSample.results[0].messages, [], 'the sample beside that path is used');
  });

  it('needs a file name of a kind umsg checks, and no paths beside it', async () => {
    const dir = tempTree({ 'a.umsg': VALID });
    for (const args of [['--stdin'], ['--stdin', '--stdin-filename', 'notes.txt'], ['--stdin', '--stdin-filename', 'x.umsg', 'a.umsg'], ['--stdin-filename', 'x.umsg']]) {
      const run = await umsg(['check', ...args], dir, { input: VALID });
      assert.equal(run.code, 2, args.join(' '));
      assert.equal(run.stdout, '');
    }
  });
});

/**
 * A project with findings of every kind: configs in subfolders (one with a maxFileSize so small
 * that its messages are too large to read), sample files good and bad, channel siblings, broken
 * JSON; with `unreadable`, also a named pipe and a dangling link where messages are expected.
 */
function mixedProject(unreadable: boolean): string {
  const files: Record<string, string> = {
    'umsg.config.json': '{ "channels": { "messenger": "error" }, "rules": { "nope": "off" } }',
    'deep/umsg.config.json': '{ "channels": { "whatsapp": "off" }, "maxFileSize": 1.5 }',
  };
  const kinds = [VALID, NO_TITLE, LONG_TITLE, GREETING, '{ "type": "rich", broken'];
  for (let i = 0; i < 120; i++) {
    const folder = ['', 'a/', 'a/b/', 'deep/', 'deep/x/y/', 'z/'][i % 6];
    files[`${folder}m${i}.umsg`] = kinds[i % kinds.length];
    if (i % 4 === 3) files[`${folder}m${i}.sample.json`] = i % 8 === 3 ? '{ "user": { "name": "Ada" } }' : '[1]';
    if (i % 10 === 0) files[`${folder}m${i}.whatsapp.umsg`] = '{}';
  }
  const dir = tempTree(files);
  if (unreadable) {
    if (hasMkfifo) mkfifo(path.join(dir, 'a', 'm50-pipe.umsg'));
    symlinkSync(path.join(dir, 'nowhere'), path.join(dir, 'z', 'gone.umsg'));
  }
  return dir;
}

describe('reading concurrently keeps the report as a sequential run gives it (issue 11)', () => {
  it('same findings in the same order, with nested folders, configs and samples', async () => {
    const dir = mixedProject(false);
    const run = async (readConcurrency: number) => {
      let out = '';
      const code = await runCli(['check', '--format', 'json'], { cwd: dir, stdout: (s) => { out += s; }, stderr: () => undefined, readConcurrency });
      return { code, out };
    };
    const sequential = await run(1);
    const concurrent = await run(64);
    assert.equal(concurrent.code, sequential.code);
    assert.equal(concurrent.out, sequential.out);
    const paths = (JSON.parse(sequential.out) as EslintResult[]).map((r) => r.filePath);
    assert.equal(paths.length, 2 + 120 + 12, 'two config reports, the messages and their siblings');
  });
});

describe('checking on worker threads (issue 11)', () => {
  it('gives byte for byte the sequential report, standard error and exit code, in every format', async () => {
    const dir = mixedProject(true);
    for (const options of [['--format', 'stylish'], ['--format', 'json'], ['--format', 'sarif'], ['--format', 'github'], ['--format', 'json', '--quiet']]) {
      // A named pipe among the files: child processes, so that a hang fails instead of stalling.
      const sequential = await umsg(['check', ...options, '--jobs', '1'], dir, { child: true });
      const parallel = await umsg(['check', ...options, '--jobs', '3'], dir, { child: true });
      const label = options.join(' ');
      assertNoCrash(parallel);
      assert.equal(parallel.stdout, sequential.stdout, label);
      assert.equal(parallel.stderr, sequential.stderr, label);
      assert.equal(parallel.code, sequential.code, label);
      assert.equal(parallel.code, 2, `${label}: files that cannot be read make the run incomplete`);
      assert.match(parallel.stderr, /Cannot read "z[\\/]gone\.umsg"/, label);
      if (hasMkfifo) assert.match(parallel.stderr, /Cannot read "a[\\/]m50-pipe\.umsg": it is a named pipe/, label);
    }
    // And the exit code 1 of a run that is complete but has errors.
    const clean = mixedProject(false);
    const sequential = await umsg(['check', '--jobs', '1'], clean);
    const parallel = await umsg(['check', '--jobs', '2'], clean);
    assert.equal(sequential.code, 1);
    assert.equal(parallel.code, 1);
    assert.equal(parallel.stdout, sequential.stdout);
    assert.equal(parallel.stderr, sequential.stderr);
  });

  it('a reader that stops early (EPIPE) ends a parallel run quietly too', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`m${String(i).padStart(3, '0')}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    const run = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check --jobs 2 | head -1`], { cwd: dir, timeout: 20_000, encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, 'm000.umsg\n');
  });

  it('stops checking once the output is closed, in one thread or several', async () => {
    const files: Record<string, string> = {};
    // Enough for several writes of the buffered report (64 KB each, or sooner), however fast the machine.
    for (let i = 0; i < 2000; i++) files[`m${String(i).padStart(4, '0')}.umsg`] = NO_TITLE;
    const dir = tempTree(files);
    for (const jobs of ['1', '2']) {
      const writes: string[] = [];
      let closed = false;
      const code = await runCli(['check', '--jobs', jobs], {
        cwd: dir,
        workerScript: CLI,
        stdout: (s) => { writes.push(s); closed = true; },
        stderr: () => undefined,
        outputClosed: () => closed,
        readConcurrency: 1,
      });
      assert.equal(code, 2, `--jobs ${jobs}`);
      assert.equal(writes.length, 1, `--jobs ${jobs}: nothing more is written once the reader is gone`);
      assert.doesNotMatch(writes.join(''), /m1999\.umsg|checked/, `--jobs ${jobs}: the run stopped before the last file and the summary`);
    }
  });

  /** Runs `umsg check --jobs 2` in-process with `worker` (JavaScript) as the worker threads' script. */
  async function withWorker(worker: string) {
    const files: Record<string, string> = { 'worker.js': worker };
    for (let i = 0; i < 40; i++) files[`m${i}.umsg`] = VALID;
    const dir = tempTree(files);
    let stdout = '';
    let stderr = '';
    const code = await runCli(['check', '--jobs', '2', '--format', 'json'], { cwd: dir, stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; }, workerScript: path.join(dir, 'worker.js') });
    return { code, stdout, stderr };
  }

  it('a worker that throws is one line and exit 2, not a hang or a pass', async () => {
    const run = await withWorker("throw new Error('the worker broke');");
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'umsg: a checking thread failed: the worker broke.\n');
  });

  it('a worker that exits without answering, or fails half way, is exit 2 too', async () => {
    const exits = await withWorker('process.exit(0);');
    assert.equal(exits.code, 2);
    assert.match(exits.stderr, /^umsg: a checking thread stopped \(exit code 0\) before its files were checked\.\n$/);
    // Answers its first batch (every file clean), then throws on the next.
    const halfway = await withWorker(`
      const { parentPort } = require('node:worker_threads');
      let batches = 0;
      parentPort.on('message', (m) => {
        if (++batches > 1) throw new Error('out of luck');
        parentPort.postMessage({ batch: m.batch, outcomes: m.files.map((f) => ({ kind: 'checked', report: { filePath: f, findings: [] }, ruleFailures: [] })) });
      });`);
    assert.equal(halfway.code, 2);
    assert.match(halfway.stderr, /a checking thread failed: out of luck\./);
    // A worker that answers for the wrong files is caught, not trusted.
    const wrong = await withWorker(`
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (m) => parentPort.postMessage({ batch: m.batch, outcomes: [] }));`);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /an answer that does not fit its files/);
  });

  it('--jobs takes a whole number from 1 to 256', async () => {
    const dir = tempTree({ 'a.umsg': VALID });
    for (const bad of [['--jobs', '0'], ['--jobs', 'many'], ['--jobs', '1.5'], ['--jobs=-2'], ['--jobs', '257'], ['--jobs'], ['-j', '']]) {
      let stderr = '';
      const code = await runCli(['check', ...bad], { cwd: dir, stdout: () => undefined, stderr: (s) => { stderr += s; } });
      assert.equal(code, 2, bad.join(' '));
      assert.match(stderr, /^umsg: --jobs needs (a value|a whole number from 1 to 256)/, bad.join(' '));
    }
    let stdout = '';
    assert.equal(await runCli(['check', '-j', '4', '--format', 'json'], { cwd: dir, stdout: (s) => { stdout += s; }, stderr: () => undefined }), 0);
    assert.equal((JSON.parse(stdout) as EslintResult[]).length, 1, 'never more threads than files: one file is checked here');
  });

  it('a handful of files never starts a worker, nor do busy cores; --jobs decides when given', () => {
    const idle = 0;
    assert.equal(jobsFor(10, undefined, idle), 1);
    assert.equal(jobsFor(FILES_PER_WORKER * 2 - 1, undefined, idle), 1);
    assert.equal(jobsFor(100_000, undefined, idle), Math.min(availableParallelism(), MAX_AUTO_JOBS));
    assert.equal(jobsFor(100_000, undefined, availableParallelism()), 1, 'every core busy already');
    assert.equal(jobsFor(100_000, undefined, availableParallelism() + 5), 1);
    assert.equal(jobsFor(10, 4, idle), 4);
    assert.equal(jobsFor(3, 4, idle), 3);
    assert.equal(jobsFor(100_000, 1, idle), 1);
    assert.equal(jobsFor(100_000, 3, availableParallelism() + 5), 3, '--jobs is taken as given, whatever the load');
  });
});

describe('the language server reads the same way (issue 13, items 12, 14 and 17)', () => {
  /** Starts dist/server.js --stdio on `workspace`; `diagnosticsFor(uri)` waits for its first publish. */
  async function startServer(workspace: string) {
    const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver-protocol/node');
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const client = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const published = new Map<string, { message: string; code: string; severity: number }[]>();
    const waiting = new Map<string, () => void>();
    client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: { message: string; code: string; severity: number }[] }) => {
      published.set(p.uri, p.diagnostics);
      waiting.get(p.uri)?.();
    });
    client.listen();
    const uri = (file: string) => pathToFileURL(file).toString();
    await client.sendRequest('initialize', { processId: process.pid, rootUri: uri(workspace), workspaceFolders: [{ uri: uri(workspace), name: 'w' }], capabilities: {} });
    await client.sendNotification('initialized', {});
    return {
      async open(file: string, text: string) {
        const got = new Promise<void>((resolve) => waiting.set(uri(file), resolve));
        await client.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(file), languageId: 'universal-message', version: 1, text } });
        await Promise.race([got, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no diagnostics for ${file} within 10 s: the server is stuck`)), 10_000).unref())]);
        return published.get(uri(file))!;
      },
      stop() {
        client.dispose();
        child.kill();
      },
    };
  }

  it('named pipes as sample and sibling files do not stall the server, however many', async (t) => {
    if (!hasMkfifo) return t.skip('no mkfifo here');
    const files: Record<string, string> = { 'last.umsg': GREETING, 'last.sample.json': '{ "user": { "name": "Ada" } }' };
    const dir = tempTree(files);
    for (let i = 0; i < 6; i++) {
      mkfifo(path.join(dir, `m${i}.sample.json`));
      mkfifo(path.join(dir, `m${i}.gbm.umsg`));
    }
    const server = await startServer(dir);
    try {
      for (let i = 0; i < 6; i++) {
        const diagnostics = await server.open(path.join(dir, `m${i}.umsg`), NO_TITLE);
        assert.ok(diagnostics.some((d) => d.code === 'sample-data' && /named pipe/.test(d.message)), JSON.stringify(diagnostics));
      }
      assert.deepEqual(await server.open(path.join(dir, 'last.umsg'), GREETING), [], 'a regular sample is still read after them');
    } finally {
      server.stop();
    }
  });

  it('a config above the workspace folder does not apply; a sample linked outside it is refused', async () => {
    const outside = tempTree({ 'secret.json': '{ "user": { "name": "TOPSECRET" } }' });
    const top = tempTree({ 'umsg.config.json': MESSENGER_ERROR, 'ws/brunch.umsg': LONG_TITLE, 'ws/hello.umsg': GREETING });
    symlinkSync(path.join(outside, 'secret.json'), path.join(top, 'ws', 'hello.sample.json'));
    const server = await startServer(path.join(top, 'ws'));
    try {
      const brunch = await server.open(path.join(top, 'ws', 'brunch.umsg'), LONG_TITLE);
      assert.deepEqual(brunch.map((d) => `${d.code} ${d.severity}`), ['channel-limit 2'], 'a warning: the default, not the config above');
      const hello = await server.open(path.join(top, 'ws', 'hello.umsg'), GREETING);
      assert.ok(hello.some((d) => d.code === 'sample-data' && /outside the project/.test(d.message)), JSON.stringify(hello));
    } finally {
      server.stop();
    }
  });
});
