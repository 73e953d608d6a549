/**
 * `npm run bench`: whole processes side by side in one run, as a new user would
 * measure them, and the language server through a real LSP client.
 *
 *   npm run bench                        the full run, then scripts/growth.ts; writes bench/results.json
 *   npm run bench -- --quick             smaller corpora and fewer rounds; prints, writes nothing
 *   npm run bench -- --no-growth         without scripts/growth.ts
 *   npm run bench -- --cache-only        only the second `umsg check --cache` run (4. below); prints, writes nothing
 *   npm run bench -- --workspace         only the workspace diagnostics case (5. below); prints, writes nothing
 *   npm run bench -- --typing            only the typing case (6. below, full-size documents); prints, writes nothing
 *
 * 1. Four corpora (scripts/bench/corpora.ts) are generated into a temporary folder: 10,000
 *    ordinary messages, one 3.9 MB message with 20,000 actions, one 50,000-entry Configuration
 *    Meta, 2,000 channel-specific messages in the channels' own formats. On each, four
 *    processes run in turn, ROUNDS times (up to MORE_ROUNDS on a corpus whose ratio goals
 *    those rounds leave too close to call), the order reversed every other round so that a slow
 *    moment of the machine or a cold file cache hits all of them:
 *    `node dist/cli.js check --format json` (stdout to a file; exit 0 or 1), a process that
 *    reads and JSON.parses the same files (the floor), ajv and VS Code's JSON language service
 *    with an equivalent schema (scripts/bench/schemas.ts). The tools are bundled by esbuild as
 *    dist/cli.js is. Medians of wall-clock time, and of CPU time (user + system, from this
 *    process's /proc/self/stat children's times: Linux, 10 ms resolution). Then one more run
 *    of umsg (`--jobs 1`) and of VS Code's service with V8's code log, for what the optimizing
 *    compiler made (scripts/bench/compiled.ts): its compilations and their bytes of machine code.
 * 2. The server (dist/server.js --stdio) with a client that pulls diagnostics, as VS Code
 *    does: edit → diagnostics of an ordinary message over EDITS edits (p50, p95); the same with
 *    pushed diagnostics (these include the server's 200 ms debounce); hover and completion in
 *    two streams at once, in an ordinary message and in the large file itself, while the large
 *    message and the large Configuration Meta are being checked; memory (VmRSS from
 *    /proc/PID/status) idle and with 200 ordinary messages open and checked.
 * 3. Start-up to the first diagnostic of one message: the server (spawn to the pulled
 *    diagnostics), `umsg check` on one file, and `node -e 0`.
 * 4. `umsg check --cache` over the ordinary messages, unchanged since a first run wrote the
 *    cache, beside the floor and `umsg check` without the cache, in turn as in 1.
 * 5. The whole workspace in the Problems panel (scripts/bench/workspace.ts): workspace/diagnostic
 *    over the 10,000 ordinary messages with one open, to the last report; memory at the end;
 *    hover p95 in the open message meanwhile.
 *
 * 6. Typing in a large document (scripts/bench/typing.ts): a hover or a completion right after
 *    each one-character edit in the 50,000-entry Configuration Meta and in the 3.9 MB message
 *    (without templates, and with one in every other action), each version's diagnostics pulled
 *    meanwhile (p50, p95, max).
 *
 * Prints a table with the speed goals marked met, not met or (a ratio goal whose rounds split
 * around its bound) too close to call; the bench does not fail on a goal, only on a broken
 * measurement (a tool that errors, exits with another code, or reads another number of files).
 * The full run writes bench/results.json, from which `npm run generate` writes the speed
 * tables of docs/performance.md (scripts/bench/report.ts).
 *
 * Timings on a shared machine are noisy: read the ratios, which compare runs made side by side.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { ordinaryMessage } from './corpus';
import { FULL_SIZES, QUICK_SIZES, writeCorpora, type Corpus } from './bench/corpora';
import { ServerProcess, timed, type Position } from './bench/lsp';
import { codeLogFlags, optimizedCode, type CompiledCode } from './bench/compiled';
import { median, percentile } from './bench/stats';
import {
  goalsOf, MORE_ROUNDS, needsMoreRounds, printCache, printReport, printTyping, printWorkspace, ROUNDS as FULL_ROUNDS,
  type RatioGoalSpec,
  type BenchResults, type CacheResult, type CorpusResult, type Latency, type ToolId, type ToolResult,
} from './bench/report';
import { measureProviderProject, providerProjectLine } from './bench/providerProject';
import { measureWorkspace } from './bench/workspace';
import { measureTyping } from './bench/typing';

const ROOT = path.resolve(__dirname, '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const SERVER = path.join(ROOT, 'dist', 'server.js');
const RESULTS = path.join(ROOT, 'bench', 'results.json');

const quick = process.argv.includes('--quick');
const cacheOnly = process.argv.includes('--cache-only');
// Seven rounds, and up to 21 for a corpus whose ratio goals they leave too close to call
// (report.ts: ROUNDS, MORE_ROUNDS, ratioVerdict); three in a quick run, which calls no goal.
const ROUNDS = quick ? 3 : FULL_ROUNDS;
const EDITS = quick ? 40 : 200;
const PUSH_EDITS = quick ? 10 : 50;
/** Checks of each large file during which hover and completion are timed (about 2 samples each). */
const UNDER_LOAD_ROUNDS = quick ? 2 : 10;
const OPEN_MESSAGES = 200;
/**
 * One-character edits typed into each large document (6.). Enough that V8's full collection
 * of the heap, which comes every 40 to 110 keystrokes in the Configuration Meta, falls inside
 * the run: with 60, whether the maximum held one was chance (docs/performance.md, "The full
 * collection while typing").
 */
