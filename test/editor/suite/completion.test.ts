import { closeAllEditors, openFixture, positionAfter, waitForCompletion } from './helpers';

describe('completion', () => {
  after(closeAllEditors);

  it('offers click, reply and call for the type of an insideActions element', async () => {
    const { document } = await openFixture('completion-action-type.umsg');
    const position = positionAfter(document, '"type": ', '"insideActions"');
    await waitForCompletion(document, position, ['click', 'reply', 'call']);
  });
});
