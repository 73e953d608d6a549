// Each fixture shows one problem; the test waits for its finding and checks the
// rule id (code), the source, and that the range sits on the offending token.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, describeDiagnostics, openFixture, unquotedText, waitForFinding } from './helpers';

describe('diagnostics', () => {
  afterEach(closeAllEditors);

  it('reports a card without a title (card-required)', async () => {
    const { document } = await openFixture('card-missing-title.umsg');
    const finding = await waitForFinding(document, 'card-required');
    const wholeFile = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    assert.ok(
      !finding.range.isEqual(wholeFile),
      `expected card-required on a token (not the whole file), seen ${describeDiagnostics([finding], document)}`,
    );
  });

  it('reports insideActions and floatActions together on the second list key (exclusive-actions)', async () => {
    const { document } = await openFixture('inside-and-float-actions.umsg');
    await waitForFinding(document, 'exclusive-actions', {
      expected: 'with its range on the property key "floatActions" (the second list)',
      matches: (d) => unquotedText(document, d.range) === 'floatActions',
    });
  });

  it("reports a 95-character title against Messenger's 80 (channel-limit)", async () => {
    const { document } = await openFixture('title-95-characters.umsg');
    const title: string = JSON.parse(document.getText()).title;
    assert.equal([...title].length, 95, 'fixture title must be 95 characters long');
    await waitForFinding(document, 'channel-limit', {
      expected: `whose message mentions "Messenger's 80" and whose range is the title's value string`,
      matches: (d) => d.message.includes("Messenger's 80") && unquotedText(document, d.range) === title,
    });
  });

  it('reports a phone number with a space (phone-number) on that value', async () => {
    const { document } = await openFixture('call-phone-number-with-space.umsg');
    await waitForFinding(document, 'phone-number', {
      expected: 'with its range on the value "555 0123"',
      matches: (d) => unquotedText(document, d.range) === '555 0123',
    });
  });

  it('gives every finding in the fixtures a string rule id and the umsg source', async () => {
    const { document } = await openFixture('inside-and-float-actions.umsg');
    const finding = await waitForFinding(document, 'exclusive-actions');
    const code = typeof finding.code === 'object' ? finding.code.value : finding.code;
    assert.equal(typeof code, 'string', `expected code to be a string rule id, seen ${describeDiagnostics([finding], document)}`);
    if (typeof finding.code === 'object') {
      assert.ok(finding.code.target instanceof vscode.Uri, 'expected code.target to be a Uri (the rule page)');
    }
  });
});
