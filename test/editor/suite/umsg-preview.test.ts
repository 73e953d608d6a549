// The live preview in the real editor: opened beside a message it draws a column per target
// channel, follows an unsaved edit without reloading its page, and shows the
// Integrations form of a Configuration Meta file. The page reports each drawing to the
// extension (command universalMessage.preview.testReport), so these tests see what the
// webview drew, not only what the server answered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';
import { pollUntil } from './featureHelpers';

interface Report {
  kind: string;
  uri?: string;
  columns?: { channel: string; verdict: string; title?: string; buttons: number }[];
  keys?: string[];
  renders?: number;
  loadId?: string;
}

const VERDICTS = ['sent', 'shortened', 'rejected', 'dropped', 'override'];
const report = async (): Promise<Report> =>
  (await vscode.commands.executeCommand<Report | undefined>('universalMessage.preview.testReport')) ?? { kind: 'nothing drawn yet' };
const describeReport = (r: Report | undefined) => (r ? JSON.stringify(r) : 'no drawing reported');

describe('universal message: live preview', () => {
  afterEach(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens beside menu.umsg with a column per channel, then shows an unsaved edit without reloading', async () => {
    const { document, editor } = await openFixture('menu.umsg');
    await vscode.commands.executeCommand('universalMessage.showPreviewToSide');
    const first = await pollUntil(
      'a drawing of menu.umsg with columns messenger, gbm, whatsapp',
      report,
      (r) => r.kind === 'message' && !!r.uri?.endsWith('/menu.umsg') &&
        (r.columns ?? []).map((c) => c.channel).join() === 'messenger,gbm,whatsapp',
      describeReport,
    );
    for (const c of first.columns ?? []) assert.ok(VERDICTS.includes(c.verdict), `${c.channel} has verdict ${c.verdict}`);
    // menu.sample.json's dishes render one button each.
    assert.ok((first.columns ?? []).every((c) => c.buttons > 0), describeReport(first));

    const title = document.getText().match(/"title": "([^"]*)"/)![1];
    const start = document.positionAt(document.getText().indexOf(title));
    await editor.edit((b) => b.replace(new vscode.Range(start, start.translate(0, title.length)), 'Buongiorno'));
    const edited = await pollUntil(
      'the drawing to show the unsaved title "Buongiorno" in the same page',
      report,
      (r) => (r.columns ?? []).some((c) => c.title === 'Buongiorno'),
      describeReport,
      5_000,
    );
    assert.equal(edited.loadId, first.loadId, 'the page was patched, not reloaded');
    assert.equal(
      edited.columns?.find((c) => c.channel === 'messenger')?.verdict === 'rejected',
      false,
      'a 10-character title fits Messenger',
    );
  });

  it('follows the editor to a Configuration Meta file and draws every entry of its form', async () => {
    await openFixture('menu.umsg');
    await vscode.commands.executeCommand('universalMessage.showPreviewToSide');
    await pollUntil('a drawing of menu.umsg', report, (r) => r.kind === 'message', describeReport);
    await openFixture('shop-settings.configmeta.json');
    const form = await pollUntil(
      'the Integrations form of shop-settings.configmeta.json',
      report,
      (r) => r.kind === 'form' && !!r.uri?.endsWith('/shop-settings.configmeta.json'),
      describeReport,
    );
    assert.deepEqual(form.keys, ['apiKey', 'welcomeText', 'sandbox']);
  });
});
