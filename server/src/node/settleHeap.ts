/**
 * A full garbage collection, asked for once a long document just opened has been parsed for the
 * editor (not after an edit: see `afterOpeningParse` in core/types.ts).
 *
 * The parse of a 4.6 MB document leaves its last nodes in V8's young generation and the old
 * generation near the size that starts its next full collection. Left alone, the keystrokes
 * that follow pay for both: the next two young collections copy those nodes (tens of
 * milliseconds each), and a few keystrokes later a full collection of the whole heap stops the
 * thread again. One full collection at the end of the parse moves every live node to the old
 * generation at once and sets the next one's start from the heap as it now is, with the parse
 * in it: the keystrokes after it meet only short young collections.
 *
 * Node offers a script a collection only when started with `--expose-gc`, which the VS Code
 * client passes (protocol/serverProcess.ts). Started without it, the server skips the collection
 * and works the same.
 */

/** Runs a full collection now, where the process was started with `--expose-gc`; otherwise nothing. */
export function settleHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** How long after a long document is closed its memory is collected: ms. */
const AFTER_CLOSING_MS = 1000;

/**
 * After a document is closed: where it was long enough to be checked on the check thread
 * (`checks.minLength`), a full collection a little later, here and in that thread
 * (`checks.settle`), where the process was started with `--expose-gc`. The server runs without
 * V8's memory reducer (protocol/serverProcess.ts), so nothing else collects an idle server:
 * after typing in the 4.6 MB Configuration Meta, closing it left the server at 331 MB for good.
 * With these collections (the check thread's is node/editorCheckThread.ts's), it comes down to
 * 133 to 150 MB; the memory reducer, which also shrinks the young generation, brought it to
 * 86 MB (docs/performance.md, "A text read in windows").
 */
export function settleAfterClosing(length: number, checks: { minLength: number; settle(): void }): void {
  if (length >= checks.minLength) setTimeout(() => { settleHeap(); checks.settle(); }, AFTER_CLOSING_MS).unref();
}
