/**
 * The parse and the check in slices, for the editor: each slice runs for about SLICE_MS and
 * then yields to the host, so that requests on this document or another are answered while
 * a large file is parsed or checked, and a newer edit can cancel it between slices.
 */
import { startJsonDocument, type JsonDocument, type Node } from '../syntax/jsonDocument';
import type { LanguageId } from '../syntax/languages';
import { startCheck, type CheckOptions, type CheckResult } from './run';

/** Yields to the host's event loop; the server passes its own (setImmediate on Node). */
export type YieldToHost = () => Promise<void>;

const defaultYield: YieldToHost = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * A slice of a check runs at most about this long before it yields, so that a hover or a
 * completion (on this document or another) is answered while a large file is checked. Only a
 * scheduling granularity, never a verdict: results do not depend on it.
 */
const SLICE_MS = 10;

// `performance` is looked up on the first reading, not when the module loads: in Node its first
// use loads a module, which a command-line run that never slices a check need not pay for.
const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Parses a document in slices of about SLICE_MS, yielding to the host between them, so that
 * requests on other documents are answered while a multi-megabyte one is parsed (long, in one
 * go). Undefined when `isCancelled` says to stop first. `order`: see startJsonDocument.
 */
export async function parseInSlices(
  text: string,
  options: { yieldToHost?: YieldToHost; isCancelled?: () => boolean; order?: Node[] } = {},
): Promise<JsonDocument | undefined> {
  const pause = options.yieldToHost ?? defaultYield;
  const parse = startJsonDocument(text, {}, options.order);
  let sliceStart = clock();
  const sliceOver = () => clock() - sliceStart >= SLICE_MS;
  while (!parse.run(sliceOver)) {
    await pause();
    if (options.isCancelled?.()) return undefined;
    sliceStart = clock();
  }
  return parse.result();
}

/**
 * Checks one document in slices: the parse (itself in slices when the document is long),
 * then one rule at a time, yielding to the event loop whenever a slice has run for SLICE_MS,
 * so that other requests are served in between and a cancellation (a newer edit) that
 * arrives meanwhile stops the check between slices of the parse, at the next rule, or inside
 * a rule at its next finding.
 */
export async function checkDocumentSliced(
  text: string,
  language: LanguageId,
  options: CheckOptions & { yieldToHost?: YieldToHost } = {},
): Promise<CheckResult> {
  const pause = options.yieldToHost ?? defaultYield;
  let sliceStart = clock();
  const sliceOver = () => clock() - sliceStart >= SLICE_MS;
  const run = startCheck(text, language, options);
  for (let finished = run.step(sliceOver); !finished; finished = run.step(sliceOver)) {
    if (sliceOver()) {
      await pause();
      sliceStart = clock();
    }
  }
  return run.result();
}
