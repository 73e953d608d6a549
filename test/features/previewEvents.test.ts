/**
 * The preview's events option in the view model: what each channel shows the customer of the
 * platform's DELIVERED, READ and IS_TYPING events (from the channel models' `events`, each with
 * its page), in the order the customer sees them, and what it does not show; and docs/preview.md's
 * table of them, held to the models.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CHANNEL_IDS, CHANNELS, TYPING_EXPIRES_AFTER_SECONDS, type ChannelId, type ChannelModel } from '../../server/src/core/channels';
import { resolveConfig } from '../../server/src/core/findings/config';
import { previewMessage } from '../../server/src/core/features/preview/message';
import type { ChannelColumn, MessagePreview } from '../../server/src/core/features/preview/viewModel';

const CARD = JSON.stringify({
  type: 'rich',
  title: 'Hi',
  description: 'Pick one',
  insideActions: [{ type: 'reply', display: 'A', payload: 'A' }],
});
const ALL_ON = resolveConfig({ channels: { messenger: 'warning', gbm: 'warning', whatsapp: 'warning', rcs: 'warning' }, rules: {} });
const col = (p: MessagePreview, c: ChannelId): ChannelColumn => {
  const found = p.columns.find((x) => x.channel === c);
  assert.ok(found, `a ${c} column`);
  return found;
};
const shown = (c: ChannelColumn) => c.events.shown.map((e) => `${e.event} ${e.mark}${e.seconds === undefined ? '' : ` ${e.seconds}s`}`);

describe('preview: the platform\'s events, per channel', () => {
  const p = previewMessage({ text: CARD, config: ALL_ON });

  it('Messenger: "Seen" (mark_seen) and a typing indicator of 20 seconds; no delivery mark', () => {
    const c = col(p, 'messenger');
    assert.deepEqual(shown(c), ['READ Seen', 'IS_TYPING typing 20s']);
    assert.match(c.events.shown[0].detail, /sender_action mark_seen/);
    assert.match(c.events.shown[1].detail, /typing_on/);
    assert.deepEqual(c.events.notShown.map((n) => n.event), ['DELIVERED']);
    assert.match(c.events.notShown[0].why, /Messenger's documentation names no delivery mark/);
  });

  it('WhatsApp: blue check marks (status "read") and a typing indicator of 25 seconds, set beside the specification\'s 20', () => {
    const c = col(p, 'whatsapp');
    assert.deepEqual(shown(c), ['READ blue ✓✓', 'IS_TYPING typing 25s']);
    assert.match(c.events.shown[1].detail, /25 seconds at most on WhatsApp \(the specification says about 20\)/);
  });

  it('Google Business Messages: a read receipt, and a typing indicator whose length is the specification\'s (its page states none)', () => {
    const c = col(p, 'gbm');
    assert.deepEqual(shown(c), ['READ Read', `IS_TYPING typing ${TYPING_EXPIRES_AFTER_SECONDS}s`]);
    assert.match(c.events.shown[1].detail, /TYPING_STARTED/);
    assert.match(c.events.shown[1].detail, /the specification; Google Business Messages' page states no expiry/);
  });

  it('RCS: Delivered (sent by the platform itself), Read and the typing indicator, in the order the customer sees them', () => {
    const c = col(p, 'rcs');
    assert.deepEqual(shown(c), ['DELIVERED Delivered', 'READ Read', 'IS_TYPING typing 20s']);
    assert.match(c.events.shown[0].detail, /the agent cannot control it/);
    assert.deepEqual(c.events.notShown, []);
    assert.equal(c.events.summary, 'RCS: delivery mark (Delivered), read receipt (Read), typing indicator (up to 20 s)');
  });

  it('no channel shows the typing indicator longer than about the specification\'s 20 seconds, or than its own page says', () => {
    for (const c of p.columns) {
      const typing = c.events.shown.find((e) => e.event === 'IS_TYPING');
      assert.ok(typing, `${c.channel} shows a typing indicator`);
      assert.equal(typing.seconds, CHANNELS[c.channel].events.typing?.seconds ?? TYPING_EXPIRES_AFTER_SECONDS);
      assert.ok((typing.seconds ?? 0) <= 25, `${c.channel}: ${typing.seconds} s`);
    }
  });

  it('every event names its page on the channel\'s own documentation site, in its hover text', () => {
    const hosts: Record<ChannelId, string> = {
      messenger: 'developers.facebook.com',
      whatsapp: 'developers.facebook.com',
      gbm: 'developers.google.com',
      rcs: 'developers.google.com',
    };
    for (const c of p.columns) {
      for (const e of c.events.shown) {
        assert.equal(new URL(e.source).protocol, 'https:');
        assert.equal(new URL(e.source).host, hosts[c.channel], `${c.channel} ${e.event}: ${e.source}`);
        assert.ok(e.detail.endsWith(`Source: ${e.source}`), e.detail);
      }
    }
  });

  it('draws what the channel model says, and nothing for a channel whose model names no event', () => {
    const quiet: ChannelModel = { ...CHANNELS.messenger, events: {} };
    const c = col(previewMessage({ text: CARD, channels: [quiet] }), 'messenger');
    assert.deepEqual(c.events.shown, []);
    assert.deepEqual(c.events.notShown.map((n) => n.event), ['DELIVERED', 'READ', 'IS_TYPING']);
    const read = { mark: 'Gelesen', sentAs: 'x', source: 'https://example.com/p' };
    const loud: ChannelModel = { ...CHANNELS.messenger, events: { read } };
    assert.deepEqual(shown(col(previewMessage({ text: CARD, channels: [loud] }), 'messenger')), ['READ Gelesen']);
  });

  it('a channel with its own NAME.<channel>.umsg still shows the platform\'s events', () => {
    const sibling = { file: 'x.whatsapp.umsg', text: '{"type":"text","text":{"body":"Hi"}}' };
    const q = previewMessage({ text: CARD, overrides: { whatsapp: sibling } });
    assert.equal(col(q, 'whatsapp').layout, 'text', 'the native text message is drawn as WhatsApp shows it');
    assert.deepEqual(shown(col(q, 'whatsapp')), ['READ blue ✓✓', 'IS_TYPING typing 25s']);
  });
});

describe('docs/preview.md: the events table', () => {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'preview.md'), 'utf8');
  it('has a row per channel naming each event\'s mark and page, as the models do', () => {
    for (const id of CHANNEL_IDS) {
      const model = CHANNELS[id];
      const row = doc.split('\n').find((l) => l.startsWith(`| ${model.name} |`));
      assert.ok(row, `a row for ${model.name}`);
      for (const key of ['delivered', 'read', 'typing'] as const) {
        const fact = model.events[key];
        if (!fact) continue;
        assert.ok(row.includes(fact.mark), `${model.name}'s row names "${fact.mark}"`);
        assert.ok(doc.includes(fact.source), `docs/preview.md cites ${fact.source}`);
        if (fact.seconds !== undefined) assert.ok(row.includes(`${fact.seconds} s`), `${model.name}'s row says ${fact.seconds} s`);
      }
    }
  });
});
