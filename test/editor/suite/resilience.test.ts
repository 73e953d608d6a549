// Junk must never stop the server: after a malformed file and an edit that
// fills it with control characters, lone surrogates and deep nesting, the
// server still answers for the next file.
import * as vscode from 'vscode';
import { closeAllEditors, diagnosticsSettleAfter, openFixture, waitForFinding } from './helpers';

/** Deterministic junk: printable noise, control characters, NULs, lone surrogates, unbalanced brackets. */
function junk(length: number): string {
  let seed = 0x2f6b1d;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const pieces = ['\u0000', '\u0001', '\u001b', '\ud800', '\udfff', '\ufffd', '{', '[', '"', '${', '}', ']', '\\', ',', ':', '\n'];
  let out = '';
  while (out.length < length) {
    const n = next();
    out += n % 3 === 0 ? pieces[n % pieces.length] : String.fromCharCode(32 + (n % 95));
  }
  return out + '['.repeat(5_000) + '${'.repeat(1_000);
}

describe('resilience', () => {
  after(closeAllEditors);

  it('still answers for a good file after a malformed one', async () => {
    const { editor } = await openFixture('malformed-unclosed-braces.umsg');
    // The junk edit is only in the editor (the file on disk stays as it is).
    let junkProblem: unknown;
    await diagnosticsSettleAfter(editor.document.uri, () =>
      editor.edit((builder) => builder.insert(new vscode.Position(0, 0), junk(20_000))),
    ).catch((error: unknown) => (junkProblem = error));
    const { document } = await openFixture('answered-after-malformed.umsg');
    await waitForFinding(document, 'card-required');
    // A server that survives junk also answers for it (with syntax findings).
    if (junkProblem) throw junkProblem;
  });
});
