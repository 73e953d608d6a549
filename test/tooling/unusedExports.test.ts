/**
 * scripts/unused.ts, the unused-export check of `npm run lint`: on a small seeded project it
 * reports each export nothing imports, says whether to drop `export` or delete the code, and
 * counts every way of importing (named, renamed, namespace, default, re-export, type query)
 * as a use.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { findUnusedExports, formatFinding, type Allowed } from '../../scripts/unused';
import { tempTree } from '../support/tempTree';

// noLib: the seeded files need no standard library, and reading it would take most of the time.
const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    noLib: true,
    types: [],
  },
  include: ['src', 'test'],
});

const SEEDED: Record<string, string> = {
  'tsconfig.json': TSCONFIG,
  'src/a.ts': [
    "import type { Shape } from './b';",
    'export function usedElsewhere(): number { return 1; }',
    'export function usedHere(): number { return 2; }',
    'export const dead = usedHere();',
    'export function renamed(): number { return 3; }',
    'export function byNamespace(): number { return 4; }',
    'export default function byDefault(): number { return 5; }',
    'export function onlyByTests(): number { return 6; }',
    'export type ShapeList = Shape[];',
    'const local = 7;',
    'export { local };',
    "export type { Shape as Reshaped } from './b';",
    '',
  ].join('\n'),
  'src/b.ts': [
    "import * as a from './a';",
    "import byDefault, { usedElsewhere, renamed as other } from './a';",
    'export interface Shape { n: number }',
    'export type Queried = typeof import(\'./c\').queried;',
    'export const total = usedElsewhere() + other() + a.byNamespace() + byDefault();',
    '',
  ].join('\n'),
  'src/c.ts': [
    'export function queried(): void {}',
    "export { total } from './b';",
    '',
  ].join('\n'),
  'src/d.ts': [
    "import type { ShapeList, Queried } from './a-and-b';",
    'export type Both = [ShapeList, Queried];',
    '',
  ].join('\n'),
  'src/a-and-b.ts': [
    "export type { ShapeList } from './a';",
    "export type { Queried } from './b';",
    '',
  ].join('\n'),
  'test/a.test.ts': "import { onlyByTests } from '../src/a';\nonlyByTests();\n",
};

function run(files: Record<string, string>, allowed: readonly Allowed[] = []) {
  const root = tempTree(files, 'umsg-unused-');
  return findUnusedExports({ root, tsconfig: path.join(root, 'tsconfig.json'), checked: ['src'], allowed });
}

describe('unused exports (scripts/unused.ts)', () => {
  const findings = run(SEEDED);
  const lines = findings.map(formatFinding);

  it('reports each export nothing imports, with its file and line, and what to do', () => {
    assert.deepEqual(lines, [
      'src/a.ts:3 usedHere: exported but used only in this file: drop `export`',
      'src/a.ts:4 dead: exported and used nowhere: delete it',
      'src/a.ts:11 local: exported and used nowhere: delete it',
      'src/a.ts:12 Reshaped: re-exported but nothing imports it from here: remove the re-export',
      'src/c.ts:2 total: re-exported but nothing imports it from here: remove the re-export',
      'src/d.ts:2 Both: exported and used nowhere: delete it',
    ]);
  });

  it('counts named, renamed, namespace, default, type-query and re-exported imports, and tests, as uses', () => {
    const names = new Set(findings.map((f) => f.name));
    for (const used of ['usedElsewhere', 'renamed', 'byNamespace', 'default', 'queried', 'onlyByTests', 'ShapeList', 'Queried']) {
      assert.ok(!names.has(used), `${used} is imported, yet reported`);
    }
  });

  it('passes a project with nothing unused', () => {
    assert.deepEqual(run({
      'tsconfig.json': TSCONFIG,
      'src/lib.ts': 'export function f(): number { return 1; }\n',
      'src/main.ts': "import { f } from './lib';\nf();\n",
    }), []);
  });

  it('lets the allow-list keep an export, and reports an entry that no export needs any more', () => {
    const files = {
      'tsconfig.json': TSCONFIG,
      'src/extension.ts': 'export function activate(): void {}\nexport interface Api { x: number }\nexport const notAType = 1;\n',
    };
    const allowed: Allowed[] = [
      { file: 'src/extension.ts', name: 'activate', reason: 'the host calls it' },
      { file: 'src/extension.ts', types: true, reason: 'public types' },
      { file: 'src/extension.ts', name: 'deactivate', reason: 'gone' },
    ];
    assert.deepEqual(run(files, allowed).map(formatFinding), [
      'src/extension.ts:0 deactivate: on the allow-list of scripts/unused.ts, but no such export needs it: remove the entry',
      'src/extension.ts:3 notAType: exported and used nowhere: delete it',
    ]);
  });
});
