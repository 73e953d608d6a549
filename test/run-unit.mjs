// `npm run test:unit`: every *.test.ts under test/, run by node:test, two files at a time.
//
// Why not `node --require tsx/cjs --test test/**/*.test.ts`: each test file runs in its own
// process, and tsx then loads esbuild and transforms every TypeScript module of that file (the
// whole core, again in every test process). That start-up cost was a large part of the unit
// run's CPU. Here esbuild bundles each test file once, in one call, into `.test-build/`
// (git-ignored), and node:test runs the bundles. What stays as under tsx, and not:
//
// - dependencies stay external (`packages: 'external'`), so they load from node_modules
//   exactly as under tsx, and `require('x')` in a test still means the installed package;
// - `__dirname` and `__filename` in a repository source mean that source's own folder and
//   file (a plugin writes them in as strings), so fixtures, dist/ and spawned scripts are
//   found where they were (the words are replaced wherever they stand, strings included);
// - a script's `if (require.main === module) main()` stays off when a test imports it;
// - there is no tsx in the test processes: a worker thread started from a .ts file does not
//   load, so tests give workers a bundle (runCli's workerScript: dist/cli.js, kept fresh by
//   test/support/bundle.ts);
// - stack traces point at the .ts source (inline source maps, read by the run's reporter when a
//   trace is printed: test/unit-reporter.mjs);
// - a file that does not build fails the run before any test runs (esbuild names it), and a
//   file that throws while loading fails the run as it did under tsx.
//
// The tests' temporary folders are on a RAM file system when the machine has one (see ramTmpdir).
//
// Extra arguments are passed to node:test (before the files), e.g.
// `npm run test:unit -- --test-name-pattern=render`. `UNIT_FILES="test/a.test.ts test/b.test.ts"`
// runs only those files.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// UNIT_BUILD_DIR: another folder for the bundles (test/tooling/unitRunner.test.ts runs this runner inside a run).
const OUT = process.env.UNIT_BUILD_DIR ? path.resolve(process.env.UNIT_BUILD_DIR) : path.join(ROOT, '.test-build');

const NOT_UNIT = new Set(['editor', 'browser', 'grammar', 'neovim', 'fixtures', 'support']);
const files = process.env.UNIT_FILES
  ? process.env.UNIT_FILES.split(/\s+/).filter(Boolean).map((f) => path.resolve(ROOT, f))
  : unitTestFiles(path.join(ROOT, 'test'));
/**
 * Every *.test.ts under test/, in its area's folder (test/syntax/, test/lsp/, ...), sorted by
 * path. The folders of other suites are left out: the editor suite, the web suite, the grammar
 * and Neovim tests have runners of their own; fixtures and support hold no tests.
 */
function unitTestFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_UNIT.has(path.relative(path.join(ROOT, 'test'), full))) out.push(...unitTestFiles(full));
    } else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out.sort();
}

if (files.length === 0) {
  console.error('run-unit: no test files found');
  process.exit(1);
}

/**
 * Writes each repository source's own `__dirname` and `__filename` into it (bundling would
 * otherwise give every module the bundle's folder).
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('__dirname') && !text.includes('__filename')) return { contents: text, loader: 'ts' };
      const contents = text
        .replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/\b__filename\b/g, JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Test files that only call code in-process share a process, a few files to one (GROUPS), so
 * that each pays Node's start and the bundle's load once instead of once per file (a large part
 * of the run's CPU). A file that starts processes or worker threads, or builds the bundle,
 * keeps a process of its own: those are the slow ones, they may change what a process holds
 * (signals, a dist/ rebuild), and they run side by side with the groups. In-process protocol
 * tests (test/support/lspHarness) share: each makes its own server and connection. A group's
 * tests report under the group's name; their stack traces still name the .ts file and line.
 * `UNIT_GROUPS=0` gives every file its own process, as before.
 */
const GROUPS = Number(process.env.UNIT_GROUPS ?? 3);
const OWN_PROCESS = /node:child_process|worker_threads|ensureBundle/;
const alone = [];
const grouped = [];
for (const f of files) (GROUPS > 0 && !OWN_PROCESS.test(readFileSync(f, 'utf8')) ? grouped : alone).push(f);

/**
 * The seconds the slowest files take (their tests' time in `npm run test:unit` on an idle
 * 2-core machine, rounded); any other file counts as DEFAULT_SECONDS. They decide only the
 * order and the grouping, never what runs: the heaviest start first, so that the two workers
 * end together instead of one running a long file alone at the end, and the groups are about
 * as heavy as one another. Update them when a file becomes one of the slowest or stops being
 * one (the per-file times: `--test-reporter` with a reporter that sums each file's tests).
 */
