// Hover in a universal message, through vscode.executeHoverProvider: a text field
// shows its per-channel limits and its current length; fileUrl states the 5 MB limit.
import * as assert from 'node:assert/strict';
import { closeAllEditors, openFixture } from './helpers';
import { positionIn, waitForHover } from './featureHelpers';

describe('universal message: hover', () => {
  afterEach(closeAllEditors);

  it('shows the channel limits table and the current length on "title"', async () => {
    const { document } = await openFixture('card-features.umsg');
    const title = JSON.parse(document.getText()).title as string;
    const text = await waitForHover(document, positionIn(document, '"title"', 2), ['max characters']);
    const row = '| max characters | 80 | 200 | 1,024 |';
    assert.ok(
      text.includes('| | Messenger | Google Business Messages | WhatsApp |'),
      `expected a table with the three channels as columns; seen:\n${text}`,
    );
    assert.ok(text.includes(row), `expected the row ${JSON.stringify(row)}; seen:\n${text}`);
    const length = `Length: **${[...title].length}** characters`;
    assert.ok(
      text.includes(length),
      `expected the current length ${JSON.stringify(length)} (the title is ${JSON.stringify(title)}); seen:\n${text}`,
    );
  });

  it('states the 5 MB limit on fileUrl', async () => {
    const { document } = await openFixture('card-features.umsg');
    const text = await waitForHover(document, positionIn(document, '"fileUrl"', 3), ['fileUrl']);
    assert.ok(text.includes('5 MB'), `expected the hover on fileUrl to mention "5 MB"; seen:\n${text}`);
  });
});
