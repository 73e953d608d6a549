/**
 * `umsg` (dist/cli.js): loads the command line's bundle, dist/cli-main.js, with its compiled code
 * kept between runs (node/compileCache.ts), and starts it. A launcher of its own because a cache
 * covers only the code loaded through it: this file is a few hundred bytes to compile, the bundle
 * it loads half a megabyte.
 */
import * as path from 'node:path';
import { loadBundle } from '../node/compileCache';

// The bundle beside this one, built from cli/main.ts (esbuild.mjs): loaded at run time, so that
// esbuild does not bundle it into this file.
(loadBundle(path.join(__dirname, 'cli-main.js')) as typeof import('./main')).start();
