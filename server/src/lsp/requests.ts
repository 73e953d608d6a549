/**
 * The one wrapper every request handler of the server goes through, and the checks of
 * request params it uses. A handler never sees malformed params and never throws a stack
 * trace at the client: JSON-RPC errors where the protocol asks for them, the empty result
 * (and one log line) for anything else.
 */
import { CodeActionKind, ErrorCodes, LSPErrorCodes, ResponseError, TextDocumentSyncKind, type CancellationToken, type InitializeResult } from 'vscode-languageserver';
import { CHANNEL_MESSAGE_KIND, FIX_ALL_KIND } from './toLsp';
import { CREATE_CHANNEL_MESSAGE } from '../protocol/commands';

/** JSON-RPC's ServerNotInitialized: a request before `initialize`. */
const SERVER_NOT_INITIALIZED = -32002;

export type ServerState = 'new' | 'running' | 'shutdown';

export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
export function isPosition(v: unknown): boolean {
  return isObject(v) && Number.isInteger(v.line) && v.line >= 0 && Number.isInteger(v.character) && v.character >= 0;
}
export function isRange(v: unknown): boolean {
  return isObject(v) && isPosition(v.start) && isPosition(v.end);
}

export const cancelled = (name: string) => new ResponseError(LSPErrorCodes.RequestCancelled, `${name}: cancelled.`);

/**
 * `handler(name, valid, empty, run)`: refused before `initialize` (-32002) and after `shutdown`
 * (InvalidRequest); params that `valid` rejects answer InvalidParams; a cancelled request
 * answers RequestCancelled; any other error is logged one way and answered with `empty`, so
 * that one bad document never takes a feature down.
 */
/**
 * Called as a request arrives: a function that says, once the answer is made, whether the
 * request's document is still the version the request was sent for (undefined: the request
 * names no document).
 */
type SameVersion = (params: unknown) => (() => boolean) | undefined;

/** `SameVersion` for the documents the server keeps (TextDocuments, whose documents change in place). */
export function sameVersionIn(documents: { get(uri: string): { version: number } | undefined }): SameVersion {
  return (p) => {
    const uri = isObject(p) && isObject(p.textDocument) ? p.textDocument.uri : undefined;
    if (typeof uri !== 'string') return undefined;
    const doc = documents.get(uri);
    const version = doc?.version;
    // A close and a reopen make a new document, even with the same version number.
    return () => documents.get(uri) === doc && doc?.version === version;
  };
}

/**
 * The wrapper every request goes through. A request answered while its document changed
 * (the answer awaited a parse in slices, a check or a file read, and an edit arrived
 * meanwhile) answers ContentModified, as LSP asks: its positions would be another version's.
 */
export function requestHandlers(state: () => ServerState, log: (message: string) => void, sameVersion?: SameVersion) {
  const describe = (error: unknown) => (error instanceof Error ? error.stack ?? error.message : String(error));
  return function handler<P, R>(
    name: string,
    valid: (p: any) => boolean,
    empty: R,
    run: (p: P, token: CancellationToken) => Promise<R> | R,
  ) {
    return async (params: P, token: CancellationToken): Promise<R> => {
      if (state() === 'new') throw new ResponseError(SERVER_NOT_INITIALIZED, `${name}: the server is not initialized yet.`);
      if (state() === 'shutdown') throw new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down.`);
      if (!isObject(params) || !valid(params)) throw new ResponseError(ErrorCodes.InvalidParams, `${name}: malformed params.`);
      if (token.isCancellationRequested) throw cancelled(name);
      const same = sameVersion?.(params);
      try {
        const result = await run(params, token);
        if (token.isCancellationRequested) throw cancelled(name);
        if (same && !same()) throw new ResponseError(LSPErrorCodes.ContentModified, `${name}: the document changed.`);
        return result;
      } catch (error) {
        if (error instanceof ResponseError) throw error;
        log(`${name} failed on ${(params as { textDocument?: { uri?: string } }).textDocument?.uri}: ${describe(error)}`);
        return empty;
      }
    };
  };
}

/**
 * What the server offers; diagnostics are pulled only from clients that support it. A client
 * with workspace folders tells of folders added and removed only when asked to here
 * (`changeNotifications`): VS Code's client sends no such notification otherwise.
 */
export function initializeResult(pullDiagnostics: boolean, workspaceFolders: boolean): InitializeResult {
  return {
    capabilities: {
      workspace: workspaceFolders ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined,
      textDocumentSync: TextDocumentSyncKind.Incremental,
      // A sample or a sibling changes another file's findings; every file of the workspace is reported.
      diagnosticProvider: pullDiagnostics ? { interFileDependencies: true, workspaceDiagnostics: true } : undefined,
      completionProvider: { triggerCharacters: ['"', ':'] },
      hoverProvider: true,
      definitionProvider: true,
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      selectionRangeProvider: true,
      documentLinkProvider: { resolveProvider: false },
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      inlayHintProvider: true,
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND, CHANNEL_MESSAGE_KIND] },
      executeCommandProvider: { commands: [CREATE_CHANNEL_MESSAGE] },
    },
    serverInfo: { name: 'umsg-language-server', version: '0.1.0' },
  };
}
