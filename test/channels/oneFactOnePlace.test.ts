/**
 * Check and render tell one story: the facts about a message and its channels are read from
 * one place, so what the checks say, what render prints and what each channel's API accepts
 * agree. Each test here failed before the channel model was merged.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { CHANNELS, channelPayload } from '../../server/src/core/channels';
import { checkDocument } from '../../server/src/core/check/run';
import { type Diagnostic } from '../../server/src/core/check/severities';
import { resolveConfig } from '../../server/src/core/findings/config';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { renderMessage, type SampleData } from '../../server/src/core/template/render';
import { documentSymbols } from '../../server/src/core/features/structure';

const check = (text: string, sample?: SampleData) => checkDocument(text, 'universal-message', { sample }).diagnostics;
const of = (ds: readonly Diagnostic[], rule: string) => ds.filter((d) => d.rule === rule);
const render = (text: string, channel: 'messenger' | 'gbm' | 'whatsapp' | 'rcs', sample?: SampleData) =>
  channelPayload(channel, renderMessage(parseJsonDocument(text), sample).value!);

describe('a repeated key: the last value counts everywhere', () => {
  const long = 'x'.repeat(95);
  it('a long title followed by a short one gets no limit finding (the short one is sent)', () => {
    const text = `{ "type": "rich", "title": "${long}", "title": "Short", "description": "d" }`;
    const ds = check(text);
    assert.deepEqual(of(ds, 'channel-limit').map((d) => d.message), []);
    assert.equal(of(ds, 'duplicate-property').length, 1, 'the repeat is still reported');
    assert.equal((render(text, 'messenger') as any).attachment.payload.elements[0].title, 'Short');
  });
  it('a short title followed by a long one gets the finding, on the long one', () => {
    const text = `{ "type": "rich", "title": "Short", "title": "${long}", "description": "d" }`;
    const [d] = of(check(text), 'channel-limit');
    assert.match(d.message, /title has 95 characters: over Messenger's 80/);
    assert.equal(d.offset, text.lastIndexOf(`"${long}"`));
  });
  it('"type": "card" then "type": "rich" is a rich message', () => {
    assert.deepEqual(of(check('{ "type": "card", "type": "rich", "title": "t", "description": "d" }'), 'message-type'), []);
    assert.equal(of(check('{ "type": "rich", "type": "card", "title": "t", "description": "d" }'), 'message-type').length, 1);
  });
});

describe('WhatsApp: cards its button message cannot carry are sent as another type', () => {
  const media = '"richMedia": { "height": "TALL", "fileUrl": "https://example.com/a.png", "altText": "a" }';
  it('without richMedia the interactive message has no header (not an image with an empty link)', () => {
    const p = render(
      '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ { "type": "reply", "display": "A", "payload": "A" } ] }',
      'whatsapp',
    ) as any;
    assert.equal(p.interactive.header, undefined);
    assert.deepEqual(p.interactive.action.buttons, [{ type: 'reply', reply: { id: 'A', title: 'A' } }]);
  });
  it('without actions: a text message, or an image with a caption when the card has media', () => {
    assert.deepEqual(
      render('{ "type": "rich", "title": "Hello", "description": "World" }', 'whatsapp'),
      { type: 'text', text: { body: 'Hello\n\nWorld' } },
    );
    assert.deepEqual(render(`{ "type": "rich", "title": "Hello", "description": "World", ${media} }`, 'whatsapp'), { type: 'image', image: { link: 'https://example.com/a.png', caption: 'Hello\n\nWorld' } });
    // "buttons": [] is never printed: an empty list of actions is no actions.
    assert.equal((render('{ "type": "rich", "title": "t", "description": "d", "insideActions": [] }', 'whatsapp') as any).type, 'text');
  });
  it('a caption over 1,024 characters is reported for WhatsApp', () => {
    const text = `{ "type": "rich", "title": "${'t'.repeat(1000)}", "description": "${'d'.repeat(30)}", ${media} }`;
    const [d] = of(check(text), 'channel-limit');
    assert.match(d.message, /WhatsApp sends a card with media and no actions as an image with title and description as its caption: 1,032 characters, over WhatsApp's 1,024/);
    assert.deepEqual(d.channels, ['whatsapp']);
    assert.ok(CHANNELS.whatsapp.validate(render(text, 'whatsapp') as any).length > 0, 'and the API would reject it');
  });
});

describe('what a warning says is what render sends', () => {
  it('the Messenger call warning and the payload agree: the number is sent as written, and rejected', () => {
    const text = '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ' +
      '{ "type": "call", "display": "Call", "payload": "+12015550123", "phoneNumber": "+1-201-555-0123" } ] }';
    const [d] = of(check(text), 'channel-limit').filter((x) => x.channels?.includes('messenger'));
    assert.match(d.message, /\+1-201-555-0123 is rejected, write \+12015550123/);
    const payload = render(text, 'messenger') as any;
    assert.equal(payload.attachment.payload.elements[0].buttons[0].payload, '+1-201-555-0123');
    assert.ok(CHANNELS.messenger.validate(payload).some((p) => p.explainedBy.includes('channel-limit')));
  });
  it('a templated call number is checked for Messenger on its rendered value', () => {
    const text = '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ' +
      '{ "type": "call", "display": "Call", "payload": "+12015550123", "phoneNumber": "${shop.phone}" } ] }';
    const [d] = of(check(text, { shop: { phone: '+1-201-555-0123' } }), 'channel-limit').filter((x) => x.channels?.includes('messenger'));
    assert.match(d.message, /phoneNumber renders to \+1-201-555-0123 with the sample data, which is rejected/);
    assert.equal(text.slice(d.offset, d.offset + d.length), '${shop.phone}');
  });
  it('a space next to a template in a phone number is reported', () => {
    for (const number of ['+1 ${rest}', '+12015550123 ${x}']) {
      const text = '{ "type": "rich", "title": "t", "description": "d", "insideActions": [ ' +
        `{ "type": "call", "display": "Call", "payload": "+12015550123", "phoneNumber": "${number}" } ] }`;
      assert.match(of(check(text), 'phone-number').map((d) => d.message).join('\n'), /contains spaces/, number);
    }
  });
});

describe('counting buttons', () => {
  const body = (rest: string) => `{ "type": "rich", "title": "t", "description": "d", "richMedia": { "height": "TALL", "fileUrl": "https://example.com/a.png", "altText": "a" }${rest} }`;
  it('when the buttons come from the list, the message says so, not "static"', () => {
    const text = body(
      ', "floatActions": [\n  // @each dishes\n  { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n  // @end\n]',
    );
    const sample = { dishes: [1, 2, 3, 4].map((i) => ({ name: `D${i}`, label: `Dish ${i}` })) };
    const messages = of(check(text, sample), 'channel-limit').map((d) => d.message);
    assert.ok(messages.some((m) => /WhatsApp sends floatActions as 4 reply buttons \(4 from the list with the sample data\): over WhatsApp's 3/.test(m)), messages.join('\n'));
    assert.ok(!messages.some((m) => /static/.test(m)));
  });
  it('duplicate button titles from the sample data are reported for WhatsApp', () => {
    const text = body(
      ', "insideActions": [\n  // @each dishes\n  { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n  // @end\n]',
    );
    const sample = { dishes: [{ name: 'a', label: 'Pasta' }, { name: 'b', label: 'Pasta' }] };
    const [d] = of(check(text, sample), 'channel-limit');
    assert.match(d.message, /display "Pasta" is used by two buttons with the sample data \(list element 2\): WhatsApp needs unique button titles/);
    assert.equal(text.slice(d.offset, d.offset + d.length), '${it.label()}');
  });
});

describe('one reading of the dynamic-list markers', () => {
  const withMarkers = (each: string) => `{ "type": "rich", "title": "t", "description": "d", "insideActions": [${each}\n` +
    '  { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n  // @end\n] }';
  it('a // @each on the line of [ is no list for the outline either', () => {
    const text = withMarkers(' // @each dishes');
    const messages = of(check(text), 'dynamic-list').map((d) => d.message);
    assert.ok(messages.some((m) => /must stand on a line of its own/.test(m)), messages.join('\n'));
    const details = JSON.stringify(documentSymbols(parseJsonDocument(text)));
    assert.doesNotMatch(details, /repeated per list element/);
    // The same action under well-placed markers is repeated, for the outline and the checks alike.
    const good = withMarkers('\n  // @each dishes');
    assert.match(JSON.stringify(documentSymbols(parseJsonDocument(good))), /repeated per list element/);
    assert.deepEqual(of(check(good), 'dynamic-list'), []);
  });
  it('a marker with extra words is reported by the check, not only at render', () => {
    const text = withMarkers('\n  // @each dishes for today');
    const [d] = of(check(text), 'dynamic-list');
    assert.match(d.message, /\/\/ @each takes one list expression, such as \/\/ @each dishes: "for today" is not part of it/);
    assert.equal(text.slice(d.offset, d.offset + d.length), 'dishes for today');
    for (const fine of ['order.items', 'menu.filter { it.available }', 'items[0].sub', 'a .b']) {
      assert.deepEqual(of(check(withMarkers(`\n  // @each ${fine}`)), 'dynamic-list').map((x) => x.message), [], fine);
    }
  });
});

describe('umsg render: what a channel receives, and why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umsg-render-'));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  const run = async (...argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, { stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; }, cwd: dir });
    return { code, stdout, stderr };
  };
  const four = '{ "type": "rich", "title": "Hello ${user}", "description": "Pick", "insideActions": [ ' +
    '{"type":"reply","display":"A","payload":"A"}, {"type":"reply","display":"B","payload":"B"}, ' +
    '{"type":"reply","display":"C","payload":"C"}, {"type":"reply","display":"D","payload":"D"} ] }';
  write('menu.umsg', four);
  write('menu.sample.json', '{ "user": "Ada" }');
  write('menu.whatsapp.umsg', '{ "type": "text", "text": { "body": "Hi ${user}" } }');

  it('a channel with its own NAME.<channel>.umsg receives that file, rendered with the sample data', async () => {
    const r = await run('render', 'menu.umsg', '--channel', 'whatsapp');
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), { type: 'text', text: { body: 'Hi Ada' } });
    assert.match(r.stderr, /WhatsApp receives menu\.whatsapp\.umsg, its channel-specific message/);
  });
  it('rendering a channel-specific message for another channel is a clear error', async () => {
    const r = await run('render', 'menu.whatsapp.umsg', '--channel', 'messenger');
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /"menu\.whatsapp\.umsg" is the channel-specific message for WhatsApp: Messenger never receives it\. Render menu\.umsg --channel messenger instead\./);
  });
  it('a payload the channel rejects comes with the finding that explains it, on standard error', async () => {
    const r = await run('render', 'menu.umsg', '--channel', 'messenger');
    assert.equal(r.code, 0);
    assert.equal(JSON.parse(r.stdout).attachment.payload.elements[0].buttons.length, 4);
    assert.match(r.stderr, /menu\.umsg:1:\d+: warning channel-limit: insideActions has 4 actions: over Messenger's 3/);
    // The same finding umsg check reports.
    const checked = await run('check', 'menu.umsg', '--format', 'json');
    assert.match(checked.stdout, /insideActions has 4 actions: over Messenger's 3/);
  });
});

describe('the README channel table is the channel models', () => {
  it('has one column per channel and each limit as the model gives it', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('| limit | Messenger');
    assert.ok(start >= 0, 'README has the channel table');
    const rows = readme.slice(start).split('\n').filter((l) => l.startsWith('|')).slice(2, 8)
      .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
    const ids = Object.keys(CHANNELS) as (keyof typeof CHANNELS)[];
    for (const row of rows) {
      const [field, ...cells] = row;
      assert.equal(cells.length, ids.length, `a column per channel in the ${field} row`);
      ids.forEach((id, i) => {
        const m = CHANNELS[id];
        const limit = field === 'insideActions' || field === 'floatActions' ? m.count[field] : m.text[field as 'title'];
        assert.equal(cells[i], limit === undefined ? '–' : limit.toLocaleString('en-US'), `${field} on ${id}`);
      });
    }
    assert.equal(rows.length, 6);
  });
});

describe('RCS Business Messaging', () => {
  const card = (rest: string) => `{ "type": "rich", "title": "Pizzeria", "description": "Open now", "richMedia": { "height": "MEDIUM", "fileUrl": "https://example.com/p.png", "altText": "Pizza", "thumbnailUrl": "https://example.com/t.png", "forceRefresh": true }${rest} }`;
  const rcsOn = resolveConfig({ channels: { rcs: 'warning' }, rules: {} });
  it('is off by default: no RCS finding unless the config turns it on', () => {
    const text = card(
      ', "floatActions": [' +
        `${Array.from({ length: 12 }, (_, i) => `{ "type": "reply", "display": "R${i}", "payload": "R${i}" }`).join(', ')}]`,
    );
    assert.ok(!check(text).some((d) => d.channels?.includes('rcs')));
    const [d] = checkDocument(text, 'universal-message', { config: rcsOn }).diagnostics.filter((x) => x.channels?.includes('rcs'));
    assert.match(d.message, /floatActions has 12 actions: over RCS's 11/);
  });
  it('a dial number must be E.164, + and digits only', () => {
    const text = card(', "insideActions": [ { "type": "call", "display": "Call", "payload": "CALL", "phoneNumber": "+1-201-555-0123" } ]');
    const found = checkDocument(text, 'universal-message', { config: rcsOn }).diagnostics
      .filter((x) => x.rule === 'channel-limit' && x.channels?.includes('rcs'));
    assert.equal(found.length, 1);
    assert.match(found[0].message, /call button takes \+ and digits only: \+1-201-555-0123 is rejected, write \+12015550123/);
  });
  it('render --channel rcs prints an RBM agent message', () => {
    const text = card(', "insideActions": [ { "type": "click", "display": "Menu", "payload": "MENU", "url": "https://example.com/menu" }, { "type": "call", "display": "Call", "payload": "CALL", "phoneNumber": "+12015550123" }, { "type": "reply", "display": "Book", "payload": "BOOK" } ]');
    assert.deepEqual(render(text, 'rcs'), {
      contentMessage: {
        richCard: {
          standaloneCard: {
            cardOrientation: 'VERTICAL',
            cardContent: {
              title: 'Pizzeria',
              description: 'Open now',
              media: { height: 'MEDIUM', contentInfo: { fileUrl: 'https://example.com/p.png', thumbnailUrl: 'https://example.com/t.png', forceRefresh: true } },
              suggestions: [
                { action: { text: 'Menu', postbackData: 'MENU', openUrlAction: { url: 'https://example.com/menu' } } },
                { action: { text: 'Call', postbackData: 'CALL', dialAction: { phoneNumber: '+12015550123' } } },
                { reply: { text: 'Book', postbackData: 'BOOK' } },
              ],
            },
          },
        },
      },
    });
  });
});
