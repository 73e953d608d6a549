/**
 * Typing in a large document: a request right after each one-character edit, as an editor sends
 * them while someone types into an entry of the 50,000-entry Configuration Meta (4.6 MB) or
 * into an action of the 3.9 MB message, without templates and with one in every other action
 * (whose masked text, read by the JSON parse, is not its text). Each edit types a character into a string value in the
 * middle of the document, or removes it again; the client pulls that version's diagnostics at
 * once, as VS Code does (the check runs on the server's worker thread, and the next edit
 * cancels it), and sends a request on the same line: a hover after two edits, a completion
 * after the next two, in turn. Its latency is timed from the edit: it includes the new
 * version's parse on the server's own thread. Edits come at a typing pace.
 *
 * Then as many edits again, each followed by one of the requests an editor sends for the whole
 * document or the lines it shows when typing pauses, in turn: the outline, folding ranges,
 * links, inlay hints for the fifty lines around the edit, and selection ranges. (Code actions
 * and the code lens answer from the version's findings, and so wait for its check, as its
 * diagnostics do; they are not timed here.) The client declares VS Code's folding `rangeLimit`.
 */
import { performance } from 'node:perf_hooks';
import { hugeMessage, bigConfigMeta, templatedHugeMessage } from './corpora';
import type { Latency } from './report';
import { ServerProcess, type Position } from './lsp';
import { percentile } from './stats';

/** Time from one edit to the next at most, as a fast typist's keystrokes: ms. */
const KEYSTROKE_MS = 120;

export interface TypingResult {
  /** Hover or completion right after each one-character edit in the 3.9 MB message. */
  hugeMessage: Latency;
  /** The same in the 50,000-entry Configuration Meta. */
  configMeta: Latency;
  /** The same in the 3.9 MB message with a template in every other action (results before 2026-11-27 have none). */
  templatedMessage?: Latency;
  /** The outline, folding, links, inlay hints or selection ranges right after each edit (results before 2026-11-28 have none). */
  otherRequests?: { hugeMessage: Latency; configMeta: Latency; templatedMessage: Latency };
}

/** The requests other than hover and completion, in the order they are sent after the edits. */
const OTHER_REQUESTS: { method: string; params: (uri: string, at: Position) => object }[] = [
  { method: 'textDocument/documentSymbol', params: (uri) => ({ textDocument: { uri } }) },
  { method: 'textDocument/foldingRange', params: (uri) => ({ textDocument: { uri } }) },
  { method: 'textDocument/documentLink', params: (uri) => ({ textDocument: { uri } }) },
  {
    method: 'textDocument/inlayHint',
    params: (uri, at) => ({
      textDocument: { uri },
      range: { start: { line: Math.max(0, at.line - 25), character: 0 }, end: { line: at.line + 25, character: 0 } },
    }),
  },
  { method: 'textDocument/selectionRange', params: (uri, at) => ({ textDocument: { uri }, positions: [at] }) },
];

const latency = (xs: number[]): Latency => ({
  n: xs.length,
  p50: Number(percentile(xs, 0.5).toFixed(2)),
  p95: Number(percentile(xs, 0.95).toFixed(2)),
  max: Number(Math.max(...xs).toFixed(2)),
});

/** The line and column of the first `needle` at or after `from` in `text`. */
function positionOf(text: string, needle: string, from: number): Position {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`"${needle}" is not in the document`);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return { line, character: at - lineStart };
}

const plus = (p: Position, n: number): Position => ({ line: p.line, character: p.character + n });

async function typeInto(
  server: ServerProcess,
  uri: string,
  languageId: string,
  text: string,
  key: string,
  edits: number,
): Promise<{ hoverCompletion: Latency; others: Latency }> {
  // A property key of an element in the middle of the document; the edits go into its value.
  const keyAt = positionOf(text, `"${key}"`, Math.floor(text.length / 2));
  const hoverAt = plus(keyAt, 2);
  server.open(uri, languageId, text);
  await server.diagnostics(uri);
  await server.hover(uri, hoverAt);
  const valueAt = plus(keyAt, key.length + 2);
  const line = text.split('\n', keyAt.line + 1)[keyAt.line];
  const editAt = plus(valueAt, line.indexOf('"', valueAt.character) - valueAt.character + 3);
  const samples: number[] = [];
  const others: number[] = [];
  for (let i = 0, version = 1; i < 2 * edits; i++) {
    version++;
    const insert = i % 2 === 0;
    const started = performance.now();
    server.change(uri, version, editAt, insert ? editAt : plus(editAt, 1), insert ? 'x' : '');
    // Cancelled by the next edit, or answered: either way not waited for.
    void server.diagnostics(uri).catch(() => undefined);
    if (i < edits) {
      const hovering = Math.floor(i / 2) % 2 === 0;
      const answer = await (hovering ? server.hover(uri, hoverAt) : server.completion(uri, hoverAt));
      samples.push(performance.now() - started);
      if (!answer) throw new Error(`no ${hovering ? 'hover' : 'completion'} at ${JSON.stringify(hoverAt)} of ${uri} after edit ${i + 1}`);
    } else {
      const { method, params } = OTHER_REQUESTS[i % OTHER_REQUESTS.length];
      const answer = await server.request(method, params(uri, hoverAt));
      others.push(performance.now() - started);
      if (!answer) throw new Error(`no answer to ${method} of ${uri} after edit ${i + 1}`);
    }
    const rest = KEYSTROKE_MS - (performance.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  await server.diagnostics(uri);
  return { hoverCompletion: latency(samples), others: latency(others) };
}

/** Both documents, each on a server of its own (pulled diagnostics, as VS Code). */
export async function measureTyping(
  serverScript: string,
  rootUri: string,
  uriOf: (name: string) => string,
  edits: number,
): Promise<TypingResult> {
  const run = async (name: string, languageId: string, text: string, key: string) => {
    const server = await ServerProcess.start(serverScript, true, rootUri);
    try {
      const result = await typeInto(server, uriOf(name), languageId, text, key, edits);
      const code = await server.stop();
      if (code !== 0) throw new Error(`the server exited ${code} after shutdown and exit`);
      return result;
    } catch (e) {
      server.kill();
      throw e;
    }
  };
  const message = await run('catalogue.umsg', 'universal-message', hugeMessage(20_000), 'display');
  const meta = await run('settings.configmeta.json', 'configuration-meta', bigConfigMeta(50_000), 'label');
  const templated = await run('templated.umsg', 'universal-message', templatedHugeMessage(20_000), 'display');
  return {
    hugeMessage: message.hoverCompletion,
    configMeta: meta.hoverCompletion,
    templatedMessage: templated.hoverCompletion,
    otherRequests: { hugeMessage: message.others, configMeta: meta.others, templatedMessage: templated.others },
  };
}
