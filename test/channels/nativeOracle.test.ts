/**
 * The independent validator (test/support/nativeOracle.ts, written from the API pages) accepts
 * realistic messages and rejects broken ones; it accepts every message generated valid from a
 * native format (test/support/nativeArbitrary.ts); and the native formats agree with it on
 * seeded single mutations of valid messages: what one rejects, the other rejects.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CHANNELS } from '../../server/src/core/channels';
import { NATIVE_FORMATS, validateNativeValue } from '../../server/src/core/channels/native';
import type { JsonValue } from '../../server/src/core/template/templateEval';
import { validNative } from '../support/nativeArbitrary';
import { oracleProblems, type OracleChannel } from '../support/nativeOracle';
import { runs } from '../support/runs';

const VALID: Record<OracleChannel, JsonValue[]> = {
  whatsapp: [
    { type: 'text', text: { body: 'Today: cacio e pepe. https://example.com/menu', preview_url: true }, context: { message_id: 'wamid.A' } },
    { type: 'image', image: { link: 'https://example.com/pasta.png', caption: 'Fresh pasta' }, biz_opaque_callback_data: 'promo-7' },
    { type: 'document', document: { id: '1013859600285441', caption: 'Menu', filename: 'menu.pdf' } },
    { type: 'location', location: { latitude: 41.9, longitude: 12.5, name: 'Trattoria Sole', address: 'Via Roma 1' } },
    {
      type: 'contacts',
      contacts: [{
        name: { formatted_name: 'Ada Rossi', first_name: 'Ada' },
        phones: [{ phone: '+39 06 555 0101', type: 'WORK', wa_id: '390655501' }],
        emails: [{ email: 'ada@example.com', type: 'WORK' }],
        org: { company: 'Trattoria Sole' },
      }],
    },
    { type: 'reaction', reaction: { message_id: 'wamid.B', emoji: '👍' } },
    { type: 'template', template: { name: 'order_ready', language: { code: 'en_US' }, components: [{ type: 'body' }] } },
    {
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'image', image: { link: 'https://example.com/p.png' } },
        body: { text: 'Your table for two at 8pm?' },
        footer: { text: 'Trattoria Sole' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'YES', title: 'Confirm' } },
            { type: 'reply', reply: { id: 'NO', title: 'Change' } },
          ],
        },
      },
    },
    {
      type: 'interactive',
      interactive: {
        type: 'list',
        header: { type: 'text', text: 'Menu' },
        body: { text: 'Pick a dish.' },
        action: {
          button: 'See dishes',
          sections: [
            {
              title: 'Pasta',
              rows: [{ id: 'CACIO', title: 'Cacio e pepe', description: 'Pecorino, pepper' }, { id: 'CARB', title: 'Carbonara' }],
            },
            { title: 'Pizza', rows: [{ id: 'MARG', title: 'Margherita' }] },
          ],
        },
      },
    },
    {
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        header: { type: 'text', text: 'Book online' },
        body: { text: 'Tap to see free tables.' },
        action: { name: 'cta_url', parameters: { display_text: 'See tables', url: 'https://example.com/book' } },
      },
    },
    {
      type: 'interactive',
      interactive: { type: 'product', body: { text: 'Our olive oil' }, action: { catalog_id: '1234', product_retailer_id: 'OIL-1' } },
    },
    {
      type: 'interactive',
      interactive: {
        type: 'product_list',
        header: { type: 'text', text: 'Pantry' },
        body: { text: 'Take home our best.' },
        footer: { text: 'Sole Market' },
        action: {
          catalog_id: '1234',
          sections: [
            { title: 'Oils', product_items: [{ product_retailer_id: 'OIL-1' }, { product_retailer_id: 'OIL-2' }] },
            { title: 'Pasta', product_items: [{ product_retailer_id: 'PASTA-1' }] },
          ],
        },
      },
    },
    {
      type: 'interactive',
      interactive: {
        type: 'flow',
        body: { text: 'Book a table in a few taps.' },
        action: {
          name: 'flow',
          parameters: {
            flow_message_version: '3',
            flow_id: '1234567',
            flow_cta: 'Book',
            flow_token: 'tok-1',
            flow_action: 'navigate',
            flow_action_payload: { screen: 'BOOKING', data: { party: 2 } },
          },
        },
      },
    },
    {
      type: 'interactive',
      interactive: { type: 'location_request_message', body: { text: 'Where should we deliver?' }, action: { name: 'send_location' } },
    },
    {
      type: 'interactive',
      interactive: {
        type: 'catalog_message',
        body: { text: 'Browse the market.' },
        footer: { text: 'Sole Market' },
        action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'OIL-1' } },
      },
    },
  ],
  messenger: [
    {
      text: 'Pick a dish',
      quick_replies: [{ content_type: 'text', title: 'Pasta', payload: 'PASTA', image_url: 'https://example.com/p.png' }],
    },
    {
      attachment: {
        type: 'template',
        payload: {
          template_type: 'generic',
          elements: [
            {
              title: 'Pasta',
              subtitle: 'Fresh',
              image_url: 'https://example.com/pasta.png',
              default_action: { type: 'web_url', url: 'https://example.com/pasta' },
              buttons: [
                { type: 'postback', title: 'Order', payload: 'ORDER' },
                { type: 'phone_number', title: 'Call', payload: '+16505551234' },
              ],
            },
            { title: 'Pizza', buttons: [{ type: 'web_url', title: 'Menu', url: 'https://example.com/menu' }] },
          ],
        },
      },
      quick_replies: [{ content_type: 'user_email' }],
    },
    {
      attachment: {
        type: 'template',
        payload: { template_type: 'button', text: 'Sign in', buttons: [{ type: 'account_link', url: 'https://example.com/auth' }] },
      },
    },
    { attachment: { type: 'video', payload: { attachment_id: '1857777774821032' } } },
  ],
  gbm: [
    {
      text: 'Hi! **Menu** below.',
      containsRichText: true,
      suggestions: [{ reply: { text: 'Menu', postbackData: 'MENU' } }, { liveAgentRequest: {} }],
    },
    {
      richCard: {
        carouselCard: {
          cardWidth: 'SMALL',
          cardContents: [
            { title: 'Pasta', media: { height: 'SHORT', contentInfo: { fileUrl: 'https://example.com/p.png' } } },
            { title: 'Pizza', suggestions: [{ action: { text: 'Call', dialAction: { phoneNumber: '+1-201-555-0123' } } }] },
          ],
        },
      },
      fallback: 'Pasta, Pizza',
    },
    { image: { contentInfo: { fileUrl: 'https://example.com/a.png', altText: 'A plate' } } },
  ],
  rcs: [
    { text: 'Hello', suggestions: [{ action: { text: 'Share location', postbackData: 'L', shareLocationAction: {} } }] },
    {
      richCard: {
        standaloneCard: {
          cardOrientation: 'VERTICAL',
          cardContent: {
            title: 'Pasta',
            media: { height: 'TALL', contentInfo: { fileUrl: 'https://example.com/p.png', forceRefresh: true } },
            suggestions: [
              { action: { text: 'Call', postbackData: 'C', dialAction: { phoneNumber: '+12223334444' } } },
              { action: { text: 'Map', postbackData: 'M', viewLocationAction: { latLong: { latitude: 37.4, longitude: -122.1 } } } },
              { action: { text: 'Book', postbackData: 'B', createCalendarEventAction: { startTime: '2026-06-12T15:00:00Z' } } },
            ],
          },
        },
      },
    },
    { fileName: 'files/menu' },
  ],
};

const BROKEN: [OracleChannel, JsonValue, string][] = [
  ['whatsapp', { type: 'image', image: { id: '1', link: 'https://e.com/a.png' } }, 'takes only one of id, link'],
  ['whatsapp', { type: 'interactive', interactive: { type: 'list', body: { text: 'Menu' } } }, 'action: is required'],
  ['whatsapp', { type: 'interactive', interactive: { type: 'lists', body: { text: 'Menu' } } }, 'must be one of button, list'],
  ['whatsapp', { type: 'location', location: { latitude: 100, longitude: 0 } }, 'must be from -90 to 90'],
  ['whatsapp', {
    type: 'interactive',
    interactive: {
      type: 'button',
      body: { text: 'Sure?' },
      action: { buttons: [{ type: 'reply', reply: { id: 'A', title: 'Yes' } }, { type: 'reply', reply: { id: 'A', title: 'No' } }] },
    },
  }, 'repeats another button\'s id'],
  ['whatsapp', {
    type: 'interactive',
    interactive: {
      type: 'list',
      body: { text: 'x'.repeat(4097) },
      action: { button: 'Open', sections: [{ rows: [{ id: '1', title: 'A' }] }] },
    },
  }, 'longer than 4096'],
  ['whatsapp', {
    type: 'interactive',
    interactive: { type: 'product', header: { type: 'text', text: 'Oil' }, action: { catalog_id: '1', product_retailer_id: 'OIL' } },
  }, 'header: is not a field here'],
  ['whatsapp', {
    type: 'interactive',
    interactive: {
      type: 'location_request_message',
      body: { text: 'Where?' },
      footer: { text: 'Thanks' },
      action: { name: 'send_location' },
    },
  }, 'footer: is not a field here'],
  ['whatsapp', {
    type: 'interactive',
    interactive: { type: 'product_list', body: { text: 'Pantry' }, action: { catalog_id: '1', sections: [{ product_items: [] }] } },
  }, 'header: is required'],
  ['whatsapp', {
    type: 'interactive',
    interactive: {
      type: 'flow',
      body: { text: 'Book' },
      action: { name: 'flow', parameters: { flow_message_version: '3', flow_id: '1', flow_name: 'booking', flow_cta: 'Book' } },
    },
  }, 'takes only one of flow_id, flow_name'],
  ['whatsapp', {
    type: 'interactive',
    interactive: {
      type: 'cta_url',
      body: { text: 'Book' },
      action: { name: 'cta_url', parameters: { display_text: 'Book', url: 'example.com/book' } },
    },
  }, 'absolute http or https URL'],
  ['messenger', {}, 'needs one of text, attachment'],
  ['messenger', { text: 'a', attachment: { type: 'image', payload: { url: 'https://e.com/a.png' } } }, 'takes only one of text, attachment'],
  ['messenger', { text: 'a', quick_replies: [{ content_type: 'text', title: 'x'.repeat(21), payload: 'p' }] }, 'longer than 20'],
  ['messenger', { attachment: { type: 'template', payload: { template_type: 'generic', elements: [{ subtitle: 's' }] } } },
    'title: is required'],
  ['messenger', { attachment: { type: 'template', payload: { template_type: 'button', text: 't', buttons: [] } } }, 'fewer than 1'],
  ['messenger', { attachment: { type: 'template', payload: { template_type: 'generic', elements: [] } } }, 'fewer than 1'],
  ['messenger', { text: 'a', quick_replies: [{ content_type: 'location' }] }, 'must be text, user_phone_number or user_email'],
  ['gbm', { richCard: { carouselCard: { cardContents: [{ title: 'one' }] } } }, 'fewer than 2'],
  ['gbm', { text: 'a', suggestions: [{ action: { text: 'Call', dialAction: { phoneNumber: '201 555' } } }] }, 'phone number'],
  ['gbm', { image: { contentInfo: { fileUrl: 'example.com/a.png' } } }, 'absolute http or https URL'],
  ['rcs', { text: 'a', suggestions: [{ action: { text: 'Call', postbackData: 'c', dialAction: { phoneNumber: '+1-222-333-4444' } } }] },
    'phone number'],
  ['rcs', { richCard: { standaloneCard: { cardOrientation: 'DIAGONAL', cardContent: { title: 't' } } } }, 'must be one of'],
  ['rcs', { text: 'a', suggestions: [{ reply: { text: 'OK' } }] }, 'postbackData: is required'],
];

/** What the format rejects in a payload (the platform's fields are information, not a rejection). */
function modelProblems(channel: OracleChannel, payload: JsonValue): string[] {
  return validateNativeValue(payload, NATIVE_FORMATS[channel]!, CHANNELS[channel].name)
    .filter((p) => p.rule !== 'native-platform-field')
    .map((p) => `${p.path}: ${p.message}`);
}

