/**
 * What the command line writes to and reads from (standard output and error, the working
 * folder, standard input), as an object so that tests run it in process.
 */

export interface CliIO {
  stdout: (s: string) => void;
  /**
   * Bytes for standard output, written as they are (a report kept by the cache); without it
   * they are decoded as UTF-8 and go through `stdout`.
   */
  stdoutBytes?: (b: Uint8Array) => void;
  stderr: (s: string) => void;
  cwd: string;
  /** Standard input, for --stdin. */
  stdin?: AsyncIterable<Buffer | string>;
  /** Files prepared at once (tests compare 1, a sequential run, with the default). */
  readConcurrency?: number;
  /** The script worker threads run: this bundle by default (tests give one that fails). */
  workerScript?: string;
  /** True once standard output cannot be written (the reader stopped): the check stops too. */
  outputClosed?: () => boolean;
  /** Standard error is a terminal: a long check shows how far it is there (progress.ts). */
  stderrIsTTY?: boolean;
  /** Standard output is a terminal too: the progress line is erased before each part of the report. */
  stdoutIsTTY?: boolean;
  /** The version the cache is keyed on (tests give another); package.json's by default. */
  toolVersion?: string;
}

/** Standard output is gone (`umsg check | head`): nobody reads the rest, so it is not checked. */
export class OutputClosed extends Error {}

/**
 * The report on standard output, written in parts: out at once when a part is large or some
 * time has passed, and whenever the run is about to wait for a worker, so that a reader (or
 * `| head`) sees each file soon after it is checked without one write per file.
 */
export class Output {
  private buffered = '';
  private last = Date.now();
  constructor(private readonly sink: (s: string) => void) {}

  write(s: string): void {
    if (s === '') return;
    this.buffered += s;
    if (this.buffered.length >= 65_536 || Date.now() - this.last >= 100) this.flush();
  }

  flush(): void {
    this.last = Date.now();
    if (this.buffered === '') return;
    const s = this.buffered;
    this.buffered = '';
    this.sink(s);
  }
}
