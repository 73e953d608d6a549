// Helpers for the tests of the language server's editing features, driven through
// the `vscode.execute…Provider` commands. A provider may answer nothing while the
// language server is still starting, so every request is polled until its answer
// holds (with a deadline), never after a fixed sleep; a timeout names what was
// expected and the last answer seen.
import * as vscode from 'vscode';
import { ANSWER_TIMEOUT_MS, codeOf, waitForDiagnostics } from './helpers';

const POLL_INTERVAL_MS = 250;

/**
 * Calls `probe` until `accept` holds for its answer; resolves with that answer. On
 * timeout it rejects with `expected` and `describe(last answer)`.
 */
export async function pollUntil<T>(
  expected: string,
  probe: () => Thenable<T> | Promise<T>,
  accept: (answer: T) => boolean,
  describe: (answer: T | undefined) => string,
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      lastError = undefined;
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const seen = lastError !== undefined
        ? `error: ${lastError instanceof Error ? lastError.message : String(lastError)}`
        : describe(last);
      throw new Error(`timed out after ${timeoutMs} ms\n  expected: ${expected}\n  seen:     ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** 1-based "line:column" of a position, for messages. */
export function where(position: vscode.Position): string {
  return `${position.line + 1}:${position.character + 1}`;
}

/** The range of the first occurrence of `needle` after the first occurrence of `after`. */
export function rangeOfText(document: vscode.TextDocument, needle: string, after = ''): vscode.Range {
  const text = document.getText();
  const from = after ? text.indexOf(after) : 0;
  const at = from < 0 ? -1 : text.indexOf(needle, from + after.length);
  if (at < 0) {
    throw new Error(
      `expected ${JSON.stringify(needle)}${after ? ` after ${JSON.stringify(after)}` : ''} ` +
        `in ${vscode.workspace.asRelativePath(document.uri)}`,
    );
  }
  return new vscode.Range(document.positionAt(at), document.positionAt(at + needle.length));
}

/** A position inside `needle` (`offset` characters into it), found after `after`. */
export function positionIn(document: vscode.TextDocument, needle: string, offset: number, after = ''): vscode.Position {
  return rangeOfText(document, needle, after).start.translate(0, offset);
}

// ---------------------------------------------------------------- hover

function markdownOf(content: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof content === 'string') return content;
  return content.value;
}

/** All hover text at a position (every provider's contents, joined). */
export function hoverText(hovers: readonly vscode.Hover[] | undefined): string {
  return (hovers ?? []).flatMap((h) => h.contents.map(markdownOf)).join('\n\n');
}

/** Polls the hover at `position` until its text contains every `wanted` piece. */
export async function waitForHover(document: vscode.TextDocument, position: vscode.Position, wanted: string[]): Promise<string> {
  const hovers = await pollUntil(
    `a hover at ${where(position)} of ${vscode.workspace.asRelativePath(document.uri)} ` +
      `containing ${wanted.map((w) => JSON.stringify(w)).join(', ')}`,
    () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position),
    (answer) => wanted.every((w) => hoverText(answer).includes(w)),
    (answer) => (hoverText(answer) ? `hover text:\n${indent(hoverText(answer))}` : 'no hover'),
  );
  return hoverText(hovers);
}

// ---------------------------------------------------------------- completion

export function labelOf(item: vscode.CompletionItem): string {
  const label = typeof item.label === 'string' ? item.label : item.label.label;
  return label.replace(/^"(.*)"$/, '$1');
}

/** Polls the completion at `position` until every wanted label is offered; resolves with all items. */
export async function waitForCompletionItems(
  document: vscode.TextDocument,
  position: vscode.Position,
  wanted: string[],
): Promise<vscode.CompletionItem[]> {
  const list = await pollUntil(
    `completion at ${where(position)} of ${vscode.workspace.asRelativePath(document.uri)} to offer ${wanted.join(', ')}`,
    () => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position),
    (answer) => {
      const labels = (answer?.items ?? []).map(labelOf);
      return wanted.every((w) => labels.includes(w));
    },
    (answer) => (answer?.items.length ? `labels ${answer.items.map(labelOf).join(', ')}` : 'no completion items'),
  );
  return list.items;
}

// ---------------------------------------------------------------- code actions

/** Polls the quick fixes for `range` until one titled `title` is offered. */
export async function waitForQuickFix(document: vscode.TextDocument, range: vscode.Range, title: string): Promise<vscode.CodeAction> {
  const actions = await pollUntil(
    `a quick fix titled ${JSON.stringify(title)} at ${where(range.start)}-${where(range.end)} ` +
      `of ${vscode.workspace.asRelativePath(document.uri)}`,
    () => vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      range,
      vscode.CodeActionKind.QuickFix.value,
    ),
    (answer) => (answer ?? []).some((a) => a.title === title),
    (answer) => (answer?.length ? `actions ${answer.map((a) => JSON.stringify(a.title)).join(', ')}` : 'no code actions'),
  );
  const found = actions.find((a) => a.title === title)!;
  if (typeof (found as vscode.Command).command === 'string') {
    throw new Error(
      `expected ${JSON.stringify(title)} to be a code action with an edit; it is a bare command (${(found as vscode.Command).command})`,
    );
  }
  return found as vscode.CodeAction;
}

/**
 * Applies a quick fix's edit the way the editor does (workspace.applyEdit) and waits
 * until the diagnostics of the document no longer hold a finding with `ruleId`.
 */
export async function applyFixAndWaitGone(
  document: vscode.TextDocument,
  action: vscode.CodeAction,
  ruleId: string,
): Promise<vscode.Diagnostic[]> {
  if (!action.edit) {
    throw new Error(
      `expected the quick fix ${JSON.stringify(action.title)} to carry an edit; ` +
        `it has none${action.command ? ` (command ${action.command.command})` : ''}`,
    );
  }
  const applied = await vscode.workspace.applyEdit(action.edit);
  if (!applied) throw new Error(`workspace.applyEdit refused the edit of ${JSON.stringify(action.title)}`);
  return waitForDiagnostics(
    document.uri,
    `no "${ruleId}" finding once the quick fix ${JSON.stringify(action.title)} is applied`,
    (all) => !all.some((d) => codeOf(d) === ruleId),
  );
}

// ---------------------------------------------------------------- code lens, inlay hints, symbols

/** Polls the code lenses of a document until one title satisfies `accept`. */
export async function waitForCodeLens(
  document: vscode.TextDocument,
  expected: string,
  accept: (title: string) => boolean,
): Promise<vscode.CodeLens> {
  const lenses = await pollUntil(
    `${expected} above the card of ${vscode.workspace.asRelativePath(document.uri)}`,
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri),
    (answer) => (answer ?? []).some((l) => l.command && accept(l.command.title)),
    (answer) => (answer?.length
      ? `code lenses ${answer.map((l) => JSON.stringify(l.command?.title ?? '(unresolved)')).join(', ')}`
      : 'no code lenses'),
  );
  return lenses.find((l) => l.command && accept(l.command.title))!;
}

export function inlayLabel(hint: vscode.InlayHint): string {
  return typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
}

/** Polls the inlay hints of the whole document until one satisfies `accept`. */
export async function waitForInlayHint(
  document: vscode.TextDocument,
  expected: string,
  accept: (hint: vscode.InlayHint) => boolean,
): Promise<vscode.InlayHint[]> {
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  return pollUntil(
    `${expected} in ${vscode.workspace.asRelativePath(document.uri)}`,
    () => vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', document.uri, whole),
    (answer) => (answer ?? []).some(accept),
    (answer) => (answer?.length
      ? `inlay hints ${answer.map((h) => `${JSON.stringify(inlayLabel(h))} at ${where(h.position)}`).join(', ')}`
      : 'no inlay hints'),
  );
}

/** Document symbols as the outline shows them (DocumentSymbol, with children). */
export async function waitForSymbols(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
  return pollUntil(
    `document symbols for ${vscode.workspace.asRelativePath(document.uri)}`,
    () => vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri),
    (answer) => (answer ?? []).length > 0,
    () => 'no symbols',
  );
}

/** An outline as indented lines: "name (detail)". */
export function describeSymbols(symbols: readonly vscode.DocumentSymbol[], depth = 0): string {
  return symbols
    .map((s) => `\n    ${'  '.repeat(depth)}${s.name}${s.detail ? ` (${s.detail})` : ''}${describeSymbols(s.children ?? [], depth + 1)}`)
    .join('');
}

function indent(text: string): string {
  return text.replace(/^/gm, '      ');
}
