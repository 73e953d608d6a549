// The same editor suite in a downloaded VS Code desktop (Electron), through
// @vscode/test-electron (npm run test:electron). It needs a machine that can
// download VS Code (and a display: run it under `xvfb-run -a` on a headless Linux).
// Offline machines use npm run test:e2e (code-server from the npm registry).
//
// Environment: UMSG_E2E_VSCODE_VERSION (default "stable"), UMSG_E2E_GREP,
// UMSG_E2E_EXTENSION_PATH (extensionDevelopmentPath, default the repository).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { buildSuite } from './lib/build.mjs';
import { cacheDir, log, repoRoot, resultsDir, runCleanups, timed, workspaceDir } from './lib/util.mjs';

const OFFLINE_HINT =
  'This launcher (npm run test:electron) needs a machine that can download VS Code from the VS Code update service.\n' +
  'On a machine that reaches only the package registries, run the same suite with `npm run test:e2e`: it is the offline route ' +
  '(code-server and Node 24 from the npm registry, chromium from Debian).';

function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

async function main() {
  fs.mkdirSync(resultsDir, { recursive: true });
  const suiteOutDir = await timed('build the editor suite', buildSuite);
  const version = process.env.UMSG_E2E_VSCODE_VERSION ?? 'stable';
  let vscodeExecutablePath;
  try {
    vscodeExecutablePath = await timed(`download VS Code ${version}`, () =>
      downloadAndUnzipVSCode({ version, cachePath: path.join(cacheDir, 'electron'), timeout: 30_000 }),
    );
  } catch (error) {
    throw new Error(`could not download VS Code ${version}: ${errorMessage(error)}\n\n${OFFLINE_HINT}`);
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'umsg-e2e-electron-'));
  const cleanScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  const workspace = path.join(scratch, 'workspace');
  fs.cpSync(workspaceDir, workspace, { recursive: true }); // tests never write into the repository
  const reportFile = path.join(resultsDir, 'electron-suite-report.txt');
  try {
    // runTests rejects when the tests fail; its error carries the exit code.
    const exitCode = await timed('suite run (VS Code desktop)', () =>
      runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: path.resolve(process.env.UMSG_E2E_EXTENSION_PATH ?? repoRoot),
        extensionTestsPath: path.join(suiteOutDir, 'index.js'),
        extensionTestsEnv: {
          UMSG_E2E_REPORT: reportFile,
          ...(process.env.UMSG_E2E_GREP ? { UMSG_E2E_GREP: process.env.UMSG_E2E_GREP } : {}),
        },
        launchArgs: [
          workspace,
          '--disable-extensions', // every other extension; the one under development still loads
          '--disable-workspace-trust',
          '--skip-welcome',
          '--skip-release-notes',
          `--user-data-dir=${path.join(scratch, 'user-data')}`,
          `--extensions-dir=${path.join(scratch, 'extensions')}`,
        ],
      }).catch((error) => {
        if (typeof error?.code === 'number') return error.code;
        throw error;
      }),
    );
    return exitCode;
  } finally {
    cleanScratch();
  }
}

let exitCode = 1;
try {
  exitCode = await main();
  log(exitCode === 0 ? 'editor suite passed in VS Code desktop' : `editor suite failed in VS Code desktop (exit code ${exitCode})`);
} catch (error) {
  process.stderr.write(`[editor-e2e] FAILED: ${errorMessage(error)}\n`);
  exitCode = 1;
} finally {
  await runCleanups();
}
process.exit(exitCode);
