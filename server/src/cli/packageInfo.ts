/**
 * What the reports say about the tool itself: its version and home page, from package.json,
 * and where the rule pages are. Read once, on first use, by walking up from this module to the
 * package root: that is `dist/..` for the bundle (`dist/cli.js`) and `server/src/cli/../../..`
 * when the sources run directly (tests), so both find the same package.json and docs/.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface PackageInfo {
  name: string;
  version: string;
  /** The project's page: package.json's homepage, else its repository URL without `.git`. */
  informationUri: string;
  /**
   * Base of the rule pages, ending with a slash: the rule's page is `<docsBase><id>.md`. The
   * same file URL of the docs/rules folder beside the bundle that the language server gives as
   * each diagnostic's `codeDescription` (server/src/node/serverMain.ts).
   */
  docsBase: string;
  /** The folder of the rule pages (docs/rules), whose URL is docsBase. */
  docsDir: string;
}

let cached: PackageInfo | undefined;

export function packageInfo(): PackageInfo {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as {
        name?: string;
        version?: string;
        homepage?: string;
        repository?: string | { url?: string };
      };
      if (pkg.name === 'umsg') {
        const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
        cached = {
          name: pkg.name,
          version: pkg.version ?? '0.0.0',
          informationUri: pkg.homepage ?? (repository ?? 'https://example.invalid/umsg').replace(/^git\+/, '').replace(/\.git$/, ''),
          docsBase: pathToFileURL(path.join(dir, 'docs', 'rules') + path.sep).toString(),
          docsDir: path.join(dir, 'docs', 'rules'),
        };
        return cached;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`umsg's package.json was not found above ${__dirname}.`);
    dir = parent;
  }
}
