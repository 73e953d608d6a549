/**
 * What the language server and the VS Code client agree on beyond LSP itself, typed once and
 * imported by both (server/src/lsp/server.ts and client/src/extension.ts): command ids and the
 * arguments of the channel summary's code lens.
 */

/** Opens the channel preview (or the Integrations form) beside the editor; no arguments: the active editor. */
export const SHOW_PREVIEW_TO_SIDE = 'universalMessage.showPreviewToSide';

/** Reveals the problems behind a channel summary. Arguments: `ChannelProblemsArgs`. */
export const SHOW_CHANNEL_PROBLEMS = 'universalMessage.showChannelProblems';

/** One problem behind the channel summary code lens (an LSP range, 0-based). */
export interface ChannelProblem {
  channel: string;
  rule: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/** The code lens command's arguments: the document's URI and its problems. */
export type ChannelProblemsArgs = [uri: string, problems: ChannelProblem[]];

/**
 * Writes NAME.<channel>.umsg in the channel's native form from NAME.umsg (the code action
 * "Create a channel-specific message for …"). Arguments: `CreateChannelMessageArgs`.
 */
export const CREATE_CHANNEL_MESSAGE = 'universalMessage.createChannelMessage';

/** The URI of NAME.umsg and the channel id. */
export type CreateChannelMessageArgs = [uri: string, channel: string];
