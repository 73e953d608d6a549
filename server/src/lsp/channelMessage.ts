/**
 * "Create a channel-specific message for …" on NAME.umsg: a code action per target channel
 * without its own NAME.<channel>.umsg, whose command writes that file in the channel's native
 * form (the core's `channelMessage`) as one workspace edit: create the file, insert the text.
 * Creating fails, and nothing is written, when the file exists by then.
 */
import { URI } from 'vscode-uri';
import type { CodeAction, WorkspaceEdit } from 'vscode-languageserver';
import { CHANNEL_IDS, CHANNEL_NAMES, isChannelId, type ChannelId, type ChannelMessageDraft, type DocumentContext } from '../core';
import { CREATE_CHANNEL_MESSAGE, type CreateChannelMessageArgs } from '../protocol/commands';

/** The code action kind: a refactoring that writes a new file from this one. */
export const CHANNEL_MESSAGE_KIND = 'refactor.umsg.channelMessage';

/** NAME.<channel>.umsg beside NAME.umsg. */
export function channelMessageUri(uri: string, channel: ChannelId): string | undefined {
  const parsed = URI.parse(uri);
  if (!parsed.path.endsWith('.umsg')) return undefined;
  return parsed.with({ path: `${parsed.path.slice(0, -'.umsg'.length)}.${channel}.umsg` }).toString();
}

export function channelMessageTitle(channel: ChannelId): string {
  return `Create a channel-specific message for ${CHANNEL_NAMES[channel]}`;
}

/**
 * The actions for a universal message: one per channel the config targets that has no
 * channel-specific message yet and whose draft can be made. None for a channel-specific
 * message itself.
 */
export function channelMessageActions(
  uri: string,
  context: DocumentContext,
  draft: (channel: ChannelId) => ChannelMessageDraft,
): CodeAction[] {
  if (context.channelSpecific || !channelMessageUri(uri, 'messenger')) return [];
  const actions: CodeAction[] = [];
  for (const channel of CHANNEL_IDS) {
    if (context.config.channels[channel] === 'off' || context.overriddenChannels?.includes(channel)) continue;
    if (!draft(channel).ok) continue;
    const title = channelMessageTitle(channel);
    const args: CreateChannelMessageArgs = [uri, channel];
    actions.push({ title, kind: CHANNEL_MESSAGE_KIND, command: { title, command: CREATE_CHANNEL_MESSAGE, arguments: args } });
  }
  return actions;
}

/** Creates `target` (failing when it exists) and writes `text` into it. */
export function channelMessageEdit(target: string, text: string): WorkspaceEdit {
  return {
    documentChanges: [
      { kind: 'create', uri: target, options: { overwrite: false, ignoreIfExists: false } },
      {
        textDocument: { uri: target, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }],
      },
    ],
  };
}

/** The command's arguments, when they are a URI and a channel id. */
export function readChannelMessageArgs(args: unknown): { uri: string; channel: ChannelId } | undefined {
  if (!Array.isArray(args) || typeof args[0] !== 'string' || typeof args[1] !== 'string') return undefined;
  return isChannelId(args[1]) ? { uri: args[0], channel: args[1] } : undefined;
}
