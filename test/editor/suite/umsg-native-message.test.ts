// A channel-specific message in WhatsApp's own format, native/menu.whatsapp.umsg (no
// native/menu.umsg beside it): a list whose button text has 25 characters (WhatsApp's 20),
// whose second row title has 31 (WhatsApp's 24), and with an unknown field "foo". Its findings
// reach the Problems panel, completion inside interactive.action offers the list's fields, and
// the preview draws it by itself as WhatsApp's list. Then "Create a channel-specific message"
// on native/offer.umsg writes native/offer.whatsapp.umsg.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, describeDiagnostics, fixtureUri, openFixture, SOURCE, waitForDiagnostics } from './helpers';
import { labelOf, pollUntil, waitForCompletionItems } from './featureHelpers';

const LIST = 'native/menu.whatsapp.umsg';

interface Report {
  kind: string;
  uri?: string;
  columns?: { channel: string; verdict: string; layout?: string; rows?: number; file?: string }[];
}

const report = async (): Promise<Report> =>
  (await vscode.commands.executeCommand<Report | undefined>('universalMessage.preview.testReport')) ?? { kind: 'nothing drawn yet' };

describe('channel-specific message in native form', () => {
  afterEach(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the list\'s mistakes in the Problems panel, each on its value or key', async () => {
    const { document } = await openFixture(LIST);
    const on = (d: vscode.Diagnostic, text: string) => document.getText(d.range) === text;
    const found = (all: readonly vscode.Diagnostic[], rule: string, text: string) =>
      all.some((d) => d.source === SOURCE && codeOf(d) === rule && on(d, text));
    const all = await waitForDiagnostics(
      document.uri,
      'channel-limit on the button text and the long row title, unknown-property on "foo"',
      (diagnostics) => found(diagnostics, 'channel-limit', '"See today\'s dishes please"') &&
        found(diagnostics, 'channel-limit', '"Spaghetti alla carbonara romana"') &&
        found(diagnostics, 'unknown-property', '"foo"'),
    );
    const button = all.find((d) => codeOf(d) === 'channel-limit' && on(d, '"See today\'s dishes please"'))!;
    assert.match(button.message, /25 characters: WhatsApp allows at most 20/, describeDiagnostics(all, document));
    const row = all.find((d) => codeOf(d) === 'channel-limit' && on(d, '"Spaghetti alla carbonara romana"'))!;
    assert.match(row.message, /at most 24 \(list row title\)/, describeDiagnostics(all, document));
    const foo = all.find((d) => codeOf(d) === 'unknown-property')!;
    assert.match(foo.message, /Known: button, sections/, describeDiagnostics(all, document));
  });

  it('offers the list\'s fields, button and sections, inside an empty interactive.action', async () => {
    const { document, editor } = await openFixture(LIST);
    const text = '{ "type": "interactive", "interactive": { "type": "list", "body": { "text": "Lunch?" }, "action": {  } } }';
    const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    await editor.edit((b) => b.replace(whole, text));
    const position = document.positionAt(text.indexOf('"action": {') + '"action": { '.length);
    const items = await waitForCompletionItems(document, position, ['button', 'sections']);
    const labels = items.map(labelOf);
    assert.ok(!labels.includes('buttons'), `a reply-button field is not a list's: ${labels.join(', ')}`);
  });

  it('previews the sibling by itself: WhatsApp\'s column draws the list with its two rows', async () => {
    await openFixture(LIST);
    await vscode.commands.executeCommand('universalMessage.showPreviewToSide');
    const drawn = await pollUntil(
      'a drawing of native/menu.whatsapp.umsg: one WhatsApp column with a list of 2 rows',
      report,
      (r) => r.kind === 'message' && !!r.uri?.endsWith('/native/menu.whatsapp.umsg') &&
        (r.columns ?? []).length === 1 && r.columns?.[0].layout === 'list',
      (r) => (r ? JSON.stringify(r) : 'no drawing reported'),
    );
    const [column] = drawn.columns!;
    assert.equal(column.channel, 'whatsapp');
    assert.equal(column.rows, 2);
    assert.equal(column.file, 'menu.whatsapp.umsg');
    // The button and the row title are over WhatsApp's limits.
    assert.equal(column.verdict, 'rejected');
  });

  it('"Create a channel-specific message for WhatsApp" on native/offer.umsg writes native/offer.whatsapp.umsg', async () => {
    const created = fixtureUri('native/offer.whatsapp.umsg');
    const exists = () => vscode.workspace.fs.stat(created).then(() => true, () => false);
    assert.equal(await exists(), false, 'native/offer.whatsapp.umsg must not exist before the test');
    try {
      const { document } = await openFixture('native/offer.umsg');
      const title = 'Create a channel-specific message for WhatsApp';
      const actions = await pollUntil(
        `a code action titled ${JSON.stringify(title)}`,
        () => vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider', document.uri, new vscode.Range(0, 0, 0, 0), vscode.CodeActionKind.Refactor.value,
        ),
        (answer) => (answer ?? []).some((a) => a.title === title),
        (answer) => (answer?.length ? `actions ${answer.map((a) => JSON.stringify(a.title)).join(', ')}` : 'no code actions'),
      );
      const command = actions.find((a) => a.title === title)!.command!;
      await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
      await pollUntil('native/offer.whatsapp.umsg written', exists, (yes) => yes, () => 'not there');
      const written = await pollUntil(
        'the new file to hold WhatsApp\'s reply buttons',
        async () => (await vscode.workspace.openTextDocument(created)).getText(),
        (t) => t.includes('"interactive"') && t.includes('Book a table'),
        (t) => JSON.stringify(t),
      );
      assert.match(written, /"type": "button"/);
    } finally {
      await closeAllEditors();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      if (await exists()) await vscode.workspace.fs.delete(created);
    }
  });
});
