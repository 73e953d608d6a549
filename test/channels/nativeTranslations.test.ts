/**
 * One story for the universal card and the native formats: the universal examples, translated
 * for Messenger, Google Business Messages and RCS, are messages the native formats accept; and
 * a generated card that a channel's model accepts (its validate reads the native format, RCS's
 * on the content message) is one the native format accepts as the check of NAME.<channel>.umsg
 * would, so the two cannot drift apart.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHANNELS, channelPayload, type ChannelId } from '../../server/src/core/channels';
import { NATIVE_FORMATS, validateNativeValue } from '../../server/src/core/channels/native';
import type { JsonValue } from '../../server/src/core/template/templateEval';
import { renderForChannel } from '../../server/src/core/render/channelRender';
import { runs } from '../support/runs';

const CHANNELS_HERE = ['messenger', 'gbm', 'rcs'] as const;

/** What the native format rejects in a translated payload (RCS's translation wraps the content message in its AgentMessage). */
function nativeProblems(channel: (typeof CHANNELS_HERE)[number], payload: JsonValue): string[] {
  const message = channel === 'rcs' ? (payload as { contentMessage: JsonValue }).contentMessage : payload;
  return validateNativeValue(message, NATIVE_FORMATS[channel]!, CHANNELS[channel].name).map((p) => `${p.path}: ${p.message}`);
}

describe('the universal examples, translated, are valid native messages', () => {
  const dir = join(__dirname, '../../examples/valid');
  const universal = readdirSync(dir).filter((f) => /^[^.]+\.umsg$/.test(f));
  for (const channel of CHANNELS_HERE) {
    it(channel, () => {
      assert.ok(universal.length >= 3);
      for (const f of universal) {
        const text = readFileSync(join(dir, f), 'utf8');
        let sample: Record<string, JsonValue> | undefined;
        try {
          sample = JSON.parse(readFileSync(join(dir, f.replace(/\.umsg$/, '.sample.json')), 'utf8')) as Record<string, JsonValue>;
        } catch {
          sample = undefined;
        }
        const rendered = renderForChannel(text, { channel: channel as ChannelId, sample });
        assert.ok(rendered.value !== undefined, `${f} renders`);
        assert.deepEqual(nativeProblems(channel, rendered.value as JsonValue), [], `${f} for ${channel}`);
      }
    });
  }
});

const text = fc.oneof(
  fc.constantFrom('Pasta', 'Call us', 'Ristorante 🍝', 'x'.repeat(20), '🍝'.repeat(25), 'a'.repeat(80), 'a'.repeat(200)),
  fc.string({ minLength: 1, maxLength: 30 }),
);
const action = fc.oneof(
  fc.record({ type: fc.constant('reply'), display: text, payload: text }),
  fc.record({ type: fc.constant('click'), display: text, url: fc.constantFrom('https://example.com/a', 'http://example.com/b?c=d') }),
  fc.record({ type: fc.constant('call'), display: text, phoneNumber: fc.constantFrom('+12015550123', '+1-201-555-0123') }),
);
const card = fc.record({
  type: fc.constant('rich'),
  title: text,
  description: text,
  richMedia: fc.record({ height: fc.constantFrom('SHORT', 'MEDIUM', 'TALL'), fileUrl: fc.constant('https://example.com/a.png') }),
  insideActions: fc.array(action, { maxLength: 4 }),
  floatActions: fc.array(fc.record({ type: fc.constant('reply'), display: text, payload: text }), { maxLength: 13 }),
}, { requiredKeys: ['type', 'title'] });

describe('a card a channel\'s model accepts translates to a message its native format accepts', () => {
  for (const channel of CHANNELS_HERE) {
    it(channel, () => {
      let accepted = 0;
      fc.assert(fc.property(card, (c) => {
        const payload = channelPayload(channel, c as unknown as JsonValue);
        if (CHANNELS[channel].validate(payload as Record<string, JsonValue>).length > 0) return;
        accepted++;
        assert.deepEqual(nativeProblems(channel, payload), [], JSON.stringify(payload));
      }), { numRuns: runs(150), seed: 20261126 });
      assert.ok(accepted > 20, `${accepted} cards accepted by the model`);
    });
  }
});
