/**
 * Growth tests: each pathology (hostile input that once froze the checks) is
 * built at size n and 4n and timed side by side in this one process. Linear work takes about
 * 4× as long at 4n; quadratic work takes 16×. A case fails when its ratio is over
 * LINEAR_BOUND (8×, generous for noise on a shared machine), and the run exits 1.
 *
 *   npm run bench                                 (runs scripts/bench.ts, then this)
 *   node --import tsx scripts/growth.ts           (this suite alone, well under a minute)
 *   node --import tsx scripts/growth.ts phone key (only the cases whose names contain "phone" or "key")
 *
 * Wall-clock assertions live here and nowhere else: unit tests assert behaviour only. When a
 * case fails, time its input by hand at a few sizes (`checkDocument` or the function named in
 * the case) to find which loop grows with the square of the input.
 *
 * Timing: a warm-up at n, then the number of calls per sample is chosen so that one sample at
 * n takes at least MIN_SAMPLE_MS (tiny timings are all noise); n and 4n are then sampled in
 * alternation (so that a slow moment of the machine hits both) and the fastest of each compared.
 * Times are the process's CPU time, not wall-clock time (see timeOnce). A case over the bound is
 * measured again (MEASUREMENTS in all) and fails only when every measurement is over it.
 */
import { checkDocument } from '../server/src/core/check/run';
import { DEFAULT_CONFIG } from '../server/src/core/findings/config';
import { parseJsonDocument } from '../server/src/core/syntax/jsonDocument';
import { completeMeta } from '../server/src/core/features/metaCompletion';
import type { Rule } from '../server/src/core/findings/rule';
import type { LanguageId } from '../server/src/core/syntax/languages';
import { ruleById } from '../server/src/core/rules';
import { documentSymbols, foldingRanges } from '../server/src/core/features/structure';
import { editDistance, suggest } from '../server/src/core/util/didYouMean';
import { fixToEdits } from '../server/src/core/features/fixes';
import type { FixData } from '../server/src/core/findings/rule';
import { combine } from '../server/src/lsp/toLsp';
import { mentionsIt, parsePath } from '../server/src/core/template/templateEval';

const LINEAR_BOUND = 8;
/**
 * Samples of n and of 4n, the fastest of each compared. Three were too few on a busy 2-core
 * machine: whole suites failed one case in three ("fix-all" at 8.6×, the scanner's "${}" at
 * 8.8×, each 4–6× when run again); with five, three whole suites in a row passed.
 */
const SAMPLES = 5;
const MIN_SAMPLE_MS = 30;
/**
 * Measurements of a case before it fails: a case over LINEAR_BOUND is measured again, and fails
 * only when each measurement is over it. Quadratic work is over it every time (about 16×); the
 * shared machine is not. One whole run of `npm run bench` failed "// @each / // @end pairs" at
 * 11.4× (1.2 ms at n), which passed six runs of this suite alone at 3.9–4.3×.
 */
const MEASUREMENTS = 3;
/** No file-size cap: the pathologies are measured, not skipped. */
const CONFIG = { ...DEFAULT_CONFIG, maxFileSize: Number.MAX_SAFE_INTEGER };

interface Case {
  /** The group of pathologies the case belongs to, the table's first column (0: the older scanner pathologies of the unit tests). */
  item: number;
  name: string;
  /** Size at which the case is measured, and at 4 times that. */
  n: number;
  /** Builds the input for size n and returns the work to time. */
  build: (n: number) => () => unknown;
}

const check = (text: string, language: LanguageId = 'universal-message') => () => checkDocument(text, language, { config: CONFIG });
/**
 * Only the named rules (after the parse): where the other rules' linear work per element is
 * large, it would hide a quadratic rule until n is large and the suite slow.
 */
