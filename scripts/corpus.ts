/**
 * A corpus of ordinary messages for measuring `umsg check` in CI (issue 11), and the
 * side-by-side measurement against the floor: a process that reads and `JSON.parse`s the
 * same files.
 *
 *   node --import tsx scripts/corpus.ts DIR [N]          writes N messages (default 10,000) into DIR
 *   node --import tsx scripts/corpus.ts --measure [N]    writes them into a temporary folder, then
 *                                                        runs dist/cli.js check and the baseline
 *                                                        alternately, 3 times, and prints medians
 *
 * The messages are what a bot's folder holds: rich cards with media, reply and link buttons,
 * a few templates, strict JSON (so that JSON.parse reads them too), no comments and no sample
 * files. Deterministic: the same N gives the same files. `writeCorpus` is exported for
 * `npm run bench` (scripts/bench.ts), which compares these and two large files with ajv and
 * VS Code's JSON service too; `--measure` stays as a quick look at the folder case alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const DISHES = ['Soup', 'Salad', 'Pasta', 'Risotto', 'Pizza', 'Tiramisu', 'Espresso', 'Lemonade'];

/** The text of ordinary message `i`: valid, with a few warnings here and there. */
export function ordinaryMessage(i: number): string {
  const dish = DISHES[i % DISHES.length];
  const actions = Array.from({ length: 1 + (i % 3) }, (_, k) =>
    k === 2
      ? { type: 'click', display: 'Open the menu', payload: `MENU_${i}`, url: `https://trattoria.example/menu/${i}` }
      : { type: 'reply', display: `${DISHES[(i + k) % DISHES.length]} ${k + 1}`, payload: `ORDER_${i}_${k}` });
  const card: Record<string, unknown> = {
    type: 'rich',
    title: i % 5 === 0 ? `Hello \${user.firstName}, today: ${dish}` : `Today's special: ${dish} number ${i}`,
    description: `Fresh ${dish.toLowerCase()} from our kitchen, order before noon.`,
    richMedia: { height: ['SHORT', 'MEDIUM', 'TALL'][i % 3], fileUrl: `https://cdn.trattoria.example/img/${i}.jpg`, altText: `A plate of ${dish.toLowerCase()}` },
    [i % 2 === 0 ? 'insideActions' : 'floatActions']: i % 2 === 0 ? actions : actions.map((a) => ({ ...a, type: 'reply', url: undefined })),
  };
  return JSON.stringify(card, null, 2) + '\n';
}

/** Writes `count` messages into `dir` (created if needed) as card-00000.umsg, …; returns their paths. */
export function writeCorpus(dir: string, count: number): string[] {
  mkdirSync(dir, { recursive: true });
  const width = String(count - 1).length;
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `card-${String(i).padStart(width, '0')}.umsg`);
    writeFileSync(file, ordinaryMessage(i));
    files.push(file);
  }
  return files;
}

/** The floor, as a separate process: list the folder, read and JSON.parse every message. */
const BASELINE = `
const fs = require('fs'), path = require('path');
const dir = process.argv[1];
let n = 0;
for (const name of fs.readdirSync(dir).sort()) {
  if (!name.endsWith('.umsg')) continue;
  JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  n++;
}
process.stdout.write(n + '\\n');
`;

function timed(command: string, args: string[]): number {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(count: number, cli: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'umsg-corpus-'));
  try {
    writeCorpus(dir, count);
    const umsg: number[] = [];
    const floor: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Alternate, so that both see the same state of the machine and of the file cache.
      floor.push(timed(process.execPath, ['-e', BASELINE, dir]));
      umsg.push(timed(process.execPath, [cli, 'check', dir, '--format', 'json']));
    }
    const u = median(umsg);
    const f = median(floor);
    console.log(JSON.stringify({ messages: count, cli, umsgCheckMs: Math.round(u), readAndParseMs: Math.round(f), ratio: Number((u / f).toFixed(2)), runs: { umsg: umsg.map(Math.round), readAndParse: floor.map(Math.round) } }, null, 2));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--measure') {
    const cliIndex = args.indexOf('--cli');
    const cli = cliIndex >= 0 ? path.resolve(args[cliIndex + 1]) : path.resolve(__dirname, '..', 'dist', 'cli.js');
    if (cliIndex < 0) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: path.resolve(__dirname, '..'), stdio: 'ignore' });
    const n = Number(args.find((a, i) => i > 0 && /^\d+$/.test(a) && args[i - 1] !== '--cli') ?? 10_000);
    measure(n, cli);
  } else if (args[0] && !args[0].startsWith('-')) {
    const files = writeCorpus(path.resolve(args[0]), Number(args[1] ?? 10_000));
    console.log(`wrote ${files.length} messages to ${path.resolve(args[0])} (${readdirSync(path.resolve(args[0])).length} files there)`);
  } else {
    console.log('usage: node --import tsx scripts/corpus.ts DIR [N] | --measure [N] [--cli dist/cli.js]');
    process.exitCode = 2;
  }
}
