// The whole workspace in the Problems panel: a message no test opens gets its findings
// through workspace diagnostics (workspace/diagnostic), as the Problems panel lists them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, fixtureUri, openFixture, SOURCE, waitForDiagnostics } from './helpers';

describe('workspace diagnostics', () => {
  afterEach(closeAllEditors);

  it('lists the findings of a message that was never opened', async () => {
    // Any file of ours starts the extension; the unopened file's findings then arrive on their own.
    await openFixture('menu.umsg');
    const unopened = fixtureUri('workspace-only.umsg');
    const diagnostics = await waitForDiagnostics(
      unopened,
      'card-required from the workspace report, the file never opened',
      (all) => all.some((d) => d.source === SOURCE && codeOf(d) === 'card-required'),
    );
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.uri.toString() === unopened.toString()),
      'the file must not have been opened to get its findings',
    );
    const finding = diagnostics.find((d) => codeOf(d) === 'card-required')!;
    assert.match(finding.message, /description/);
  });
});