describe('the independent validator', () => {
  for (const channel of Object.keys(VALID) as OracleChannel[]) {
    it(`${channel}: accepts realistic messages, as the native format does`, () => {
      for (const m of VALID[channel]) {
        assert.deepEqual(oracleProblems(channel, m), [], JSON.stringify(m));
        assert.deepEqual(modelProblems(channel, m), [], JSON.stringify(m));
      }
    });
  }
  it('rejects broken messages, saying why, and the native format rejects them too', () => {
    for (const [channel, m, why] of BROKEN) {
      const problems = oracleProblems(channel, m);
      assert.ok(problems.some((p) => p.includes(why)), `${channel} ${JSON.stringify(m)}: ${problems.join('; ')}`);
      assert.ok(modelProblems(channel, m).length > 0, `${channel} ${JSON.stringify(m)}: the format accepts it`);
    }
  });
  it('accepts the fields the platform sets, as the native format does (they are information there)', () => {
    assert.deepEqual(oracleProblems('whatsapp', {
      messaging_product: 'whatsapp', recipient_type: 'individual', to: '+15551234567', type: 'text', text: { body: 'Hi' },
    }), []);
    assert.deepEqual(oracleProblems('messenger', { recipient: { id: '1' }, messaging_type: 'RESPONSE', text: 'Hi' }), []);
    assert.deepEqual(oracleProblems('gbm', { messageId: 'm', representative: { representativeType: 'BOT' }, text: 'Hi' }), []);
  });
});

