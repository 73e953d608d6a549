// Dynamic lists (// @each LIST ... // @end): the body is one element without a
// delimiter, and `it` exists only inside the body (dynamic-list findings).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, describeDiagnostics, openFixture, waitForFinding } from './helpers';
import { rangeOfText, where } from './featureHelpers';

describe('universal message: dynamic lists', () => {
  afterEach(closeAllEditors);

  it("reports the ',' after the body's element (dynamic-list) on that comma", async () => {
    const { document } = await openFixture('dynamic-list-trailing-comma.umsg');
    const element = '{ "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }';
    const comma = rangeOfText(document, ',', element);
    const finding = await waitForFinding(document, 'dynamic-list', {
      expected: `with its range on the ',' after the body's element, at ${where(comma.start)}`,
      matches: (d) => d.range.isEqual(comma),
    });
    assert.equal(
      document.getText(finding.range),
      ',',
      `expected the range to hold the comma; seen ${describeDiagnostics([finding], document)}`,
    );
  });

  it('reports `it` used in the title, outside the body (dynamic-list)', async () => {
    const { document } = await openFixture('dynamic-list-it-outside.umsg');
    const outside = rangeOfText(document, '${it.label()}', '"title"');
    await waitForFinding(document, 'dynamic-list', {
      expected: `on \${it.label()} in the title, at ${where(outside.start)}, with a message about \`it\``,
      matches: (d) => d.range.isEqual(outside) && d.message.includes('`it`'),
    });
    // The same expression inside the body is where `it` belongs: no finding there.
    const inBody = rangeOfText(document, '${it.label()}', '// @each');
    const wrong = vscode.languages.getDiagnostics(document.uri).filter((d) => codeOf(d) === 'dynamic-list' && d.range.intersection(inBody));
    assert.equal(
      wrong.length,
      0,
      `expected no dynamic-list finding on \${it.label()} inside the body; seen ${describeDiagnostics(wrong, document)}`,
    );
  });
});
