// Small helpers shared by the editor end-to-end scripts: paths, timed steps,
// child processes that are always cleaned up, free ports and polled waits.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';

export const editorDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(editorDir, '..', '..');
export const cacheDir = process.env.UMSG_E2E_CACHE
  ? path.resolve(process.env.UMSG_E2E_CACHE)
  : path.join(repoRoot, '.vscode-test');
export const resultsDir = path.join(repoRoot, 'test-results', 'editor');
export const workspaceDir = path.join(editorDir, 'workspace');

export function log(message) {
  process.stdout.write(`[editor-e2e] ${message}\n`);
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Runs `fn`, printing the step's name before and its duration after. */
export async function timed(name, fn) {
  const started = Date.now();
  log(`${name} ...`);
  try {
    const result = await fn();
    log(`${name}: done in ${seconds(Date.now() - started)}`);
    return result;
  } catch (error) {
    log(`${name}: FAILED after ${seconds(Date.now() - started)}`);
    throw error;
  }
}

// Everything started here registers its cleanup; it runs on normal exit paths
// (finally blocks call runCleanups) and on SIGINT/SIGTERM.
const cleanups = [];
let signalHandlersInstalled = false;

export function onCleanup(fn) {
  cleanups.push(fn);
  installSignalHandlers();
  return () => {
    const index = cleanups.indexOf(fn);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

export async function runCleanups() {
  while (cleanups.length > 0) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function installSignalHandlers() {
  if (signalHandlersInstalled) return;
  signalHandlersInstalled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.on(signal, () => {
      log(`received ${signal}: stopping everything that was started`);
      runCleanups().finally(() => process.exit(code));
    });
  }
}

/**
 * Runs a command to completion. Output goes to `logFile` when given (and its
 * tail is printed on failure), otherwise it is inherited.
 */
export function run(command, args, { cwd = repoRoot, env = process.env, logFile, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    let out;
    if (logFile) {
      fs.mkdirSync(path.dirname(logFile), { recursive: true });
      out = fs.openSync(logFile, 'w');
    }
    const stdio = logFile ? ['ignore', out, out] : quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
    const child = spawn(command, args, { cwd, env, stdio, detached: true });
    let captured = '';
    if (quiet && !logFile) {
      child.stdout.on('data', (d) => (captured += d));
      child.stderr.on('data', (d) => (captured += d));
    }
    const removeCleanup = onCleanup(() => killGroup(child));
    child.on('error', (error) => {
      removeCleanup();
      if (out !== undefined) fs.closeSync(out);
      reject(new Error(`could not start ${command}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      removeCleanup();
      if (out !== undefined) fs.closeSync(out);
      if (code === 0) {
        resolve(captured);
        return;
      }
      const tail = logFile ? tailOf(logFile, 40) : captured.split('\n').slice(-40).join('\n');
      reject(new Error(
        `${command} ${args.join(' ')} exited with ${signal ?? code}` +
        (logFile ? ` (full log: ${logFile})` : '') + `\n--- last lines ---\n${tail}`,
      ));
    });
  });
}

export function tailOf(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Sends SIGTERM to a child's process group, then SIGKILL if it lingers. */
export async function killGroup(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  };
  signalGroup('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs, 'timeout'));
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signalGroup('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
}

/** Asks the kernel for a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `probe` until it returns a value that is not undefined/false, or the
 * timeout passes. On timeout the error states what was expected and the last
 * thing `probe` saw (`describeSeen` turns the last probe result into text).
 */
export async function waitFor(expected, probe, { timeout = 30000, interval = 200, describeSeen } = {}) {
  const deadline = Date.now() + timeout;
  let lastSeen;
  let lastError;
  for (;;) {
    try {
      const result = await probe();
      lastError = undefined;
      if (result !== undefined && result !== false && result !== null) return result;
      lastSeen = result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      let seen;
      if (lastError) seen = `error: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
      else if (describeSeen) seen = await describeSeen(lastSeen);
      else seen = String(lastSeen);
      throw new Error(`timed out after ${seconds(timeout)}\n  expected: ${expected}\n  seen:     ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

export function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
