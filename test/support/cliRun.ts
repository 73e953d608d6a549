/**
 * The command line over temporary folders, for test/cli/files.test.ts and test/cli/threads.test.ts:
 * `umsg` runs it in-process through runCli or, where the defect was a hang or the case needs
 * its own process, as the bundle (dist/cli.js) in a child process with a timeout; `tempTree`
 * makes folders that are removed after the run. Importing this registers the run's set-up
 * (the bundle built when stale; whether named pipes and another user are available).
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { ensureBundle } from './bundle';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI = process.env.UMSG_CLI ? path.resolve(process.env.UMSG_CLI) : path.join(ROOT, 'dist', 'cli.js');

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
export async function umsg(args: string[], cwd: string, options: RunOptions = {}): Promise<Run> {
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
        if (error && typeof error.code !== 'number') {
          return reject(new Error(`umsg ${args.join(' ')} did not end: ${error.message}\n${stderr}`));
        }
        resolve({ code: error ? (error.code as unknown as number) : 0, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
    else child.stdin!.end();
  });
}

export interface EslintResult {
  filePath: string;
  messages: { ruleId: string; severity: number; message: string; line: number; column: number }[];
}

export async function umsgJson(args: string[], cwd: string, options: RunOptions = {}): Promise<Run & { results: EslintResult[] }> {
  const run = await umsg([...args, '--format', 'json'], cwd, options);
  try {
    return { ...run, results: JSON.parse(run.stdout) };
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}): ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
}

export function resultFor(results: EslintResult[], filePath: string): EslintResult {
  const r = results.find((x) => x.filePath === filePath);
  assert.ok(r, `no result for ${filePath}; got ${results.map((x) => x.filePath).join(', ')}`);
  return r;
}

/** No stack trace and no "internal error": what the user sees is one clear line per problem. */
export function assertNoCrash(run: Run): void {
  assert.doesNotMatch(run.stderr, /internal error|\n\s+at |TypeError|Error:/, run.stderr);
}

// ---------------------------------------------------------------------------------------------
// Temporary folders

const temps: string[] = [];

/** A fresh folder (readable by everyone, for the unprivileged runs) holding `files`. */
export function tempTree(files: Record<string, string>): string {
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

export function mkfifo(p: string): void {
  execFileSync('mkfifo', [p]);
}

export let hasMkfifo = true;
/** Why the permission tests cannot run here, or undefined when they can. */
export let permissionSkip: string | undefined;

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
    // One process when nobody can run the bundle; a second only to tell why not.
    if (spawnSync(process.execPath, [CLI, '--version'], { uid: NOBODY, gid: NOBODY }).status !== 0) {
      const probe = spawnSync(process.execPath, ['-e', '0'], { uid: NOBODY, gid: NOBODY });
      permissionSkip = probe.status !== 0
        ? `running as root and cannot run a process as uid ${NOBODY} (${probe.error?.message ?? probe.status})`
        : `uid ${NOBODY} cannot read ${CLI}`;
    }
  }
  if (permissionSkip) console.log(`# permission tests skipped: ${permissionSkip}`);
});

after(() => {
  if (temps.length === 0) return;
  // Give folders back their permissions so that they can be removed (one chmod for them all).
  try {
    execFileSync('chmod', ['-R', 'u+rwx', ...temps], { stdio: 'ignore' });
  } catch { /* removed below anyway, or left in the temporary folder */ }
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Fixtures

export const VALID = '{ "type": "rich", "title": "Lunch is served", "description": "Soup of the day." }\n';
export const NO_TITLE = '{ "type": "rich", "description": "Soup of the day." }\n';
// A title over Messenger's 80 characters only: a warning by default, an error under MESSENGER_ERROR.
export const LONG_TITLE =
  `{ "type": "rich", "title": "${'Weekend brunch is back: pancakes, farm eggs and coffee refills until half past twelve'}", ` +
  '"description": "Saturdays." }\n';
export const MESSENGER_ERROR = '{ "channels": { "messenger": "error" } }';
// Sample data drives the title: with { "user": { "name": … } } it renders; without, it cannot.
export const GREETING = '{ "type": "rich", "title": "Hello ${user.name}", "description": "Welcome back." }\n';

// ---------------------------------------------------------------------------------------------