describe('messages generated valid from each native format pass the independent validator', () => {
  const agree = (channel: OracleChannel, messages: fc.Arbitrary<JsonValue>, numRuns = 100) => {
    fc.assert(fc.property(messages, (m) => {
      assert.deepEqual(modelProblems(channel, m), [], 'the generator keeps to the format');
      assert.deepEqual(oracleProblems(channel, m), []);
    }), { numRuns: runs(numRuns), seed: 20261126 });
  };
  for (const channel of Object.keys(VALID) as OracleChannel[]) {
    it(channel, () => agree(channel, validNative(NATIVE_FORMATS[channel]!)));
  }
  it('whatsapp, interactive messages of every type', () => agree('whatsapp', validNative(NATIVE_FORMATS.whatsapp!, 'interactive'), 300));
});

// Seeded single mutations of the valid messages: the format and the validator agree on each.

/** A small seeded generator (mulberry32), so that a failure is replayed by its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Container = { [key: string]: JsonValue } | JsonValue[];

/** Every place of a value: its container and the key or index in it. */
type Place = { parent: Container; key: string | number };

function placesOf(value: JsonValue, out: Place[] = []): Place[] {
  if (Array.isArray(value)) value.forEach((v, i) => { out.push({ parent: value, key: i }); placesOf(v, out); });
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) { out.push({ parent: value, key: k }); placesOf(v, out); }
  }
  return out;
}

