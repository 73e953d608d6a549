// Quick fixes in a universal message: the code action offered for a finding,
// applied with workspace.applyEdit, corrects the text and the finding goes away.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostics, openFixture, waitForFinding } from './helpers';
import { applyFixAndWaitGone, waitForQuickFix } from './featureHelpers';

describe('universal message: quick fixes', () => {
  afterEach(closeAllEditors);

  const cases = [
    {
      fixture: 'type-rich-capitalized.umsg',
      rule: 'message-type',
      wrong: '"type": "Rich"',
      title: 'Change to "rich"',
      right: '"type": "rich"',
    },
    {
      fixture: 'media-height-lowercase.umsg',
      rule: 'media-height',
      wrong: '"height": "tall"',
      title: 'Change to "TALL"',
      right: '"height": "TALL"',
    },
  ];

  for (const c of cases) {
    it(`fixes ${c.wrong} with "${c.title}" (${c.rule})`, async () => {
      const { document } = await openFixture(c.fixture);
      const finding = await waitForFinding(document, c.rule);
      const fix = await waitForQuickFix(document, finding.range, c.title);
      // vscode.executeCodeActionProvider hands back title, kind, edit, command and
      // isPreferred only (not the diagnostics an action fixes): the fix is tied to its
      // finding by asking for the actions at the finding's range, where it is the only one.
      assert.equal(
        fix.kind?.value,
        vscode.CodeActionKind.QuickFix.value,
        `expected "${c.title}" to be a quickfix; seen kind ${fix.kind?.value}`,
      );
      assert.equal(
        fix.isPreferred,
        true,
        `expected "${c.title}" to be the preferred fix (the one obvious correction); seen isPreferred ${fix.isPreferred}`,
      );
      const after = await applyFixAndWaitGone(document, fix, c.rule);
      const text = document.getText();
      assert.ok(
        text.includes(c.right) && !text.includes(c.wrong),
        `expected the document to read ${c.right} after the fix; it reads:\n${text}`,
      );
      assert.equal(after.length, 0, `expected no finding left in the fixed card; seen ${describeDiagnostics(after, document)}`);
    });
  }
});
