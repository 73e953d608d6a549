/**
 * `umsg-language-server` (dist/server.js, the module the VS Code client starts): loads the
 * server's bundle, dist/server-main.js, which starts the server as it loads, with its compiled
 * code kept between runs (compileCache.ts). A launcher of its own because a cache covers only the
 * code loaded through it.
 */
import * as path from 'node:path';
import { loadBundle } from './compileCache';

// The bundle beside this one, built from node/serverMain.ts (esbuild.mjs): loaded at run time, so
// that esbuild does not bundle it into this file.
loadBundle(path.join(__dirname, 'server-main.js'));
