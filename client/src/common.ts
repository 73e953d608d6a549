/**
 * What the desktop client (extension.ts, Node) and the web client (browser/extension.ts) share:
 * the documents handed to the server, the files watched, the settings passed at start, and the
 * list behind the channel summary above a card. Nothing here may import Node: the web client
 * bundles it too.
 */
import { commands, Range, Selection, TextEditorRevealType, Uri, window, workspace, type Disposable, type FileSystemWatcher } from 'vscode';
import { DidChangeWatchedFilesNotification, type BaseLanguageClient, type LanguageClientOptions } from 'vscode-languageclient';
import { SHOW_CHANNEL_PROBLEMS, type ChannelProblem } from '../../server/src/protocol/commands';
import { WATCHED_FILES } from '../../server/src/protocol/watchedFiles';
import { CHANGED, CREATED, DELETED, EditorFileEvents, type ChangeType } from './editorFileEvents';
import { registerNewFiles } from './newFiles';

export const CLIENT_ID = 'universalMessage';
export const CLIENT_NAME = 'Universal Message';

/**
 * The watchers of the files whose changes the server must hear of: the config file, sample data
 * and channel-specific messages change what a message gets; every checked file changed on disk
 * is checked again for the Problems panel; a provider descriptor is checked against its Gradle
 * project's build files and sources. Made once, passed to both clientOptions and registerCommands.
 */
export function fileWatchers(): FileSystemWatcher[] {
  return WATCHED_FILES.map((glob) => workspace.createFileSystemWatcher(glob));
}

/**
 * `anyScheme`: check umsg.config.json under every scheme (the web, where workspaces are often
 * virtual), not only `file:` (the desktop, where other schemes are diff and history views).
 */
export function clientOptions(watchers: FileSystemWatcher[], { anyScheme = false } = {}): LanguageClientOptions {
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
      fileEvents: watchers,
    },
    initializationOptions: workspace.getConfiguration('universalMessage'),
  };
}

/**
 * The client's commands (the new-file commands ask `client`), and the changes made in the
 * editor told to the server where `watchers` miss them; dispose them with the extension.
 */
export function registerCommands(client: BaseLanguageClient, watchers: FileSystemWatcher[]): Disposable[] {
  return [
    commands.registerCommand(SHOW_CHANNEL_PROBLEMS, showChannelProblems),
    ...registerNewFiles(client),
    ...forwardEditorFileEvents(client, watchers),
  ];
}

/** Saves, creations, deletions and renames made in the editor, sent when the watchers do not report them (editorFileEvents.ts). */
function forwardEditorFileEvents(client: BaseLanguageClient, watchers: FileSystemWatcher[]): Disposable[] {
  // Wrapped, not passed as they are: a browser's timer functions called on another object throw.
  const clock = {
    now: () => Date.now(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>),
  };
  const events = new EditorFileEvents((changes) => {
    if (client.isRunning()) void client.sendNotification(DidChangeWatchedFilesNotification.type, { changes }).catch(() => undefined);
  }, clock);
  const made = (uri: Uri, type: ChangeType) => events.editorChanged(uri.toString(), type);
  const reported = (uri: Uri) => events.watcherReported(uri.toString());
  return [
    ...watchers.flatMap((w) => [w.onDidCreate(reported), w.onDidChange(reported), w.onDidDelete(reported)]),
    workspace.onDidSaveTextDocument((d) => made(d.uri, CHANGED)),
    workspace.onDidCreateFiles((e) => { for (const uri of e.files) made(uri, CREATED); }),
    workspace.onDidDeleteFiles((e) => { for (const uri of e.files) made(uri, DELETED); }),
    workspace.onDidRenameFiles((e) => { for (const f of e.files) { made(f.oldUri, DELETED); made(f.newUri, CREATED); } }),
    { dispose: () => events.dispose() },
  ];
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