const checkWith = (ids: string[], text: string, language: LanguageId) => {
  const rules = ids.map((id) => ruleById(id)).filter((r): r is Rule => r !== undefined);
  if (rules.length !== ids.length) throw new Error(`unknown rule id in ${ids.join(', ')}`);
  return () => checkDocument(text, language, { config: CONFIG, rules });
};
const card = (insideActions: string) => `{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ${insideActions} ] }`;
const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const CASES: Case[] = [
  {
    item: 1, name: 'phoneNumber "+111…1#"', n: 100_000,
    build: (n) => check(card(`{ "type": "call", "display": "Call", "payload": "x", "phoneNumber": "+${'1'.repeat(n)}#" }`)),
  },
  {
    item: 1, name: 'call payload "+111…1#"', n: 100_000,
    build: (n) => check(card(`{ "type": "call", "display": "Call", "payload": "+${'1'.repeat(n)}#", "phoneNumber": "+1" }`)),
  },
  {
    item: 2, name: '// @each / // @end pairs, LF', n: 1_500,
    build: (n) => check('// @each x\n// @end\n'.repeat(n)),
  },
  {
    item: 3, name: 'unknown properties (check)', n: 3_000,
    build: (n) => checkWith(
      ['unknown-property'],
      `{ "type": "rich", "title": "t", "description": "d",\n${Array.from({ length: n }, (_, i) => `"unknown${i}": 1`).join(',\n')} }`,
      'universal-message',
    ),
  },
  {
    item: 3, name: 'unknown properties (outline)', n: 5_000,
    build: (n) => {
      const doc = parseJsonDocument(
        `{ "type": "rich", "title": "t",\n${Array.from({ length: n }, (_, i) => `"unknown${i}": "v"`).join(',\n')} }`,
      );
      return () => documentSymbols(doc);
    },
  },
  {
    // Past 20,000 options: below it V8's young-generation GC makes the parse itself grow
    // faster than linear (the same on the code before this suite), which is not the rule's doing.
    item: 4, name: 'Configuration Meta options + default_value', n: 20_000,
    build: (n) => checkWith(
      ['meta-default-value'],
      '[{ "key": "k", "label": "K", "options": [' +
        `${Array.from({ length: n }, (_, i) => `{ "value": "v${i}", "label": "V${i}" }`).join(',')}], "default_value": "v${n - 1}" }]`,
      'configuration-meta',
    ),
  },
  {
    item: 4, name: 'options + a default_value that is none of them', n: 20_000, // as above: past the GC's nonlinear range
    build: (n) => checkWith(
      ['meta-default-value'],
      '[{ "key": "k", "label": "K", "options": [' +
        `${Array.from({ length: n }, (_, i) => `{ "value": "v${i}", "label": "V${i}" }`).join(',')}], "default_value": "zzz" }]`,
      'configuration-meta',
    ),
  },
  {
    item: 4, name: 'options completion of default_value', n: 10_000,
    build: (n) => {
      const head = '[{ "key": "k", "label": "K", "options": [' +
        `${Array.from({ length: n }, (_, i) => `{ "value": "v${i}", "label": "V${i}" }`).join(',')}], "default_value": `;
      const doc = parseJsonDocument(`${head}"" }]`);
      return () => completeMeta(doc, head.length + 1, 'configuration-meta');
    },
  },
  {
    item: 5, name: '"did you mean" between long values', n: 5_000,
    build: (n) => {
      const long = 'a'.repeat(n);
      return check(
        `[{ "key": "k", "label": "K", "options": [{ "value": "${long}b", "label": "L" }, { "value": "${long}c", "label": "M" }], ` +
          `"default_value": "${long}d" }]`,
        'configuration-meta',
      );
    },
  },
  {
    item: 5, name: 'editDistance of long strings, bounded', n: 50_000,
    build: (n) => {
      const a = 'ab'.repeat(n / 2);
      const b = 'ba'.repeat(n / 2);
      return () => editDistance(a, b, 3);
    },
  },
  {
    // Large enough that the work (not the timer's resolution) is measured.
    item: 5, name: 'suggest on a long name', n: 500_000,
    build: (n) => {
      const name = 'x'.repeat(n);
      const candidates = ['y'.repeat(n), 'x'.repeat(n - 1) + 'z', 'title'];
      return () => suggest(name, candidates);
    },
  },
  {
    item: 6, name: 'key to words: "AAAA…A-" key', n: 20_000,
    build: (n) => check(`[{ "key": "${'A'.repeat(n)}-", "type": "String" }]`, 'configuration-meta'),
  },
  {
    item: 7, name: 'meta completion, spaces after the cursor', n: 100_000,
    build: (n) => {
      const head = '[{ "key": "k", ';
      const doc = parseJsonDocument(`${head}${' '.repeat(n)}}]`);
      return () => completeMeta(doc, head.length, 'configuration-meta');
    },
  },
  {
    item: 7, name: 'meta completion, "/*" repeated between elements', n: 50_000,
    build: (n) => {
      const head = '[{ "key": "a", "label": "A", "type": "String" } ';
      const doc = parseJsonDocument(`${head}${'/*'.repeat(n)}`);
      return () => completeMeta(doc, head.length, 'configuration-meta');
    },
  },
  {
    item: 8, name: 'deeply nested braces in templates', n: 300,
    build: (n) => check(card(`{ "type": "reply", "display": "a", "payload": "b" }`).replace(
      '"t"',
      `"${Array.from({ length: 40 }, () => '${' + '{'.repeat(n) + '}'.repeat(n) + '}').join(' ')}"`,
    )),
  },
  {
    item: 8, name: 'mentionsIt on nested lambdas', n: 5_000,
    build: (n) => {
      const expression = 'list.map { '.repeat(n) + 'it' + ' }'.repeat(n);
      return () => mentionsIt(expression);
    },
  },
  {
    item: 8, name: 'parsePath on a long dotted path', n: 20_000,
    build: (n) => {
      const expression = 'a' + '.b'.repeat(n);
      return () => parsePath(expression);
    },
  },
  {
    item: 0, name: 'fix-all over thousands of fixes', n: 20_000,
    build: (n) => {
      const doc = parseJsonDocument('{}');
      const fixes: FixData[] = Array.from({ length: n }, (_, i) => ({ kind: 'replace', offset: 3 * i, length: 2, text: 'x', title: 't' }));
      return () => combine((f) => fixToEdits(doc, f), fixes);
    },
  },
  {
    item: 0, name: 'insert-property fixes in a one-line file', n: 5_000,
    build: (n) => {
      const text = `[${Array.from({ length: n }, () => '{ "a": 1 }').join(', ')}]`;
      const doc = parseJsonDocument(text);
      const fixes: FixData[] = (doc.root?.children ?? []).map((o) => ({
        kind: 'insert-property',
        objectOffset: o.offset,
        name: 'b',
        snippet: '"b": 2',
        title: 't',
      }));
      return () => fixes.map((f) => fixToEdits(doc, f));
    },
  },
  {
    item: 0, name: 'folding: unclosed "/*" repeated', n: 50_000,
    build: (n) => {
      const doc = parseJsonDocument(`[1]\n${'/*x'.repeat(n)}`);
      return () => foldingRanges(doc);
    },
  },
  {
    item: 0, name: 'folding: a multi-line comment per element', n: 5_000,
    build: (n) => {
      const doc = parseJsonDocument(`[${Array.from({ length: n }, (_, i) => `/* ${i}\n */ ${i}`).join(',\n')}]`);
      return () => foldingRanges(doc);
    },
  },
];

