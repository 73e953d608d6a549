/**
 * The shipped bundles (dist/cli.js, dist/server.js), for the few tests that run them as child
 * processes. `ensureBundle()` rebuilds them when a source is newer than the bundle, so that a
 * single test file run on its own never tests yesterday's build.
 *
 * Test files run two at a time (`--test-concurrency`), so two of them may find the bundle stale
 * at once: a lock folder (mkdir is atomic) lets one build while the other waits, then re-checks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI_BUNDLE = path.join(ROOT, 'dist', 'cli.js');
export const SERVER_BUNDLE = path.join(ROOT, 'dist', 'server.js');

const LOCK = path.join(ROOT, 'dist', '.test-build.lock');
/** A lock older than this was left by a killed run: take it over. */
const STALE_LOCK_MS = 120_000;

function newestMtime(p: string): number {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const e of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

function isFresh(): boolean {
  const sources = Math.max(newestMtime(path.join(ROOT, 'server', 'src')), newestMtime(path.join(ROOT, 'esbuild.mjs')));
  return [CLI_BUNDLE, SERVER_BUNDLE].every((b) => existsSync(b) && statSync(b).mtimeMs >= sources);
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds dist/ with esbuild.mjs unless the bundles are newer than every source. */
export function ensureBundle(): void {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    if (isFresh()) return;
    try {
      mkdirSync(LOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age = 0;
      try { age = Date.now() - statSync(LOCK).mtimeMs; } catch { /* released meanwhile */ }
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else pause(100);
      continue;
    }
    try {
      if (!isFresh()) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'pipe' });
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
