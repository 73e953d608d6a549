// Builds what the editor tests run: the mocha suite (bundled with esbuild) and
// the packaged extension (npm run package), rebuilt only when stale.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { editorDir, isFile, log, repoRoot, resultsDir, run } from './util.mjs';

export const suiteOutDir = path.join(repoRoot, 'out', 'editor-suite');

/** Type-checks and bundles test/editor/suite/*.ts into out/editor-suite/ (one CommonJS file per entry). */
export async function buildSuite() {
  const suiteDir = path.join(editorDir, 'suite');
  const entryPoints = fs
    .readdirSync(suiteDir)
    .filter((name) => name === 'index.ts' || name.endsWith('.test.ts'))
    .map((name) => path.join(suiteDir, name));
  await run(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(editorDir, 'tsconfig.json')],
    { quiet: true },
  );
  fs.rmSync(suiteOutDir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: suiteOutDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // vscode is the host's API; mocha is resolved from the repository's node_modules at run time.
    external: ['vscode', 'mocha'],
    // ES module builds first: jsonc-parser's UMD build requires its parts dynamically.
    mainFields: ['module', 'main'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return suiteOutDir;
}

// Top-level entries of the repository that are not part of the packaged extension.
const NOT_PACKAGED = new Set(['node_modules', 'dist', 'out', '.git', '.vscode-test', 'test-results', 'test', '.ci', 'coverage']);

function newestSourceTime(dir, depth = 0) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (depth === 0 && NOT_PACKAGED.has(entry.name)) continue;
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(full, depth + 1));
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The packaged extension: UMSG_E2E_VSIX when set, otherwise dist/umsg.vsix,
 * (re)built with `npm run package` when missing or older than the sources.
 */
export async function ensurePackage() {
  if (process.env.UMSG_E2E_VSIX) {
    const vsix = path.resolve(process.env.UMSG_E2E_VSIX);
    if (!isFile(vsix)) throw new Error(`UMSG_E2E_VSIX=${vsix}: no such file`);
    log(`packaged extension: ${vsix} (from UMSG_E2E_VSIX)`);
    return vsix;
  }
  const vsix = path.join(repoRoot, 'dist', 'umsg.vsix');
  const sourcesTime = newestSourceTime(repoRoot);
  if (isFile(vsix) && fs.statSync(vsix).mtimeMs >= sourcesTime) {
    log(`packaged extension: ${path.relative(repoRoot, vsix)} is up to date`);
    return vsix;
  }
  log(`packaged extension: ${isFile(vsix) ? 'older than the sources' : 'missing'}; running npm run package`);
  const logFile = path.join(resultsDir, 'package.log');
  try {
    await run('npm', ['run', 'package'], { cwd: repoRoot, logFile });
  } catch (error) {
    throw new Error(
      `expected \`npm run package\` to produce dist/umsg.vsix; it failed.\n${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isFile(vsix)) {
    throw new Error(`expected \`npm run package\` to produce ${vsix}; it succeeded but the file is not there (log: ${logFile})`);
  }
  return vsix;
}
