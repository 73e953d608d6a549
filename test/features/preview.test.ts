/**
 * The preview's view model (server/src/core/features/preview/): what each channel's column draws and
 * its verdict, for the edges builders meet (emoji, right-to-left text, each channel's length
 * and count limits, no media, no actions, a channel-specific sibling), templates as chips,
 * the dynamic list stepper, source ranges for source sync, and the Integrations form.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CHANNEL_IDS, CHANNELS, type ChannelId, type ChannelModel } from '../../server/src/core/channels';
import { renderForChannel } from '../../server/src/core/render/channelRender';
import { DEFAULT_CONFIG, resolveConfig } from '../../server/src/core/findings/config';
import { previewForm, PRIVATE_DEPLOY_NOTE } from '../../server/src/core/features/preview/form';
import { previewMessage } from '../../server/src/core/features/preview/message';
import type { ChannelColumn, MessagePreview } from '../../server/src/core/features/preview/viewModel';

const EXAMPLES = join(__dirname, '..', '..', 'examples', 'valid');
const card = (o: object) => JSON.stringify({ type: 'rich', ...o }, null, 2);
const reply = (display: string, payload = display.toUpperCase()) => ({ type: 'reply', display, payload });
const col = (p: MessagePreview, c: ChannelId): ChannelColumn => {
  const found = p.columns.find((x) => x.channel === c);
  assert.ok(found, `a ${c} column`);
  return found;
};
const verdicts = (p: MessagePreview) => Object.fromEntries(p.columns.map((c) => [c.channel, c.verdict]));
const textOf = (t: { segments: { text: string }[] } | undefined) => t?.segments.map((s) => s.text).join('');

describe('preview: one column per target channel', () => {
  it('draws a column for every target channel of the registry, in its order, each with its note', () => {
    const p = previewMessage({ text: card({ title: 'Hello' }) });
    assert.deepEqual(p.columns.map((c) => c.channel), CHANNEL_IDS.filter((c) => DEFAULT_CONFIG.channels[c] !== 'off'));
    for (const c of p.columns) assert.equal(c.note, CHANNELS[c.channel].note);
    assert.match(col(p, 'gbm').note ?? '', /July 2024/);
  });

  it('leaves out a channel the config turns off', () => {
    const config = resolveConfig({ channels: { whatsapp: 'off' }, rules: {} });
    const p = previewMessage({ text: card({ title: 'Hello' }), config });
    assert.deepEqual(p.columns.map((c) => c.channel), ['messenger', 'gbm']);
  });

  it('draws the payload umsg render --channel prints, for every channel', () => {
    const text = readFileSync(join(EXAMPLES, 'templated-greeting.umsg'), 'utf8');
    const sample = JSON.parse(readFileSync(join(EXAMPLES, 'templated-greeting.sample.json'), 'utf8'));
    const p = previewMessage({ text, sample, mode: 'sample' });
    for (const c of p.columns.map((x) => x.channel)) {
      assert.deepEqual(col(p, c).payload, renderForChannel(text, { sample, channel: c }).value, c);
    }
  });

  it('draws each channel\'s layout: Messenger\'s generic template, Google\'s rich card, WhatsApp\'s interactive message', () => {
    const text = card({
      title: 'Today', description: 'Our menu',
      richMedia: { height: 'TALL', fileUrl: 'https://cdn.example.com/menu.png', altText: 'The menu' },
      insideActions: [reply('Order'), { type: 'click', display: 'Website', url: 'https://example.com', payload: 'W' }],
      floatActions: [reply('Later')],
    });
    const p = previewMessage({ text });
    const m = col(p, 'messenger');
    assert.equal(m.layout, 'generic');
    assert.equal(m.media?.aspect, 1.91);
    assert.equal(m.media?.host, 'cdn.example.com');
    assert.equal(m.media?.https, true);
    assert.equal(m.media?.altText, 'The menu');
    assert.deepEqual(m.buttons.map((b) => [b.label.text, b.action, b.target]), [['Order', 'reply', undefined], ['Website', 'url', 'https://example.com']]);
    assert.deepEqual(m.chips.map((b) => b.label.text), ['Later']);
    const g = col(p, 'gbm');
    assert.equal(g.layout, 'richCard');
    assert.equal(g.media?.height, 264);
    assert.deepEqual(g.chips.map((b) => b.label.text), ['Later']);
    const w = col(p, 'whatsapp');
    assert.equal(w.layout, 'interactive');
    assert.equal(textOf(w.title), 'Today');
    assert.equal(textOf(w.subtitle), 'Our menu');
    assert.deepEqual(w.buttons.map((b) => b.label.text), ['Order', 'Website', 'Later'], 'inside then float actions, as reply buttons');
    assert.ok(w.buttons.every((b) => b.action === 'reply'), 'text only');
    assert.deepEqual(w.chips, []);
  });

  it('draws Google\'s media at SHORT 112, MEDIUM 168 and TALL 264 pixels', () => {
    for (const [height, px] of [['SHORT', 112], ['MEDIUM', 168], ['TALL', 264]] as const) {
      const p = previewMessage({ text: card({ title: 'T', richMedia: { height, fileUrl: 'https://example.com/a.png' }, insideActions: [reply('A')] }) });
      assert.equal(col(p, 'gbm').media?.height, px, height);
    }
  });

  it('a card without media draws no media in any column', () => {
    const p = previewMessage({ text: card({ title: 'No picture', insideActions: [reply('Yes')] }) });
    for (const c of p.columns) assert.equal(c.media, undefined, c.channel);
    assert.equal(col(p, 'whatsapp').layout, 'interactive');
    assert.deepEqual(verdicts(p), { messenger: 'sent', gbm: 'sent', whatsapp: 'sent' });
  });

  it('a card without actions: WhatsApp sends a text message, or an image message with a caption', () => {
    const plain = previewMessage({ text: card({ title: 'Hello', description: 'World' }) });
    const w = col(plain, 'whatsapp');
    assert.equal(w.layout, 'text');
    assert.match(w.messageType, /text message/);
    assert.equal(textOf(w.body), 'Hello\n\nWorld');
    assert.equal(w.verdict, 'sent');
    for (const c of plain.columns) {
      if (c.channel !== 'whatsapp') {
        assert.deepEqual(
          [c.layout === 'text', c.buttons.length, c.verdict],
          [false, 0, 'sent'],
          `${c.channel} draws its card without buttons`,
        );
      }
    }
    const pictured = previewMessage({ text: card({ title: 'Hello', description: 'World', richMedia: { height: 'SHORT', fileUrl: 'https://example.com/a.png' } }) });
    const wi = col(pictured, 'whatsapp');
    assert.equal(wi.layout, 'image');
    assert.equal(textOf(wi.body), 'Hello\n\nWorld');
    assert.equal(wi.media?.url, 'https://example.com/a.png');
  });
});

describe('preview: verdicts at the limits', () => {
  it('emoji count as one character each: 20 pass Messenger\'s display limit, 21 are rejected', () => {
    const at = previewMessage({ text: card({ title: 'T', insideActions: [reply('🍕'.repeat(20), 'P')] }) });
    assert.equal(col(at, 'messenger').verdict, 'sent');
    assert.equal(col(at, 'messenger').buttons[0].label.length, 20);
    const over = previewMessage({ text: card({ title: 'T', insideActions: [reply('🍕'.repeat(21), 'P')] }) });
    const m = col(over, 'messenger');
    assert.equal(m.verdict, 'rejected');
    assert.equal(m.buttons[0].label.text, '🍕'.repeat(21), 'the text is drawn whole; the verdict says it is rejected');
    const reason = m.reasons.find((r) => r.verdict === 'rejected');
    assert.equal(reason?.rule, 'channel-limit');
    assert.ok(reason?.range, 'the verdict links to the finding\'s range');
    assert.equal(col(over, 'gbm').verdict, 'sent', '21 is within Google\'s 25');
  });

  it('Google\'s 25-character display: 25 sent, 26 rejected', () => {
    assert.equal(col(previewMessage({ text: card({ title: 'T', insideActions: [reply('a'.repeat(25), 'P')] }) }), 'gbm').verdict, 'sent');
    assert.equal(
      col(previewMessage({ text: card({ title: 'T', insideActions: [reply('a'.repeat(26), 'P')] }) }), 'gbm').verdict,
      'rejected',
    );
  });

  it('Messenger\'s 80-character title and Google\'s 200: at and over each edge', () => {
    const v = (n: number) => verdicts(previewMessage({ text: card({ title: 'x'.repeat(n), insideActions: [reply('A')] }) }));
    assert.deepEqual(v(80), { messenger: 'sent', gbm: 'sent', whatsapp: 'sent' });
    assert.deepEqual(v(81), { messenger: 'rejected', gbm: 'sent', whatsapp: 'sent' });
    assert.deepEqual(v(200), { messenger: 'rejected', gbm: 'sent', whatsapp: 'sent' });
    assert.deepEqual(v(201), { messenger: 'rejected', gbm: 'rejected', whatsapp: 'sent' });
  });

  it('right-to-left text is drawn as written and counted in code points', () => {
    const title = 'مرحبا بك في مطعمنا';
    const p = previewMessage({ text: card({ title, description: 'שלום', insideActions: [reply('نعم', 'YES')] }) });
    for (const c of p.columns) {
      if (c.layout === 'text') continue;
      assert.equal(textOf(c.title), title, c.channel);
      assert.equal(c.title?.length, [...title].length);
      assert.equal(c.verdict, 'sent', c.channel);
    }
  });

  it('four buttons: Messenger and WhatsApp reject them, Google takes four; five are rejected everywhere', () => {
    const four = previewMessage({ text: card({ title: 'T', insideActions: ['A', 'B', 'C', 'D'].map((d) => reply(d)) }) });
    assert.deepEqual(verdicts(four), { messenger: 'rejected', gbm: 'sent', whatsapp: 'rejected' });
    for (const c of four.columns) assert.equal(c.buttons.length, 4, `${c.channel} draws every button it is sent`);
    const five = previewMessage({ text: card({ title: 'T', insideActions: ['A', 'B', 'C', 'D', 'E'].map((d) => reply(d)) }) });
    assert.deepEqual(verdicts(five), { messenger: 'rejected', gbm: 'rejected', whatsapp: 'rejected' });
  });

  it('fields a channel drops are named: altText everywhere, a click\'s url on WhatsApp', () => {
    const p = previewMessage({ text: card({ title: 'T', richMedia: { height: 'SHORT', fileUrl: 'https://example.com/a.png', altText: 'Alt' }, insideActions: [{ type: 'click', display: 'Open', url: 'https://example.com', payload: 'P' }] }) });
    assert.equal(col(p, 'gbm').verdict, 'dropped');
    assert.match(col(p, 'gbm').reasons[0].message, /richMedia\.altText/);
    const w = col(p, 'whatsapp');
    assert.equal(w.verdict, 'dropped');
    assert.ok(w.reasons.some((r) => /url/.test(r.message) && r.rule === 'channel-limit'), 'the text-only finding explains it');
  });

  it('shortened: text over a channel\'s limit that its API accepts (a channel whose validate lets it through)', () => {
    const lenient: ChannelModel = { ...CHANNELS.messenger, validate: () => [] };
    const p = previewMessage({ text: card({ title: 'x'.repeat(95), insideActions: [reply('A')] }), channels: [lenient] });
    const c = col(p, 'messenger');
    assert.equal(c.verdict, 'shortened');
    assert.match(c.reasons[0].message, /95 characters: Messenger shows about 80/);
  });

  it('a channel whose payload has no known shape is drawn from the universal card, and says so', () => {
    const other: ChannelModel = { ...CHANNELS.gbm, translate: (c) => ({ unknown: c }), validate: () => [] };
    const c = col(
      previewMessage({ text: card({ title: 'Hi', description: 'There', insideActions: [reply('Yes')] }), channels: [other] }),
      'gbm',
    );
    assert.match(c.messageType, /drawn from the universal message/);
    assert.equal(c.title?.text, 'Hi');
    assert.deepEqual(c.buttons.map((b) => b.label.text), ['Yes']);
  });

  it('a rich card inside a contentMessage (RCS\'s shape) is drawn as a rich card', () => {
    const wrapped: ChannelModel = {
      ...CHANNELS.gbm,
      translate: (c) => ({ contentMessage: CHANNELS.gbm.translate(c) }),
      validate: () => [],
    };
    const c = col(previewMessage({ text: card({ title: 'Hi', richMedia: { height: 'SHORT', fileUrl: 'https://example.com/a.png' }, insideActions: [reply('Yes')], floatActions: [reply('Later')] }), channels: [wrapped] }), 'gbm');
    assert.equal(c.layout, 'richCard');
    assert.equal(c.media?.height, 112);
    assert.deepEqual([c.buttons.map((b) => b.label.text), c.chips.map((b) => b.label.text)], [['Yes'], ['Later']]);
  });

  it('a channel-specific sibling replaces the message on its channel, and the others are drawn as usual', () => {
    const text = card({ title: 'x'.repeat(90), insideActions: [reply('A')] });
    const p = previewMessage({
      text,
      overrides: { messenger: { file: 'hello.messenger.umsg', text: '{ "attachment": { "type": "template" } }' } },
    });
    const m = col(p, 'messenger');
    // The sibling is Messenger's own message, drawn from its file and judged by its native check.
    assert.equal(m.file, 'hello.messenger.umsg');
    assert.match(m.reasons[0].message, /hello\.messenger\.umsg replaces this message on Messenger/);
    assert.equal(m.verdict, 'rejected');
    assert.ok(m.reasons.some((r) => r.rule === 'native-required' && /payload/.test(r.message)), JSON.stringify(m.reasons));
    assert.deepEqual(m.payload, { attachment: { type: 'template' } });
    assert.equal(col(p, 'gbm').verdict, 'sent');
  });

  it('every channel takes its own sibling, and only its own', () => {
    const text = card({ title: 'Hello', insideActions: [reply('A')] });
    for (const channel of previewMessage({ text }).columns.map((c) => c.channel)) {
      const p = previewMessage({ text, overrides: { [channel]: { file: `hello.${channel}.umsg`, text: '{}' } } });
      assert.deepEqual(p.columns.filter((c) => c.verdict === 'override').map((c) => c.channel), [channel]);
    }
  });
});

describe('preview: templates, sample data and the dynamic list', () => {
  const menu = readFileSync(join(EXAMPLES, 'daily-menu-dynamic-list.umsg'), 'utf8');
  const dishes = JSON.parse(readFileSync(join(EXAMPLES, 'daily-menu-dynamic-list.sample.json'), 'utf8'));

  it('template mode keeps each ${…} as a chip; sample mode renders it', () => {
    const text = readFileSync(join(EXAMPLES, 'templated-greeting.umsg'), 'utf8');
    const sample = JSON.parse(readFileSync(join(EXAMPLES, 'templated-greeting.sample.json'), 'utf8'));
    const t = col(previewMessage({ text, sample, mode: 'template' }), 'messenger');
    assert.deepEqual(t.title?.segments, [
      { text: '${if (vip) "Welcome back" else "Hello"}', template: true },
      { text: ', ' },
      { text: '${user.firstName}', template: true },
      { text: '!' },
    ]);
    const s = previewMessage({ text, sample, mode: 'sample' });
    const sm = col(s, 'messenger');
    assert.deepEqual(sm.title?.segments.filter((x) => !x.template).map((x) => x.text).join(''), ', Giulia!');
    assert.ok(sm.title?.segments.some((x) => x.template), 'a template the evaluator does not run stays a chip');
    assert.ok(s.unevaluated.some((u) => u.expression.startsWith('if (vip)')), 'and the preview says why');
  });

  it('sample mode draws one button per element of the sample\'s list, each pointing at the repeated body', () => {
    const p = previewMessage({ text: menu, sample: dishes, mode: 'sample' });
    assert.deepEqual(
      p.list && { length: p.list.length, sampleLength: p.list.sampleLength, choices: p.list.choices },
      { length: 3, sampleLength: 3, choices: [0, 1, 2, 3] },
    );
    const m = col(p, 'messenger');
    assert.deepEqual(m.buttons.map((b) => b.label.text), ['Mushroom risotto', 'Pizza margherita', 'Tiramisù']);
    const body = menu.indexOf('{ "type": "reply"');
    for (const b of m.buttons) assert.equal(b.source?.offset, body);
  });

  it('the stepper draws 0, 1, 2 and N elements from the sample, with each channel\'s verdict at the edge', () => {
    const at = (n: number) => previewMessage({ text: menu, sample: dishes, mode: 'sample', listLength: n });
    assert.equal(col(at(0), 'whatsapp').layout, 'image', 'no action: WhatsApp sends an image message');
    assert.deepEqual(col(at(1), 'messenger').buttons.map((b) => b.label.text), ['Mushroom risotto']);
    assert.deepEqual(col(at(2), 'gbm').buttons.map((b) => b.label.text), ['Mushroom risotto', 'Pizza margherita']);
    const four = at(4);
    assert.deepEqual(
      col(four, 'gbm').buttons.map((b) => b.label.text),
      ['Mushroom risotto', 'Pizza margherita', 'Tiramisù', 'Mushroom risotto'],
      'elements are reused in turn',
    );
    assert.equal(col(four, 'messenger').verdict, 'rejected');
    assert.equal(col(four, 'gbm').verdict, 'dropped', 'four fit Google; only altText is dropped');
  });

  it('without sample elements the stepper draws placeholders, and N passes every channel\'s count', () => {
    const p = previewMessage({ text: menu, mode: 'sample', listLength: 2 });
    assert.deepEqual(col(p, 'gbm').buttons.map((b) => b.label.text), ['Item 1', 'Item 2']);
    const n = Math.max(...previewMessage({ text: menu, mode: 'sample' }).list!.choices);
    assert.equal(n, 5, 'one past Google\'s 4');
  });

  it('template mode repeats the body with `it` kept as a chip', () => {
    const p = previewMessage({ text: menu, sample: dishes, mode: 'template', listLength: 2 });
    const labels = col(p, 'gbm').buttons.map((b) => b.label.segments);
    assert.deepEqual(labels, [[{ text: '${it.label()}', template: true }], [{ text: '${it.label()}', template: true }]]);
  });

  it('sample mode: URLs and a height the sample data renders wrong reject the column, told by the findings on their templates', () => {
    const text = [
      '{',
      '  "type": "rich", "title": "Hi", "description": "Pick one",',
      '  "richMedia": { "height": "${h}", "fileUrl": "${img}", "altText": "A", "thumbnailUrl": "${thumb}" },',
      '  "insideActions": [ { "type": "click", "display": "Open", "payload": "P", "url": "${site}" } ]',
      '}',
    ].join('\n');
    const sample = { h: 'tall', thumb: 'javascript:alert(1)', site: 'ftp://x', img: 'ftp://example.com/a.png' };
    const at = (r: { offset: number; length: number } | undefined) => (r ? text.slice(r.offset, r.offset + r.length) : undefined);
    const told = (c: ChannelColumn) => c.reasons.filter((r) => r.verdict === 'rejected').map((r) => [r.rule, at(r.range), r.message]);
    const p = previewMessage({ text, sample, mode: 'sample' });
    const m = col(p, 'messenger');
    assert.equal(m.verdict, 'rejected');
    assert.equal(m.media?.https, false);
    const fileUrl = ['media-url', '${img}', 'fileUrl renders to "ftp://example.com/a.png" with the sample data: must use http or https, found ftp:.'];
    const url = ['action-url', '${site}', 'url renders to "ftp://x" with the sample data: must use http or https, found ftp:.'];
    assert.deepEqual(told(m).filter((r) => r[0] === 'action-url' || r[1] === '${img}'), [fileUrl, url]);
    const g = col(p, 'gbm');
    assert.equal(g.verdict, 'rejected');
    assert.deepEqual(told(g)[0], [
      'media-height',
      '${h}',
      'height renders to "tall" with the sample data: must be written "TALL" (upper case), found "tall".',
    ]);
    for (const c of p.columns) {
      assert.ok(c.reasons.every((r) => !r.message.startsWith('Rejected by the API')), `${c.channel}: every rejection is told by a finding`);
    }
    // Template mode checks without the sample data: nothing is judged on a rendered value.
    const t = previewMessage({ text, sample, mode: 'template' });
    for (const c of t.columns) assert.ok(c.reasons.every((r) => !r.message.includes('with the sample data')), c.channel);
  });

  it('source ranges point at the title, description, media and each action', () => {
    const text = card({ title: 'Hello', description: 'World', richMedia: { height: 'SHORT', fileUrl: 'https://example.com/a.png' }, insideActions: [reply('One'), reply('Two')], floatActions: [reply('Three')] });
    const p = previewMessage({ text });
    const at = (r: { offset: number; length: number } | undefined) => (r ? text.slice(r.offset, r.offset + r.length) : undefined);
    const w = col(p, 'whatsapp');
    assert.equal(at(w.title?.source), '"Hello"');
    assert.equal(at(w.subtitle?.source), '"World"');
    assert.match(at(w.media?.source) ?? '', /^\{[\s\S]*"SHORT"[\s\S]*\}$/);
    assert.deepEqual(w.buttons.map((b) => JSON.parse(at(b.source) ?? 'null').display), ['One', 'Two', 'Three']);
  });

  it('a hostile title stays text in the model (the page sets it with textContent)', () => {
    const title = '<img src=x onerror=alert(1)>';
    const p = previewMessage({ text: card({ title, insideActions: [reply('A')] }) });
    assert.equal(textOf(col(p, 'messenger').title), title);
  });

  it('a message that does not parse gives the first problem and no columns', () => {
    const p = previewMessage({ text: '{ "type": "rich", "title": "a",, }' });
    assert.equal(p.columns.length, 0);
    assert.equal(typeof p.error?.offset, 'number');
    assert.ok(p.error?.message);
  });

  it('a file over maxFileSize gets a one-line notice instead of a drawing', () => {
    const config = resolveConfig({ channels: {}, rules: {}, maxFileSize: 10 });
    const p = previewMessage({ text: card({ title: 'Hello' }), config });
    assert.equal(p.columns.length, 0);
    assert.match(p.notice ?? '', /over maxFileSize/);
    assert.match(previewForm('[]', 'configuration-meta', resolveConfig({ channels: {}, rules: {}, maxFileSize: 1 })).notice ?? '', /over maxFileSize/);
  });
});

describe('preview: the Integrations form', () => {
  it('draws a control per entry: String a text field, Text a text area, Boolean a switch, options a selection, ' +
    'with defaults and placeholders', () => {
    const text = JSON.stringify([
      { key: 'apiKey', label: 'API key', type: 'String', placeholder: 'sk_live_...' },
      { key: 'footer', label: 'Footer', type: 'Text', default_value: 'Thanks!' },
      { key: 'sandbox', label: 'Use the sandbox', type: 'Boolean', default_value: 'true' },
      {
        key: 'currency',
        label: 'Currency',
        options: [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }],
        default_value: 'USD',
      },
      { key: 'webhookUrl', type: 'String' },
    ], null, 2);
    const f = previewForm(text, 'configuration-meta');
    assert.equal(f.title, 'Integrations');
    assert.deepEqual(f.controls.map((c) => [c.key, c.label, c.control, c.value]), [
      ['apiKey', 'API key', 'text', ''],
      ['footer', 'Footer', 'textarea', 'Thanks!'],
      ['sandbox', 'Use the sandbox', 'switch', true],
      ['currency', 'Currency', 'select', 'USD'],
      ['webhookUrl', 'Webhook URL', 'text', ''],
    ]);
    assert.equal(f.controls[0].placeholder, 'sk_live_...');
    assert.deepEqual(f.controls[3].options, [{ value: 'EUR', label: 'Euro' }, { value: 'USD', label: 'US dollar' }]);
    assert.equal(text.slice(f.controls[1].source.offset, f.controls[1].source.offset + 1), '{');
  });

  it('a provider shows its label, its form, and the private-deploy note', () => {
    const text = readFileSync(join(EXAMPLES, 'stripe-payments.provider.json'), 'utf8');
    const hosted = previewForm(text, 'native-provider');
    assert.equal(hosted.title, 'Stripe payments');
    assert.ok(hosted.controls.length > 0);
    const priv = previewForm(text.replace(/"deployMode":\s*"[a-z]+"/, '"deployMode": "private"'), 'native-provider');
    assert.equal(priv.note, PRIVATE_DEPLOY_NOTE);
    assert.equal(hosted.note, undefined);
  });
});
