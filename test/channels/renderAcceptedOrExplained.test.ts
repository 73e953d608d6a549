/**
 * The invariant behind "check and render tell one story": for generated cards and every
 * channel, the payload `umsg render --channel C` prints is valid for C's published API
 * (the channel model's `validate`), or `umsg check` reports why, for C, with a rule that
 * explains that problem, and render repeats that finding (`renderForChannel().findings`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHANNEL_IDS } from '../../server/src/core/channels';
import { renderForChannel } from '../../server/src/core/render/channelRender';
import type { SampleData } from '../../server/src/core/template/render';

/** Texts at the edges of every limit, with emoji (two UTF-16 units, one character) and blanks. */
const text = fc.oneof(
  fc.constantFrom('', ' ', 'Pasta', 'Call us', 'Ristorante 🍝', 'x'.repeat(20), 'x'.repeat(21), '🍝'.repeat(20), '🍝'.repeat(21)),
  fc.constantFrom(19, 20, 21, 25, 26, 60, 61, 80, 81, 200, 201, 256, 257, 1000, 1001, 1024, 1025, 2000, 2001, 2048, 2049)
    .map((n) => 'a'.repeat(n)),
  fc.string({ maxLength: 30 }),
);
const url = fc.constantFrom('https://example.com/a.png', 'http://example.com/page', '/relative.png', 'ftp://example.com/a', '', 'https://', 'https://example.com/a b');
const phone = fc.constantFrom(
  '+12015550123', '+1-201-555-0123', '+39(02)1234.5678', 'tel:+12015550123', '0049 30 1234567', '', 'CALL', '+1 201',
);
const actionType = fc.constantFrom('reply', 'click', 'call', 'Reply', 'share');

const action = fc.record({
  type: actionType,
  display: text,
  payload: fc.oneof(text, phone),
  url: fc.option(url, { nil: undefined }),
  phoneNumber: fc.option(phone, { nil: undefined }),
}, { requiredKeys: ['type'] });

const card = fc.record({
  type: fc.constantFrom('rich', 'rich', 'card'),
  title: text,
  description: text,
  richMedia: fc.record({
    height: fc.constantFrom('SHORT', 'MEDIUM', 'TALL', 'tall', 'HUGE'),
    fileUrl: url,
    altText: text,
    thumbnailUrl: fc.option(url, { nil: undefined }),
  }, { requiredKeys: [] }),
  insideActions: fc.array(action, { maxLength: 5 }),
  floatActions: fc.array(action, { maxLength: 15 }),
}, { requiredKeys: [] });

/** A card as a .umsg text; with `list`, its insideActions come from a dynamic list and the sample. */
function messageText(value: object, list: boolean): string {
  if (!list) return JSON.stringify(value, null, 2);
  const { insideActions: _drop, floatActions: _float, ...rest } = value as Record<string, unknown>;
  const head = JSON.stringify(rest, null, 2).replace(/\n\}$/, '');
  const comma = Object.keys(rest).length > 0 ? ',' : '';
  return `${head}${comma}\n  "insideActions": [\n    // @each items\n` +
    '    { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n    // @end\n  ]\n}';
}

const listSample = fc.array(fc.record({ name: text, label: text }), { maxLength: 5 }).map((items): SampleData => ({ items }));

describe('check and render tell one story', () => {
  for (const channel of CHANNEL_IDS) {
    it(`every problem ${channel}'s API has with a rendered card is explained by a finding render repeats`, () => {
      fc.assert(fc.property(card, fc.boolean(), listSample, (value, list, sample) => {
        const source = messageText(value, list);
        const r = renderForChannel(source, { channel, sample: list ? sample : undefined });
        if (r.value === undefined) {
          // Nothing printed: the reason is a finding too.
          assert.ok(r.error && r.findings.length > 0, `no payload and no finding for ${source}`);
          return;
        }
        for (const p of r.apiProblems) {
          const explained = r.findings.some((f) => p.explainedBy.includes(f.rule));
          assert.ok(
            explained,
            `${channel}: "${p.message}" (${p.path}) is not explained by any of ` +
              `${JSON.stringify(r.findings.map((f) => `${f.rule}: ${f.message}`))}\n${source}\n${list ? JSON.stringify(sample) : ''}`,
          );
        }
      }), { numRuns: 300, seed: 9 });
    });
  }

  it('a payload the API accepts may still carry findings, but a clean card renders clean', () => {
    const clean = '{ "type": "rich", "title": "Hi", "description": "Pick one", "richMedia": { "height": "TALL", "fileUrl": "https://example.com/a.png", "altText": "A" }, "insideActions": [ { "type": "reply", "display": "Yes", "payload": "YES" } ] }';
    for (const channel of CHANNEL_IDS) {
      const r = renderForChannel(clean, { channel });
      assert.deepEqual(r.apiProblems, [], channel);
      assert.deepEqual(r.findings, [], channel);
    }
  });
});
