/**
 * WhatsApp's native format, checked as a builder meets it: NAME.whatsapp.umsg in native form
 * (the Cloud API message object without its envelope). The limits here are written from the
 * Cloud API pages (text, media, interactive reply buttons, list and CTA URL messages), not read
 * from the model: each place is tried at its limit (clean) and one over (one finding there).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/core/check/run';
import type { Diagnostic } from '../../../server/src/core/check/severities';
import { resolveConfig } from '../../../server/src/core/findings/config';
import { CHANNELS } from '../../../server/src/core/channels';
import { checkNativeDocument, validateNativeValue, NATIVE_FORMATS } from '../../../server/src/core/channels/native';
import { parseJsonDocument } from '../../../server/src/core/syntax/jsonDocument';
import type { SampleData } from '../../../server/src/core/template/render';
import type { JsonValue } from '../../../server/src/core/template/templateEval';
import { chars, DISH_LIST_WITH_EACH } from '../../support/nativeCheck';

type Json = { [key: string]: JsonValue };

function check(text: string, options: { sample?: SampleData; off?: boolean } = {}): Diagnostic[] {
  const config = options.off ? resolveConfig({ channels: { whatsapp: 'off' }, rules: {} }) : undefined;
  return checkDocument(text, 'universal-message', { channelSpecific: 'whatsapp', sample: options.sample, config }).diagnostics;
}

/** Each finding as [rule, the text it covers, its message]. */
function found(text: string, options: { sample?: SampleData; off?: boolean } = {}): [string, string, string][] {
  return check(text, options).map((d) => [d.rule, text.slice(d.offset, d.offset + d.length), d.message]);
}

function clone(v: Json): Json {
  return JSON.parse(JSON.stringify(v)) as Json;
}

/** Sets the value at a dotted path (`a.b[0].c`) of a copy of `message`. */
function withValue(message: Json, path: string, value: JsonValue): Json {
  const copy = clone(message);
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let at: JsonValue = copy;
  for (const p of parts.slice(0, -1)) at = (at as Json)[p];
  (at as Json)[parts[parts.length - 1]] = value;
  return copy;
}

