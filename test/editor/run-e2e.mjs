// The offline real-editor end-to-end run (npm run test:e2e):
//   1. provision chromium, Node 24 and code-server (cached in .vscode-test/);
//   2. type-check and bundle the mocha suite into out/editor-suite/;
//   3. make sure dist/umsg.vsix is current (npm run package);
//   4. run the suite in code-server's extension host, the extension loaded from
//      the repository (extensionDevelopmentPath), on a copy of test/editor/workspace/;
//   5. run the UI checks in chromium on the packaged .vsix.
// Results, screenshots and logs go to test-results/editor/. Exit code 1 when anything fails.
//
// Environment: UMSG_E2E_GREP (mocha grep), UMSG_E2E_SUITE_TIMEOUT (ms, default 300000),
// UMSG_E2E_UI_TIMEOUT (ms per UI wait, default 30000), UMSG_E2E_VSIX (use this .vsix),
// UMSG_E2E_EXTENSION_PATH (extensionDevelopmentPath, default the repository),
// UMSG_E2E_SKIP_SUITE / UMSG_E2E_SKIP_UI (=1), UMSG_E2E_KEEP_SCRATCH (=1).
import fs from 'node:fs';
import path from 'node:path';
import { provision } from './provision.mjs';
import { buildSuite, ensurePackage } from './lib/build.mjs';
import { keepLogs, makeProfile, startCodeServer } from './lib/code-server.mjs';
import { launchBrowser, newPage, screenshot } from './lib/browser.mjs';
import { log, repoRoot, resultsDir, runCleanups, seconds, tailOf, timed } from './lib/util.mjs';
import { runUiChecks } from './ui-checks.mjs';

const SUITE_TIMEOUT = Number(process.env.UMSG_E2E_SUITE_TIMEOUT ?? 300_000);
const SUITE_LINE_PREFIX = '[umsg-suite] ';

function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

