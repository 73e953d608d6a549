// The channel summary above a card (vscode.executeCodeLensProvider): one entry per
// target channel, ✓ or the number of problems on it. Expected by hand from the
// fixture and the channel rules (default configuration: all three channels):
//   card-features.umsg has a reply, a click and a call inside action, all texts within
//   every limit, 3 inside actions (Messenger 3, Google Business Messages 4, WhatsApp 3)
//   and a call number of + and digits only (Messenger): no problem on Messenger or
//   Google Business Messages. WhatsApp's inside actions are text only: the click and
//   the call action are one problem each, so "WhatsApp: 2 problems".
import * as assert from 'node:assert/strict';
import { closeAllEditors, openFixture } from './helpers';
import { waitForCodeLens } from './featureHelpers';

describe('universal message: channel summary', () => {
  afterEach(closeAllEditors);

  it('shows "Messenger ✓ · Google Business Messages ✓ · WhatsApp: 2 problems" above the card', async () => {
    const { document } = await openFixture('card-features.umsg');
    const expected = 'Messenger ✓ · Google Business Messages ✓ · WhatsApp: 2 problems';
    const lens = await waitForCodeLens(document, `a code lens titled "${expected}"`, (title) => title === expected);
    assert.equal(lens.range.start.line, 0, `expected the summary on the card's first line; it is on line ${lens.range.start.line + 1}`);
    assert.equal(
      lens.command?.command,
      'universalMessage.showChannelProblems',
      `expected the summary to open the channel problems; its command is ${lens.command?.command}`,
    );
  });
});
