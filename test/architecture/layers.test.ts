/**
 * The shape of the import graph, held by tests so that it does not drift (ARCHITECTURE.md,
 * "Layers", says the same in words, and a test here keeps the two in step):
 * - the core's layers are folders, in order; a file imports only from its own layer and the
 *   layers below it, and the core's face (index.ts, types.ts and the service) from none;
 * - outside the core each folder imports only the folders its row allows, and reaches the
 *   core only through core/index.ts, its one public face (tests may import internals); the
 *   client reaches the server's code only through server/src/protocol/;
 * - core/rules/ holds only the rules, one file each named by its id, and the registry;
 * - no import cycle anywhere in server/src (type-only imports count: a cycle of types is a
 *   cycle of modules that cannot be understood one at a time);
 * - nothing reachable from startServer (server/src/lsp/server.ts) needs Node: bundled for the
 *   browser, it must not import a Node built-in (the web extension runs the same server).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import ts from 'typescript';
import { ALL_RULES } from '../../server/src/core/rules';

const ROOT = path.resolve(__dirname, '..', '..');
const SRC = path.join(ROOT, 'server', 'src');
const CORE = path.join(SRC, 'core');

/** The core's layers, lowest first: a file may import from its own layer and those before it. */
export const CORE_LAYERS = ['util', 'syntax', 'template', 'model', 'channels', 'findings', 'rules', 'check', 'render', 'features'] as const;

/** Outside the core: the folders of server/src (and the client) each may import from. */
export const OUTSIDE_LAYERS: Record<string, readonly string[]> = {
  'server/src/protocol': ['core'],
  'server/src/workspace': ['core'],
  'server/src/lsp': ['core', 'protocol', 'workspace'],
  'server/src/node': ['core', 'protocol', 'workspace', 'lsp'],
  'server/src/browser': ['core', 'protocol', 'workspace', 'lsp'],
  'server/src/cli': ['core', 'workspace', 'node'],
  'client/src': ['protocol'],
};

/**
 * Where a file of server/src stands: a core layer's index (0 = util), CORE_LAYERS.length for
 * the core's face (the files directly in core/), or the folder under server/src outside it.
 */
function placeOf(relToSrc: string): { core: number } | { outside: string } {
  const parts = relToSrc.split(/[\\/]/);
  if (parts[0] !== 'core') return { outside: parts[0] };
  if (parts.length === 2) return { core: CORE_LAYERS.length };
  const layer = CORE_LAYERS.indexOf(parts[1] as (typeof CORE_LAYERS)[number]);
  return { core: layer < 0 ? -1 : layer };
}

/**
 * The imports that break the layers, as `from -> to` (paths relative to server/src, or to the
 * root for the client). `edges` are [importer, imported] pairs relative to the root.
 */
export function layerViolations(edges: readonly (readonly [string, string])[]): string[] {
  const bad: string[] = [];
  const SRC_PREFIX = 'server/src/';
  for (const [from, to] of edges) {
    const shown = `${from} -> ${to}`;
    if (from.startsWith('client/src/')) {
      if (to.startsWith(SRC_PREFIX) && !to.startsWith(`${SRC_PREFIX}protocol/`)) bad.push(shown);
      continue;
    }
    if (!from.startsWith(SRC_PREFIX) || !to.startsWith(SRC_PREFIX)) continue;
    const a = placeOf(from.slice(SRC_PREFIX.length));
    const b = placeOf(to.slice(SRC_PREFIX.length));
    if ('core' in a) {
      // A file of the core outside every layer folder is itself a violation: name its layer.
      if (a.core < 0 || !('core' in b) || b.core < 0 || b.core > a.core) bad.push(shown);
      else if (b.core === CORE_LAYERS.length && a.core !== CORE_LAYERS.length) bad.push(shown);
      continue;
    }
    const allowed = OUTSIDE_LAYERS[`${SRC_PREFIX}${a.outside}`];
    if (!allowed) { bad.push(`${shown} (server/src/${a.outside} has no row in OUTSIDE_LAYERS)`); continue; }
    if ('core' in b) {
      if (!allowed.includes('core') || to !== `${SRC_PREFIX}core/index.ts`) bad.push(shown);
    } else if (b.outside !== a.outside && !allowed.includes(b.outside)) bad.push(shown);
  }
  return bad;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

/** Relative imports of a file, resolved to files (./x → x.ts or x/index.ts). */
function localImports(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), ref.fileName);
    const candidates = [base + '.ts', path.join(base, 'index.ts'), base];
    const found = candidates.find((c) => { try { return statSync(c).isFile(); } catch { return false; } });
    if (found) out.push(found);
  }
  return out;
}

