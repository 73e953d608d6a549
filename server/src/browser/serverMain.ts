/**
 * The language server in a Web Worker (VS Code for the Web), bundled to dist/browser/server.js
 * by esbuild.mjs. Messages come and go through the worker's own port (`self`); everything else
 * is startServer, as on Node.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { browserRuntime } from './runtime';

/** The worker's global scope: only what this file uses (tsconfig has no WebWorker lib). */
declare const self: {
  location: { href: string };
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: any) => void): void;
};

const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(self as any), new BrowserMessageWriter(self as any));
// The bundle lives in dist/browser/; the rule pages ship in docs/rules/ of the same extension.
const docsBase = new URL('../../docs/rules/', self.location.href).toString();
const log = (message: string) => {
  try { connection.console.log(message); } catch { /* the client is gone */ }
};

startServer(connection, browserRuntime(connection, docsBase, log));
