/**
 * The web client (VS Code for the Web, `browser` in package.json): the same client as on the
 * desktop (../common.ts), with the server in a Web Worker (dist/browser/server.js). The worker
 * has no file system, so the client reads the config, sample data and channel-specific files
 * for it (`universalMessage/readFile`, server/src/browser/readFile.ts) with `workspace.fs`,
 * which works on every file system the editor has: local folders, virtual repositories.
 */
import { FileType, Uri, workspace, type ExtensionContext } from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { READ_FILE_MAX_BYTES, READ_FILE_REQUEST, type ReadFileParams } from '../../../server/src/browser/readFile';
import { CLIENT_ID, CLIENT_NAME, clientOptions, registerCommands } from '../common';

/** The web extension host's Worker (tsconfig has no DOM lib). */
declare const Worker: new (url: string, options?: { name?: string }) => unknown;

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const serverMain = Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
  const worker = new Worker(serverMain.toString(true), { name: 'umsg-language-server' });
  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, worker as any, clientOptions({ anyScheme: true }));
  client.onRequest(READ_FILE_REQUEST, readFileForServer);
  context.subscriptions.push(client, ...registerCommands());
  await client.start();
}

/**
 * A file's text for the server, or null: missing, not a regular file, over the size cap, or
 * unreadable. Never throws (a failed read only means "no such file" to the server).
 */
export async function readFileForServer(params: ReadFileParams): Promise<string | null> {
  if (typeof params?.uri !== 'string') return null;
  try {
    const uri = Uri.parse(params.uri, true);
    const stat = await workspace.fs.stat(uri);
    if ((stat.type & FileType.File) === 0 || (stat.type & FileType.Directory) !== 0 || stat.size > READ_FILE_MAX_BYTES) return null;
    return new TextDecoder('utf-8').decode(await workspace.fs.readFile(uri));
  } catch {
    return null;
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
