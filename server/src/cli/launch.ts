/**
 * `umsg` (dist/cli.js): turns on Node's compile cache (node/compileCache.ts), then loads the
 * command line's bundle, dist/cli-main.js, and starts it. A launcher of its own because a
 * cache turned on by a module covers only the modules loaded after it: this file is a few
 * hundred bytes to compile, the bundle it loads half a megabyte.
 */
import * as path from 'node:path';
import { enableCompileCache } from '../node/compileCache';

enableCompileCache();
// The bundle beside this one, built from cli/main.ts (esbuild.mjs): loaded at run time, after
// the cache is on, so a require and not an import (which esbuild would bundle into this file).
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require(path.join(__dirname, 'cli-main.js')) as typeof import('./main')).start();
