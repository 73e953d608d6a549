/**
 * The invariant behind "check and render tell one story": for generated cards and every
 * channel, the payload `umsg render --channel C` prints is valid for C's published API
 * (the channel model's `validate`), or `umsg check` reports why, for C, with a rule that
 * explains that problem, and render repeats that finding (`renderForChannel().findings`).
 * The same holds for a channel's own message in native form (`umsg render NAME.C.umsg`) whose
 * lists (WhatsApp's rows and buttons, Messenger's cards and quick replies, Google's and RCS's
 * cards and suggestions) repeat a dynamic list body per element of the sample's list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHANNEL_IDS, type ChannelId } from '../../server/src/core/channels';
import { renderForChannel } from '../../server/src/core/render/channelRender';
import type { SampleData } from '../../server/src/core/template/render';
import { textOf, valueAt } from '../../server/src/core/features/preview/verdicts';
import { runs } from '../support/runs';

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
      }), { numRuns: runs(100), seed: 9 });
    });
  }

  // Native messages whose list is a dynamic list: `BODY` marks the array the body sits in,
  // with `static` elements before it when given (a dynamic-list error: the empty list breaks).
  const BODY = '__BODY__';
  const whatsappRow = '{ "id": "${it.name()}", "title": "${it.label()}", "description": "${it.description}" }';
  const googleCard = '{ "title": "${it.label()}", "description": "${it.description}", ' +
    '"media": { "height": "MEDIUM", "contentInfo": { "fileUrl": "${it.url}" } } }';
  const suggestion = '{ "reply": { "text": "${it.label()}", "postbackData": "${it.name()}" } }';
  interface Shape {
    name: string;
    channel: ChannelId;
    /** The body's text: one element of the list, reading `it`. */
    body: string;
    /** The message around it, from a text and the static elements before the body. */
    message: (t: string, more: unknown[]) => object;
    /** The path of the array the body sits in. */
    list: (string | number)[];
  }
  const shapes: Shape[] = [
    {
      name: 'a WhatsApp list\'s rows', channel: 'whatsapp', body: whatsappRow, list: ['interactive', 'action', 'sections', 0, 'rows'],
      message: (t, more) => ({ type: 'interactive', interactive: { type: 'list', body: { text: t }, action: { button: t,
        sections: [{ title: t, rows: [...more, BODY] }, { title: 'More', rows: [{ id: 'more', title: 'More' }] }] } } }),
    },
    {
      name: 'WhatsApp\'s reply buttons', channel: 'whatsapp', list: ['interactive', 'action', 'buttons'],
      body: '{ "type": "reply", "reply": { "id": "${it.name()}", "title": "${it.label()}" } }',
      message: (t, more) => ({
        type: 'interactive', interactive: { type: 'button', body: { text: t }, action: { buttons: [...more, BODY] } },
      }),
    },
    {
      name: 'a Messenger carousel', channel: 'messenger', list: ['attachment', 'payload', 'elements'],
      body: '{ "title": "${it.label()}", "subtitle": "${it.description}", "image_url": "${it.url}", ' +
        '"buttons": [ { "type": "postback", "title": "${it.label()}", "payload": "${it.name()}" } ] }',
      message: (_t, more) => ({ attachment: { type: 'template', payload: { template_type: 'generic', elements: [...more, BODY] } } }),
    },
    {
      name: 'Messenger\'s quick replies', channel: 'messenger', list: ['quick_replies'],
      body: '{ "content_type": "text", "title": "${it.label()}", "payload": "${it.name()}" }',
      message: (t, more) => ({ text: t, quick_replies: [...more, BODY] }),
    },
    ...(['gbm', 'rcs'] as const).flatMap((channel) => [
      {
        name: `a ${channel} carousel`, channel, body: googleCard, list: ['richCard', 'carouselCard', 'cardContents'],
        message: (_t: string, more: unknown[]) => ({ richCard: { carouselCard: { cardWidth: 'MEDIUM', cardContents: [...more, BODY] } } }),
      },
      {
        name: `${channel} suggestions`, channel, body: suggestion, list: ['suggestions'],
        message: (t: string, more: unknown[]) => ({ text: t, suggestions: [...more, BODY] }),
      },
    ]),
  ];
  const element = fc.record({ name: text, label: text, description: text, url }, { requiredKeys: ['name', 'label'] });
  /** The sample's list: absent (no sample data), not a list, or 0 to 14 elements (past every channel's count). */
  const items = fc.oneof(
    fc.constant(undefined),
    fc.constant('pasta'),
    // Lengths drawn evenly (fast-check's arrays favour short ones), so that every count limit is passed.
    fc.integer({ min: 0, max: 14 }).chain((n) => fc.array(element, { minLength: n, maxLength: n })),
  );
  const staticElement = (shape: Shape, i: number) =>
    JSON.parse(shape.body.replace(/\$\{it\.name\(\)\}/g, `STATIC_${i}`).replace(/\$\{it\.[a-z]+(\(\))?\}/g, 'Static'));

  for (const shape of shapes) {
    it(`${shape.name} with @each: every problem ${shape.channel}'s API has with what render prints is explained by a finding`, () => {
      fc.assert(fc.property(text, items, fc.integer({ min: 0, max: 1 }), (t, list, extra) => {
        const more = Array.from({ length: extra }, (_, i) => staticElement(shape, i));
        const source = JSON.stringify(shape.message(t, more), null, 2)
          .replace(`"${BODY}"`, `\n// @each items\n${shape.body}\n// @end\n`);
        const sample: SampleData | undefined = list === undefined ? undefined : { items: list };
        const r = renderForChannel(source, { channelSpecific: shape.channel, sample });
        if (r.value === undefined) {
          assert.ok(r.error && r.findings.length > 0, `no payload and no finding for ${source}`);
          return;
        }
        // The body repeats once per element of the sample's list (once, as written, without one).
        let rendered: unknown = r.value;
        for (const step of shape.list) rendered = (rendered as Record<string, unknown>)?.[step];
        assert.equal((rendered as unknown[]).length, extra + (Array.isArray(list) ? list.length : 1), source);
        // What render could not evaluate it prints as written and says so on standard error: a
        // value still holding a template, and the one copy of a body whose list is not known.
        const listPath = shape.list.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('').slice(1);
        // The list is told as not evaluated without sample data, and by a sample-data finding over a value that is not a list.
        const listUnknown = r.unevaluated.some((u) => u.expression === 'items') ||
          r.findings.some((f) => f.rule === 'sample-data' && source.startsWith('// @each items', f.offset - '// @each '.length));
        const told = (p: { path: string }) => (r.unevaluated.length > 0 && textOf(valueAt(r.value!, p.path)).includes('${')) ||
          (listUnknown && p.path === listPath);
        for (const p of r.apiProblems) {
          assert.ok(
            r.findings.some((f) => p.explainedBy.includes(f.rule)) || told(p),
            `${shape.channel}: "${p.message}" (${p.path}) is not explained by any of ` +
              `${JSON.stringify(r.findings.map((f) => `${f.rule}: ${f.message}`))}\n${source}\n${JSON.stringify(sample)}`,
          );
        }
      }), { numRuns: runs(75), seed: 9 });
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
