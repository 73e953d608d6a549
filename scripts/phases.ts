/**
 * Where a check's time goes: CPU profiles of `umsg check --format json --jobs 1` on the bench's
 * corpora, each sample put in a phase (read, template scan, tree, model, each rule, report, GC,
 * start-up, ...) through the bundle's source map. The table in docs/performance.md, "Where a
 * check's time goes", is made with it, before and after a change:
 *
 *   npm run build
 *   node --import tsx scripts/phases.ts [--runs 6] [--bundle dist/cli-main.js] PATH...
 *
 * Each PATH (a folder or a file) is profiled --runs times, one process at a time; the table shows
 * each phase's mean share of the samples and its mean milliseconds. The bench's corpora are
 * written by `writeCorpora` (scripts/bench/corpora.ts).
 *
 * A sample goes to the innermost module of the project on its stack that has a phase (PHASES,
 * by the module's path); the code it calls that has none (core/util, Node's own file system
 * calls, V8's builtins) counts with it. So `channel-limit` is the rule's own code with the
 * helpers it calls, but not the card model it asks for, which is `model`. V8's collector,
 * idle time and code it cannot attribute are their own phases, as is everything before the
 * bundle runs (Node's start and the bundle's compile: `start-up`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** A module's phase by its path in the repository: the first prefix that matches. */
const PHASES: [prefix: string, phase: string][] = [
  ['server/src/core/syntax/templateScanner.ts', 'parse: template scan'],
  ['server/src/core/syntax/jsonTree.ts', 'parse: tree'],
  ['node_modules/jsonc-parser/', 'parse: tree'],
  ['server/src/core/syntax/', 'parse: the rest'],
  ['server/src/core/findings/native', 'rule: the native walker'],
  ['server/src/core/channels/native/walk.ts', 'rule: the native walker'],
  ['server/src/core/rules/', 'rule: '],
  ['server/src/core/model/', 'model'],
  ['server/src/core/template/', 'model'],
  ['server/src/core/channels/', 'model'],
  ['server/src/core/check/', "the check's loop"],
  ['server/src/core/findings/', "the check's loop"],
  ['server/src/cli/report/', 'report'],
  ['server/src/cli/', 'command line, files, config, samples'],
  ['server/src/workspace/', 'command line, files, config, samples'],
];

function phaseOfSource(source: string): string | undefined {
  const at = source.indexOf('server/src/') >= 0 ? source.indexOf('server/src/') : source.indexOf('node_modules/');
  if (at < 0) return undefined;
  const file = source.slice(at);
  for (const [prefix, phase] of PHASES) {
    if (!file.startsWith(prefix)) continue;
    return phase === 'rule: ' ? `rule: ${path.basename(file, '.ts')}` : phase;
  }
  return undefined;
}

/** Milliseconds per phase in one profile of `bundle`. */
function phasesOf(profile: Profile, bundle: string, map: SourceMap): Map<string, number> {
  const bundleUrl = `file://${path.resolve(bundle)}`;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, string>();
  // From the root down, each node's phase is its own or its caller's.
  const stack: [ProfileNode, string | undefined][] = [[profile.nodes[0], undefined]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [n, up] = top;
    const f = n.callFrame;
    let own: string | undefined;
    if (f.functionName === '(garbage collector)') own = 'garbage collection';
    else if (f.functionName === '(idle)') own = 'idle';
    else if (f.functionName === '(program)') own = 'V8, unattributed';
    else if (f.url === bundleUrl) {
      const entry = map.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string };
      own = entry.originalSource ? phaseOfSource(entry.originalSource) : undefined;
    }
    const phase = own ?? up;
    memo.set(n.id, phase ?? 'start-up');
    for (const c of n.children ?? []) stack.push([byId.get(c)!, phase]);
  }
  const ms = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const phase = memo.get(id) ?? 'start-up';
    ms.set(phase, (ms.get(phase) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return ms;
}

function main(): void {
  const args = process.argv.slice(2);
  let runs = 6;
  // The bundle itself, not the launcher dist/cli.js: the profile's frames are the bundle's.
  let bundle = 'dist/cli-main.js';
  const targets: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--bundle') bundle = args[++i];
    else targets.push(args[i]);
  }
  if (targets.length === 0 || !(runs >= 1)) {
    process.stderr.write('usage: node --import tsx scripts/phases.ts [--runs N] [--bundle dist/cli-main.js] PATH...\n');
    process.exit(2);
  }
  const map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as SourceMapPayload);
  const columns: { target: string; ms: Map<string, number>; total: number }[] = [];
  for (const target of targets) {
    const sum = new Map<string, number>();
    for (let r = 0; r < runs; r++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'umsg-phases-'));
      try {
        try {
          const check = [bundle, 'check', target, '--format', 'json', '--jobs', '1'];
          execFileSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, ...check], { stdio: ['ignore', 'ignore', 'inherit'] });
        } catch (e) {
          // Exit code 1 means findings, which the corpora have.
          if ((e as { status?: number }).status !== 1) throw e;
        }
        const profile = JSON.parse(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8')) as Profile;
        for (const [phase, ms] of phasesOf(profile, bundle, map)) sum.set(phase, (sum.get(phase) ?? 0) + ms / runs);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      process.stderr.write('.');
    }
    columns.push({ target, ms: sum, total: [...sum.values()].reduce((a, b) => a + b, 0) });
  }
  process.stderr.write('\n');
  const weight = (phase: string) => columns.reduce((s, c) => s + (c.ms.get(phase) ?? 0) / c.total, 0);
  const phases = [...new Set(columns.flatMap((c) => [...c.ms.keys()]))].sort((a, b) => weight(b) - weight(a));
  const cell = (c: (typeof columns)[number], phase: string) => {
    const ms = c.ms.get(phase) ?? 0;
    return `${((100 * ms) / c.total).toFixed(1)}% (${Math.round(ms)} ms)`;
  };
  const lines = [
    `| phase | ${columns.map((c) => path.basename(c.target)).join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    ...phases.map((p) => `| ${p} | ${columns.map((c) => cell(c, p)).join(' | ')} |`),
    `| all samples | ${columns.map((c) => `${Math.round(c.total)} ms`).join(' | ')} |`,
  ];
  process.stdout.write(`${runs} profile(s) of ${bundle} per column, mean share and mean time of each phase\n\n${lines.join('\n')}\n`);
}

main();
