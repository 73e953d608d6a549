/**
 * The preview of a message with a channel-specific sibling: in native form the channel's
 * column draws that message as the app shows it (WhatsApp's list and its sheet, reply buttons,
 * the URL button; Messenger's carousel, button template and quick replies; Google's and RCS's
 * carousels and standalone cards), with its verdict from the native check's findings on the
 * sibling and source ranges in the sibling; in universal form the sibling is drawn as that
 * channel's card.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { resolveConfig } from '../../server/src/core/findings/config';
import { previewChannelMessage, previewMessage } from '../../server/src/core/features/preview/message';
import type { ChannelColumn, DrawnText } from '../../server/src/core/features/preview/viewModel';
import type { ChannelId } from '../../server/src/core/channels';
import { expandSnippet } from '../support/snippets';
import { DISH_LIST_WITH_EACH } from '../support/nativeCheck';

const CARD = JSON.stringify({
  type: 'rich', title: 'Hello', description: 'World', insideActions: [{ type: 'reply', display: 'A', payload: 'A' }],
});
const ALL_ON = resolveConfig({ channels: { rcs: 'warning' }, rules: {} });

const snippets = parse(readFileSync(join(__dirname, '..', '..', 'snippets', 'native-message.code-snippets'), 'utf8')) as
  Record<string, { prefix: string; body: string[] }>;
const snippet = (prefix: string) => expandSnippet(Object.values(snippets).find((s) => s.prefix === prefix)!.body.join('\n'));

type Options = { sample?: Record<string, unknown>; mode?: 'sample' | 'template' };

function column(channel: ChannelId, sibling: string, options: Options = {}): ChannelColumn {
  const p = previewMessage({
    text: CARD,
    config: ALL_ON,
    sample: options.sample as never,
    mode: options.mode,
    overrides: { [channel]: { file: `hello.${channel}.umsg`, text: sibling } },
  });
  const c = p.columns.find((x) => x.channel === channel);
  assert.ok(c, `a ${channel} column`);
  return c;
}

const shown = (t: DrawnText | undefined) => t?.text;
/** The sibling's source text at a drawn element's range. */
const at = (sibling: string, r: { offset: number; length: number } | undefined) =>
  (r ? sibling.slice(r.offset, r.offset + r.length) : undefined);

