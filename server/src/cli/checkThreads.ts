/**
 * `umsg check` on all cores: the files are handed out in batches to the main thread
 * and to worker threads that run the same bundle (dist/cli.js started with `workerData.umsgCheckWorker`), each with
 * its own FileChecker. Outcomes come back per batch and are passed on strictly in the files'
 * order, so the report is byte for byte the one a sequential run writes, and each part is
 * written as soon as it and every file before it are done.
 *
 * A worker that throws, fails to start or exits before answering ends the run with a
 * WorkerFailure (one line, exit 2): never a hang, never a report that passes with files
 * missing from it. The outcomes passed on before it are every file up to some point in the
 * files' order; checkCommand.ts closes the report there (a json or sarif report stays valid
 * JSON) and says how many files were not checked.
 */
import { availableParallelism, loadavg } from 'node:os';
import type * as WorkerThreads from 'node:worker_threads';
import { FileChecker, READ_CONCURRENCY, type CacheStrategy, type FileOutcome } from './checkFiles';
import type { CachedFile } from './checkCache';

/**
 * node:worker_threads, loaded only where threads are used: loading it costs every run about
 * 37 million instructions (3 ms), 5 % of checking one file, and most runs check in one thread.
 */
let loadedThreads: typeof WorkerThreads | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const threads = () => (loadedThreads ??= require('node:worker_threads') as typeof WorkerThreads);

/**
 * On the command line of each checking thread (the Worker's `argv`), so that the main thread
 * can tell it is none without loading node:worker_threads. Typed by hand in the main thread,
 * it changes nothing: isCheckWorker then asks worker_threads, which answers no.
 */
const WORKER_ARGUMENT = '--umsg-check-worker';

/** The most threads (the main one included) used without --jobs, whatever the machine has. */
export const MAX_AUTO_JOBS = 8;

/**
 * Files per thread below which another thread does not pay. Each worker loads the bundle,
 * warms the checker up again (its code is compiled per thread) and lists its folders again:
 * with `umsg check --format json` on ordinary messages (scripts/corpus.ts), the CPU time that
 * `--jobs 2` takes more than `--jobs 1` is as much as checking this many messages in a thread
 * that is warm already. Fewer files per thread than that, and the run is faster in one thread.
 */
export const FILES_PER_WORKER = 4_000;

/**
 * Threads (the main one and workers) for `count` files: `requested` (--jobs) when given, else
 * what pays. As `make -l` does, cores already busy (the one-minute load average, 0 where the
 * system has none, as on Windows) are not counted: on a shared machine with every core busy, a
 * second thread made the run no faster and cost more CPU time. One idle core is left to V8's own
 * threads (the garbage collector and the optimising compiler): a thread checking files keeps
 * them busy for about a third of its own time, so on two idle cores a second checker only slowed
 * the run down (10,000 messages: 1.20× the wall time of one thread; 30,000: 1.07×).
 */
export function jobsFor(count: number, requested: number | undefined, load = loadavg()[0], cores = availableParallelism()): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, count));
  const idleCores = cores - Math.floor(load);
  return Math.max(1, Math.min(idleCores - 1, MAX_AUTO_JOBS, Math.floor(count / FILES_PER_WORKER)));
}

/** A parallel run that cannot finish: the report is incomplete (exit 2). */
export class WorkerFailure extends Error {}

interface WorkerInput {
  umsgCheckWorker: true;
  cwd: string;
  /** With --cache: work out each file's key. */
  keyed: boolean;
  strategy?: CacheStrategy;
}

interface BatchRequest {
  batch: number;
  files: string[];
  /** With --cache: what the cache holds for each file (null: nothing). */
  cached?: (CachedFile | null)[];
}

interface BatchResult {
  batch: number;
  outcomes: FileOutcome[];
}

/** True in a thread started by checkInWorkers: the bundle then serves batches instead of running the command line. */
export function isCheckWorker(): boolean {
  if (!process.argv.includes(WORKER_ARGUMENT)) return false;
  const { isMainThread } = threads();
  return !isMainThread && (threads().workerData as Partial<WorkerInput> | undefined)?.umsgCheckWorker === true;
}

/** The worker's side: check each batch in turn and send its outcomes back. */
export function serveCheckWorker(): void {
  const { parentPort } = threads();
  const { cwd, keyed, strategy } = threads().workerData as WorkerInput;
  const checker = new FileChecker(cwd, { keyed, strategy });
  let queue = Promise.resolve();
  parentPort!.on('message', (request: BatchRequest) => {
    queue = queue.then(async () => {
      const cached = request.cached && new Map(request.files.map((f, i) => [f, request.cached![i] ?? undefined]));
      checker.lookup = cached && ((file) => cached.get(file));
      const outcomes = await checker.checkBatch(request.files, READ_CONCURRENCY);
      parentPort!.postMessage({ batch: request.batch, outcomes } satisfies BatchResult);
    });
    // Anything thrown here is a defect: let it end the worker, so the main thread reports it.
    queue.catch((error: unknown) => setImmediate(() => { throw error; }));
  });
}

