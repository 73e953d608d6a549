/**
 * When the check of an edited long document starts. An editor pulls diagnostics after every
 * keystroke, and the check of a document the check thread takes (a multi-megabyte message or
 * Configuration Meta) lasts longer than the next keystroke is away: each check would be
 * stopped unfinished, while it takes a processor from the thread that answers the hover or
 * completion sent with the keystroke. Such a check starts once the typing pauses instead, the
 * pause pushed diagnostics wait for.
 */
import type { Cancellation, CheckResult } from '../core';
import type { ServerRuntime } from './runtime';

const STOPPED: CheckResult = { diagnostics: [], doc: undefined, cancelled: true };

/**
 * `(version, stop, start)`: the check `start` makes of a version, started at once unless it is
 * an edit whose pulled diagnostics the check thread would make; then after `pauseMs`, and not
 * at all (a stopped check) when `stop` is requested meanwhile: a newer version arrived.
 */
export function checkAfterTypingPause(
  runtime: Pick<ServerRuntime, 'setTimeout' | 'checkElsewhere'>,
  pauseMs: number,
  pulled: () => boolean,
) {
  return (version: { text: string; edited: boolean }, stop: Cancellation, start: () => Promise<CheckResult>): Promise<CheckResult> => {
    const elsewhere = runtime.checkElsewhere;
    if (!version.edited || !pulled() || !elsewhere || version.text.length < elsewhere.minLength) return start();
    return new Promise((resolve) => { runtime.setTimeout(() => resolve(stop.isCancellationRequested ? STOPPED : start()), pauseMs); });
  };
}
