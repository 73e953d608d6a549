/**
 * `umsg check` on worker threads and the report written file by file: the same bytes, standard
 * error and exit code as a sequential run in every format, a failing worker is exit 2, `--jobs`
 * parsing, and a closed output stops the check. Split from test/cli/files.test.ts so that the
 * two run side by side.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { FILES_PER_WORKER, jobsFor, MAX_AUTO_JOBS } from '../../server/src/cli/checkThreads';
import { CLI, umsg, type EslintResult, assertNoCrash, tempTree, mkfifo, hasMkfifo, VALID, NO_TITLE, LONG_TITLE, GREETING } from '../support/cliRun';

/** The part of a SARIF log these tests read. */
interface SarifLog {
  runs: { invocations: { executionSuccessful: boolean; toolExecutionNotifications?: { message: { text: string } }[] }[] }[];
}

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

describe('reading concurrently keeps the report as a sequential run gives it', () => {
  it('same findings in the same order, with nested folders, configs and samples', async () => {
    const dir = mixedProject(false);
    const run = async (readConcurrency: number) => {
      let out = '';
      const code = await runCli(
        ['check', '--format', 'json'],
        { cwd: dir, stdout: (s) => { out += s; }, stderr: () => undefined, readConcurrency },
      );
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

describe('checking on worker threads', () => {
  it('gives byte for byte the sequential report, standard error and exit code, in every format', async () => {
    const dir = mixedProject(true);
    for (const options of [
      ['--format', 'stylish'],
      ['--format', 'json'],
      ['--format', 'sarif'],
      ['--format', 'github'],
      ['--format', 'json', '--quiet'],
    ]) {
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
    const run = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${CLI}" check --jobs 2 | head -1`],
      { cwd: dir, timeout: 20_000, encoding: 'utf8' },
    );
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
  async function withWorker(worker: string, format = 'json') {
    const files: Record<string, string> = { 'worker.js': worker };
    for (let i = 0; i < 40; i++) files[`m${i}.umsg`] = VALID;
    const dir = tempTree(files);
    let stdout = '';
    let stderr = '';
    const code = await runCli(['check', '--jobs', '2', '--format', format], {
      cwd: dir,
      stdout: (s) => { stdout += s; },
      stderr: (s) => { stderr += s; },
      workerScript: path.join(dir, 'worker.js'),
    });
    return { code, stdout, stderr, dir };
  }

  /** The line a failed run ends with: the failure, then how many files were not checked and where the report stops. */
  const NOT_CHECKED = / (\d+) of 40 files (?:was|were) not checked: the report ends before "(m\d+\.umsg)"\.\n$/;

  /** Answers its first batch (every file clean), then throws on the next. */
  const HALFWAY = `
    const { parentPort } = require('node:worker_threads');
    let batches = 0;
    parentPort.on('message', (m) => {
      if (++batches > 1) throw new Error('out of luck');
      parentPort.postMessage({ batch: m.batch, outcomes: m.files.map((f) => ` +
    `({ kind: 'checked', report: { filePath: f, findings: [] }, ruleFailures: [] })) });
    });`;

  it('a worker that throws is one line and exit 2, not a hang or a pass', async () => {
    const run = await withWorker("throw new Error('the worker broke');");
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^umsg: a checking thread failed: the worker broke\./);
    assert.match(run.stderr, NOT_CHECKED);
    assert.equal(run.stderr.split('\n').length, 2, 'one line');
  });

  it('a worker that exits without answering, or fails half way, is exit 2 too', async () => {
    const exits = await withWorker('process.exit(0);');
    assert.equal(exits.code, 2);
    assert.match(exits.stderr, /^umsg: a checking thread stopped \(exit code 0\) before its files were checked\./);
    assert.match(exits.stderr, NOT_CHECKED);
    const halfway = await withWorker(HALFWAY);
    assert.equal(halfway.code, 2);
    assert.match(halfway.stderr, /a checking thread failed: out of luck\./);
    // A worker that answers for the wrong files is caught, not trusted.
    const wrong = await withWorker(`
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (m) => parentPort.postMessage({ batch: m.batch, outcomes: [] }));`);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /an answer that does not fit its files/);
    for (const run of [exits, halfway, wrong]) assert.doesNotThrow(() => JSON.parse(run.stdout), run.stderr);
  });

  it('a worker that fails mid-run leaves a json report that parses, with the files checked before it, and says what was not', async () => {
    const run = await withWorker(HALFWAY);
    assert.equal(run.code, 2);
    const reported = (JSON.parse(run.stdout) as EslintResult[]).map((r) => path.relative(run.dir, r.filePath));
    assert.match(run.stderr, /^umsg: a checking thread failed: out of luck\./);
    const [, left, next] = NOT_CHECKED.exec(run.stderr) ?? assert.fail(`stderr says what was not checked: ${run.stderr}`);
    // The report is the files in the order a complete run lists them, up to the first one not checked.
    const all = (JSON.parse((await umsg(['check', '--format', 'json', '--jobs', '1'], run.dir)).stdout) as EslintResult[])
      .map((r) => path.relative(run.dir, r.filePath));
    assert.equal(all.length, 40);
    assert.deepEqual(reported, all.slice(0, all.indexOf(next)));
    assert.equal(Number(left), 40 - reported.length);
    assert.ok(Number(left) >= 4, 'the batch the worker failed on at least');
  });

  it('a worker that fails mid-run leaves a sarif log that parses and says the run was incomplete', async () => {
    const run = await withWorker(HALFWAY, 'sarif');
    assert.equal(run.code, 2);
    const invocation = (JSON.parse(run.stdout) as SarifLog).runs[0].invocations[0];
    assert.match(run.stderr, /^umsg: a checking thread failed: out of luck\./);
    const [, left, next] = NOT_CHECKED.exec(run.stderr) ?? assert.fail(`stderr says what was not checked: ${run.stderr}`);
    assert.equal(invocation.executionSuccessful, false);
    assert.deepEqual(
      invocation.toolExecutionNotifications?.map((n) => n.message.text),
      [`A checking thread failed: out of luck. ${left} of 40 files were not checked: the report ends before "${next}".`],
    );
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
    assert.equal(
      await runCli(['check', '-j', '4', '--format', 'json'], { cwd: dir, stdout: (s) => { stdout += s; }, stderr: () => undefined }),
      0,
    );
    assert.equal((JSON.parse(stdout) as EslintResult[]).length, 1, 'never more threads than files: one file is checked here');
  });

  it('a handful of files never starts a worker, nor do busy cores; one idle core is left to V8; --jobs decides when given', () => {
    const idle = 0;
    assert.equal(jobsFor(10, undefined, idle, 8), 1);
    assert.equal(jobsFor(FILES_PER_WORKER * 2 - 1, undefined, idle, 8), 1);
    assert.equal(jobsFor(FILES_PER_WORKER * 2, undefined, idle, 8), 2);
    assert.equal(jobsFor(100_000, undefined, idle, 4), 3, 'four idle cores: three checkers, one core for V8');
    assert.equal(jobsFor(100_000, undefined, idle, 2), 1, 'two idle cores: a second checker does not pay');
    assert.equal(jobsFor(100_000, undefined, idle, 64), MAX_AUTO_JOBS);
    assert.equal(jobsFor(100_000, undefined, 5, 8), 2, 'three idle cores of eight');
    assert.equal(jobsFor(100_000, undefined, 8, 8), 1, 'every core busy already');
    assert.equal(jobsFor(100_000, undefined, 13, 8), 1);
    assert.equal(jobsFor(100_000, undefined, idle, 1), 1);
    assert.equal(jobsFor(10, 4, idle), 4);
    assert.equal(jobsFor(3, 4, idle), 3);
    assert.equal(jobsFor(100_000, 1, idle), 1);
    assert.equal(jobsFor(100_000, 3, availableParallelism() + 5), 3, '--jobs is taken as given, whatever the load');
  });
});
