// Helpers for the editor tests: fixture access, diagnostics waits driven by
// vscode.languages.onDidChangeDiagnostics (never sleeps), and readable
// "expected vs seen" failures.
import * as vscode from 'vscode';

export const LANGUAGE_ID = 'universal-message';
export const SOURCE = 'umsg';
export const EXTENSION_ID = 'umsg.umsg';

/** How long to wait for the language server's first answer (it may still be starting). */
export const ANSWER_TIMEOUT_MS = 20_000;

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('expected the fixture workspace test/editor/workspace to be open; no workspace folder is');
  return folder.uri;
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), name);
}

export async function openFixture(name: string): Promise<{ document: vscode.TextDocument; editor: vscode.TextEditor }> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(name));
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  return { document, editor };
}

/** A diagnostic's code as text: codes may be a string, a number or {value, target}. */
export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  if (typeof code === 'object') return String(code.value);
  return String(code);
}

/** Text of a range without the surrounding quotes of a JSON string, so key/value ranges compare either way. */
export function unquotedText(document: vscode.TextDocument, range: vscode.Range): string {
  const text = document.getText(range);
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

const severityNames = ['Error', 'Warning', 'Information', 'Hint'];

export function describeDiagnostics(diagnostics: readonly vscode.Diagnostic[], document?: vscode.TextDocument): string {
  if (diagnostics.length === 0) return 'no diagnostics';
  return diagnostics
    .map((d) => {
      const where = `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`;
      const text = document ? ` on ${JSON.stringify(truncate(document.getText(d.range), 60))}` : '';
      return `\n    - [${severityNames[d.severity] ?? d.severity}] ` +
        `${d.source ?? '(no source)'}(${codeOf(d) ?? 'no code'}) at ${where}${text}: ${d.message}`;
    })
    .join('');
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function sameUri(a: vscode.Uri, b: vscode.Uri): boolean {
  return a.toString() === b.toString();
}

/**
 * Resolves with the diagnostics of `uri` once `predicate` holds for them, checking
 * the current set first and then every onDidChangeDiagnostics event for that URI.
 * On timeout it rejects with `expected` and the last diagnostics seen.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  expected: string,
  predicate: (diagnostics: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      subscription.dispose();
      clearTimeout(timer);
      action();
    };
    const check = () => {
      const current = vscode.languages.getDiagnostics(uri);
      if (predicate(current)) finish(() => resolve(current));
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => sameUri(changed, uri))) check();
    });
    const timer = setTimeout(() => {
      const document = vscode.workspace.textDocuments.find((d) => sameUri(d.uri, uri));
      finish(() =>
        reject(new Error(
          `timed out after ${timeoutMs} ms waiting for diagnostics of ${vscode.workspace.asRelativePath(uri)}\n` +
          `  expected: ${expected}\n` +
          `  seen:     ${describeDiagnostics(vscode.languages.getDiagnostics(uri), document)}`,
        )),
      );
    }, timeoutMs);
    check();
  });
}

/** Waits until a diagnostic from the umsg source with the given code is published for `uri`. */
export async function waitForFinding(
  document: vscode.TextDocument,
  ruleId: string,
  extra?: { expected: string; matches: (d: vscode.Diagnostic) => boolean },
): Promise<vscode.Diagnostic> {
  const matches = (d: vscode.Diagnostic) => d.source === SOURCE && codeOf(d) === ruleId && (extra ? extra.matches(d) : true);
  const expected = `a diagnostic with source "${SOURCE}" and code "${ruleId}"${extra ? `, ${extra.expected}` : ''}`;
  const diagnostics = await waitForDiagnostics(document.uri, expected, (all) => all.some(matches));
  return diagnostics.find(matches)!;
}

/**
 * Runs `action` (an edit) and resolves once the diagnostics of `uri` have been
 * published at least once after it and then stayed unchanged for `quietMs`.
 * This is how "the diagnostics settled" is decided without a fixed sleep.
 */
export function diagnosticsSettleAfter(
  uri: vscode.Uri,
  action: () => Thenable<unknown>,
  { quietMs = 1_500, timeoutMs = ANSWER_TIMEOUT_MS }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let lastChange: number | undefined;
    let changes = 0;
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => sameUri(changed, uri))) {
        lastChange = Date.now();
        changes++;
      }
    });
    const poll = setInterval(() => {
      const now = Date.now();
      if (lastChange !== undefined && now - lastChange >= quietMs) {
        done();
        resolve(vscode.languages.getDiagnostics(uri));
      } else if (now - started > timeoutMs) {
        done();
        const document = vscode.workspace.textDocuments.find((d) => sameUri(d.uri, uri));
        reject(new Error(
          `timed out after ${timeoutMs} ms waiting for the diagnostics of ${vscode.workspace.asRelativePath(uri)} to settle\n` +
          `  expected: at least one diagnostics update after the edit, then none for ${quietMs} ms\n` +
          `  seen:     ${changes} update(s)${lastChange === undefined ? ' (the language server never answered)' : ', still changing'}; ` +
          `current ${describeDiagnostics(vscode.languages.getDiagnostics(uri), document)}`,
        ));
      }
    }, 100);
    const done = () => {
      clearInterval(poll);
      subscription.dispose();
    };
    Promise.resolve(action()).then(undefined, (error: unknown) => {
      done();
      reject(error);
    });
  });
}

