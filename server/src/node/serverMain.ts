/**
 * The language server for Node: `umsg-language-server --stdio` (or --node-ipc, --socket=N,
 * as vscode-languageserver reads them from the command line). Builds the connection and the
 * runtime; everything else is in startServer.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../server';

const args = process.argv.slice(2);
if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write('umsg-language-server 0.1.0\n');
  process.exit(0);
}
if (args.includes('--help') || args.includes('-h') || !args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))) {
  process.stdout.write([
    'umsg-language-server: the universal message language server (LSP).',
    '',
    'Usage: umsg-language-server --stdio',
    '       (or --node-ipc, --socket=<port>, --pipe=<name>)',
    '',
    'Point your editor\'s LSP client at this command for *.umsg, *.configmeta.json and *.provider.json files.',
    '',
  ].join('\n'));
  process.exit(args.includes('--help') || args.includes('-h') ? 0 : 2);
}

const connection = createConnection(ProposedFeatures.all);
// The bundle lives in dist/; the rule pages ship beside it in docs/rules/.
const docsBase = pathToFileURL(path.join(__dirname, '..', 'docs', 'rules') + path.sep).toString();

startServer(connection, {
  async readFile(filePath) {
    try {
      return await readFile(filePath, 'utf8');
    } catch {
      return undefined;
    }
  },
  docsBase,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
});

process.on('uncaughtException', (error) => {
  connection.console.error(`Uncaught exception: ${error.stack ?? error.message}`);
});
