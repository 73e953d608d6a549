/**
 * "Create a channel-specific message for …" on NAME.umsg: a code action per target channel
 * without its own NAME.<channel>.umsg, whose command writes that file in the channel's native
 * form (the core's `channelMessage`) as one workspace edit: create the file, insert the text.
 * Creating fails, and nothing is written, when the file exists by then.
 */
import { URI } from 'vscode-uri';
import type { ClientCapabilities, CodeAction, Connection, WorkspaceEdit } from 'vscode-languageserver';
import {
  CHANNEL_IDS,
  CHANNEL_NAMES,
  isChannelId,
  type ChannelId,
  type ChannelMessageDraft,
  type DocumentContext,
  type LanguageId,
  type ServiceDocument,
} from '../core';
import { CREATE_CHANNEL_MESSAGE, type CreateChannelMessageArgs } from '../protocol/commands';
import { isObject, type requestHandlers } from './requests';
import { CHANNEL_MESSAGE_KIND } from './toLsp';


/** NAME.<channel>.umsg beside NAME.umsg. */
function channelMessageUri(uri: string, channel: ChannelId): string | undefined {
  const parsed = URI.parse(uri);
  if (!parsed.path.endsWith('.umsg')) return undefined;
  return parsed.with({ path: `${parsed.path.slice(0, -'.umsg'.length)}.${channel}.umsg` }).toString();
}

function channelMessageTitle(channel: ChannelId): string {
  return `Create a channel-specific message for ${CHANNEL_NAMES[channel]}`;
}

/** Creates `target` (failing when it exists) and writes `text` into it. */
function channelMessageEdit(target: string, text: string): WorkspaceEdit {
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
function readChannelMessageArgs(args: unknown): { uri: string; channel: ChannelId } | undefined {
  if (!Array.isArray(args) || typeof args[0] !== 'string' || typeof args[1] !== 'string') return undefined;
  return isChannelId(args[1]) ? { uri: args[0], channel: args[1] } : undefined;
}

/** What the server gives: the open document (its handle, language and context) and the core's draft. */
type Input = (uri: string) => Promise<{ handle: ServiceDocument; kind: LanguageId; context: DocumentContext } | undefined>;
interface Drafts {
  draft(handle: ServiceDocument, channel: ChannelId): ChannelMessageDraft;
  /** Cheap: whether a draft can be made at all (asked on every code action request). */
  blocker(handle: ServiceDocument): string | undefined;
}

/**
 * The code actions and the command. The command writes the draft as one workspace edit, then
 * shows the new file; it says why when the draft cannot be made or the edit is refused (the
 * file exists by then).
 */
export function registerChannelMessages(
  connection: Connection,
  handler: ReturnType<typeof requestHandlers>,
  input: Input,
  drafts: Drafts,
) {
  /** Writing a file needs a client that creates files through workspace edits. */
  let canCreate = false;
  let canShow = false;

  connection.onExecuteCommand(handler(
    'Commands',
    (p) => isObject(p) && typeof p.command === 'string',
    null,
    async (p: { command: string; arguments?: unknown[] }) => {
      if (p.command !== CREATE_CHANNEL_MESSAGE) return null;
      const args = readChannelMessageArgs(p.arguments);
      const target = args && channelMessageUri(args.uri, args.channel);
      const i = args && target ? await input(args.uri) : undefined;
      if (!args || !target || !i || i.kind !== 'universal-message') return null;
      const title = channelMessageTitle(args.channel);
      const made = drafts.draft(i.handle, args.channel);
      if (!made.ok) {
        void connection.window.showWarningMessage(`${title}: ${made.reason}`);
        return null;
      }
      const applied = await connection.workspace.applyEdit({ label: title, edit: channelMessageEdit(target, made.text) });
      if (!applied.applied) {
        void connection.window.showWarningMessage(`${title}: not written (${applied.failureReason ?? 'the file may exist'}).`);
      } else if (canShow) {
        await connection.window.showDocument({ uri: target, takeFocus: true });
      }
      return null;
    },
  ));

  return {
    initialize(caps: ClientCapabilities): void {
      const edits = caps.workspace?.workspaceEdit;
      canCreate = !!caps.workspace?.applyEdit && !!edits?.documentChanges && !!edits.resourceOperations?.includes('create');
      canShow = !!caps.window?.showDocument?.support;
    },

    /**
     * The actions for a universal message whose draft can be made: one per channel the config
     * targets that has no channel-specific message yet. None for a channel-specific message
     * itself, nor when `only` asks for other kinds. Nothing is translated until one is chosen.
     */
    actions(
      uri: string,
      i: { handle: ServiceDocument; kind: LanguageId; context: DocumentContext },
      only: readonly string[] | undefined,
    ): CodeAction[] {
      if (!canCreate || i.kind !== 'universal-message' || i.context.channelSpecific || !channelMessageUri(uri, 'messenger')) return [];
      if (only && !only.some((k) => CHANNEL_MESSAGE_KIND.startsWith(k))) return [];
      if (drafts.blocker(i.handle) !== undefined) return [];
      const actions: CodeAction[] = [];
      for (const channel of CHANNEL_IDS) {
        if (i.context.config.channels[channel] === 'off' || i.context.overriddenChannels?.includes(channel)) continue;
        const title = channelMessageTitle(channel);
        const args: CreateChannelMessageArgs = [uri, channel];
        actions.push({ title, kind: CHANNEL_MESSAGE_KIND, command: { title, command: CREATE_CHANNEL_MESSAGE, arguments: args } });
      }
      return actions;
    },
  };
}