/** Every cycle's first occurrence, as a list of files relative to server/src. */
export function findCycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((f) => [f, localImports(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const stack: string[] = [];
  // Iterative depth-first search (the graph is small, but recursion is not needed).
  for (const start of files) {
    if (state.has(start)) continue;
    const frames: { file: string; next: number }[] = [{ file: start, next: 0 }];
    state.set(start, 'open');
    stack.push(start);
    while (frames.length > 0) {
      const top = frames[frames.length - 1];
      const deps = graph.get(top.file) ?? [];
      if (top.next < deps.length) {
        const dep = deps[top.next++];
        const s = state.get(dep);
        if (s === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((f) => path.relative(SRC, f)));
        else if (!s && graph.has(dep)) {
          state.set(dep, 'open');
          stack.push(dep);
          frames.push({ file: dep, next: 0 });
        }
      } else {
        state.set(top.file, 'done');
        stack.pop();
        frames.pop();
      }
    }
  }
  return cycles;
}

describe('import graph', () => {
  it('has no import cycle in server/src', () => {
    assert.deepEqual(findCycles(sourceFiles(SRC)), []);
  });

  it('finds a cycle when there is one (the walker itself works)', () => {
    // hover.ts ↔ languageFeatures.ts was such a cycle; here a synthetic pair from the test fixtures.
    const a = path.join(ROOT, 'test', 'fixtures', 'imports', 'a.ts');
    const b = path.join(ROOT, 'test', 'fixtures', 'imports', 'b.ts');
    assert.equal(findCycles([a, b]).length, 1);
  });

  const edges = (): [string, string][] => [...sourceFiles(SRC), ...sourceFiles(path.join(ROOT, 'client', 'src'))]
    .flatMap((f) => localImports(f).map((dep): [string, string] => [
      path.relative(ROOT, f).split(path.sep).join('/'),
      path.relative(ROOT, dep).split(path.sep).join('/'),
    ]));

  it('keeps every import within the layers: lower layers never import higher ones', () => {
    assert.deepEqual(layerViolations(edges()), []);
  });

  it('flags an import that breaks the layers (the checker itself works)', () => {
    assert.deepEqual(layerViolations([
      ['server/src/core/syntax/jsonDocument.ts', 'server/src/core/rules/syntax.ts'],
      ['server/src/core/rules/syntax.ts', 'server/src/core/syntax/jsonDocument.ts'],
      ['server/src/core/model/places.ts', 'server/src/core/index.ts'],
      ['server/src/core/stray.ts', 'server/src/core/util/count.ts'],
      ['server/src/core/loose/x.ts', 'server/src/core/util/count.ts'],
      ['server/src/workspace/configLookup.ts', 'server/src/lsp/server.ts'],
      ['server/src/lsp/server.ts', 'server/src/core/check/run.ts'],
      ['server/src/lsp/server.ts', 'server/src/workspace/configLookup.ts'],
      ['client/src/extension.ts', 'server/src/lsp/server.ts'],
      ['client/src/extension.ts', 'server/src/protocol/commands.ts'],
    ]), [
      'server/src/core/syntax/jsonDocument.ts -> server/src/core/rules/syntax.ts',
      'server/src/core/model/places.ts -> server/src/core/index.ts',
      'server/src/core/loose/x.ts -> server/src/core/util/count.ts',
      'server/src/workspace/configLookup.ts -> server/src/lsp/server.ts',
      'server/src/lsp/server.ts -> server/src/core/check/run.ts',
      'client/src/extension.ts -> server/src/lsp/server.ts',
    ]);
  });

  it('puts every file of the core in a layer folder, or in the core\'s face', () => {
    const stray = sourceFiles(CORE).map((f) => path.relative(SRC, f))
      .filter((f) => 'core' in placeOf(f) && (placeOf(f) as { core: number }).core < 0);
    assert.deepEqual(stray, []);
  });

  it('keeps core/rules/ to the rules and their registry: each file is the rule of its name', () => {
    const ids = new Set(ALL_RULES.map((r) => r.id));
    const files = readdirSync(path.join(CORE, 'rules')).filter((n) => n !== 'index.ts').map((n) => n.replace(/\.ts$/, ''));
    assert.deepEqual(files.filter((n) => !ids.has(n)), [], 'a file in rules/ that is no rule: move it to the layer it serves');
    assert.deepEqual([...ids].filter((id) => !files.includes(id)), [], 'a rule without its own file');
  });

  it('describes each layer in ARCHITECTURE.md, in the order the test holds', () => {
    const text = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
    const section = text.slice(text.indexOf('## Layers'), text.indexOf('\n## ', text.indexOf('## Layers') + 1));
    const named = [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1]);
    assert.deepEqual(named, [
      ...CORE_LAYERS.map((l) => `server/src/core/${l}`),
      ...Object.keys(OUTSIDE_LAYERS),
    ]);
  });

  it('reaches the core only through core/index.ts outside server/src/core', () => {
    const outside = [...sourceFiles(SRC).filter((f) => !f.startsWith(CORE + path.sep)), ...sourceFiles(path.join(ROOT, 'client', 'src'))];
    const bad: string[] = [];
    for (const f of outside) {
      for (const dep of localImports(f)) {
        if (dep.startsWith(CORE + path.sep) && dep !== path.join(CORE, 'index.ts')) {
          bad.push(`${path.relative(ROOT, f)} imports ${path.relative(ROOT, dep)}`);
        }
      }
    }
    assert.deepEqual(bad, []);
  });

  it('keeps the server to wiring: server.ts, the file with startServer, fits in 300 lines of code', () => {
    // Blank lines and comments do not count: wrapping at 140 characters, or explaining a choice,
    // should not push code out of the file; new responsibilities should.
    const code = readFileSync(path.join(SRC, 'lsp', 'server.ts'), 'utf8').split('\n')
      .filter((line) => line.trim() !== '' && !/^\s*(?:\/\/|\/\*|\*)/.test(line));
    assert.ok(code.length <= 300, `server.ts has ${code.length} lines of code`);
  });

  it('bundles server/src/lsp/server.ts for the browser without a Node built-in', async () => {
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const used: string[] = [];
    await esbuild.build({
      entryPoints: [path.join(SRC, 'lsp', 'server.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      mainFields: ['browser', 'module', 'main'],
      plugins: [{
        name: 'no-node-builtins',
        setup(build) {
          build.onResolve({ filter: /^[a-z:_/]+$/ }, (args) => {
            if (builtins.has(args.path)) {
              used.push(`${args.path} (from ${path.relative(ROOT, args.importer)})`);
              return { path: args.path, external: true };
            }
            return undefined;
          });
        },
      }],
    });
    assert.deepEqual(used, []);
  });
});
