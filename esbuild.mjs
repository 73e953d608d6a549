// Bundles the extension client, the language server and the command line, and the client and
// server of the web extension (dist/browser/).
// `node esbuild.mjs --production` minifies for the .vsix; `--watch` rebuilds on change.
import { builtinModules } from 'node:module';
import { copyFileSync, mkdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // jsonc-parser's package.json points bundlers at its ESM build; prefer "main" for CommonJS.
  mainFields: ['module', 'main'],
};

/**
 * VS Code for the Web runs the client in a web worker extension host and the server in a Web
 * Worker: no Node there. A Node built-in reached from a browser entry fails the build, naming
 * the importer, instead of leaving a bundle that breaks when it runs.
 */
const NODE_BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (NODE_BUILTINS.has(args.path) || args.path.startsWith('node:')
      ? {
        errors: [{
          text: `Node built-in "${args.path}" imported by ${args.importer}: ` +
            'the browser bundles must not need Node (see README, VS Code for the Web)',
        }],
      }
      : undefined));
  },
};

export const browser = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  plugins: [noNodeBuiltins],
};

/**
 * web-tree-sitter, a third of the command line's code, is imported with the first provider
 * descriptor (workspace/sourceParser.ts imports it dynamically): in the Node bundles that import
 * stays an import of dist/web-tree-sitter.js, built beside them, so a run over messages never
 * compiles it. Its CommonJS build, as the alias below says; re-exported from an ES module, so
 * that Node's import() sees its names.
 */
const TREE_SITTER_CHUNK = './web-tree-sitter.js';
const treeSitterApart = {
  name: 'tree-sitter-apart',
  setup(build) {
    build.onResolve({ filter: /^web-tree-sitter$/ }, (args) => (args.kind === 'dynamic-import'
      ? { path: TREE_SITTER_CHUNK, external: true }
      : undefined));
  },
};
const treeSitterAlias = { 'web-tree-sitter': createRequire(import.meta.url).resolve('web-tree-sitter') };

const builds = [
  { ...common, entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] },
  {
    ...common,
    // dist/cli.js and dist/server.js are launchers that turn on Node's compile cache and then
    // load the bundles (server/src/node/compileCache.ts says why they are apart).
    entryPoints: {
      server: 'server/src/node/launchServer.ts',
      'server-main': 'server/src/node/serverMain.ts',
      cli: 'server/src/cli/launch.ts',
      'cli-main': 'server/src/cli/main.ts',
    },
    outdir: 'dist',
    plugins: [treeSitterApart],
    banner: { js: '#!/usr/bin/env node' },
  },
  {
    ...common,
    stdin: { contents: "export { Language, Parser } from 'web-tree-sitter';", resolveDir: '.', sourcefile: 'web-tree-sitter-chunk.js' },
    outfile: `dist/${TREE_SITTER_CHUNK.slice(2)}`,
    // web-tree-sitter's ES module build finds itself through import.meta.url, which a CommonJS
    // bundle does not have; its CommonJS build uses __dirname.
    alias: treeSitterAlias,
  },
  // The web extension's client: CommonJS, as VS Code's web extension host loads it.
  { ...browser, entryPoints: { client: 'client/src/browser/extension.ts' }, outdir: 'dist/browser', format: 'cjs', external: ['vscode'] },
  // The server for a classic Web Worker (new Worker(url)): one self-contained script.
  { ...browser, entryPoints: { server: 'server/src/browser/serverMain.ts' }, outdir: 'dist/browser', format: 'iife' },
];

/**
 * The tree-sitter runtime and grammars the Node server and the command line parse a provider's
 * Gradle project with (server/src/node/providerProjects.ts reads them from dist/tree-sitter/).
 */
const WASM = {
  'web-tree-sitter.wasm': 'web-tree-sitter/web-tree-sitter.wasm',
  'tree-sitter-kotlin.wasm': '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
  'tree-sitter-groovy.wasm': 'tree-sitter-groovy/tree-sitter-groovy.wasm',
  'tree-sitter-java.wasm': 'tree-sitter-java/tree-sitter-java.wasm',
};

function copyWasm() {
  const require = createRequire(import.meta.url);
  mkdirSync('dist/tree-sitter', { recursive: true });
  for (const [name, from] of Object.entries(WASM)) copyFileSync(require.resolve(from), `dist/tree-sitter/${name}`);
}

// Imported (test/browser/run.mjs checks the guard above), it builds nothing.
const isMain = !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (!isMain) {
  // nothing to do
} else if (watch) {
  copyWasm();
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  const started = Date.now();
  await Promise.all(builds.map((b) => esbuild.build(b)));
  copyWasm();
  console.log(
    'built dist/client.js, dist/server.js, dist/server-main.js, dist/cli.js, dist/cli-main.js, dist/web-tree-sitter.js, ' +
      'dist/browser/client.js, dist/browser/server.js ' +
      `in ${Date.now() - started} ms${production ? ' (production)' : ''}`,
  );
}
