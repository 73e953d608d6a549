// A channel-specific message: promo.whatsapp.umsg beside promo.umsg replaces it on
// WhatsApp, so WhatsApp's limits are not applied to promo.umsg. Its description has
// 70 characters: over WhatsApp's 60, within Messenger's 80 and Google Business
// Messages' 2,000, so it gets no finding at all. Its title has 87 characters: over
// Messenger's 80 only, which proves the other channels are still checked.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, describeDiagnostics, fixtureUri, openFixture, waitForFinding } from './helpers';
import { positionIn, rangeOfText, waitForCodeLens, waitForHover } from './featureHelpers';

describe('universal message: channel-specific sibling', () => {
  afterEach(closeAllEditors);

  before(async () => {
    const sibling = await vscode.workspace.fs.stat(fixtureUri('promo.whatsapp.umsg')).then(() => true, () => false);
    assert.ok(sibling, 'expected the fixture promo.whatsapp.umsg beside promo.umsg');
  });

  it('gives the 70-character description no WhatsApp finding', async () => {
    const { document } = await openFixture('promo.umsg');
    const card = JSON.parse(document.getText());
    assert.equal([...card.description].length, 70, 'fixture description must be 70 characters long');
    // The title's Messenger finding shows that the message has been checked.
    await waitForFinding(document, 'channel-limit', {
      expected: "on the 87-character title, naming Messenger's 80",
      matches: (d) => d.message.includes("Messenger's 80") && document.getText(d.range) === JSON.stringify(card.title),
    });
    const description = rangeOfText(document, JSON.stringify(card.description));
    const all = vscode.languages.getDiagnostics(document.uri);
    const onDescription = all.filter((d) => d.range.intersection(description) !== undefined);
    const naming = all.filter((d) => /WhatsApp/.test(d.message));
    assert.equal(
      onDescription.length,
      0,
      `expected no finding on the description (WhatsApp has its own message); seen ${describeDiagnostics(onDescription, document)}`,
    );
    assert.equal(naming.length, 0, `expected no finding naming WhatsApp; seen ${describeDiagnostics(naming, document)}`);
    const limits = all.filter((d) => codeOf(d) === 'channel-limit');
    assert.equal(
      limits.length,
      1,
      `expected the title's finding as the only channel-limit finding; seen ${describeDiagnostics(limits, document)}`,
    );
  });

  it('says "WhatsApp: own message" in the channel summary', async () => {
    const { document } = await openFixture('promo.umsg');
    const expected = "Messenger: 1 problem · Google Business Messages ✓ · WhatsApp: own message";
    await waitForCodeLens(document, `a code lens titled "${expected}"`, (title) => title === expected);
  });

  it("marks WhatsApp's limit as not used in the description's hover", async () => {
    const { document } = await openFixture('promo.umsg');
    const text = await waitForHover(document, positionIn(document, '"description"', 3), ['max characters']);
    assert.ok(
      text.includes('60 (not used: channel-specific message)'),
      `expected WhatsApp's 60 marked "not used: channel-specific message"; seen:\n${text}`,
    );
  });
});
