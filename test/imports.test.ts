/**
 * The shape of the import graph, held by tests so that it does not drift:
 * - no import cycle anywhere in server/src (type-only imports count: a cycle of types is a
 *   cycle of modules that cannot be understood one at a time);
 * - outside server/src/core, code reaches the core only through core/index.ts, its one public
 *   face (tests may import internals);
 * - nothing reachable from startServer (server/src/lsp/server.ts) needs Node: bundled for the
 *   browser, it must not import a Node built-in (a web extension will run the same server).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'server', 'src');
const CORE = path.join(SRC, 'core');

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

  it('reaches the core only through core/index.ts outside server/src/core', () => {
    const outside = [...sourceFiles(SRC).filter((f) => !f.startsWith(CORE + path.sep)), ...sourceFiles(path.join(ROOT, 'client', 'src'))];
    const bad: string[] = [];
    for (const f of outside) {
      for (const dep of localImports(f)) {
        if (dep.startsWith(CORE + path.sep) && dep !== path.join(CORE, 'index.ts')) bad.push(`${path.relative(ROOT, f)} imports ${path.relative(ROOT, dep)}`);
      }
    }
    assert.deepEqual(bad, []);
  });

  it('keeps the server to wiring: server.ts, the file with startServer, fits in 300 lines', () => {
    const lines = readFileSync(path.join(SRC, 'lsp', 'server.ts'), 'utf8').split('\n').length;
    assert.ok(lines <= 300, `server.ts has ${lines} lines`);
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
