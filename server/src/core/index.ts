/**
 * The language core's one public face. The language server, the command line and the
 * client use only this module (test/architecture/imports.test.ts holds them to it; unit tests
 * may still import internals). Its types are in types.ts; the service is made by
 * `createLanguageService` (languageService.ts). A runnable example of using the core as a
 * library is examples/library/check-a-message.ts.
 */
import { ALL_RULES } from './rules';

export type * from './types';
export { createLanguageService } from './languageService';
export { checkRemoteRequest } from './remoteCheck';
export { CHANNEL_IDS, CHANNEL_NAMES, channelOfPath, isChannelId } from './channels';
export { tooLargeToRead } from './check/run';
export { messageByteLimit } from './rules/file-size';
export {
  DEPLOY_MODE_CHOICES,
  messageNameProblem,
  newCiWorkflow,
  newConfigFile,
  newMessageText,
  newProviderProject,
  providerAnswerProblems,
} from './features/newFiles';
export { DEFAULT_CONFIG, parseSeverity, resolveConfig } from './findings/config';
export { messageFormOfText } from './channels/native';
export { previewForm } from './features/preview/form';
export { previewChannelMessage, previewMessage } from './features/preview/message';
export { MAX_ITEMS_COMPUTED } from './features/structure';
export { renderForChannel } from './render/channelRender';
export { providerImplementationProject } from './model/providerProject';
export { parseConfig } from './rules/config';
export { CONFIG_FILE_NAME, languageOf } from './syntax/languages';
export { composeEdits, type Edit } from './syntax/incremental';
export type { TextSource } from './syntax/textSource';
export { PieceText } from './syntax/pieceText';
export { parseSampleJson } from './template/templateEval';
export { formatCount } from './util/count';
export { lineAt, lineBreakEnds, lineStarts, nextLineStart } from './util/lines';
export { spliced } from './util/arrays';
export { visibleControls } from './util/markdownQuote';

/** The rule catalogue (ids, descriptions, default severities), for reports that describe the rules. */
export { ALL_RULES };

/** The ids of every rule in the catalogue (settings, config validation). */
export const RULE_IDS: readonly string[] = ALL_RULES.map((r) => r.id);
