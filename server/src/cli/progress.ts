/**
 * How far `umsg check` is, on standard error when it is a terminal: one line, "Checking 2,400
 * of 10,000 files", rewritten in place at most a few times a second and erased before anything
 * else is written to the terminal (a line of the report, a line on standard error) and at the
 * end. Nothing at all when standard error is not a terminal, or for a run too short to watch;
 * never anything on standard output, whose report stays exact.
 */
import { formatCount } from '../core';

/** Fewer files than this are checked before a progress line would be read. */
export const PROGRESS_MIN_FILES = 200;

/** The least time between two progress lines. */
const INTERVAL_MS = 250;

/** Carriage return, then erase the line (ECMA-48 EL 2): the cursor ends where the line began. */
const ERASE = '\r\u001b[2K';

export class Progress {
  private shown = false;
  private last = -Infinity;
  private total = 0;

  constructor(
    private readonly isTTY: boolean,
    private readonly write: (s: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The run checks `total` files: progress is shown from here on, if it is worth showing. */
  start(total: number): void {
    this.total = total;
  }

  /** `done` files of the total are checked: shows it, unless a line went out less than INTERVAL_MS ago. */
  update(done: number): void {
    if (!this.isTTY || this.total < PROGRESS_MIN_FILES) return;
    const t = this.now();
    if (t - this.last < INTERVAL_MS) return;
    this.last = t;
    this.write(`${ERASE}Checking ${formatCount(done)} of ${formatCount(this.total)} files`);
    this.shown = true;
  }

  /** Erases the line, if one is shown (the next update draws it again). */
  clear(): void {
    if (!this.shown) return;
    this.write(ERASE);
    this.shown = false;
  }
}