/** Files per batch: small enough to keep every worker busy to the end, large enough to be few. */
function batchSize(files: number, jobs: number): number {
  return Math.max(4, Math.min(200, Math.ceil(files / (jobs * 16))));
}

/**
 * Checks `files` on `jobs` threads: this one, with `checkHere`, and `jobs - 1` worker threads
 * running `script`. Each outcome goes to `use` in the files' order; `waiting` is called
 * whenever the next outcome is not there yet (the report written so far can go out).
 * Rejects with a WorkerFailure when a worker fails.
 *
 * The main thread checks too, rather than only waiting: every thread pays for loading and
 * warming up the checker (as much CPU time as checking many messages), and the main thread
 * has paid already. It takes one batch at a time and lets the
 * workers' answers in between; workers hold two batches each, so they do not run dry meanwhile.
 */
export function checkInWorkers(
  files: readonly string[],
  options: {
    jobs: number;
    cwd: string;
    script: string;
    waiting?: () => void;
    /** With --cache: what the cache holds for a file, sent to the worker that checks it. */
    cached?: (file: string) => CachedFile | undefined;
    strategy?: CacheStrategy;
  },
  checkHere: (files: string[]) => Promise<FileOutcome[]>,
  use: (outcome: FileOutcome, index: number) => void,
): Promise<void> {
  const size = batchSize(files.length, options.jobs);
  const batchCount = Math.ceil(files.length / size);
  const results: (FileOutcome[] | undefined)[] = [];
  const answered: boolean[] = [];
  let nextBatch = 0;
  let nextToUse = 0;
  const workers: WorkerThreads.Worker[] = [];
  const batchFiles = (b: number) => files.slice(b * size, (b + 1) * size);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const stop = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const w of workers) void w.terminate();
      if (error) reject(error); else resolve();
    };
    const give = (w: WorkerThreads.Worker) => {
      if (nextBatch >= batchCount) return;
      const b = nextBatch++;
      const bf = batchFiles(b);
      const { cached } = options;
      w.postMessage({ batch: b, files: bf, cached: cached && bf.map((f) => cached(f) ?? null) } satisfies BatchRequest);
    };
    /** Takes a batch's outcomes and passes on every outcome that is next in order. */
    const accept = (b: number, outcomes: FileOutcome[]) => {
      answered[b] = true;
      results[b] = outcomes;
      try {
        while (nextToUse < batchCount && results[nextToUse]) {
          const ready = results[nextToUse]!;
          results[nextToUse] = undefined;
          for (let i = 0; i < ready.length; i++) use(ready[i], nextToUse * size + i);
          nextToUse++;
        }
        if (nextToUse < batchCount) options.waiting?.();
      } catch (error) {
        stop(error as Error);
        return;
      }
      if (nextToUse === batchCount) stop();
    };
    const received = (w: WorkerThreads.Worker, message: BatchResult) => {
      if (settled) return;
      const b = message?.batch;
      const fits = Number.isInteger(b) && b >= 0 && b < batchCount && !answered[b]
        && Array.isArray(message.outcomes) && message.outcomes.length === Math.min(size, files.length - b * size);
      if (!fits) {
        stop(new WorkerFailure('a checking thread sent an answer that does not fit its files.'));
        return;
      }
      give(w);
      accept(b, message.outcomes);
    };
    // The main thread starts with the first batch: the report begins without waiting for a worker to start.
    const first = nextBatch++;
    for (let j = 1; j < options.jobs; j++) {
      let w: WorkerThreads.Worker;
      try {
        const input: WorkerInput = {
          umsgCheckWorker: true, cwd: options.cwd, keyed: options.cached !== undefined, strategy: options.strategy,
        };
        w = new (threads().Worker)(options.script, { workerData: input, argv: [WORKER_ARGUMENT] });
      } catch (error) {
        stop(new WorkerFailure(`a checking thread could not start: ${(error as Error).message}.`));
        return;
      }
      workers.push(w);
      w.on('message', (m: BatchResult) => received(w, m));
      w.on('error', (error) => stop(new WorkerFailure(
        `a checking thread failed: ${error instanceof Error ? error.message : String(error)}.`,
      )));
      w.on('exit', (code) => stop(new WorkerFailure(`a checking thread stopped (exit code ${code}) before its files were checked.`)));
      // Two batches each: the next one is ready when a worker sends its results back.
      give(w);
      give(w);
    }
    void (async () => {
      for (let b = first; b < batchCount && !settled; b = nextBatch++) {
        const outcomes = await checkHere(batchFiles(b));
        if (settled) return;
        accept(b, outcomes);
        // Let the workers' answers in (and hand them their next batches) before the next batch here.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch((error: unknown) => stop(error as Error));
  });
}
