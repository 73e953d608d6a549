// Completion in a universal message, through vscode.executeCompletionItemProvider:
// the property names valid where the cursor is, the enum values of a field, and
// whole action snippets in an empty action list.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';
import { labelOf, positionIn, waitForCompletionItems } from './featureHelpers';

describe('universal message: completion', () => {
  afterEach(closeAllEditors);

  it('offers the card properties still missing, and not floatActions in a card with insideActions', async () => {
    // The card has type and insideActions; the cursor is on the empty line between them.
    const { document } = await openFixture('completion-card-properties.umsg');
    const position = positionIn(document, '\n  \n', 3);
    const items = await waitForCompletionItems(document, position, ['title', 'description', 'richMedia']);
    const labels = items.map(labelOf);
    for (const absent of ['floatActions', 'insideActions', 'type']) {
      assert.ok(
        !labels.includes(absent),
        `expected no "${absent}" at ${position.line + 1}:${position.character + 1} (` +
          (absent === 'floatActions' ? 'the card has insideActions, the alternative' : 'the card already has it') +
          `); seen labels ${labels.join(', ')}`,
      );
    }
  });

  it('offers display and payload, not url or phoneNumber, in a reply action', async () => {
    const { document } = await openFixture('completion-card-properties.umsg');
    const position = positionIn(document, '{ "type": "reply",  }', '{ "type": "reply", '.length);
    const labels = (await waitForCompletionItems(document, position, ['display', 'payload'])).map(labelOf);
    for (const absent of ['url', 'phoneNumber', 'type']) {
      assert.ok(!labels.includes(absent), `expected no "${absent}" in a reply action; seen labels ${labels.join(', ')}`);
    }
  });

  it('offers SHORT, MEDIUM and TALL for richMedia.height', async () => {
    const { document } = await openFixture('card-features.umsg');
    const position = positionIn(document, '"height": "TALL"', '"height": "'.length);
    const items = await waitForCompletionItems(document, position, ['SHORT', 'MEDIUM', 'TALL']);
    const values = items.map(labelOf).filter((l) => /^[A-Z]+$/.test(l));
    assert.deepEqual(
      values.sort(),
      ['MEDIUM', 'SHORT', 'TALL'],
      `expected exactly the three heights as values; seen ${items.map(labelOf).join(', ')}`,
    );
  });

  it('offers the reply, click and call action snippets in an empty insideActions array', async () => {
    const { document } = await openFixture('completion-empty-inside-actions.umsg');
    const position = positionIn(document, '[\n    \n', 6);
    const items = await waitForCompletionItems(document, position, ['reply action', 'click action', 'call action']);
    for (const type of ['reply', 'click', 'call']) {
      const item = items.find((i) => labelOf(i) === `${type} action`)!;
      const insert = item.insertText instanceof vscode.SnippetString ? item.insertText.value : String(item.insertText ?? '');
      assert.equal(item.kind, vscode.CompletionItemKind.Snippet, `expected "${type} action" to be a snippet item; seen kind ${item.kind}`);
      assert.ok(
        insert.includes(`"type": "${type}"`),
        `expected "${type} action" to insert an element with "type": "${type}"; it inserts ${JSON.stringify(insert)}`,
      );
    }
  });
});