const TYPED = quick ? 20 : 200;

const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const latency = (xs: number[]): Latency => ({
  n: xs.length,
  p50: round(percentile(xs, 0.5), 2),
  p95: round(percentile(xs, 0.95), 2),
  max: round(Math.max(...xs), 2),
});

// ---------------------------------------------------------------------------------------------
// Whole processes

/**
 * CPU time (user + system, ms) of the children this process has waited for, from
 * /proc/self/stat (fields 16 and 17, in USER_HZ = 100 ticks a second); undefined off Linux.
 */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the stat's third field (state): cutime and cstime are its 16th and 17th.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

interface Run {
  wallMs: number;
  cpuMs?: number;
  /** Files the process read and problems it reported (checked against the other rounds). */
  files: number;
  problems: number;
}

/** Runs one process to its end; its standard output goes to `out`. Throws on an unexpected exit. */
function runProcess(args: string[], out: string, accept: number[]): { wallMs: number; cpuMs?: number } {
  const fd = openSync(out, 'w');
  try {
    const cpu = childrenCpuMs();
    const started = performance.now();
    const run = spawnSync(process.execPath, args, { stdio: ['ignore', fd, 'pipe'], maxBuffer: 1 << 26 });
    const wallMs = performance.now() - started;
    const cpuAfter = childrenCpuMs();
    if (run.error) throw run.error;
    if (run.status === null || !accept.includes(run.status)) {
      throw new Error(
        `node ${args.join(' ')} exited ${run.status ?? run.signal}, not ${accept.join(' or ')}:\n${String(run.stderr).slice(-2000)}`,
      );
    }
    return { wallMs, cpuMs: cpu === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpu };
  } finally {
    closeSync(fd);
  }
}

interface Tool {
  id: ToolId;
  name: string;
  args: (c: Corpus) => string[];
  accept: number[];
  /** Reads the process's output: how many files it covered and how many problems it found. */
  read: (stdout: string) => { files: number; problems: number };
}

/** umsg's ESLint-shaped json: one entry per file, its findings in `messages`. */
function readUmsgJson(stdout: string): { files: number; problems: number } {
  const reports = JSON.parse(stdout) as { messages: unknown[] }[];
  return { files: reports.length, problems: reports.reduce((n, r) => n + r.messages.length, 0) };
}

