/**
 * Changes the editor makes to watched files (a save, a file created, deleted or renamed in the
 * editor), told to the server when the file watcher does not report them.
 *
 * The server hears of changes on disk through the editor's file watcher. On Linux, VS Code's
 * recursive watcher (inotify, through @parcel/watcher) watches a new folder only once it has
 * seen it created, and does not look inside it: folders made in one go, as `mkdir -p` or New
 * Native Provider make `stripe/src/main/kotlin/…`, can stay unwatched until the window is
 * reloaded. A build file or Kotlin class saved there would never reach the server, and the
 * descriptor's project findings would go stale. So each change the editor makes itself waits
 * `graceMs` for the watcher; if the watcher reports it, nothing more is sent; if not, the
 * change is sent as the watcher would have sent it.
 *
 * A file the watcher reported within the grace period before the editor's change counts as
 * reported: its folder is watched, so the change is on its way. The worst case is one extra
 * check of the open documents, never a missed one.
 */
import type { Clock } from './preview/throttle';
import { isWatchedFile } from '../../server/src/protocol/watchedFiles';

/** How long a change the editor made waits for the file watcher before it is sent anyway. */
export const WATCHER_GRACE_MS = 1500;

/** LSP's FileChangeType. */
export const CREATED = 1, CHANGED = 2, DELETED = 3;
export type ChangeType = typeof CREATED | typeof CHANGED | typeof DELETED;

export interface FileChange {
  uri: string;
  type: ChangeType;
}

/**
 * At most this many recent watcher reports are kept; past it the oldest go even within the
 * grace period (a checkout that changes thousands of files at once): forgetting a report costs
 * at most one change sent that the watcher had sent already.
 */
const SEEN_MAX = 1024;

export class EditorFileEvents {
  /** Changes the editor made that the watcher has not reported yet, with when they were made. */
  private readonly waiting = new Map<string, { type: ChangeType; at: number }>();
  /** When the watcher last reported each file. */
  private readonly seen = new Map<string, number>();
  private timer: unknown;

  constructor(
    private readonly send: (changes: FileChange[]) => void,
    private readonly clock: Clock,
    private readonly graceMs = WATCHER_GRACE_MS,
  ) {}

  /** The editor changed `uri` (a URI string). Files the server does not watch are left alone. */
  editorChanged(uri: string, type: ChangeType): void {
    if (!isWatchedFile(uri)) return;
    const now = this.clock.now();
    const seenAt = this.seen.get(uri);
    if (seenAt !== undefined && now - seenAt <= this.graceMs) return;
    // A later change of the same file replaces the earlier one: it is what the disk holds now.
    this.waiting.delete(uri);
    this.waiting.set(uri, { type, at: now });
    this.schedule();
  }

  /** The file watcher reported `uri`. */
  watcherReported(uri: string): void {
    const now = this.clock.now();
    this.waiting.delete(uri);
    // Moved to the end, so that the map runs oldest first: the old ones go from the front,
    // and the loop stops at the first recent one (each entry is dropped once: linear in all).
    this.seen.delete(uri);
    this.seen.set(uri, now);
    for (const [u, at] of this.seen) {
      if (now - at <= this.graceMs && this.seen.size <= SEEN_MAX) break;
      this.seen.delete(u);
    }
  }

  dispose(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting.clear();
    this.seen.clear();
  }

  /** One timer, for the oldest waiting change; the changes due when it fires are sent together. */
  private schedule(): void {
    if (this.timer !== undefined) return;
    const first = this.waiting.values().next();
    if (first.done) return;
    const wait = Math.max(0, first.value.at + this.graceMs - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      const now = this.clock.now();
      const due: FileChange[] = [];
      // In the order they were made: the first one not due yet ends the due ones.
      for (const [uri, change] of this.waiting) {
        if (now - change.at < this.graceMs) break;
        due.push({ uri, type: change.type });
      }
      for (const change of due) this.waiting.delete(change.uri);
      if (due.length > 0) this.send(due);
      this.schedule();
    }, wait);
  }
}
