// Inlay hints (vscode.executeInlayHintProvider): a text near or over its strictest
// channel limit shows "length/limit" just after its value.
import * as assert from 'node:assert/strict';
import { closeAllEditors, openFixture } from './helpers';
import { inlayLabel, rangeOfText, waitForInlayHint, where } from './featureHelpers';

describe('universal message: inlay hints', () => {
  afterEach(closeAllEditors);

  it('shows 95/80 after a 95-character title', async () => {
    const { document } = await openFixture('title-95-characters.umsg');
    const title: string = JSON.parse(document.getText()).title;
    assert.equal([...title].length, 95, 'fixture title must be 95 characters long');
    const hints = await waitForInlayHint(document, 'an inlay hint "95/80"', (h) => inlayLabel(h) === '95/80');
    const hint = hints.find((h) => inlayLabel(h) === '95/80')!;
    const valueEnd = rangeOfText(document, JSON.stringify(title)).end;
    assert.ok(
      hint.position.isEqual(valueEnd),
      `expected "95/80" just after the title's value at ${where(valueEnd)}; it is at ${where(hint.position)}`,
    );
    const others = hints.filter((h) => h !== hint).map((h) => `${JSON.stringify(inlayLabel(h))} at ${where(h.position)}`);
    assert.equal(others.length, 0, `expected no other hint (the description is short); seen ${others.join(', ')}`);
  });
});