const TEXT: Json = { type: 'text', text: { body: 'Hi' } };
const IMAGE: Json = { type: 'image', image: { link: 'https://example.com/a.png', caption: 'c' } };
const VIDEO: Json = { type: 'video', video: { id: '1234', caption: 'c' } };
const DOCUMENT: Json = { type: 'document', document: { link: 'https://example.com/menu.pdf', caption: 'c', filename: 'menu.pdf' } };
const BUTTONS: Json = {
  type: 'interactive',
  interactive: {
    type: 'button',
    header: { type: 'text', text: 'H' },
    body: { text: 'B' },
    footer: { text: 'F' },
    action: { buttons: [{ type: 'reply', reply: { id: '1', title: 'One' } }, { type: 'reply', reply: { id: '2', title: 'Two' } }] },
  },
};
const LIST: Json = {
  type: 'interactive',
  interactive: {
    type: 'list',
    header: { type: 'text', text: 'H' },
    body: { text: 'B' },
    footer: { text: 'F' },
    action: { button: 'Menu', sections: [{ title: 'S', rows: [{ id: '1', title: 'R', description: 'D' }] }] },
  },
};
const CTA: Json = {
  type: 'interactive',
  interactive: {
    type: 'cta_url',
    body: { text: 'B' },
    action: { name: 'cta_url', parameters: { display_text: 'Open', url: 'https://example.com' } },
  },
};
const TEMPLATE: Json = { type: 'template', template: { name: 'order_update', language: { code: 'en_US', policy: 'deterministic' } } };
const LOCATION: Json = { type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Trattoria', address: 'Main St 1' } };
const CONTACTS: Json = {
  type: 'contacts',
  contacts: [{
    name: { formatted_name: 'Ada Lovelace', first_name: 'Ada' },
    phones: [{ phone: '+1 (201) 555-0123', type: 'CELL', wa_id: '12015550123' }],
    emails: [{ email: 'ada@example.com', type: 'WORK' }],
  }],
};
const REACTION: Json = { type: 'reaction', reaction: { message_id: 'wamid.ABC', emoji: '👍' } };

const VALID = { TEXT, IMAGE, VIDEO, DOCUMENT, BUTTONS, LIST, CTA, TEMPLATE, LOCATION, CONTACTS, REACTION };

/** Every limited text of the format: its message, its path and its limit, from the Cloud API pages. */
const LENGTHS: [Json, string, number, string][] = [
  [TEXT, 'text.body', 4096, 'text body'],
  [IMAGE, 'image.caption', 1024, 'image caption'],
  [VIDEO, 'video.caption', 1024, 'video caption'],
  [DOCUMENT, 'document.caption', 1024, 'document caption'],
  [BUTTONS, 'interactive.header.text', 60, 'header text'],
  [BUTTONS, 'interactive.body.text', 1024, 'button body text'],
  [BUTTONS, 'interactive.footer.text', 60, 'footer text'],
  [BUTTONS, 'interactive.action.buttons[0].reply.id', 256, 'reply button id'],
  [BUTTONS, 'interactive.action.buttons[0].reply.title', 20, 'reply button title'],
  [LIST, 'interactive.header.text', 60, 'list header text'],
  [LIST, 'interactive.body.text', 4096, 'list body text'],
  [LIST, 'interactive.footer.text', 60, 'footer text'],
  [LIST, 'interactive.action.button', 20, 'list button'],
  [LIST, 'interactive.action.sections[0].title', 24, 'list section title'],
  [LIST, 'interactive.action.sections[0].rows[0].id', 200, 'list row id'],
  [LIST, 'interactive.action.sections[0].rows[0].title', 24, 'list row title'],
  [LIST, 'interactive.action.sections[0].rows[0].description', 72, 'list row description'],
  [CTA, 'interactive.body.text', 1024, 'CTA URL body text'],
  [CTA, 'interactive.action.parameters.display_text', 20, 'CTA URL button display_text'],
  [TEMPLATE, 'template.name', 512, 'template name'],
  [TEXT, 'biz_opaque_callback_data', 512, 'WhatsApp message biz_opaque_callback_data'],
];

describe('WhatsApp native: every valid message type is clean', () => {
  for (const [name, message] of Object.entries(VALID)) {
    it(name.toLowerCase(), () => assert.deepEqual(found(JSON.stringify(message)), []));
  }
});

describe('WhatsApp native: each text at its limit is clean, one over is flagged on its value', () => {
  for (const [message, path, limit, what] of LENGTHS) {
    const kind = path.startsWith('interactive') ? ` ${(message.interactive as Json).type as string}` : '';
    it(`${path} (${message.type as string}${kind}): ${limit}`, () => {
      // chars(n) ends in an emoji, one code point and two UTF-16 units: the count is in code points.
      const at = chars(limit);
      assert.deepEqual(found(JSON.stringify(withValue(message, path, at))), [], 'at the limit');
      const over = chars(limit + 1);
      const text = JSON.stringify(withValue(message, path, over));
      const shown = (limit + 1).toLocaleString('en-US');
      assert.deepEqual(found(text), [[
        'channel-limit',
        JSON.stringify(over),
        `${path} has ${shown} characters: WhatsApp allows at most ${limit.toLocaleString('en-US')} (${what}).`,
      ]]);
    });
  }
});

describe('WhatsApp native: a text of emoji alone is counted in code points', () => {
  // Each 🍝 is two UTF-16 units: 20 of them are 40 units but 20 characters, and one is 2 units
  // but a single character, which a minimum of 1 accepts.
  const path = 'interactive.action.parameters.display_text';
  it('one emoji meets a minimum of 1; 20 fit a limit of 20; 21 are over it', () => {
    assert.deepEqual(found(JSON.stringify(withValue(CTA, path, '🍝'))), []);
    assert.deepEqual(found(JSON.stringify(withValue(CTA, path, '🍝'.repeat(20)))), []);
    const over = '🍝'.repeat(21);
    assert.deepEqual(found(JSON.stringify(withValue(CTA, path, over))), [[
      'channel-limit', JSON.stringify(over), `${path} has 21 characters: WhatsApp allows at most 20 (CTA URL button display_text).`,
    ]]);
  });
  it('an empty one is still flagged', () => {
    assert.deepEqual(found(JSON.stringify(withValue(CTA, path, ''))).map(([rule]) => rule), ['channel-limit']);
  });
});

describe('WhatsApp native: counts, totals and uniqueness', () => {
  const button = (i: number) => ({ type: 'reply', reply: { id: `b${i}`, title: `Button ${i}` } });
  const row = (i: number) => ({ id: `r${i}`, title: `Row ${i}` });

  it('reply buttons: 3 clean, 4 flagged, none flagged', () => {
    assert.deepEqual(found(JSON.stringify(withValue(BUTTONS, 'interactive.action.buttons', [1, 2, 3].map(button)))), []);
    const four = found(JSON.stringify(withValue(BUTTONS, 'interactive.action.buttons', [1, 2, 3, 4].map(button))));
    assert.deepEqual(four.map(([r, , m]) => [r, m]), [['channel-limit',
      'interactive.action.buttons has 4 items: WhatsApp allows at most 3 (button action buttons).']]);
    const none = found(JSON.stringify(withValue(BUTTONS, 'interactive.action.buttons', [])));
    assert.deepEqual(none, [['channel-limit', '[]',
      'interactive.action.buttons has 0 items: WhatsApp requires at least 1 (button action buttons).']]);
  });

  it('list sections: 10 clean, 11 flagged; rows: 10 in all clean, 11 in all flagged', () => {
    const sections = (n: number, rowsEach: number) => Array.from({ length: n }, (_, s) => ({
      title: `S${s}`, rows: Array.from({ length: rowsEach }, (_x, r) => row(s * 100 + r)),
    }));
    assert.deepEqual(found(JSON.stringify(withValue(LIST, 'interactive.action.sections', sections(10, 1)))), []);
    const eleven = found(JSON.stringify(withValue(LIST, 'interactive.action.sections', sections(11, 1))));
    assert.deepEqual(eleven.map(([r, , m]) => [r, m]), [
      ['channel-limit', 'interactive.action.sections has 11 items: WhatsApp allows at most 10 (list sections).'],
      ['channel-limit', 'interactive.action.sections has 11 rows in all: WhatsApp allows at most 10 (list sections).'],
    ]);
    assert.deepEqual(found(JSON.stringify(withValue(LIST, 'interactive.action.sections', sections(2, 5)))), []);
    const elevenRows = [...sections(2, 5), { title: 'X', rows: [row(999)] }];
    const rows = found(JSON.stringify(withValue(LIST, 'interactive.action.sections', elevenRows)));
    assert.deepEqual(rows.map(([r, , m]) => [r, m]), [
      ['channel-limit', 'interactive.action.sections has 11 rows in all: WhatsApp allows at most 10 (list sections).'],
    ]);
    const empty = found(JSON.stringify(withValue(LIST, 'interactive.action.sections[0].rows', [])));
    assert.deepEqual(empty.map(([r]) => r), ['channel-limit']);
  });

  it('button ids and titles are unique; row ids are unique across sections', () => {
    const same = [{ type: 'reply', reply: { id: 'x', title: 'Same' } }, { type: 'reply', reply: { id: 'x', title: 'Same' } }];
    const text = JSON.stringify(withValue(BUTTONS, 'interactive.action.buttons', same));
    const ds = check(text);
    assert.deepEqual(ds.map((d) => [d.rule, d.message]), [
      ['channel-limit', 'interactive.action.buttons[1].reply.id repeats the id "x" of interactive.action.buttons[0].reply.id: ' +
        'WhatsApp requires each id to be unique (button action buttons).'],
      ['channel-limit', 'interactive.action.buttons[1].reply.title repeats the title "Same" of ' +
        'interactive.action.buttons[0].reply.title: ' +
        'WhatsApp requires each title to be unique (button action buttons).'],
    ]);
    // On the repeat, with the first as related.
    assert.equal(ds[0].offset, text.lastIndexOf('"x"'));
    assert.equal(ds[0].related?.[0].offset, text.indexOf('"x"'));
    const rows = withValue(LIST, 'interactive.action.sections', [{ title: 'A', rows: [row(1)] }, { title: 'B', rows: [row(1)] }]);
    assert.deepEqual(found(JSON.stringify(rows)).map(([r, t, m]) => [r, t, m]), [['channel-limit', '"r1"',
      'interactive.action.sections[1].rows[0].id repeats the id "r1" of interactive.action.sections[0].rows[0].id: ' +
        'WhatsApp requires each id to be unique (list sections).']]);
  });
});

describe('WhatsApp native: required fields and exactly-one-of groups', () => {
  for (const kind of ['image', 'video', 'audio', 'document', 'sticker']) {
    it(`${kind}: id or link, exactly one`, () => {
      assert.deepEqual(found(JSON.stringify({ type: kind, [kind]: { id: '1' } })), []);
      assert.deepEqual(found(JSON.stringify({ type: kind, [kind]: { link: 'https://example.com/f' } })), []);
      const neither = `{ "type": "${kind}", "${kind}": {} }`;
      assert.deepEqual(found(neither), [['native-required', `"${kind}"`,
        `${kind[0].toUpperCase()}${kind.slice(1)} (${kind}) needs one of id or link: WhatsApp rejects it without.`]]);
      const both = `{ "type": "${kind}", "${kind}": { "id": "1", "link": "https://example.com/f" } }`;
      assert.deepEqual(found(both), [['native-required', '"link"',
        `${kind[0].toUpperCase()}${kind.slice(1)} (${kind}) takes exactly one of id or link: id is already given, remove link.`]]);
    });
  }

  it('a header image by id or link, exactly one', () => {
    const header = withValue(BUTTONS, 'interactive.header', { type: 'image', image: { id: '1', link: 'https://example.com/a.png' } });
    assert.deepEqual(found(JSON.stringify(header)).map(([r, t]) => [r, t]), [['native-required', '"link"']]);
  });

  it('the object the type names is required, on the message\'s opening brace', () => {
    assert.deepEqual(found('{ "type": "text" }'), [['native-required', '{', 'WhatsApp message needs text: WhatsApp rejects it without.']]);
    assert.deepEqual(found('{ "text": { "body": "Hi" } }'),
      [['native-required', '{', 'WhatsApp message needs type: WhatsApp rejects it without.']]);
  });

  it('a missing field is reported on the key of the object that lacks it', () => {
    const text = '{ "type": "interactive", "interactive": { "type": "button", "body": { "text": "B" }, ' +
      '"action": { "buttons": [ { "type": "reply", "reply": { "title": "Yes" } } ] } } }';
    assert.deepEqual(found(text), [['native-required', '"reply"',
      'Reply button (interactive.action.buttons[0].reply) needs id: WhatsApp rejects it without.']]);
  });

  it('a field of another type is not part of this one', () => {
    const text = '{ "type": "text", "text": { "body": "Hi" }, "image": { "id": "1" } }';
    assert.deepEqual(found(text), [['unknown-property', '"image"',
      '"image" is not part of WhatsApp message of type "text": it belongs to type "image", and WhatsApp rejects it here.']]);
  });

  it('an interactive type takes the header, body, footer and action its page states, and names the types a stray field belongs to', () => {
    const product = '{ "type": "interactive", "interactive": { "type": "product", "header": { "type": "text", "text": "Oil" }, ' +
      '"action": { "catalog_id": "1", "product_retailer_id": "OIL" } } }';
    assert.deepEqual(found(product), [['unknown-property', '"header"',
      '"header" is not part of interactive message of type "product": it belongs to type "button", "list", "cta_url", ' +
      '"product_list" or "flow", and WhatsApp rejects it here.']]);
    const location = '{ "type": "interactive", "interactive": { "type": "location_request_message", "body": { "text": "Where?" }, ' +
      '"footer": { "text": "Thanks" }, "action": { "name": "send_location" } } }';
    assert.deepEqual(found(location).map(([r, t]) => [r, t]), [['unknown-property', '"footer"']]);
    const products = '{ "type": "interactive", "interactive": { "type": "product_list", "body": { "text": "Pantry" }, ' +
      '"action": { "catalog_id": "1", "sections": [ { "product_items": [ { "product_retailer_id": "OIL" } ] } ] } } }';
    assert.deepEqual(found(products), [['native-required', '"interactive"',
      'Interactive message (interactive) needs header: WhatsApp rejects it without.']]);
    const flow = '{ "type": "interactive", "interactive": { "type": "flow", "body": { "text": "Book" }, "action": { "name": "flow", ' +
      '"parameters": { "flow_message_version": "3", "flow_id": "1", "flow_name": "booking", "flow_cta": "Book" } } } }';
    assert.deepEqual(found(flow).map(([r, t]) => [r, t]), [['native-required', '"flow_name"']]);
    const catalog = '{ "type": "interactive", "interactive": { "type": "catalog_message", "body": { "text": "Browse" }, ' +
      '"action": { "name": "catalog_message", "parameters": { "thumbnail_product_retailer_id": "OIL" } } } }';
    assert.deepEqual(found(catalog), []);
  });

  it('an object still being typed (a syntax error inside) gets no "needs" finding; a repeated key is duplicate-property\'s', () => {
    assert.deepEqual(found('{ "type": "text", "text": { "bo } }').map(([r]) => r), ['syntax', 'syntax']);
    assert.deepEqual(found('{ "type": "text", "text": { "body": "a", "body": "b" } }').map(([r, t]) => [r, t]),
      [['duplicate-property', '"body"']]);
  });

  it('an unknown field gets "did you mean"', () => {
    const text = '{ "type": "text", "text": { "body": "Hi", "preview_ur": true } }';
    assert.deepEqual(found(text),
      [['unknown-property', '"preview_ur"', 'Unknown property "preview_ur" in text: did you mean "preview_url"?']]);
  });
});

describe('WhatsApp native: enumerations', () => {
  const enums: [string, Json, string, string[]][] = [
    ['type', TEXT, 'type',
      ['text', 'image', 'video', 'audio', 'document', 'sticker', 'location', 'contacts', 'interactive', 'template', 'reaction']],
    ['interactive.type', BUTTONS, 'interactive.type',
      ['button', 'list', 'cta_url', 'product', 'product_list', 'flow', 'location_request_message', 'catalog_message']],
    ['header type', BUTTONS, 'interactive.header.type', ['text', 'image', 'video', 'document']],
    ['list header type', LIST, 'interactive.header.type', ['text']],
    ['reply button type', BUTTONS, 'interactive.action.buttons[0].type', ['reply']],
    ['CTA action name', CTA, 'interactive.action.name', ['cta_url']],
    ['template language policy', TEMPLATE, 'template.language.policy', ['deterministic']],
    ['contact phone type', CONTACTS, 'contacts[0].phones[0].type', ['CELL', 'MAIN', 'IPHONE', 'HOME', 'WORK']],
    ['contact email type', CONTACTS, 'contacts[0].emails[0].type', ['HOME', 'WORK']],
  ];
  for (const [name, message, path, values] of enums) {
    it(`${name}: ${values.length} values; another is flagged`, () => {
      const wrong = found(JSON.stringify(withValue(message, path, 'nope')));
      assert.ok(wrong.some(([r, t, m]) => r === 'native-value' && t === '"nope"' && m.startsWith(`${path} is "nope": WhatsApp accepts `)),
        JSON.stringify(wrong));
      for (const v of values) {
        // A value of the enumeration is never the enum's finding (the object it names may then be missing).
        const ds = found(JSON.stringify(withValue(message, path, v)));
        assert.deepEqual(ds.filter(([r]) => r === 'native-value'), [], v);
      }
    });
  }

  it('did you mean, for a value one edit away', () => {
    const lists = found(JSON.stringify(withValue(LIST, 'interactive.type', 'lists')));
    assert.deepEqual(lists.filter(([r]) => r === 'native-value').map(([, , m]) => m),
      ['interactive.type is "lists": WhatsApp accepts "button", "list", "cta_url", "product", "product_list", "flow", ' +
        '"location_request_message" or "catalog_message" (interactive message type); did you mean "list"?']);
  });
});

describe('WhatsApp native: value types, ranges and forms', () => {
  it('a number where a string goes is value-type; a latitude out of range is native-value', () => {
    assert.deepEqual(found(JSON.stringify(withValue(TEXT, 'text.body', 42))),
      [['value-type', '42', 'text.body must be a string, found the number 42.']]);
    assert.deepEqual(found(JSON.stringify(withValue(LOCATION, 'location.latitude', 90))), []);
    assert.deepEqual(found(JSON.stringify(withValue(LOCATION, 'location.latitude', 90.5))),
      [['native-value', '90.5', 'location.latitude is 90.5: WhatsApp takes at most 90 (location latitude).']]);
    assert.deepEqual(found(JSON.stringify(withValue(LOCATION, 'location.longitude', -180.5))).map(([r]) => r), ['native-value']);
  });

  it('URLs: a media link and a CTA url are absolute http(s) URLs', () => {
    assert.deepEqual(found(JSON.stringify(withValue(IMAGE, 'image.link', 'ftp://example.com/a.png'))).map(([r, , m]) => [r, m]),
      [['native-value', 'image.link must use http or https, found ftp:.']]);
    const noScheme = found(JSON.stringify(withValue(CTA, 'interactive.action.parameters.url', 'example.com')));
    assert.deepEqual(noScheme.map(([r]) => r), ['native-value']);
  });
});

describe('WhatsApp native: templates anywhere', () => {
  const long = 'x'.repeat(21);

  it('a wholly templated string: no verdict; with sample data, its rendered value, saying so', () => {
    const text = '{ "type": "interactive", "interactive": { "type": "list", "body": { "text": "B" }, ' +
      '"action": { "button": "${label}", "sections": [ { "rows": [ { "id": "1", "title": "R" } ] } ] } } }';
    assert.deepEqual(found(text), []);
    assert.deepEqual(found(text, { sample: { label: 'Short' } }), []);
    assert.deepEqual(found(text, { sample: { label: long } }), [['channel-limit', '${label}',
      `interactive.action.button renders to "${long}" with the sample data: ` +
        'has 21 characters: WhatsApp allows at most 20 (list button).']]);
  });

  it('a string with templates: its static part is a lower bound; with sample data, exact', () => {
    const text = `{ "type": "interactive", "interactive": { "type": "button", "body": { "text": "B" }, "action": { "buttons": [ ` +
      `{ "type": "reply", "reply": { "id": "1", "title": "${long}\${n}" } } ] } } }`;
    assert.deepEqual(found(text).map(([r, , m]) => [r, m]), [['channel-limit',
      'interactive.action.buttons[0].reply.title has at least 21 characters without its templates: ' +
        'WhatsApp allows at most 20 (reply button title).']]);
    const short = text.replace(long, 'Yes ');
    assert.deepEqual(found(short), []);
    assert.deepEqual(found(short, { sample: { n: 'please do' } }), []);
    assert.deepEqual(found(short, { sample: { n: 'please, really, yes' } }).map(([r, t]) => [r, t]), [['channel-limit', '${n}']]);
  });

  it('a templated number, boolean and enum: no verdict; with sample data, judged', () => {
    const text = '{ "type": "${kind}", "location": { "latitude": ${lat}, "longitude": 13.4 }, "context": { "message_id": "m" } }';
    assert.deepEqual(found(text), []);
    assert.deepEqual(found(text, { sample: { kind: 'location', lat: 52 } }), []);
    assert.deepEqual(found(text, { sample: { kind: 'location', lat: 100 } }), [['native-value', '${lat}',
      'location.latitude renders to 100 with the sample data: is 100: WhatsApp takes at most 90 (location latitude).']]);
    assert.deepEqual(found(text, { sample: { kind: 'locations', lat: 52 } }).map(([r, t]) => [r, t]), [['native-value', '${kind}']]);
    const preview = '{ "type": "text", "text": { "body": "Hi", "preview_url": ${preview} } }';
    assert.deepEqual(found(preview), []);
    assert.deepEqual(found(preview, { sample: { preview: true } }), []);
    assert.deepEqual(found(preview, { sample: { preview: 'yes' } }).map(([r, t]) => [r, t]), [['value-type', '${preview}']]);
  });

  it('a templated object and array: no verdict; with sample data, walked as written', () => {
    const text = '{ "type": "interactive", "interactive": { "type": "button", "body": { "text": "B" }, ' +
      '"action": { "buttons": ${buttons} } } }';
    assert.deepEqual(found(text), []);
    const button = (i: number) => ({ type: 'reply', reply: { id: `b${i}`, title: `B${i}` } });
    assert.deepEqual(found(text, { sample: { buttons: [button(1), button(2)] } }), []);
    const four = found(text, { sample: { buttons: [1, 2, 3, 4].map(button) } });
    assert.deepEqual(four.map(([r, t]) => [r, t]), [['channel-limit', '${buttons}']]);
    const object = '{ "type": "text", "text": ${t} }';
    assert.deepEqual(found(object, { sample: { t: { body: 'Hi', extra: 1 } } }).map(([r, t]) => [r, t]), [['unknown-property', '${t}']]);
  });

  it('a dynamic list of rows: no count verdict without sample data; with it, the rendered count and each element', () => {
    const text = DISH_LIST_WITH_EACH;
    const dishes = (n: number, long = -1) => ({
      dishes: Array.from({ length: n }, (_, i) => ({ name: `d${i}`, label: i === long ? 'x'.repeat(25) : 'Dish' })),
    });
    assert.deepEqual(found(text), []);
    assert.deepEqual(found(text, { sample: dishes(10) }), []);
    assert.deepEqual(found(text, { sample: dishes(11, 3) }).map(([r, t, m]) => [r, t.startsWith('[') ? '[…]' : t, m]), [
      ['channel-limit', '[…]', 'interactive.action.sections has 11 rows in all: WhatsApp allows at most 10 (list sections).'],
      ['channel-limit', '${it.label()}', 'interactive.action.sections[0].rows[0].title renders to "xxxxxxxxxxxxxxxxxxxxxxxxx" ' +
        'with the sample data (list element 4): has 25 characters: WhatsApp allows at most 24 (list row title).'],
    ]);
    assert.deepEqual(found(text, { sample: dishes(0) }).map(([r, , m]) => [r, m]), [
      ['channel-limit',
        'interactive.action.sections[0].rows has 0 items with the sample data: WhatsApp requires at least 1 (list section rows).'],
    ]);
  });

  it('a templated URL is judged on its static start', () => {
    assert.deepEqual(found(JSON.stringify(withValue(IMAGE, 'image.link', 'https://${host}/a.png'))), []);
    assert.deepEqual(found(JSON.stringify(withValue(IMAGE, 'image.link', 'ftp://${host}/a.png'))).map(([r]) => r), ['native-value']);
  });
});

describe('WhatsApp native: the platform\'s fields, the channel\'s severity', () => {
  it('messaging_product, recipient_type and to: one information finding each', () => {
    const text = '{ "messaging_product": "whatsapp", "recipient_type": "individual", "to": "+15551234567", ' +
      '"type": "text", "text": { "body": "Hi" } }';
    const ds = check(text);
    assert.deepEqual(ds.map((d) => [d.rule, d.severity, text.slice(d.offset, d.offset + d.length)]), [
      ['native-platform-field', 'information', '"messaging_product"'],
      ['native-platform-field', 'information', '"recipient_type"'],
      ['native-platform-field', 'information', '"to"'],
    ]);
  });

  it('every finding names WhatsApp; with WhatsApp off, none', () => {
    const text = '{ "type": "text", "text": { "body": 1, "x": 2 }, "to": "1" }';
    const ds = check(text);
    assert.equal(ds.length, 3);
    for (const d of ds) assert.deepEqual(d.channels, ['whatsapp']);
    assert.deepEqual(check(text, { off: true }), []);
  });

  it('a rule set in the config takes its severity', () => {
    const config = resolveConfig({ channels: {}, rules: { 'channel-limit': 'error' } });
    const text = JSON.stringify(withValue(LIST, 'interactive.action.button', 'x'.repeat(21)));
    const ds = checkDocument(text, 'universal-message', { channelSpecific: 'whatsapp', config }).diagnostics;
    assert.deepEqual(ds.map((d) => [d.rule, d.severity]), [['channel-limit', 'error']]);
  });
});

describe('the issue\'s example: a WhatsApp list', () => {
  it('button text over 20, row title over 24, unknown field "foo": exactly those', () => {
    const text = [
      '{ "type": "interactive",',
      '  "interactive": { "type": "list", "body": { "text": "${greeting}" },',
      '    "action": { "button": "Choose a dish from the menu please",',
      '      "sections": [ { "title": "Mains", "rows": [ { "id": "1", "title": "Pasta with a very long title over limit" } ] } ] } },',
      '  "foo": 1 }',
    ].join('\n');
    assert.deepEqual(found(text), [
      ['channel-limit', '"Choose a dish from the menu please"',
        'interactive.action.button has 34 characters: WhatsApp allows at most 20 (list button).'],
      ['channel-limit', '"Pasta with a very long title over limit"',
        'interactive.action.sections[0].rows[0].title has 39 characters: WhatsApp allows at most 24 (list row title).'],
      ['unknown-property', '"foo"',
        'Unknown property "foo" in WhatsApp message: WhatsApp rejects it. Known: type, context, biz_opaque_callback_data, interactive.'],
    ]);
  });
});

describe('a plain payload is validated by the same format', () => {
  const format = NATIVE_FORMATS.whatsapp!;
  it('problems by path, under the same rules', () => {
    const payload = withValue(withValue(LIST, 'interactive.action.button', 'x'.repeat(21)), 'foo', 1);
    assert.deepEqual(validateNativeValue(payload, format, 'WhatsApp').map((p) => [p.rule, p.path]), [
      ['channel-limit', 'interactive.action.button'],
      ['unknown-property', 'foo'],
    ]);
    for (const message of Object.values(VALID)) assert.deepEqual(validateNativeValue(message, format, 'WhatsApp'), []);
  });
});

describe('a long native message', () => {
  const rows = Array.from({ length: 5000 }, (_, i) => ({ id: `r${i}`, title: `Row ${i}` }));
  const text = JSON.stringify(withValue(LIST, 'interactive.action.sections[0].rows', rows));

  it('is cancellable: the walk stops when the caller no longer wants it', () => {
    let polls = 0;
    const walked = checkNativeDocument(parseJsonDocument(text), NATIVE_FORMATS.whatsapp!, {
      channelName: 'WhatsApp',
      isCancelled: () => ++polls > 2,
    });
    assert.equal(walked.cancelled, true);
    assert.equal(polls, 3, 'polled now and then, not once per value');
    assert.equal(checkDocument(text, 'universal-message', { channelSpecific: 'whatsapp', isCancelled: () => true }).cancelled, true);
  });

  it('reports the total of rows once, however many rows', () => {
    const repeated = rows.map((r, i) => ({ ...r, id: `r${i % 2}` }));
    const ds = check(JSON.stringify(withValue(LIST, 'interactive.action.sections[0].rows', repeated)));
    const total = ds.filter((d) => d.message.includes('rows in all'));
    assert.equal(total.length, 1);
    assert.match(total[0].message, /has 5,000 rows in all: WhatsApp allows at most 10/);
  });
});

describe('the universal translation is validated by the same model', () => {
  it('what render prints for a card is judged by the native format, each problem with the card rules that explain it', () => {
    const payload = CHANNELS.whatsapp.translate({
      type: 'rich', title: 'T', description: 'd'.repeat(61),
      insideActions: [1, 2].map(() => ({ type: 'reply', display: 'Same', payload: 'P' })),
    });
    assert.deepEqual(CHANNELS.whatsapp.validate(payload).map((p) => [p.path, p.message, p.explainedBy]), [
      ['interactive.footer.text',
        'interactive.footer.text has 61 characters: WhatsApp allows at most 60 (footer text).', ['channel-limit']],
      ['interactive.action.buttons[1].reply.id',
        'interactive.action.buttons[1].reply.id repeats the id "P" of interactive.action.buttons[0].reply.id: ' +
          'WhatsApp requires each id to be unique (button action buttons).', ['channel-limit']],
      ['interactive.action.buttons[1].reply.title',
        'interactive.action.buttons[1].reply.title repeats the title "Same" of interactive.action.buttons[0].reply.title: ' +
          'WhatsApp requires each title to be unique (button action buttons).', ['channel-limit']],
    ]);
  });
});

describe('the universal form: a rich card for WhatsApp alone', () => {
  const card = (description: string, buttons: number) => JSON.stringify({
    type: 'rich',
    title: 'Today',
    description,
    insideActions: Array.from({ length: buttons }, (_, i) => ({ type: 'reply', display: `B${i}`, payload: `p${i}` })),
  });

  it('a 61-character description gets the WhatsApp finding only', () => {
    const ds = check(card('d'.repeat(61), 1));
    assert.deepEqual(ds.map((d) => [d.rule, d.channels, d.message]), [
      ['channel-limit', ['whatsapp'], 'description has 61 characters: over WhatsApp\'s 60.'],
    ]);
    assert.deepEqual(check(card('d'.repeat(60), 1)), []);
  });

  it('an 81-character description: as NAME.umsg Messenger is named too, as NAME.whatsapp.umsg WhatsApp alone', () => {
    const text = card('d'.repeat(81), 1);
    const everywhere = checkDocument(text, 'universal-message').diagnostics;
    assert.deepEqual(everywhere.map((d) => d.channels), [['messenger', 'whatsapp']]);
    assert.deepEqual(check(text).map((d) => [d.channels, d.message]),
      [[['whatsapp'], 'description has 81 characters: over WhatsApp\'s 60.']]);
  });

  it('four buttons are flagged; three are not', () => {
    assert.deepEqual(check(card('d', 4)).map((d) => [d.rule, d.message]),
      [['channel-limit', 'insideActions has 4 actions: over WhatsApp\'s 3.']]);
    assert.deepEqual(check(card('d', 3)), []);
  });

  it('with WhatsApp off, the same file is clean', () => {
    assert.deepEqual(check(card('d'.repeat(61), 4), { off: true }), []);
  });

  it('universal rules still run: a missing title is reported', () => {
    assert.deepEqual(check('{ "type": "rich", "description": "d" }').map((d) => d.rule), ['card-required']);
  });
});
