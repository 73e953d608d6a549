/**
 * What the desktop client (extension.ts, Node) and the web client (browser/extension.ts) share:
 * the documents handed to the server, the files watched, the settings passed at start, and the
 * list behind the channel summary above a card. Nothing here may import Node: the web client
 * bundles it too.
 */
import { commands, Range, Selection, TextEditorRevealType, Uri, window, workspace, type Disposable } from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { SHOW_CHANNEL_PROBLEMS, type ChannelProblem } from '../../server/src/protocol/commands';
import { registerNewFiles } from './newFiles';

export const CLIENT_ID = 'universalMessage';
export const CLIENT_NAME = 'Universal Message';

/**
 * `anyScheme`: check umsg.config.json under every scheme (the web, where workspaces are often
 * virtual), not only `file:` (the desktop, where other schemes are diff and history views).
 */
export function clientOptions({ anyScheme = false } = {}): LanguageClientOptions {
  return {
    documentSelector: [
      { language: 'universal-message' },
      { language: 'configuration-meta' },
      { language: 'native-provider' },
      anyScheme ? { pattern: '**/umsg.config.json' } : { scheme: 'file', pattern: '**/umsg.config.json' },
    ],
    synchronize: {
      // files.exclude decides which files the workspace report leaves out.
      configurationSection: ['universalMessage', 'files.exclude'],
      // The config file, sample data and channel-specific messages change what a message gets;
      // every checked file changed on disk is checked again for the Problems panel.
      fileEvents: [
        workspace.createFileSystemWatcher('**/umsg.config.json'),
        workspace.createFileSystemWatcher('**/*.sample.json'),
        workspace.createFileSystemWatcher('**/*.{umsg,configmeta.json,provider.json}'),
        // A provider descriptor is checked against its Gradle project's build files and sources.
        workspace.createFileSystemWatcher('**/*.{gradle,gradle.kts,kt,java}'),
      ],
    },
    initializationOptions: workspace.getConfiguration('universalMessage'),
  };
}

/** The client's commands (the new-file commands ask `client`); dispose them with the extension. */
export function registerCommands(client: BaseLanguageClient): Disposable[] {
  return [commands.registerCommand(SHOW_CHANNEL_PROBLEMS, showChannelProblems), ...registerNewFiles(client)];
}

/** Reveals the problems behind a channel summary: the only one directly, or a list to pick from. */
async function showChannelProblems(uri: string, problems: ChannelProblem[]): Promise<void> {
  if (!Array.isArray(problems) || problems.length === 0) {
    void window.showInformationMessage('No channel problems in this message.');
    return;
  }
  const unique = [...new Map(problems.map((p) => [`${p.rule}:${p.range.start.line}:${p.range.start.character}:${p.message}`, p])).values()];
  const pick = unique.length === 1 ? unique[0] : (await window.showQuickPick(
    unique.map((p) => ({
      label: p.message,
      description: `${p.rule} · line ${p.range.start.line + 1}`,
      detail: problems.filter((q) => q.message === p.message && q.rule === p.rule).map((q) => q.channel).join(', '),
      problem: p,
    })),
    { placeHolder: 'Channel problems in this message' },
  ))?.problem;
  if (!pick) return;
  const editor = await window.showTextDocument(Uri.parse(uri));
  const range = new Range(pick.range.start.line, pick.range.start.character, pick.range.end.line, pick.range.end.character);
  editor.selection = new Selection(range.start, range.end);
  editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
}
