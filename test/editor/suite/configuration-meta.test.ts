// Configuration Meta files (*.configmeta.json, language configuration-meta): the
// language id, the case-sensitive type rule with its quick fix, and completion of
// the type values.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture, unquotedText, waitForFinding } from './helpers';
import { applyFixAndWaitGone, labelOf, positionIn, rangeOfText, waitForCompletionItems, waitForQuickFix } from './featureHelpers';

const FIXTURE = 'shop-settings.configmeta.json';
const LANGUAGE = 'configuration-meta';

describe('configuration meta', () => {
  afterEach(closeAllEditors);

  it(`gives a .configmeta.json file the language id ${LANGUAGE}`, async () => {
    const { document } = await openFixture(FIXTURE);
    assert.equal(document.languageId, LANGUAGE, `expected ${FIXTURE} to get language id "${LANGUAGE}", seen "${document.languageId}"`);
  });

  it('reports "type": "string" (meta-type-value) and fixes it to "String"', async () => {
    const { document } = await openFixture(FIXTURE);
    const value = rangeOfText(document, '"string"', '"type": ');
    const finding = await waitForFinding(document, 'meta-type-value', {
      expected: 'with its range on the value "string"',
      matches: (d) => unquotedText(document, d.range) === 'string',
    });
    assert.ok(finding.range.isEqual(value), `expected the finding on "string" at line ${value.start.line + 1}`);
    const fix = await waitForQuickFix(document, finding.range, 'Change to "String"');
    assert.equal(fix.kind?.value, vscode.CodeActionKind.QuickFix.value, `expected a code action of kind quickfix; seen ${fix.kind?.value}`);
    assert.equal(
      fix.isPreferred,
      true,
      `expected "Change to \"String\"" to be the preferred fix (same word, other case); seen isPreferred ${fix.isPreferred}`,
    );
    await applyFixAndWaitGone(document, fix, 'meta-type-value');
    const line = document.lineAt(value.start.line).text;
    assert.ok(
      line.includes('"type": "String"'),
      `expected the entry to read "type": "String" after the fix; it reads ${JSON.stringify(line.trim())}`,
    );
  });

  it('offers String, Text and Boolean for an entry\'s type', async () => {
    const { document } = await openFixture(FIXTURE);
    const position = positionIn(document, '"type": "Text"', '"type": "'.length);
    const items = await waitForCompletionItems(document, position, ['String', 'Text', 'Boolean']);
    const labels = items.map(labelOf);
    for (const wrong of ['string', 'text', 'boolean']) {
      assert.ok(!labels.includes(wrong), `expected type values in their exact case only (no "${wrong}"); seen ${labels.join(', ')}`);
    }
  });
});