/** Replaces the whole text of the editor's document. */
export async function setText(editor: vscode.TextEditor, text: string): Promise<void> {
  const document = editor.document;
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  const applied = await editor.edit((builder) => builder.replace(whole, text));
  if (!applied) throw new Error(`could not replace the text of ${vscode.workspace.asRelativePath(document.uri)}`);
}

/** Position just after the first occurrence of `needle` that follows `after` (both plain text). */
export function positionAfter(document: vscode.TextDocument, needle: string, after = ''): vscode.Position {
  const text = document.getText();
  const start = after ? text.indexOf(after) : 0;
  if (start < 0) throw new Error(`expected ${JSON.stringify(after)} in ${vscode.workspace.asRelativePath(document.uri)}`);
  const at = text.indexOf(needle, start + after.length);
  if (at < 0) {
    throw new Error(
      `expected ${JSON.stringify(needle)} after ${JSON.stringify(after)} in ${vscode.workspace.asRelativePath(document.uri)}`,
    );
  }
  return document.positionAt(at + needle.length);
}

/** Completion labels without JSON quotes: a label may be `click` or `"click"`. */
export function completionLabels(list: vscode.CompletionList | undefined): string[] {
  return (list?.items ?? []).map((item) => {
    const label = typeof item.label === 'string' ? item.label : item.label.label;
    return label.replace(/^"(.*)"$/, '$1');
  });
}

/** Polls the completion at `position` until every wanted label is offered (the server may still be starting). */
export async function waitForCompletion(
  document: vscode.TextDocument,
  position: vscode.Position,
  wanted: string[],
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let labels: string[] = [];
  for (;;) {
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      position,
    );
    labels = completionLabels(list);
    if (wanted.every((label) => labels.includes(label))) return labels;
    if (Date.now() >= deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for completion at ${position.line + 1}:${position.character + 1} ` +
        `of ${vscode.workspace.asRelativePath(document.uri)}\n` +
        `  expected: labels ${wanted.join(', ')}\n` +
        `  seen:     ${labels.length ? labels.join(', ') : 'no completion items'}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Reverts and closes every editor so that each test starts from the files on disk.
 * Reverting first matters: in a test run the workbench answers "save?" with yes.
 * (Any scheme but untitled: under code-server, workspace files are vscode-remote:.)
 */
export async function closeAllEditors(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    // Only the workspace's own files: the user settings.json that a settings change writes
    // can be dirty for a moment, and showing it races with VS Code's own editor for it.
    if (!document.isDirty || document.uri.scheme === 'untitled' || !vscode.workspace.getWorkspaceFolder(document.uri)) continue;
    for (let attempt = 0; document.isDirty; attempt++) {
      try {
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      } catch (error) {
        // "another editor opened in the meantime": try again once the workbench has settled.
        if (attempt >= 2) throw error;
      }
      // The revert acts on the active editor: when another one (a preview following the editor,
      // a file a command opened) took its place meanwhile, this one is still dirty: again.
      if (!document.isDirty) break;
      if (attempt >= 4) throw new Error(`could not revert ${document.uri.toString()} after a test`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
