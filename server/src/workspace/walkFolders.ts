/**
 * The walk over a folder that finds the files umsg checks: `umsg check` over a folder and the
 * language server over the workspace (workspace diagnostics) take the same files. Folders in
 * SKIPPED_FOLDERS are left out, entries come in a stable order, links are followed once (every
 * folder and file is taken once by its real path, so link loops end), and what cannot be read is
 * reported and skipped. File access comes from the caller: Node's file system, or the editor's
 * through the language client.
 */

/** Folders never walked: dependencies, version control, the editor tests' download, build output. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.vscode-test', 'dist', 'out']);

/** One entry of a folder as listed, links not followed. */
export interface FolderEntry {
  name: string;
  kind: 'file' | 'folder' | 'link' | 'other';
}

/** Where a link leads: its target's kind and real path; `problem` when it leads nowhere (dangling, a loop). */
type LinkTarget = { kind: 'file' | 'folder' | 'other'; real: string } | { problem: string };

export interface WalkHost {
  /** A folder's entries, or why it cannot be listed. */
  list(folder: string): Promise<readonly FolderEntry[] | { problem: string }>;
  /** Follows a link; undefined when it cannot be resolved (the entry is then skipped). */
  follow(link: string): Promise<LinkTarget | undefined>;
  /** `name` inside `folder`. */
  join(folder: string, name: string): string;
}

interface WalkVisitor {
  /** Whether a file of this name is one to take. */
  wanted(name: string): boolean;
  /**
   * A file found, by the path it was reached by and its real path; `regular` when the listing
   * (or the link's target) said it is a regular file, not a pipe, device or socket.
   */
  take(file: string, real: string, regular: boolean): void;
  /** A folder that cannot be listed, or a link to a wanted name that leads nowhere: `reason` completes "cannot be read: …". */
  problem(where: { path: string; folder: boolean; reason: string }): void;
  /** Whether a folder or file is left out (the editor's `files.exclude`); by default nothing is. */
  excluded?(path: string, folder: boolean): boolean;
  /** Stops the walk between folders when true. */
  stopped?(): boolean;
  /** Lets the host do other work, every ENTRIES_PER_PAUSE entries of a large folder (the language server). */
  pause?(): Promise<void>;
}

/** How many entries of one folder are walked between two pauses. */
const ENTRIES_PER_PAUSE = 500;

/**
 * The order files are walked and reported in: localeCompare's, through one collator (the
 * same comparison, by the language's definition, at a fraction of the cost). Made on first
 * use: making it loads ICU's collation data, which a run over named files never needs, and
 * nor does a folder of plain names (see inNameOrder).
 */
let nameOrder: Intl.Collator | undefined;

/**
 * Names of lower-case ASCII letters, digits, '.', '-' and '_' only: most names a project gives
 * its messages. The collator gives each of these characters one weight of its own, in the
 * order _ - . 0-9 a-z, with no case or accent to weigh, so two such names compare as their
 * characters' weights in turn: code unit order, '_' put first.
 */
const PLAIN_NAME = /^[0-9a-z._-]*$/;

/**
 * A folder's entries in the collator's order. A folder whose names are all plain is sorted by
 * code units (with '_' below every other character), the same order without making the
 * collator (tens of milliseconds of ICU data for a command-line run); any other name, and the
 * whole folder is sorted by the collator.
 */
function inNameOrder(listed: readonly FolderEntry[]): FolderEntry[] {
  if (!allPlain(listed)) {
    const order = (nameOrder ??= new Intl.Collator());
    return [...listed].sort((a, b) => order.compare(a.name, b.name));
  }
  // Distinct names give distinct keys (' ' is not a plain character): no two entries tie. The
  // keys are sorted by the default comparison (code units), cheaper than a comparison function.
  const byKey = new Map<string, FolderEntry>();
  const keys: string[] = [];
  keyByName(listed, byKey, keys);
  keys.sort();
  return keys.map((key) => byKey.get(key)!);
}

// The two loops over a large folder are functions of their own: V8 optimises a long loop while
// it runs, and code after the loop that had not run yet then threw that code away (it was
// compiled twice more for one folder of 10,000 messages).

function allPlain(listed: readonly FolderEntry[]): boolean {
  for (let i = 0; i < listed.length; i++) if (!PLAIN_NAME.test(listed[i].name)) return false;
  return true;
}

function keyByName(listed: readonly FolderEntry[], byKey: Map<string, FolderEntry>, keys: string[]): void {
  for (let i = 0; i < listed.length; i++) {
    const e = listed[i];
    const key = e.name.includes('_') ? e.name.replaceAll('_', ' ') : e.name;
    byKey.set(key, e);
    keys.push(key);
  }
}

/** Walks `folder` (whose real path is `realFolder`) and everything under it. */
export class FolderWalk {
  /** `seen`: real paths already taken, shared by walks that must not take a file twice (nested workspace folders). */
  constructor(private readonly host: WalkHost, private readonly visitor: WalkVisitor, private readonly seen = new Set<string>()) {}

  async walk(folder: string, realFolder: string): Promise<void> {
    const { host, visitor } = this;
    if (this.seen.has(realFolder) || visitor.stopped?.()) return;
    this.seen.add(realFolder);
    const listed = await host.list(folder);
    if (!Array.isArray(listed)) {
      visitor.problem({ path: folder, folder: true, reason: (listed as { problem: string }).problem });
      return;
    }
    const entries = inNameOrder(listed as readonly FolderEntry[]);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      if (visitor.pause && i > 0 && i % ENTRIES_PER_PAUSE === 0) await visitor.pause();
      if (SKIPPED_FOLDERS.has(e.name)) continue;
      const child = host.join(folder, e.name);
      if (e.kind === 'folder') {
        if (!visitor.excluded?.(child, true)) await this.walk(child, host.join(realFolder, e.name));
      } else if (e.kind === 'link') {
        const target = await host.follow(child);
        if (target === undefined) continue;
        if ('problem' in target) {
          // A dangling link or a link loop: worth a word only where a checked file was meant.
          if (visitor.wanted(e.name)) visitor.problem({ path: child, folder: false, reason: target.problem });
        } else if (target.kind === 'folder') {
          if (!visitor.excluded?.(child, true)) await this.walk(child, target.real);
        } else if (visitor.wanted(e.name) && !visitor.excluded?.(child, false)) {
          this.takeOnce(child, target.real, target.kind === 'file');
        }
      } else if (visitor.wanted(e.name) && !visitor.excluded?.(child, false)) {
        // A folder reached without a link is its own real path: the file's path is its real one too, one string for both.
        this.takeOnce(child, realFolder === folder ? child : host.join(realFolder, e.name), e.kind === 'file');
      }
    }
  }

  /** Takes a file once by its real path, however many links lead to it. */
  takeOnce(file: string, real: string, regular = false): void {
    if (this.seen.has(real)) return;
    this.seen.add(real);
    this.visitor.take(file, real, regular);
  }
}
