/**
 * The check of a large document away from the thread that answers requests: the request as
 * plain data (`RemoteCheckRequest`), and the worker's side of `checkElsewhere`, which checks
 * it with the same config, sample data and siblings as the service would.
 */
import { checkDocument } from './check/run';
import type { RemoteCheckRequest, RemoteCheckResult } from './types';

/**
 * The worker's side of `checkElsewhere`: checks a request in one go, polling `isCancelled`
 * between rules and findings, with the same config, sample data and siblings as here.
 */
export function checkRemoteRequest(request: RemoteCheckRequest, isCancelled: () => boolean): RemoteCheckResult {
  const ruleErrors: RemoteCheckResult['ruleErrors'] = [];
  const { context } = request;
  const result = checkDocument(request.text, request.language, {
    config: context.config,
    sample: context.sample,
    sampleProblem: context.sampleProblem,
    channelSpecific: context.channelSpecific,
    overriddenChannels: context.overriddenChannels,
    providerProject: context.providerProject,
    onRuleError: (rule, error) => ruleErrors.push({ rule, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
    isCancelled,
  });
  return { diagnostics: result.diagnostics, cancelled: result.cancelled, ruleErrors };
}