const MUTATIONS = ['delete', 'long', 'empty', 'unknown key', 'number', 'grow'] as const;

/** One mutation of a copy of `base`; undefined when the chosen mutation does not apply at the chosen place. */
function mutate(base: JsonValue, next: () => number): { value: JsonValue; what: string } | undefined {
  const value = structuredClone(base);
  const places = placesOf(value);
  const { parent, key } = places[Math.floor(next() * places.length)];
  const kind = MUTATIONS[Math.floor(next() * MUTATIONS.length)];
  const get = () => (parent as Record<string | number, JsonValue>)[key];
  const set = (v: JsonValue) => { (parent as Record<string | number, JsonValue>)[key] = v; };
  switch (kind) {
    case 'delete':
      if (Array.isArray(parent)) return undefined;
      delete parent[key as string];
      break;
    case 'long': set('x'.repeat(3100)); break;
    case 'empty': set(''); break;
    case 'unknown key': {
      const v = get();
      if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
      v.zzUnknown = 'x';
      break;
    }
    case 'number': set(7); break;
    case 'grow': {
      const v = get();
      if (!Array.isArray(v) || v.length === 0) return undefined;
      while (v.length < 14) v.push(structuredClone(v[0]));
      break;
    }
  }
  return { value, what: `${kind} at ${String(key)}` };
}

describe('the native formats agree with the independent validator on single mutations of valid messages', () => {
  for (const channel of Object.keys(VALID) as OracleChannel[]) {
    it(channel, () => {
      const seed = 20261126;
      const next = random(seed);
      let tried = 0;
      let rejected = 0;
      // Some three hundred mutations per valid message, so that each place of each message is tried.
      for (let i = 0; i < runs(300 * VALID[channel].length); i++) {
        const base = VALID[channel][i % VALID[channel].length];
        const m = mutate(base, next);
        if (!m) continue;
        tried++;
        const oracle = oracleProblems(channel, m.value);
        const model = modelProblems(channel, m.value);
        if (oracle.length > 0) rejected++;
        assert.equal(model.length > 0, oracle.length > 0,
          `seed ${seed}, run ${i}, ${m.what}: ${JSON.stringify(m.value)}\nformat: ${model.join('; ')}\nvalidator: ${oracle.join('; ')}`);
      }
      assert.ok(tried > 100 && rejected > tried / 4, `${tried} mutations, ${rejected} rejected`);
    });
  }
});