const SECONDS = {
  'cli/threads.test.ts': 8, 'cli/reports.test.ts': 7.5, 'cli/cache.test.ts': 6.5, 'lsp/hygiene.test.ts': 6,
  'service/incremental.test.ts': 6, 'cli/files.test.ts': 5.5, 'tooling/unitRunner.test.ts': 5,
  'syntax/incremental.test.ts': 4.5, 'robustness/noCrashNoHang.test.ts': 4, 'features/fixesKeepSyntax.test.ts': 3.5,
  'node/editorCheckThread.test.ts': 3.5, 'robustness/linearTime.test.ts': 3.5, 'service/parseInSlices.test.ts': 3,
  'check/garbage.test.ts': 2.5, 'tooling/vsixContents.test.ts': 2, 'channels/nativeOracle.test.ts': 2,
  'architecture/layers.test.ts': 2, 'check/findingCap.test.ts': 2, 'syntax/parseInSteps.test.ts': 2,
  'features/completionContext.test.ts': 1.5, 'channels/renderAcceptedOrExplained.test.ts': 1.5,
  'features/newFiles.test.ts': 1.5, 'cli/commands.test.ts': 1.5, 'service/libraryExample.test.ts': 1.5,
  'tooling/benchCorpora.test.ts': 1, 'cli/providerProject.test.ts': 1, 'syntax/templateScanner.test.ts': 1,
  'rules/fixtures.test.ts': 1, 'render/render.test.ts': 1, 'render/renderedValues.test.ts': 1,
};
const DEFAULT_SECONDS = 0.3;
const underTest = (f) => path.relative(path.join(ROOT, 'test'), f).split(path.sep).join('/');
const secondsOf = (f) => SECONDS[underTest(f)] ?? DEFAULT_SECONDS;
if (!process.env.UNIT_FILES) {
  const stale = Object.keys(SECONDS).filter((name) => !files.some((f) => underTest(f) === name));
  if (stale.length > 0) {
    console.error(`run-unit: SECONDS names ${stale.join(', ')}, not a unit test file (renamed or removed?)`);
    process.exit(1);
  }
}
const groups = Array.from({ length: Math.min(GROUPS, grouped.length) }, () => ({ files: [], seconds: 0 }));
// The heaviest file first, each to the lightest group so far; a group imports its files in path order.
for (const f of [...grouped].sort((a, b) => secondsOf(b) - secondsOf(a))) {
  const lightest = groups.reduce((min, g) => (g.seconds < min.seconds ? g : min));
  lightest.files.push(f);
  lightest.seconds += secondsOf(f);
}
for (const g of groups) g.files.sort();
const GROUP_PREFIX = 'umsg-test-group:';

/** A group's entry: a module that imports its files in order (node:test then runs all their tests). */
const groupEntries = {
  name: 'group-entries',
  setup(build) {
    build.onResolve({ filter: /^umsg-test-group:/ }, (args) => ({ path: args.path, namespace: 'group' }));
    build.onLoad({ filter: /.*/, namespace: 'group' }, (args) => ({
      contents: groups[Number(args.path.slice(GROUP_PREFIX.length))].files.map((f) => `import ${JSON.stringify(f)};`).join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
};

/** A file's bundle is named by its path under test/ (lsp/preview.test): two areas may hold files of the same name. */
function bundleName(file) {
  const underTest = path.relative(path.join(ROOT, 'test'), file);
  return underTest.startsWith('..') ? path.basename(file, '.ts') : underTest.replace(/\.ts$/, '');
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
// node:test starts the files in the order of their paths: each bundle's name starts with its
// rank, the heaviest first (01-lsp.hygiene.test.js, 02-group-1-of-25-files.test.js, ...).
const units = [
  ...alone.map((f) => ({ name: bundleName(f), entry: f, seconds: secondsOf(f) })),
  ...groups.map((g, i) => ({ name: `group-${i + 1}-of-${g.files.length}-files.test`, entry: `${GROUP_PREFIX}${i}`, seconds: g.seconds })),
].sort((a, b) => b.seconds - a.seconds);
const rank = (i) => String(i + 1).padStart(String(units.length).length, '0');
const entryPoints = Object.fromEntries(units.map((u, i) => [`${rank(i)}-${u.name.split('/').join('.')}`, u.entry]));
try {
  await esbuild.build({
    entryPoints,
    outdir: OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'inline',
    // Stack traces need the mappings only; the sources' text would double the bundles.
    sourcesContent: false,
    logLevel: 'error',
    plugins: [groupEntries, ownDirname],
    // In a bundle every module shares the test file's `module`, so a script's
    // `if (require.main === module)` (the command line's main.ts, scripts/fuzz.ts) would run
    // it inside the test. No test file asks for require.main.
    define: { 'require.main': 'undefined' },
  });
} catch {
  // esbuild has printed the errors with file and line.
  console.error('run-unit: the test files did not build; no test ran');
  process.exit(1);
}

/**
 * The tests' temporary folders (os.tmpdir()) in a fresh folder on a RAM file system when the
 * machine has one with room to spare, removed after the run. The tests write and remove
 * thousands of small files (projects for the command line, corpora); on a disk file system
 * under load that costs the kernel several times the CPU and up to ten times the time. A
 * TMPDIR set by the caller is kept (a runner started by a test inherits its parent's).
 */
const TMPFS = 0x01021994;
function ramTmpdir() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== TMPFS || fs.bavail * fs.bsize < 1024 ** 3) return undefined;
    const dir = mkdtempSync('/dev/shm/umsg-unit-');
    // As /tmp: every user may create files (some tests run the command line as nobody).
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}
const tmp = ramTmpdir();

const bundles = Object.keys(entryPoints).map((name) => path.join(OUT, `${name}.js`));
// The reporter is node's spec reporter, with each place in a bundle written as its .ts line
// (test/unit-reporter.mjs): a bundle's source map is read only when a place in it is printed.
const child = spawn(process.execPath, [
  '--test', '--test-concurrency=2', `--test-reporter=${path.join(ROOT, 'test', 'unit-reporter.mjs')}`,
  ...process.argv.slice(2), ...bundles,
], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...(tmp ? { TMPDIR: tmp } : {}), UNIT_BUILD_OUT: OUT } });
// Ctrl-C reaches node:test too: wait for it to end, then remove the temporary folder.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  try {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  } catch { /* a folder a test left without permissions: it goes with the next reboot */ }
  process.exit(code ?? (signal ? 1 : 0));
});
