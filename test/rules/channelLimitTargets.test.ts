/**
 * channel-limit works out what it reads of the channel models once per list of target
 * channels and keeps it for the process (a language server checks many files with several
 * configurations). Checks with different target lists, one after another and back, must each
 * name exactly their own channels and limits.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { resolveConfig } from '../../server/src/core/findings/config';

// A display of 30 characters: over Messenger's 20, Google Business Messages' 25 and WhatsApp's 20.
const MESSAGE = JSON.stringify({
  type: 'rich',
  title: 'Menu',
  description: 'Today',
  insideActions: [{ type: 'reply', display: 'Order the dish of the day now!', payload: 'ORDER' }],
});

function limitMessages(channels: Record<string, 'off' | 'warning'>): string[] {
  const config = resolveConfig({ channels, rules: {} });
  return checkDocument(MESSAGE, 'universal-message', { config }).diagnostics
    .filter((d) => d.rule === 'channel-limit')
    .map((d) => `${d.message} [${d.channels?.join(',')}]`);
}

describe('channel-limit with changing target lists', () => {
  it('names only the channels of each check, in turn', () => {
    const all = [
      "Button display has 30 characters: over Messenger's 20, Google Business Messages' 25 and WhatsApp's 20. [messenger,gbm,whatsapp]",
    ];
    const noWhatsApp = ["Button display has 30 characters: over Messenger's 20 and Google Business Messages' 25. [messenger,gbm]"];
    const onlyWhatsApp = ["Button display has 30 characters: over WhatsApp's 20. [whatsapp]"];
    assert.deepEqual(limitMessages({}), all);
    assert.deepEqual(limitMessages({ whatsapp: 'off' }), noWhatsApp);
    assert.deepEqual(limitMessages({ messenger: 'off', gbm: 'off' }), onlyWhatsApp);
    assert.deepEqual(limitMessages({}), all);
    assert.deepEqual(limitMessages({ whatsapp: 'off' }), noWhatsApp);
  });
});
