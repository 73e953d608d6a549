// Mocha runner loaded by the extension host (extensionTestsPath). The host
// calls run() and reports its outcome: resolve = exit code 0, reject = 1.
// Every line of the report also goes to the file named by UMSG_E2E_REPORT
// (when set), because the launcher cannot always read the host's console.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

const reportFile = process.env.UMSG_E2E_REPORT;

function emit(line: string): void {
  console.log(`[umsg-suite] ${line}`);
  if (reportFile) fs.appendFileSync(reportFile, line + '\n');
}

/** The error's message and the frames that point into the suite (the host's own frames are noise). */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line) && line.includes('editor-suite'))
    .slice(0, 3)
    .map((line) => line.trim());
  return [error.message, ...frames].join('\n');
}

/** A plain reporter: one line per test, failures in full, a closing count line. */
class LineReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const { EVENT_SUITE_BEGIN, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.title) emit(`${'  '.repeat(Math.max(0, suite.titlePath().length - 1))}${suite.title}`);
    });
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => {
      passed++;
      emit(`${'  '.repeat(test.titlePath().length - 1)}ok   ${test.title} (${test.duration ?? 0} ms)`);
    });
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, error: unknown) => {
      failed++;
      const indent = '  '.repeat(Math.max(0, test.titlePath().length - 1));
      // The reason goes out at once, so that a later hang cannot hide it.
      emit(`${indent}FAIL ${test.title} (${test.duration ?? 0} ms)\n${errorText(error).replace(/^/gm, `${indent}     `)}`);
      failures.push(test.fullTitle());
    });
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => {
      skipped++;
      emit(`${'  '.repeat(test.titlePath().length - 1)}skip ${test.title}`);
    });
    runner.once(EVENT_RUN_END, () => {
      emit('');
      if (failures.length) emit(`failed:\n${failures.map((title) => `  - ${title}`).join('\n')}`);
      emit(`suite: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    });
  }
}

export async function run(): Promise<void> {
  if (reportFile) fs.writeFileSync(reportFile, '');
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: LineReporter });
  const grep = process.env.UMSG_E2E_GREP;
  if (grep) mocha.grep(grep);
  const testFiles = fs.readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort();
  if (testFiles.length === 0) throw new Error(`no *.test.js files beside ${__filename}`);
  for (const name of testFiles) mocha.addFile(path.join(__dirname, name));
  await new Promise<void>((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} editor test(s) failed`)) : resolve()));
    } catch (error) {
      emit(`the suite could not start: ${errorText(error)}`);
      reject(error);
    }
  });
}