// The scanner pathologies that robustness.test.ts used to time (moved here: unit tests assert no durations).
// n is in characters. At 50,000 characters "${}" took 7.7 to 15 ms from one run to the next, which put its 4n / n
// anywhere from 3.7× to 8.7×; from 100,000 on it is steady (4.2× to 5.5× over four runs).
for (const [unit, n] of [
  ['${', 100_000], ['${"', 100_000], ['{', 200_000], ['"${', 100_000], ["${'", 100_000],
  ['/**/', 100_000], ['//\n', 100_000], ['// @each x\n', 50_000], ['${}', 100_000], ['${"\n', 25_000],
] as const) {
  CASES.push({ item: 0, name: `template scanner: ${JSON.stringify(unit)} repeated`, n, build: (size) => check(repeatTo(unit, size)) });
}

/**
 * Milliseconds of CPU time (user and system) per call: on a machine shared with other work,
 * wall-clock time mostly measures the neighbours.
 */
function timeOnce(fn: () => unknown, inner: number): number {
  const t = process.cpuUsage();
  for (let i = 0; i < inner; i++) fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1e3 / inner;
}

function measure(c: Case): { small: number; large: number; ratio: number } {
  const small = c.build(c.n);
  const large = c.build(4 * c.n);
  small(); // warm up
  const first = timeOnce(small, 1);
  const inner = Math.max(1, Math.min(1_000, Math.ceil(MIN_SAMPLE_MS / Math.max(first, 0.01))));
  large(); // warm up (and the first hint of a quadratic case)
  const a: number[] = [];
  const b: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    a.push(timeOnce(small, inner));
    b.push(timeOnce(large, inner));
  }
  // The fastest sample of each: noise (other processes, garbage collection) only adds time.
  const ms = Math.min(...a);
  const ms4 = Math.min(...b);
  return { small: ms, large: ms4, ratio: ms4 / ms };
}

function main() {
  const filters = process.argv.slice(2);
  const cases = filters.length > 0 ? CASES.filter((c) => filters.some((f) => c.name.includes(f))) : CASES;
  const failures: string[] = [];
  const started = Date.now();
  // Rows are printed as they are measured, so that a slow case shows where the time goes.
  const widths = [4, Math.max(...cases.map((c) => c.name.length)), 8, 9, 9, 7];
  const row = (cells: string[]) =>
    console.log(cells.map((cell, i) => (i >= 2 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
  console.log(`\nGrowth from n to 4n (linear about 4×, quadratic 16×; failing over ${LINEAR_BOUND}×)\n`);
  row(['item', 'pathology', 'n', 'ms at n', 'ms at 4n', '4n / n', '']);
  for (const c of cases) {
    let r = measure(c);
    let tries = 1;
    while (r.ratio > LINEAR_BOUND && tries < MEASUREMENTS) {
      const again = measure(c);
      if (again.ratio < r.ratio) r = again;
      tries++;
    }
    const ok = r.ratio <= LINEAR_BOUND;
    if (!ok) failures.push(`${c.name} (item ${c.item}): ${r.ratio.toFixed(1)}× from n = ${c.n.toLocaleString('en-US')} to 4n`);
    row([
      String(c.item || '-'),
      c.name,
      c.n.toLocaleString('en-US'),
      r.small.toFixed(2),
      r.large.toFixed(2),
      `${r.ratio.toFixed(1)}×`,
      ok ? (tries > 1 ? `ok (measured ${tries} times)` : 'ok') : `FAIL (measured ${tries} times)`,
    ]);
  }
  console.log(`\n${cases.length} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length > 0) {
    console.error(`\nGROWTH FAILED: ${failures.length} ${failures.length === 1 ? 'case grows' : 'cases grow'} faster than linear:`);
    for (const f of failures) console.error(`  - ${f}`);
    process.exit(1);
  }
}

main();
