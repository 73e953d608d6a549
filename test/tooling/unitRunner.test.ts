/**
 * `npm run test:unit` (test/run-unit.mjs) bundles each test file before node:test runs it. What
 * the suite relies on: a failing assertion fails the run with a stack trace that names the .ts
 * line; a file that throws while loading, or that does not build, fails the run; a source's
 * `__dirname` is its own folder; a script's "run when main" guard stays off inside a bundle.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../support/tempTree';

const ROOT = path.resolve(__dirname, '..', '..');

/** Runs the runner on `files` of a temporary folder, building into that folder. */
function runUnit(
  files: Record<string, string>,
  names: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; out: string; built: string[] }> {
  const dir = tempTree(files, 'umsg-run-unit-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    UNIT_FILES: names.map((n) => path.join(dir, n)).join(' '),
    UNIT_BUILD_DIR: path.join(dir, 'build'),
    ...extraEnv,
  };
  // node:test marks its child processes; a run started inside one would skip its files.
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, 'test', 'run-unit.mjs')], { cwd: ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
        out: stdout + stderr,
        built: existsSync(path.join(dir, 'build')) ? readdirSync(path.join(dir, 'build')).sort() : [],
      });
    });
  });
}

// The runner writes each source's folder in for the word __dirname wherever it stands in a
// source, strings included: spelt whole here, it would become this file's folder.
const DIRNAME = ['__', 'dirname'].join('');

const FILES = {
  'lib/helper.ts': [
    'import assert from \'node:assert/strict\';',
    `export const here = ${DIRNAME};`,
    'export function check(n: number): void {',
    '  assert.equal(n, 2);',
    '}',
  ].join('\n'),
  'script.ts': 'if (require.main === module) process.exit(3);\nexport const loaded = true;\n',
  'passes.test.ts': [
    'import assert from \'node:assert/strict\';',
    'import { it } from \'node:test\';',
    'import { here } from \'./lib/helper\';',
    'import { loaded } from \'./script\';',
    `it('sees its own folder and imports a script without running it', () => { ` +
      `assert.equal(here, require('node:path').join(${DIRNAME}, 'lib')); assert.ok(loaded); });`,
  ].join('\n'),
  'fails.test.ts': 'import { it } from \'node:test\';\nimport { check } from \'./lib/helper\';\n' +
    'it(\'fails in the helper\', () => check(1));\n',
  'throws.test.ts': 'import { it } from \'node:test\';\nit(\'never runs\', () => undefined);\n' +
    'throw new Error(\'thrown while loading\');\n',
  'broken.test.ts': 'const = ;\n',
};

describe('npm run test:unit (test/run-unit.mjs)', () => {
  it('passes a passing file, and fails the run on a failing assertion (traced to the .ts line) ' +
    'and on a file that throws while loading', async () => {
    const ok = await runUnit(FILES, ['passes.test.ts']);
    assert.equal(ok.code, 0, ok.out);
    assert.match(ok.out, /ℹ pass 1\n/);

    const failing = await runUnit(FILES, ['passes.test.ts', 'fails.test.ts']);
    assert.equal(failing.code, 1, failing.out);
    assert.match(failing.out, /lib[\\/]helper\.ts:4:10/, 'the stack names the TypeScript line of the assertion');
    const throwing = await runUnit(FILES, ['passes.test.ts', 'throws.test.ts']);
    assert.equal(throwing.code, 1, throwing.out);
    assert.match(throwing.out, /thrown while loading/);
    assert.match(throwing.out, /throws\.test\.ts:3/);
  });

  it('fails the run, before any test, when a file does not build', async () => {
    const run = await runUnit(FILES, ['passes.test.ts', 'broken.test.ts']);
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /broken\.test\.ts:1/);
    assert.match(run.out, /the test files did not build; no test ran/);
    assert.doesNotMatch(run.out, /ℹ pass/);
  });

  it('runs in-process files together in a shared process, and a file that starts processes in its own, the heavier first', async () => {
    const files = {
      'a.test.ts': 'import { it } from \'node:test\';\nit(\'a\', () => undefined);\n',
      'b.test.ts': 'import { it } from \'node:test\';\nit(\'b\', () => undefined);\n',
      'spawns.test.ts': 'import { execFileSync } from \'node:child_process\';\nimport { it } from \'node:test\';\n' +
        'it(\'spawns\', () => { execFileSync(process.execPath, [\'-e\', \'0\']); });\n',
    };
    const run = await runUnit(files, ['a.test.ts', 'b.test.ts', 'spawns.test.ts'], { UNIT_GROUPS: '1' });
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /ℹ pass 3\n/);
    // node:test starts them in the order of their names: the group of two files before the one file.
    assert.deepEqual(run.built, ['1-group-1-of-2-files.test.js', '2-spawns.test.js']);
  });
});
