/**
 * The check of a large document away from the thread that answers requests: the request as
 * plain data (`RemoteCheckRequest`), and the worker's side of `checkElsewhere`, which checks
 * it with the same config, sample data and siblings as the service would.
 */
import { startCheck } from './check/run';
import type { RemoteCheckRequest, RemoteCheckResult } from './types';

/**
 * The worker's side of `checkElsewhere`: checks a request in one go, polling `isCancelled`
 * while it parses and between rules and findings, with the same config, sample data and
 * siblings as here. The parse of a multi-megabyte document takes a processor for half a second
 * or more, and the check of an edited one starts when the typing pauses: a keystroke after the
 * pause stops it within milliseconds instead of leaving the worker to parse on beside the
 * thread that answers it.
 */
export function checkRemoteRequest(request: RemoteCheckRequest, isCancelled: () => boolean): RemoteCheckResult {
  const ruleErrors: RemoteCheckResult['ruleErrors'] = [];
  const { context } = request;
  const run = startCheck(request.text, request.language, {
    config: context.config,
    sample: context.sample,
    sampleProblem: context.sampleProblem,
    channelSpecific: context.channelSpecific,
    overriddenChannels: context.overriddenChannels,
    providerProject: context.providerProject,
    onRuleError: (rule, error) => ruleErrors.push({ rule, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
    isCancelled,
  });
  // The parse pauses when cancelled; the next step then ends the check.
  while (!run.step(isCancelled)) { /* the next step */ }
  const result = run.result();
  return { diagnostics: result.diagnostics, cancelled: result.cancelled, ruleErrors };
}
