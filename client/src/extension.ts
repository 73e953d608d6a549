/**
 * The VS Code client: starts the bundled language server and hands it the universal message
 * files. It decides nothing about validity; every check lives in the server.
 */
import * as path from 'node:path';
import { workspace, type ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

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
      fileEvents: workspace.createFileSystemWatcher('**/umsg.config.json'),
    },
    initializationOptions: workspace.getConfiguration('universalMessage'),
  };
  client = new LanguageClient('universalMessage', 'Universal Message', serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
