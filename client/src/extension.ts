/**
 * The VS Code client: starts the bundled language server and hands it the universal message
 * files. It decides nothing about validity; every check lives in the server. Its UI is the
 * list behind the channel summary above a card, the preview, and the new-file commands and
 * walkthrough buttons (newFiles.ts). What it shares with the web client (browser/extension.ts)
 * is in common.ts.
 */
import * as path from 'node:path';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { SERVER_NODE_FLAGS } from '../../server/src/protocol/serverProcess';
import { CLIENT_ID, CLIENT_NAME, clientOptions, fileWatchers, registerCommands } from './common';
import { registerPreview } from './preview/previewManager';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS] } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6011'] },
    },
  };
  const watchers = fileWatchers();
  client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions(watchers));
  context.subscriptions.push(client, ...watchers, ...registerCommands(client, watchers));
  registerPreview(context, client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