describe('preview: a native WhatsApp sibling', () => {
  it('draws the list: its button and the sheet of sections and rows, with source ranges in the sibling', () => {
    const text = snippet('whatsapp-list');
    const c = column('whatsapp', text);
    assert.equal(c.layout, 'list');
    assert.equal(c.file, 'hello.whatsapp.umsg');
    assert.equal(c.verdict, 'override');
    assert.equal(shown(c.header), 'Today\'s menu');
    assert.equal(shown(c.title), 'Choose a dish and we will bring it to your table.');
    assert.equal(shown(c.subtitle), 'Served until 22:00');
    assert.equal(shown(c.list?.button), 'See the menu');
    assert.deepEqual(c.list?.sections.map((s) => [shown(s.title), s.rows.map((r) => [shown(r.title), shown(r.description)])]), [
      ['Mains', [['Pasta', 'Fresh tagliatelle with ragù'], ['Risotto', 'Mushroom risotto']]],
    ]);
    assert.equal(at(text, c.list?.sections[0].rows[1].title.source), '"Risotto"');
    assert.match(at(text, c.list?.sections[0].rows[0].source) ?? '', /^\{ "id": "pasta"/);
    assert.deepEqual(c.payload, JSON.parse(text));
  });

  it('draws reply buttons under an image header, and a URL button', () => {
    const buttons = column('whatsapp', snippet('whatsapp-buttons-image'));
    assert.equal(buttons.layout, 'interactive');
    assert.equal(buttons.media?.url, 'https://example.com/pasta.jpg');
    assert.deepEqual(buttons.buttons.map((b) => [shown(b.label), b.action]), [['Book a table', 'reply'], ['See the menu', 'reply']]);
    const cta = column('whatsapp', snippet('whatsapp-cta-url'));
    assert.deepEqual(cta.buttons.map((b) => [shown(b.label), b.action, b.target]), [['Open the menu', 'url', 'https://example.com/menu']]);
  });

  it('takes its verdict from the native check: a row title over 24 is rejected, on the title in the sibling', () => {
    const text = snippet('whatsapp-list').replace('"Pasta"', '"Pasta with a very long title over limit"');
    const c = column('whatsapp', text);
    assert.equal(c.verdict, 'rejected');
    const reason = c.reasons.find((r) => r.rule === 'channel-limit');
    assert.ok(reason, JSON.stringify(c.reasons));
    assert.equal(at(text, reason.range), '"Pasta with a very long title over limit"');
    assert.match(c.reasons[0].message, /hello\.whatsapp\.umsg replaces this message on WhatsApp/);
  });

  it('a field the platform sets is told as dropped, not rejected', () => {
    const c = column('whatsapp', '{ "messaging_product": "whatsapp", "type": "text", "text": { "body": "Hi" } }');
    assert.equal(c.layout, 'text');
    assert.equal(c.verdict, 'dropped');
  });

  it('templates are chips in template mode and rendered with the sample data', () => {
    const text = '{ "type": "text", "text": { "body": "Hi ${user.name}" } }';
    const t = column('whatsapp', text, { mode: 'template', sample: { user: { name: 'Ada' } } });
    assert.deepEqual(t.body?.segments, [{ text: 'Hi ' }, { text: '${user.name}', template: true }]);
    const s = column('whatsapp', text, { mode: 'sample', sample: { user: { name: 'Ada' } } });
    assert.equal(shown(s.body), 'Hi Ada');
  });

  it('a dynamic list of rows is drawn as render prints it: one row per element, each at the body in the sibling', () => {
    const json = DISH_LIST_WITH_EACH;
    const dishes = Array.from({ length: 12 }, (_, i) => ({ name: `d${i}`, label: `Dish ${i}` }));
    const c = column('whatsapp', json, { sample: { dishes } });
    assert.equal(c.layout, 'list');
    const rows = c.list?.sections[0].rows ?? [];
    assert.deepEqual(rows.map((r) => shown(r.title)), dishes.map((d) => d.label));
    for (const r of rows) assert.equal(at(json, r.source), '{ "id": "${it.name()}", "title": "${it.label()}" }');
    // 12 rows: the verdict is the check's, which counts the same rows.
    assert.equal(c.verdict, 'rejected');
    assert.ok(c.reasons.some((r) => r.rule === 'channel-limit' && /12 rows in all/.test(r.message)), JSON.stringify(c.reasons));
    // In template mode the body is drawn once, its templates as chips.
    const t = column('whatsapp', json, { mode: 'template', sample: { dishes } });
    assert.deepEqual(t.list?.sections[0].rows.map((r) => shown(r.title)), ['${it.label()}']);
  });

  it('previewed on its own, the list\'s length is chosen as for a card: 0, 1, 2 and one past WhatsApp\'s 10 rows', () => {
    const json = DISH_LIST_WITH_EACH;
    const dishes = [{ name: 'a', label: 'Pasta' }, { name: 'b', label: 'Pizza' }];
    const at = (listLength?: number) => previewChannelMessage({
      text: json, sample: { dishes }, config: ALL_ON, channel: 'whatsapp', file: 'menu.whatsapp.umsg', listLength,
    });
    const own = at();
    assert.deepEqual(own.list && { length: own.list.length, sampleLength: own.list.sampleLength, choices: own.list.choices },
      { length: 2, sampleLength: 2, choices: [0, 1, 2, 11] });
    const rows = (n?: number) => at(n).columns[0].list?.sections[0].rows.map((r) => shown(r.title));
    assert.deepEqual(rows(), ['Pasta', 'Pizza']);
    assert.deepEqual(rows(3), ['Pasta', 'Pizza', 'Pasta'], 'the sample\'s elements in turn');
    const eleven = at(11).columns[0];
    assert.equal(eleven.list?.sections[0].rows.length, 11);
    assert.equal(eleven.verdict, 'rejected');
    assert.ok(eleven.reasons.some((r) => r.rule === 'channel-limit' && /11 rows in all/.test(r.message)), JSON.stringify(eleven.reasons));
    assert.equal(at(0).columns[0].verdict, 'rejected', 'a section with no rows');
    assert.equal(at(1).columns[0].verdict, 'override');
  });
});

describe('preview: native Messenger, Google Business Messages and RCS siblings', () => {
  it('Messenger: a carousel of cards, a button template, quick replies', () => {
    const carousel = column('messenger', snippet('messenger-carousel'));
    assert.equal(carousel.layout, 'carousel');
    assert.deepEqual(carousel.cards?.map((k) => [shown(k.title), k.buttons.length]), [['Pasta', 2], ['Risotto', 1]]);
    assert.equal(carousel.cards?.[1].media?.url, 'https://example.com/risotto.jpg');
    const template = column('messenger', snippet('messenger-button-template'));
    assert.equal(template.layout, 'generic');
    assert.equal(shown(template.body), 'How can we help you today?');
    assert.deepEqual(template.buttons.map((b) => b.action), ['reply', 'url', 'call']);
    const quick = column('messenger', snippet('messenger-quick-replies'));
    assert.equal(quick.layout, 'text');
    assert.deepEqual(quick.chips.map((b) => shown(b.label)), ['Book a table', 'See the menu']);
  });

  it('Google Business Messages and RCS: carousels and standalone cards with suggestions', () => {
    for (const channel of ['gbm', 'rcs'] as const) {
      const carousel = column(channel, snippet(`${channel}-carousel`));
      assert.equal(carousel.layout, 'carousel', channel);
      assert.deepEqual(carousel.cards?.map((k) => shown(k.title)), ['Pasta', 'Risotto']);
      assert.deepEqual(carousel.cards?.[0].buttons.map((b) => b.action), ['reply', 'url']);
      assert.equal(carousel.cards?.[0].media?.height, 168);
      assert.equal(carousel.verdict, 'override');
      const card = column(channel, snippet(`${channel}-card`));
      assert.equal(card.layout, 'richCard');
      assert.equal(shown(card.title), 'Pasta');
      assert.deepEqual(card.chips.map((b) => shown(b.label)), ['Talk to us']);
    }
  });

  it('a carousel of one card is rejected on Google, by the finding on the sibling', () => {
    const text = snippet('gbm-carousel').replace(/,\s*\{\s*"title": "Risotto"[\s\S]*?\n {8}\}\n/, '\n');
    const c = column('gbm', text);
    assert.equal(c.cards?.length, 1, text);
    assert.equal(c.verdict, 'rejected');
  });
});

describe('preview: other siblings', () => {
  it('a universal-form sibling is drawn as that channel\'s card, from the sibling', () => {
    const sibling = JSON.stringify({
      type: 'rich', title: 'Only on WhatsApp', description: 'Short', insideActions: [{ type: 'reply', display: 'Yes', payload: 'Y' }],
    });
    const c = column('whatsapp', sibling);
    assert.equal(c.layout, 'interactive');
    assert.equal(shown(c.title), 'Only on WhatsApp');
    assert.equal(c.file, 'hello.whatsapp.umsg');
    assert.equal(at(sibling, c.title?.source), '"Only on WhatsApp"');
    assert.match(c.reasons[0].message, /replaces this message on WhatsApp/);
  });

  it('a sibling that does not parse is shown as written', () => {
    const c = column('whatsapp', '{ "type": "text", ');
    assert.equal(c.layout, 'override');
  });
});
