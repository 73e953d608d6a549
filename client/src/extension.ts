/**
 * The VS Code client: starts the bundled language server and hands it the universal message
 * files. It decides nothing about validity; every check lives in the server. Its only UI is
 * the list behind the channel summary above a card.
 */
import * as path from 'node:path';
import { commands, Range, Selection, TextEditorRevealType, Uri, window, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { registerPreview } from './preview/previewManager';

let client: LanguageClient | undefined;

/** One problem behind the channel summary code lens, as the server sends it. */
interface ChannelProblem {
  channel: string;
  rule: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { language: 'universal-message' },
      { language: 'configuration-meta' },
      { language: 'native-provider' },
      { scheme: 'file', pattern: '**/umsg.config.json' },
    ],
    synchronize: {
      configurationSection: 'universalMessage',
      // The config file, sample data and channel-specific messages change what a message gets.
      fileEvents: [
        workspace.createFileSystemWatcher('**/umsg.config.json'),
        workspace.createFileSystemWatcher('**/*.sample.json'),
        workspace.createFileSystemWatcher('**/*.umsg', false, true, false),
      ],
    },
    initializationOptions: workspace.getConfiguration('universalMessage'),
  };
  client = new LanguageClient('universalMessage', 'Universal Message', serverOptions, clientOptions);
  context.subscriptions.push(
    client,
    commands.registerCommand('universalMessage.showChannelProblems', showChannelProblems),
  );
  registerPreview(context, client);
  await client.start();
}

/** Reveals the problems behind a channel summary: the only one directly, or a list to pick from. */
async function showChannelProblems(uri: string, problems: ChannelProblem[]): Promise<void> {
  if (!Array.isArray(problems) || problems.length === 0) {
    void window.showInformationMessage('No channel problems in this message.');
    return;
  }
  const unique = [...new Map(problems.map((p) => [`${p.rule}:${p.range.start.line}:${p.range.start.character}:${p.message}`, p])).values()];
  const pick = unique.length === 1 ? unique[0] : (await window.showQuickPick(
    unique.map((p) => ({ label: p.message, description: `${p.rule} · line ${p.range.start.line + 1}`, detail: problems.filter((q) => q.message === p.message && q.rule === p.rule).map((q) => q.channel).join(', '), problem: p })),
    { placeHolder: 'Channel problems in this message' },
  ))?.problem;
  if (!pick) return;
  const editor = await window.showTextDocument(Uri.parse(uri));
  const range = new Range(pick.range.start.line, pick.range.start.character, pick.range.end.line, pick.range.end.character);
  editor.selection = new Selection(range.start, range.end);
  editor.revealRange(range, TextEditorRevealType.InCenterIfOutsideViewport);
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
