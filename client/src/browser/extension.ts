/**
 * The web client (VS Code for the Web, `browser` in package.json): the same client as on the
 * desktop (../common.ts), with the server in a Web Worker (dist/browser/server.js). The worker
 * has no file system, so the client reads the config, sample data and channel-specific files
 * for it (`universalMessage/readFile`, server/src/protocol/readFile.ts) with `workspace.fs`,
 * which works on every file system the editor has: local folders, virtual repositories.
 */
import { FileType, Uri, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { READ_FILE_REQUEST, READ_FOLDER_REQUEST, type ReadFileParams } from '../../../server/src/protocol/readFile';
import { CLIENT_ID, CLIENT_NAME, clientOptions, fileWatchers, registerCommands } from '../common';
import { readFileForServer, readFolderForServer, type ReadFileHost } from './readFile';

/** The web extension host's Worker (tsconfig has no DOM lib). */
declare const Worker: new (url: string, options?: { name?: string }) => unknown;

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const serverMain = Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
  const worker = new Worker(serverMain.toString(true), { name: 'umsg-language-server' });
  const watchers = fileWatchers();
  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, worker as any, clientOptions(watchers, { anyScheme: true }));
  const host: ReadFileHost = {
    parse: (uri) => Uri.parse(uri, true),
    stat: (uri) => workspace.fs.stat(uri),
    readFile: (uri) => workspace.fs.readFile(uri),
    readDirectory: (uri) => workspace.fs.readDirectory(uri),
    fileType: FileType,
  };
  client.onRequest(READ_FILE_REQUEST, (params: ReadFileParams) => readFileForServer(host, params));
  client.onRequest(READ_FOLDER_REQUEST, (params: ReadFileParams) => readFolderForServer(host, params));
  context.subscriptions.push(client, ...watchers, ...registerCommands(client, watchers));
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