/** Bundles the comparison tools (scripts/bench/parse.ts, ajv.ts, jsonService.ts) into `dir`. */
async function bundleTools(dir: string): Promise<Record<'parse' | 'ajv' | 'jsonService', string>> {
  const names = ['parse', 'ajv', 'jsonService'] as const;
  await build({
    entryPoints: names.map((n) => path.join(ROOT, 'scripts', 'bench', `${n}.ts`)),
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // vscode-json-languageservice's UMD build requires its modules at run time: take the ESM one.
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  return Object.fromEntries(names.map((n) => [n, path.join(dir, `${n}.js`)])) as Record<(typeof names)[number], string>;
}

function toolsOf(bundles: Record<'parse' | 'ajv' | 'jsonService', string>): Tool[] {
  const toolLine = (stdout: string) => JSON.parse(stdout) as { files: number; problems: number };
  return [
    {
      id: 'umsg',
      name: 'umsg check --format json',
      args: (c) => [CLI, 'check', c.target, '--format', 'json'],
      accept: [0, 1],
      read: readUmsgJson,
    },
    { id: 'parse', name: 'read + JSON.parse', args: (c) => [bundles.parse, c.schema, c.target], accept: [0], read: toolLine },
    { id: 'ajv', name: 'ajv (read, parse, validate)', args: (c) => [bundles.ajv, c.schema, c.target], accept: [0], read: toolLine },
    { id: 'vscode', name: "VS Code's JSON service", args: (c) => [bundles.jsonService, c.schema, c.target], accept: [0], read: toolLine },
  ];
}

/**
 * Runs each tool ROUNDS times on `corpus`, in turn, the order reversed every other round, and
 * on to MORE_ROUNDS when those rounds leave a ratio goal of `goals` too close to call: each
 * one's medians and rounds.
 */
function sideBySide<T extends { id: string; name: string }>(
  corpus: Corpus,
  goals: RatioGoalSpec['corpus'],
  tools: (T & Omit<Tool, 'id'>)[],
  scratch: string,
): Map<string, ToolResult> {
  const runs = new Map<string, Run[]>(tools.map((t) => [t.id, []]));
  // As the results record them (whole milliseconds), so that the goal is judged here as goalsOf will.
  const wallTimes = () => new Map([...runs].map(([id, rs]) => [id, rs.map((x) => Math.round(x.wallMs))]));
  let rounds = ROUNDS;
  for (let r = 0; r < rounds; r++) {
    // Alternate the order, so that no tool always runs first (cold cache) or last.
    for (const tool of r % 2 === 0 ? tools : [...tools].reverse()) {
      const out = path.join(scratch, `${tool.id}.out`);
      const { wallMs, cpuMs } = runProcess(tool.args(corpus), out, tool.accept);
      const { files, problems } = tool.read(readFileSync(out, 'utf8'));
      if (files !== corpus.files) throw new Error(`${tool.name} read ${files} files of ${corpus.name}, not ${corpus.files}`);
      const previous = runs.get(tool.id)![0];
      if (previous && previous.problems !== problems) throw new Error(
        `${tool.name} found ${problems} problems in ${corpus.name}, ${previous.problems} in an earlier round`,
      );
      runs.get(tool.id)!.push({ wallMs, cpuMs, files, problems });
      process.stdout.write('.');
    }
    if (r + 1 === ROUNDS && !quick && needsMoreRounds(goals, wallTimes())) {
      rounds = MORE_ROUNDS;
      process.stdout.write('+');
    }
  }
  const result = new Map<string, ToolResult>();
  for (const tool of tools) {
    const rs = runs.get(tool.id)!;
    const cpus = rs.map((x) => x.cpuMs).filter((x): x is number => x !== undefined);
    result.set(tool.id, {
      name: tool.name,
      wallMs: Math.round(median(rs.map((x) => x.wallMs))),
      cpuMs: cpus.length === rs.length ? Math.round(median(cpus)) : undefined,
      runsMs: rs.map((x) => Math.round(x.wallMs)),
      problems: rs[0].problems,
    });
  }
  return result;
}

function measureCorpus(corpus: Corpus, tools: Tool[], scratch: string): CorpusResult {
  const measured = sideBySide(corpus, corpus.id, tools, scratch);
  const result = Object.fromEntries(tools.map((t) => [t.id, measured.get(t.id)!])) as Record<ToolId, ToolResult>;
  const compiled = measureCompiled(corpus, tools, scratch);
  return { id: corpus.id, name: corpus.name, files: corpus.files, characters: corpus.characters, tools: result, compiled };
}

/**
 * What V8's optimizing compiler made in one more run of umsg and of VS Code's service, each
 * with V8's code log (scripts/bench/compiled.ts). umsg runs with `--jobs 1`, so that the figure
 * is one thread's whatever the machine's load (the timed runs choose their threads by it).
 */
function measureCompiled(corpus: Corpus, tools: Tool[], scratch: string): NonNullable<CorpusResult['compiled']> {
  const compiledBy = (id: 'umsg' | 'vscode', extra: string[]): CompiledCode => {
    const tool = tools.find((t) => t.id === id)!;
    const log = path.join(scratch, `${id}.code.log`);
    runProcess([...codeLogFlags(log), ...tool.args(corpus), ...extra], path.join(scratch, `${id}.out`), tool.accept);
    const code = optimizedCode(readFileSync(log, 'latin1'));
    rmSync(log, { force: true });
    // A log without optimized code is a log this reader does not understand (another Node's format), not a fact.
    if (code.compilations === 0) throw new Error(`${tool.name}: no optimized code in V8's code log of ${corpus.name}`);
    return code;
  };
  const result = { umsg: compiledBy('umsg', ['--jobs', '1']), vscode: compiledBy('vscode', []) };
  process.stdout.write('.');
  return result;
}

/**
 * `umsg check --cache` on a corpus that has not changed since a first run wrote the cache: the
 * second run of a developer or a CI job with a kept cache. Beside it, the floor and the run
 * without the cache; the findings must be the same (sideBySide compares their counts per round,
 * and the three processes' first rounds are compared here).
 */
function measureCache(corpus: Corpus, tools: Tool[], scratch: string): CacheResult {
  const cacheFile = path.join(scratch, 'bench.umsgcache');
  rmSync(cacheFile, { force: true });
  const umsg = tools.find((t) => t.id === 'umsg')!;
  const cachedArgs = (c: Corpus) => [...umsg.args(c), '--cache', '--cache-location', cacheFile];
  runProcess(cachedArgs(corpus), path.join(scratch, 'first.out'), umsg.accept);
  const cached = { ...umsg, id: 'cached', name: 'umsg check --format json --cache (second run)', args: cachedArgs };
  const measured = sideBySide(corpus, 'cache', [cached, { ...umsg, id: 'uncached' }, tools.find((t) => t.id === 'parse')!], scratch);
  const result: CacheResult = {
    corpus: corpus.name,
    files: corpus.files,
    cached: measured.get('cached')!,
    uncached: measured.get('uncached')!,
    floor: measured.get('parse')!,
  };
  if (result.cached.problems !== result.uncached.problems) throw new Error(
    `umsg check --cache found ${result.cached.problems} problems, ${result.uncached.problems} without the cache`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// The server over stdio

const TITLE: Position = { line: 2, character: 4 };
/** Inside the title's value: `  "title": "` is 12 characters. */
const IN_TITLE: Position = { line: 2, character: 12 };
const plus = (p: Position, n: number): Position => ({ line: p.line, character: p.character + n });

/** Edit → diagnostics of one ordinary message: a character typed into its title, then removed. */
async function editLatency(server: ServerProcess, uri: string, edits: number, pull: boolean): Promise<Latency> {
  const samples: number[] = [];
  let version = 1;
  for (let i = 0; i < edits; i++) {
    version++;
    const insert = i % 2 === 0;
    const v = version;
    samples.push(await timed(async () => {
      const published = pull ? undefined : server.published(uri, v);
      server.change(uri, v, IN_TITLE, insert ? IN_TITLE : plus(IN_TITLE, 1), insert ? 'x' : '');
      if (pull) await server.diagnostics(uri); else await published;
    }));
  }
  return latency(samples);
}

interface UnderLoad {
  /** Median time of the large file's check (edit → pulled diagnostics), ms. */
  checkMs: number;
  /** Hover and completion in an ordinary message while the large file is being checked. */
  otherFile: Latency;
  /** Hover and completion in the large file itself while it is being checked. */
  sameFile: Latency;
}

/**
 * Hover and completion while a large file is being checked: the large file is edited (a space
 * typed before its first property, then removed) and its diagnostics pulled, and until they
 * arrive, two streams of requests run at once, as an editor with two files open sends them:
 * one in an ordinary message, one in the large file, each in turn hover and completion, each
 * request waiting for its answer before the next of its stream. So requests in the ordinary
 * message are under way while the large file's first request after the edit waits for that
 * version's parse. Every answer's latency counts.
 */
async function latencyUnderLoad(
  server: ServerProcess,
  other: string,
  large: string,
  languageId: string,
  text: string,
  hoverAt: Position,
): Promise<UnderLoad> {
  server.open(large, languageId, text);
  await server.diagnostics(large);
  const checks: number[] = [];
  const otherFile: number[] = [];
  const sameFile: number[] = [];
  let version = 1;
  const at: Position = { line: 1, character: 0 };
  for (let r = 0; r < UNDER_LOAD_ROUNDS; r++) {
    version++;
    server.change(large, version, at, r % 2 === 0 ? at : plus(at, 1), r % 2 === 0 ? ' ' : '');
    let done = false;
    const started = performance.now();
    const check = server.diagnostics(large).then(() => { checks.push(performance.now() - started); }).finally(() => { done = true; });
    const stream = async (into: number[], probes: (() => Promise<unknown>)[]) => {
      for (let k = 0; !done; k++) into.push(await timed(probes[k % probes.length]));
    };
    await Promise.all([
      stream(otherFile, [() => server.hover(other, TITLE), () => server.completion(other, TITLE)]),
      stream(sameFile, [() => server.hover(large, hoverAt), () => server.completion(large, hoverAt)]),
      check,
    ]);
  }
  return { checkMs: Math.round(median(checks)), otherFile: latency(otherFile), sameFile: latency(sameFile) };
}

async function measureServer(dir: string, hugeText: string, metaText: string) {
  const rootUri = pathToFileURL(dir).href;
  const uri = (name: string) => pathToFileURL(path.join(dir, 'editor', name)).href;
  const message = uri('edited.umsg');

  // Pulled diagnostics (VS Code's way), then the requests under load, on one server.
  const { editPull, hugeLoad, metaLoad } = await withServer(true, rootUri, async (pulling) => {
    pulling.open(message, 'universal-message', ordinaryMessage(4));
    await pulling.diagnostics(message);
    const edits = await editLatency(pulling, message, EDITS, true);
    process.stdout.write('.');
    const huge = await latencyUnderLoad(pulling, message, uri('catalogue.umsg'), 'universal-message', hugeText, TITLE);
    process.stdout.write('.');
    const meta = await latencyUnderLoad(
      pulling,
      message,
      uri('settings.configmeta.json'),
      'configuration-meta',
      metaText,
      { line: 1, character: 5 },
    );
    process.stdout.write('.');
    return { editPull: edits, hugeLoad: huge, metaLoad: meta };
  });

  // Pushed diagnostics: what a client without pull support sees (after the 200 ms debounce).
  const editPush = await withServer(false, rootUri, async (pushing) => {
    pushing.open(message, 'universal-message', ordinaryMessage(4));
    await pushing.published(message, 1);
    const edits = await editLatency(pushing, message, PUSH_EDITS, false);
    process.stdout.write('.');
    return edits;
  });

  // Memory: idle, then with OPEN_MESSAGES ordinary messages open and checked.
  const memory = await withServer(true, rootUri, async (idle) => {
    const before = idle.memory();
    for (let i = 0; i < OPEN_MESSAGES; i++) {
      const u = uri(`open-${i}.umsg`);
      idle.open(u, 'universal-message', ordinaryMessage(i));
      await idle.diagnostics(u);
    }
    const after = idle.memory();
    process.stdout.write('.');
    return { idleRss: before?.rss, openRss: after?.rss, openPeak: after?.peak, messages: OPEN_MESSAGES };
  });
  return { editPull, editPush, hugeLoad, metaLoad, memory };
}

/** Starts the server, runs `work` on it, then shuts it down (and checks it exits 0); killed if `work` throws. */
async function withServer<T>(pull: boolean, rootUri: string, work: (server: ServerProcess) => Promise<T>): Promise<T> {
  const server = await ServerProcess.start(SERVER, pull, rootUri);
  try {
    const result = await work(server);
    await stopped(server);
    return result;
  } catch (e) {
    server.kill();
    throw e;
  }
}

async function stopped(server: ServerProcess): Promise<void> {
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server exited ${code} after shutdown and exit`);
}

/** Start-up to the first diagnostic of one message, against `node -e 0`, alternating. */
async function measureStartup(dir: string) {
  const folder = path.join(dir, 'one');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'welcome.umsg');
  writeFileSync(file, ordinaryMessage(4));
  const out = path.join(dir, 'startup.out');
  const samples = { node: [] as number[], cli: [] as number[], server: [] as number[] };
  const steps: [keyof typeof samples, () => Promise<number>][] = [
    ['node', () => Promise.resolve(runProcess(['-e', '0'], out, [0]).wallMs)],
    ['cli', () => Promise.resolve(runProcess([CLI, 'check', file, '--format', 'json'], out, [0, 1]).wallMs)],
    ['server', async () => {
      const started = performance.now();
      const server = await ServerProcess.start(SERVER, true, pathToFileURL(folder).href);
      try {
        server.open(pathToFileURL(file).href, 'universal-message', ordinaryMessage(4));
        await server.diagnostics(pathToFileURL(file).href);
        const ms = performance.now() - started;
        await stopped(server);
        return ms;
      } catch (e) {
        server.kill();
        throw e;
      }
    }],
  ];
  for (let r = 0; r < ROUNDS; r++) {
    for (const [id, step] of r % 2 === 0 ? steps : [...steps].reverse()) samples[id].push(await step());
  }
  return { nodeMs: Math.round(median(samples.node)), cliMs: Math.round(median(samples.cli)), serverMs: Math.round(median(samples.server)) };
}

// ---------------------------------------------------------------------------------------------

/** The whole workspace in the Problems panel, over the folder of ordinary messages (one open). */
function workspaceCase(corpus: Corpus) {
  // The first message by name (the names' width follows the corpus size: card-0000 in the full one).
  const open = path.join(corpus.target, readdirSync(corpus.target).filter((n) => n.endsWith('.umsg')).sort()[0]);
  return measureWorkspace(SERVER, pathToFileURL(corpus.target).href, pathToFileURL(open).href, readFileSync(open, 'utf8'), TITLE);
}

/** `--workspace`: that case alone, on the full-size folder (or the quick one with --quick). */
async function workspaceOnly() {
  execNode(['esbuild.mjs']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umsg-bench-'));
  try {
    const [ordinary] = writeCorpora(path.join(dir, 'corpora'), quick ? QUICK_SIZES : FULL_SIZES);
    printWorkspace(await workspaceCase(ordinary));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The typing case (6.), on the full-size documents whatever the run. */
function typingCase(dir: string) {
  const uriOf = (name: string) => pathToFileURL(path.join(dir, 'typing', name)).href;
  return measureTyping(SERVER, pathToFileURL(dir).href, uriOf, TYPED);
}

/** `--typing`: that case alone. */
async function typingOnly() {
  execNode(['esbuild.mjs']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umsg-bench-'));
  try {
    printTyping(await typingCase(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (process.argv.includes('--workspace')) return workspaceOnly();
  if (process.argv.includes('--typing')) return typingOnly();
  const started = performance.now();
  const loadBefore = os.loadavg();
  execNode(['esbuild.mjs']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'umsg-bench-'));
  // An interrupted run leaves no corpus behind (the finally below does not run on a signal).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => { rmSync(dir, { recursive: true, force: true }); process.exit(130); });
  }
  try {
    const bundles = await bundleTools(path.join(dir, 'tools'));
    const sizes = quick ? QUICK_SIZES : FULL_SIZES;
    const corpora = writeCorpora(path.join(dir, 'corpora'), sizes);
    const tools = toolsOf(bundles);
    const scratch = path.join(dir, 'out');
    mkdirSync(scratch);
    if (cacheOnly) {
      const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
      process.stdout.write(`umsg bench --cache-only${quick ? ' (quick)' : ''}: ${ROUNDS} rounds, load average ${load(loadBefore)} `);
      printCache(measureCache(corpora[0], tools, scratch));
      console.log(`\nload average after: ${load(os.loadavg())} (--cache-only: bench/results.json is left as it is)`);
      return;
    }
    process.stdout.write(
      `umsg bench${quick ? ' (quick)' : ''}: ${ROUNDS} rounds per corpus, load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} `,
    );
    const processes = corpora.map((c) => measureCorpus(c, tools, scratch));
    const server = await measureServer(dir, readFileSync(corpora[1].target, 'utf8'), readFileSync(corpora[2].target, 'utf8'));
    const workspace = await workspaceCase(corpora[0]);
    const typing = await typingCase(dir);
    const startup = await measureStartup(dir);
    const cache = measureCache(corpora[0], tools, scratch);
    process.stdout.write('\n');
    const cpus = os.cpus();
    const results: BenchResults = {
      date: new Date().toISOString(),
      quick,
      machine: {
        cpu: cpus[0]?.model ?? 'unknown',
        cores: cpus.length,
        memoryGb: round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        loadAverageBefore: loadBefore.map((x) => round(x, 2)),
        loadAverageAfter: os.loadavg().map((x) => round(x, 2)),
      },
      rounds: ROUNDS,
      processes,
      editor: {
        editPull: server.editPull,
        editPush: server.editPush,
        underLoad: { hugeMessage: server.hugeLoad, configMeta: server.metaLoad },
        memory: server.memory,
        workspace,
        typing,
      },
      startup,
      cache,
      durationS: Math.round((performance.now() - started) / 1000),
      goals: [],
    };
    results.goals = goalsOf(results);
    printReport(results);
    // Not in bench/results.json: measured in this process, printed on its own line.
    console.log(`\n${providerProjectLine(await measureProviderProject())}`);
    if (quick) {
      console.log('\n(quick run: bench/results.json is left as it is)');
    } else {
      mkdirSync(path.dirname(RESULTS), { recursive: true });
      writeFileSync(RESULTS, JSON.stringify(results, null, 2) + '\n');
      console.log(`\nwrote ${path.relative(ROOT, RESULTS)}; npm run generate writes docs/performance.md's tables from it`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!process.argv.includes('--no-growth')) {
    // The linear-time suite (scripts/growth.ts), which fails loudly on its own bound.
    console.log('\nscripts/growth.ts:');
    const growth = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'growth.ts')],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (growth.status !== 0) process.exitCode = 1;
  }
}

function execNode(args: string[]): void {
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${String(run.stderr)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`\nbench failed: ${e instanceof Error ? e.stack : String(e)}`);
    process.exit(1);
  });
}
