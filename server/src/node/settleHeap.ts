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
 * Node exposes no collection to a script unless started with `--expose-gc`; the flag set at run
 * time makes V8 install `gc` in contexts created afterwards, so one new context hands it over.
 * Editors start `umsg-language-server` themselves, with flags of their own or none, so the
 * server cannot rely on being started with it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined | null;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? () => { (gc as () => void)(); } : null;
  } catch {
    collect = null;
  } finally {
    // Contexts made later (none in the server today) get no `gc` of their own.
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Runs a full collection now (nothing where it is not available). */
export function settleHeap(): void {
  collector()?.();
}
