/**
 * The files `umsg check` checks: the paths it is given, folders walked recursively (links
 * followed once, node_modules and build folders skipped), in a stable order, with a problem
 * for each path that cannot be read.
 */
import { readdir, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { describeError, realPathOf } from '../node/files';
import { checkedLanguageOf } from './checkFiles';

const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode-test', 'dist', 'out']);

export class InputError extends Error {}

/** A file to check: the path it is reported under and its real path (links resolved). */
export interface Collected {
  file: string;
  real: string;
}

/**
 * Finds the files to check. Named paths that cannot be found stop the run (a typo must not
 * pass); what goes wrong inside a folder (an unreadable folder, a dangling link) is one line
 * in `problems` and the rest goes on. Links inside folders are followed once: every folder
 * and file is taken once by its real path, so link loops end.
 */
/** A file or folder that could not be checked: one line on standard error, a notification in SARIF. */
export interface Problem {
  line: string;
  file?: string;
}

/**
 * The order files are checked and reported in: localeCompare's, through one collator (the
 * same comparison, by the language's definition, at a fraction of the cost). Made on first
 * use: making it loads ICU's collation data, which a run over named files, a worker thread
 * and --stdin never need.
 */
let nameOrder: Intl.Collator | undefined;

/** `name` in the folder `dir` (already resolved, as readdir's names have no separators): path.join without normalising again. */
function inFolder(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

export class FileCollector {
  readonly files: Collected[] = [];
  private readonly seenDirs = new Set<string>();
  private readonly seenFiles = new Set<string>();

  constructor(private readonly problems: Problem[], private readonly shown: (p: string) => string) {}

  async add(p: string): Promise<void> {
    let s;
    try {
      s = await stat(p);
    } catch (error) {
      throw new InputError(`Cannot read "${this.shown(p)}": ${describeError(error)}.`);
    }
    if (s.isDirectory()) {
      const real = await realPathOf(p);
      if (real === undefined) this.problems.push({ line: `Cannot read the folder "${this.shown(p)}": it cannot be resolved.`, file: p });
      else await this.walk(p, real);
      return;
    }
    if (!checkedLanguageOf(p)) {
      throw new InputError(`"${p}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`);
    }
    // Not a regular file (a pipe, a device): taken, so that reading it says why it is refused.
    this.take(p, (await realPathOf(p)) ?? p);
  }

  private take(file: string, real: string): void {
    if (this.seenFiles.has(real)) return;
    this.seenFiles.add(real);
    this.files.push({ file, real });
  }

  private async walk(dir: string, realDir: string): Promise<void> {
    if (this.seenDirs.has(realDir)) return;
    this.seenDirs.add(realDir);
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      this.problems.push({ line: `Cannot read the folder "${this.shown(dir)}": ${describeError(error)}.`, file: dir });
      return;
    }
    const order = (nameOrder ??= new Intl.Collator());
    for (const e of entries.sort((a, b) => order.compare(a.name, b.name))) {
      if (SKIP_DIRS.has(e.name)) continue;
      const child = inFolder(dir, e.name);
      if (e.isDirectory()) {
        await this.walk(child, inFolder(realDir, e.name));
      } else if (e.isSymbolicLink()) {
        let target;
        try {
          target = await stat(child);
        } catch (error) {
          // A dangling link or a link loop: worth a word only where a checked file was meant.
          if (checkedLanguageOf(e.name)) this.problems.push({
            line: `Cannot read "${this.shown(child)}": ${describeError(error)}.`,
            file: child,
          });
          continue;
        }
        const real = await realPathOf(child);
        if (real === undefined) continue;
        if (target.isDirectory()) await this.walk(child, real);
        else if (checkedLanguageOf(e.name)) this.take(child, real);
      } else if (checkedLanguageOf(e.name)) {
        this.take(child, inFolder(realDir, e.name));
      }
    }
  }
}
