/**
 * `umsg-language-server` (dist/server.js, the module the VS Code client starts): turns on
 * Node's compile cache (compileCache.ts), then loads the server's bundle, dist/server-main.js,
 * which starts the server as it loads. A launcher of its own because a cache turned on by a
 * module covers only the modules loaded after it.
 */
import * as path from 'node:path';
import { enableCompileCache } from './compileCache';

enableCompileCache();
// The bundle beside this one, built from node/serverMain.ts (esbuild.mjs): loaded at run time,
// after the cache is on, so a require and not an import (which esbuild would bundle into this file).
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(path.join(__dirname, 'server-main.js'));