/** Runs the mocha suite in code-server's extension host; resolves with its counts. */
async function runSuite(tools, suiteOutDir) {
  const extensionPath = path.resolve(process.env.UMSG_E2E_EXTENSION_PATH ?? repoRoot);
  const reportFile = path.join(resultsDir, 'suite-report.txt');
  fs.rmSync(reportFile, { force: true });
  const profile = makeProfile('suite');
  let server;
  let browserHandle;
  try {
    server = await timed('start code-server (suite, smoke-test driver on)', () =>
      startCodeServer(tools, profile, {
        logFile: path.join(resultsDir, 'code-server-suite.log'),
        // The extension host inherits these: the suite writes its report there.
        env: { UMSG_E2E_REPORT: reportFile, ...(process.env.UMSG_E2E_GREP ? { UMSG_E2E_GREP: process.env.UMSG_E2E_GREP } : {}) },
        vscodeOptions: ['enable-smoke-test-driver'],
      }),
    );
    browserHandle = await launchBrowser(tools.chromium);
    let echoed = 0;
    const page = await newPage(browserHandle.browser, {
      consoleLog: path.join(resultsDir, 'suite-console.log'),
      onConsoleText: (text) => {
        const at = text.indexOf(SUITE_LINE_PREFIX);
        if (at < 0) return;
        echoed++;
        process.stdout.write(`  ${text.slice(at + SUITE_LINE_PREFIX.length)}\n`);
      },
    });
    let reportExit;
    const exited = new Promise((resolve) => (reportExit = resolve));
    // The workbench calls this when the extension tests end (smoke-test driver).
    await page.exposeFunction('codeAutomationExit', (code) => reportExit(Number(code)));
    const remote = (p) => `vscode-remote://${server.hostPort}${p}`;
    const payload = [
      ['extensionDevelopmentPath', remote(extensionPath)],
      ['extensionTestsPath', remote(path.join(suiteOutDir, 'index.js'))],
    ];
    const url = `${server.url}/?folder=${encodeURIComponent(profile.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    log(`extension under test: ${extensionPath}`);
    await page.goto(url);
    let timer;
    const timedOut = new Promise((resolve) => (timer = setTimeout(resolve, SUITE_TIMEOUT, 'timeout')));
    const outcome = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    await screenshot(page, path.join(resultsDir, outcome === 'timeout' ? 'suite-end-TIMEOUT.png' : 'suite-end.png'));
    const report = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8') : '';
    if (echoed === 0 && report) process.stdout.write(report.replace(/^/gm, '  ') + '\n');
    if (outcome === 'timeout') {
      throw new Error(
        `timed out after ${seconds(SUITE_TIMEOUT)}\n  expected: the extension host to finish the suite and call codeAutomationExit\n` +
        `  seen:     ${report
          ? `report so far:\n${report.split('\n').slice(-15).join('\n')}`
          : 'no suite output at all (did the extension host load the tests?)'}\n` +
        `  code-server log tail:\n${tailOf(server.logFile, 10)}`,
      );
    }
    const counts = /suite: (\d+) passed, (\d+) failed/.exec(report);
    if (!counts) {
      throw new Error(
        `the extension host exited with code ${outcome} but the suite printed no result line\n` +
        `  expected: "suite: N passed, N failed" in ${reportFile}\n  seen:     ${report.trim() || 'an empty report'}\n` +
        `  (console of the page: ${path.join(resultsDir, 'suite-console.log')})`,
      );
    }
    return { exitCode: outcome, passed: Number(counts[1]), failed: Number(counts[2]) };
  } finally {
    await browserHandle?.close();
    await server?.stop();
    keepLogs(profile, path.join(resultsDir, 'suite-vscode-logs'));
  }
}

async function main() {
  fs.rmSync(resultsDir, { recursive: true, force: true });
  fs.mkdirSync(resultsDir, { recursive: true });
  const timings = [];
  const problems = [];
  let passed = 0;
  let failed = 0;
  const step = async (name, fn) => {
    const started = Date.now();
    try {
      return await timed(name, fn);
    } finally {
      timings.push([name, Date.now() - started]);
    }
  };

  const tools = await step('provisioning', provision);
  const suiteOutDir = await step('build the editor suite', buildSuite);
  let vsix;
  try {
    vsix = await step('packaged extension', ensurePackage);
  } catch (error) {
    problems.push(`packaging: ${errorMessage(error)}`);
    log(`packaging FAILED: ${errorMessage(error)}`);
  }

  if (process.env.UMSG_E2E_SKIP_SUITE) {
    log('suite run skipped (UMSG_E2E_SKIP_SUITE)');
  } else {
    try {
      const suite = await step('suite run', () => runSuite(tools, suiteOutDir));
      passed += suite.passed;
      failed += suite.failed;
      if (suite.exitCode !== 0 && suite.failed === 0) problems.push(`suite: the extension host exited with ${suite.exitCode}`);
    } catch (error) {
      failed++;
      problems.push(`suite run: ${errorMessage(error)}`);
      log(`suite run FAILED: ${errorMessage(error)}`);
    }
  }

  if (process.env.UMSG_E2E_SKIP_UI) {
    log('UI run skipped (UMSG_E2E_SKIP_UI)');
  } else if (!vsix) {
    failed++;
    problems.push('UI run: not started, there is no packaged extension');
  } else {
    const ui = await step('UI run', () => runUiChecks(tools, vsix));
    passed += ui.passed;
    failed += ui.failed;
    for (const failure of ui.failures) problems.push(`UI: ${failure.name}: ${failure.error.split('\n')[0]}`);
  }

  log('timings:');
  for (const [name, ms] of timings) log(`  ${name.padEnd(24)} ${seconds(ms)}`);
  if (problems.length) {
    log('problems:');
    for (const problem of problems) log(`  - ${problem.split('\n')[0]}`);
  }
  log(`results, screenshots and logs: ${path.relative(process.cwd(), resultsDir) || resultsDir}`);
  process.stdout.write(`e2e: ${passed} passed, ${failed} failed\n`);
  return failed > 0 || problems.length > 0 ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  // Provisioning or the build failed before any test could run.
  process.stderr.write(`[editor-e2e] FAILED: ${errorMessage(error)}\n`);
  process.stdout.write('e2e: 0 passed, 1 failed\n');
  exitCode = 1;
} finally {
  await runCleanups();
}
process.exit(exitCode);
