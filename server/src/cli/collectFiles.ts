/**
 * The files `umsg check` checks: the paths it is given, folders walked recursively (links
 * followed once, node_modules and build folders skipped), in a stable order, with a problem
 * for each path that cannot be read.
 */
import { statSync } from 'node:fs';
import { describeError, type FolderListings, NODE_FOLDERS_SYNC, realPathOfSync } from '../node/files';
import { FolderWalk, type FolderEntry, type WalkHost } from '../workspace/walkFolders';
import { checkedLanguageOf } from './checkFiles';

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

export class FileCollector {
  readonly files: Collected[] = [];
  private readonly walk: FolderWalk;

  /**
   * `listings`: the check's, told what the walk saw: each folder's names (so that the check need
   * not list it again) and each file the listing showed as a regular file (so that its read need
   * not ask again).
   */
  constructor(
    private readonly problems: Problem[],
    private readonly shown: (p: string) => string,
    listings?: FolderListings,
  ) {
    const host: WalkHost = listings
      ? {
        ...NODE_FOLDERS_SYNC,
        list: async (folder) => {
          const entries = await NODE_FOLDERS_SYNC.list(folder);
          if (Array.isArray(entries)) listings.seed(folder, (entries as readonly FolderEntry[]).map((e) => e.name));
          return entries;
        },
      }
      : NODE_FOLDERS_SYNC;
    this.walk = new FolderWalk(host, {
      wanted: (name) => !!checkedLanguageOf(name),
      take: (file, real, isRegular) => {
        this.files.push({ file, real });
        if (isRegular) listings?.seedRegular(file);
      },
      problem: ({ path: p, folder, reason }) => this.problems.push({
        line: folder ? `Cannot read the folder "${this.shown(p)}": ${reason}.` : `Cannot read "${this.shown(p)}": ${reason}.`,
        file: p,
      }),
    });
  }

  async add(p: string): Promise<void> {
    let s;
    try {
      s = statSync(p);
    } catch (error) {
      throw new InputError(`Cannot read "${this.shown(p)}": ${describeError(error)}.`);
    }
    if (s.isDirectory()) {
      const real = realPathOfSync(p);
      if (real === undefined) this.problems.push({ line: `Cannot read the folder "${this.shown(p)}": it cannot be resolved.`, file: p });
      else await this.walk.walk(p, real);
      return;
    }
    if (!checkedLanguageOf(p)) {
      throw new InputError(`"${p}" is not a file umsg checks: expected *.umsg, *.configmeta.json or *.provider.json.`);
    }
    // Taken whatever it is: a pipe or a device too, so that reading it says why it is refused.
    // The stat above says already whether it is a regular file: its read need not ask again.
    this.walk.takeOnce(p, realPathOfSync(p) ?? p, s.isFile());
  }
}
