/**
 * Checks of large documents on a worker thread, for the editor under load.
 *
 * In one thread, a large message's check holds the event loop for long stretches at a time
 * (each rule is a slice that cannot be cut smaller), and every hover and completion sent
 * meanwhile, in any document, waits for the slice to end. So the Node server
 * sends documents of at least CHECK_ELSEWHERE_MIN_LENGTH characters to one worker thread, which
 * runs the same core (the same bundle, started again as a worker) and answers with plain
 * findings; the main thread stays free for requests. Cancellation crosses over as a flag in
 * shared memory that the worker polls between rules and findings, as the in-thread check does.
 *
 * If the worker cannot start, dies, or cannot be sent a request, `run` answers undefined and the
 * language service checks in-thread, in slices, as before; after three failures the worker is not
 * started again. Small documents never go there: the copy would cost more than their check.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkRemoteRequest, type Cancellation, type CheckElsewhere, type RemoteCheckRequest, type RemoteCheckResult } from '../core';
import { settleHeap } from './settleHeap';

/** Below this many characters a document is checked in-thread (an ordinary message is ~500). */
export const CHECK_ELSEWHERE_MIN_LENGTH = 100_000;

const ROLE = 'umsg-check-worker';
const MAX_FAILURES = 3;
/** How often pending requests' cancellation tokens are read and passed on to the worker, ms. */
const POLL_MS = 5;

interface Job {
  id: number;
  request: RemoteCheckRequest;
  /** One Int32: 1 once the request is cancelled. */
  cancel: SharedArrayBuffer;
}

/** Asks the worker for a full collection (settleHeap). */
interface Settle {
  settle: true;
}

interface Reply {
  id: number;
  result?: RemoteCheckResult;
  error?: string;
}

/**
 * In the check worker: serves checks and answers true (the entry must then do nothing else).
 * Anywhere else: answers false at once.
 */
export function serveChecksIfWorker(): boolean {
  if (isMainThread || !parentPort || (workerData as { role?: unknown } | undefined)?.role !== ROLE) return false;
  const port = parentPort;
  port.on('message', (job: Job | Settle) => {
    // Asked once a long document is closed: nothing else collects this thread's garbage while the
    // editor is idle (V8's memory reducer is off: protocol/serverProcess.ts).
    if ('settle' in job) { settleHeap(); return; }
    const flag = new Int32Array(job.cancel);
    let reply: Reply;
    try {
      reply = { id: job.id, result: checkRemoteRequest(job.request, () => Atomics.load(flag, 0) === 1) };
    } catch (error) {
      reply = { id: job.id, error: error instanceof Error ? error.stack ?? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  return true;
}

interface Pending {
  resolve(result: RemoteCheckResult | undefined): void;
  flag: Int32Array;
  token?: Cancellation;
}

/**
 * The main thread's side: a `checkElsewhere` for the language service that runs checks on a
 * worker started from `entry` (the server's own script).
 */
export function workerChecks(entry: string, log: (message: string) => void): CheckElsewhere & { settle(): void } {
  let worker: Worker | undefined;
  let failures = 0;
  let nextId = 0;
  let poll: NodeJS.Timeout | undefined;
  const pending = new Map<number, Pending>();

  const stopPolling = () => {
    if (poll && pending.size === 0) { clearInterval(poll); poll = undefined; }
  };

  function fail(reason: string): void {
    failures++;
    log(
      `The check worker stopped (${reason}); ` +
        `${failures < MAX_FAILURES ? 'checking in-thread until it restarts' : 'checking in-thread from now on'}.`,
    );
    const dead = worker;
    worker = undefined;
    void dead?.terminate();
    for (const p of pending.values()) p.resolve(undefined);
    pending.clear();
    stopPolling();
  }

  function started(): Worker | undefined {
    if (worker || failures >= MAX_FAILURES) return worker;
    try {
      const w = new Worker(entry, { workerData: { role: ROLE } });
      w.on('message', (reply: Reply) => {
        const p = pending.get(reply.id);
        if (!p) return;
        pending.delete(reply.id);
        stopPolling();
        if (reply.error !== undefined) log(`The check worker failed on a document, checking it in-thread: ${reply.error}`);
        p.resolve(reply.result);
      });
      w.on('error', (error) => { if (worker === w) fail(error.message); });
      w.on('exit', (code) => { if (worker === w) fail(`exit code ${code}`); });
      // The worker must never keep the server alive once its connection has ended.
      w.unref();
      worker = w;
    } catch (error) {
      failures++;
      log(`The check worker could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    return worker;
  }

  return {
    minLength: CHECK_ELSEWHERE_MIN_LENGTH,
    /** A full collection in the worker, if one is running (none is started for it). */
    settle() {
      try {
        worker?.postMessage({ settle: true } satisfies Settle);
      } catch {
        // A worker on its way out: its memory goes with it.
      }
    },
    run(request, token) {
      const w = started();
      if (!w) return Promise.resolve(undefined);
      const id = nextId++;
      const cancel = new SharedArrayBuffer(4);
      const flag = new Int32Array(cancel);
      if (token?.isCancellationRequested) flag[0] = 1;
      return new Promise((resolve) => {
        pending.set(id, { resolve, flag, token });
        try {
          w.postMessage({ id, request, cancel } satisfies Job);
        } catch (error) {
          // Something in the request cannot be copied: check this one in-thread.
          pending.delete(id);
          log(`A check could not be sent to the worker: ${error instanceof Error ? error.message : String(error)}`);
          resolve(undefined);
          return;
        }
        poll ??= setInterval(() => {
          for (const p of pending.values()) if (p.token?.isCancellationRequested) Atomics.store(p.flag, 0, 1);
        }, POLL_MS);
      });
    },
  };
}
