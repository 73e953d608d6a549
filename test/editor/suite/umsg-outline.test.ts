// The outline of a universal message (vscode.executeDocumentSymbolProvider): the card,
// named by its title, its richMedia with the media fields, and each action by its
// display text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';
import { describeSymbols, waitForSymbols } from './featureHelpers';

describe('universal message: outline', () => {
  afterEach(closeAllEditors);

  it('lists the card, its richMedia and each action by its display text', async () => {
    const { document } = await openFixture('card-features.umsg');
    const card = JSON.parse(document.getText());
    const symbols = await waitForSymbols(document);
    const outline = describeSymbols(symbols);
    assert.equal(symbols.length, 1, `expected one symbol at the top (the card); seen${outline}`);
    const root = symbols[0];
    assert.ok(root.name.includes(card.title), `expected the card's symbol to be named with its title "${card.title}"; seen${outline}`);
    assert.ok(
      root.range.contains(document.positionAt(document.getText().lastIndexOf('}'))),
      `expected the card's symbol to span the whole card; its range ends at ${root.range.end.line + 1}:${root.range.end.character + 1}`,
    );

    const child = (name: string) => root.children.find((c) => c.name === name);
    for (const name of ['type', 'title', 'description', 'richMedia', 'insideActions']) {
      assert.ok(child(name), `expected "${name}" under the card; seen${outline}`);
    }
    const media = child('richMedia')!;
    assert.deepEqual(
      media.children.map((c) => c.name),
      ['height', 'fileUrl', 'altText'],
      `expected richMedia's fields under it; seen${outline}`,
    );

    const actions = child('insideActions')!;
    const displays: string[] = card.insideActions.map((a: { display: string }) => a.display);
    assert.deepEqual(
      actions.children.map((c) => c.name),
      displays,
      `expected each action named by its display text (${displays.join(', ')}); seen${outline}`,
    );
    for (const [i, action] of actions.children.entries()) {
      assert.equal(
        action.detail,
        card.insideActions[i].type,
        `expected the action "${action.name}" to show its type as detail; seen${outline}`,
      );
      const selected = document.getText(action.selectionRange);
      assert.ok(
        selected.includes(`"display": "${displays[i]}"`),
        `expected the action's symbol to select its element; it selects ${JSON.stringify(selected)}`,
      );
    }
    assert.equal(
      actions.kind,
      vscode.SymbolKind.Array,
      `expected insideActions to be an array symbol; seen kind ${vscode.SymbolKind[actions.kind]}`,
    );
  });
});
