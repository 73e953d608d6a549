/**
 * The language server for Node: `umsg-language-server --stdio` (or --node-ipc, --socket=N,
 * as vscode-languageserver reads them from the command line). Builds the connection and the
 * runtime; everything else is in startServer.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { configForFile } from '../workspace/configLookup';
import { NODE_FOLDERS, pathExists, readRegularFile, realPathOf, SIDE_FILE_MAX_BYTES } from './files';
import { serveChecksIfWorker, workerChecks } from './editorCheckThread';
import { startServer } from '../lsp/server';
import { nodeProviderProjects } from './providerProjects';
import { settleAfterClosing, settleHeap } from './settleHeap';

// This script is also the check worker (checkWorker.ts): started as one, it serves checks only.
if (!serveChecksIfWorker()) main();

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--version') || args.includes('-v')) {
    process.stdout.write('umsg-language-server 0.1.0\n');
    process.exit(0);
  }
  if (
    args.includes('--help') ||
    args.includes('-h') ||
    !args.some((a) => a === '--stdio' || a === '--node-ipc' || a.startsWith('--socket') || a.startsWith('--pipe'))
  ) {
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

  /**
   * Over stdio the reader is ours, so that a corrupt stream (a Content-Length that lies, a
   * header without one, a body that is not JSON) ends the server with one clear line on
   * standard error instead of leaving it silent or half-alive.
   */
  function stdioConnection() {
    const reader = new StreamMessageReader(process.stdin);
    reader.onError((error) => {
      process.stderr.write(`umsg-language-server: the input stream is corrupt, stopping (${error.message.split('\n')[0]}).\n`);
      process.exit(1);
    });
    return createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(process.stdout));
  }

  const connection = args.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  // The bundle lives in dist/; the rule pages ship beside it in docs/rules/.
  const docsBase = pathToFileURL(path.join(__dirname, '..', 'docs', 'rules') + path.sep).toString();

  const providerProjects = nodeProviderProjects();
  const checks = workerChecks(__filename, (message) => connection.console.log(message));
  startServer(connection, {
    // Config, sample and sibling files: regular files only, size-capped, and a pipe or device
    // refused without waiting on it; siblings are only tested for existence.
    readFile: (filePath) => readRegularFile(filePath, SIDE_FILE_MAX_BYTES),
    fileExists: pathExists,
    realPath: realPathOf,
    folders: NODE_FOLDERS,
    configFor: configForFile,
    // A provider descriptor's Gradle project, its parses kept for the server's life.
    providerProject: (descriptorPath, text, root) => providerProjects.factsFor(descriptorPath, text, root),
    docsBase,
    yieldToHost: () => new Promise((resolve) => { setImmediate(resolve); }),
    afterOpeningParse: settleHeap,
    afterClosing: (length) => settleAfterClosing(length, checks),
    // Large documents are checked on a worker thread, so requests are answered meanwhile.
    checkElsewhere: checks,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  });

  process.on('uncaughtException', (error) => {
    connection.console.error(`Uncaught exception: ${error.stack ?? error.message}`);
  });
}
