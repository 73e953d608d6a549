// Bundles the extension client, the language server and the command line (three entry points).
// `node esbuild.mjs --production` minifies for the .vsix; `--watch` rebuilds on change.
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

const builds = [
  { ...common, entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist', external: ['vscode'] },
  { ...common, entryPoints: { server: 'server/src/node/serverMain.ts', cli: 'server/src/cli/main.ts' }, outdir: 'dist', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  const started = Date.now();
  await Promise.all(builds.map((b) => esbuild.build(b)));
  console.log(`built dist/client.js, dist/server.js, dist/cli.js in ${Date.now() - started} ms${production ? ' (production)' : ''}`);
}
