/**
 * Google Business Messages' native form at its edges, as a builder writes NAME.gbm.umsg:
 * every limit at the limit (clean) and one over (flagged, on the value), every "exactly one
 * of" group, every enumeration, the required fields, URL and RFC 3966 phone forms, and
 * templates in each kind of value. The numbers are the Business Messages reference's
 * (conversations.messages), written again by hand so that a wrong number in the format fails.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SampleData } from '../../../server/src/core/template/render';
import { chars, clean, nativeCheck, one, put, times } from '../../support/nativeCheck';

const check = (message: unknown, sample?: SampleData) => nativeCheck('gbm', message, sample);

const text = {
  text: 'Hello! What would you like?',
  suggestions: [{ reply: { text: 'Menu', postbackData: 'MENU' } }],
  fallback: 'Hello! Reply MENU for the menu.',
  containsRichText: false,
};
const content = 'richCard.standaloneCard.cardContent';
const card = {
  richCard: {
    standaloneCard: {
      cardContent: {
        title: 'Pasta',
        description: 'Fresh every day',
        media: {
          height: 'MEDIUM',
          contentInfo: {
            fileUrl: 'https://example.com/pasta.png',
            thumbnailUrl: 'https://example.com/t.png',
            forceRefresh: false,
            altText: 'A plate',
          },
        },
        suggestions: [
          { action: { text: 'Call us', postbackData: 'CALL', dialAction: { phoneNumber: '+1-201-555-0123' } } },
          { action: { text: 'Website', postbackData: 'SITE', openUrlAction: { url: 'https://example.com' } } },
          { reply: { text: 'Order', postbackData: 'ORDER' } },
        ],
      },
    },
  },
  fallback: 'Pasta: fresh every day',
};
const carousel = {
  richCard: {
    carouselCard: { cardWidth: 'MEDIUM', cardContents: [{ title: 'Pasta', description: 'a' }, { title: 'Pizza', description: 'b' }] },
  },
};
const image = { image: { contentInfo: { fileUrl: 'https://example.com/a.png' } } };
const help = {
  text: 'Need help?',
  suggestions: [
    { liveAgentRequest: {} },
    {
      authenticationRequest: {
        oauth: { clientId: 'app', codeChallenge: 'E9Melhoa2Owv', scopes: ['profile'], codeChallengeMethod: 'S256' },
      },
    },
  ],
};

describe('Google Business Messages native form: realistic messages are clean', () => {
  for (const [name, message] of Object.entries({ text, card, carousel, image, help })) it(name, () => clean(check(message), name));
});

describe('Google Business Messages native form: lengths, at the limit and one over (code points)', () => {
  const cases: [string, unknown, string, number][] = [
    ['text', text, 'text', 3072],
    ['fallback', text, 'fallback', 3072],
    ['card title', card, `${content}.title`, 200],
    ['card description', card, `${content}.description`, 2000],
    ['suggested reply text', text, 'suggestions.0.reply.text', 25],
    ['suggested reply postback data', text, 'suggestions.0.reply.postbackData', 2048],
    ['suggested action text', card, `${content}.suggestions.0.action.text`, 25],
    ['suggested action postback data', card, `${content}.suggestions.0.action.postbackData`, 2048],
  ];
  for (const [what, base, path, limit] of cases) {
    it(`${what}: ${limit}`, () => {
      clean(check(put(base, path, chars(limit))), `${what} at ${limit}`);
      const over = chars(limit + 1);
      const f = one(check(put(base, path, over)), 'channel-limit', `${what} at ${limit + 1}`);
      assert.equal(f.at, JSON.stringify(over));
      assert.match(f.message, /Google Business Messages allows at most/);
    });
  }
});

describe('Google Business Messages native form: counts, at the limit and one over', () => {
  const reply = (i: number) => ({ reply: { text: `R${i}`, postbackData: `R${i}` } });
  const cases: [string, unknown, string, (i: number) => unknown, number, number?][] = [
    ['suggestion chips on a message', text, 'suggestions', reply, 13],
    ['suggestions on a card', card, `${content}.suggestions`, reply, 4],
    ['cards in a carousel', carousel, 'richCard.carouselCard.cardContents', (i) => ({ title: `Card ${i}` }), 10, 2],
  ];
  for (const [what, base, path, item, max, min] of cases) {
    it(`${what}: at most ${max}${min ? `, at least ${min}` : ''}`, () => {
      clean(check(put(base, path, times(max, item))), `${what}: ${max}`);
      assert.match(one(check(put(base, path, times(max + 1, item))), 'channel-limit', `${what}: ${max + 1}`).message,
        new RegExp(`has ${max + 1} items: Google Business Messages allows at most ${max}`));
      if (min) {
        clean(check(put(base, path, times(min, item))), `${what}: ${min}`);
        assert.match(one(check(put(base, path, times(min - 1, item))), 'channel-limit', `${what}: ${min - 1}`).message,
          new RegExp(`requires at least ${min}`));
      }
    });
  }
});

describe('Google Business Messages native form: "exactly one of" groups', () => {
  it('a message is text, an image or a rich card', () => {
    assert.match(one(check({ fallback: 'Hi' }), 'native-required', 'none').message, /needs one of text, image or richCard/);
    assert.equal(one(check({ ...image, richCard: carousel.richCard }), 'native-required', 'image and card').at, '"richCard"');
    assert.equal(one(check({ text: 'Hi', ...image }), 'native-required', 'text and image').at, '"image"');
  });
  it('a rich card is a standalone card or a carousel', () => {
    one(check({ richCard: {} }), 'native-required', 'none');
    assert.equal(one(check(put(card, 'richCard.carouselCard', carousel.richCard.carouselCard)), 'native-required', 'both').at,
      '"carouselCard"');
  });
  it('a suggestion is one of reply, action, live agent request and authentication request', () => {
    assert.match(one(check(put(text, 'suggestions.0', {})), 'native-required', 'none').message,
      /reply, action, liveAgentRequest or authenticationRequest/);
    const both = { reply: { text: 'A', postbackData: 'A' }, liveAgentRequest: {} };
    assert.equal(one(check(put(text, 'suggestions.0', both)), 'native-required', 'both').at, '"liveAgentRequest"');
  });
  it('a suggested action opens a URL or dials', () => {
    const action = `${content}.suggestions.0.action`;
    assert.match(one(check(put(card, `${action}.dialAction`, undefined)), 'native-required', 'none').message, /openUrlAction or dialAction/);
    one(check(put(card, `${action}.openUrlAction`, { url: 'https://example.com' })), 'native-required', 'both');
  });
});

describe('Google Business Messages native form: enumerations', () => {
  it('media height: HEIGHT_UNSPECIFIED, SHORT, MEDIUM, TALL', () => {
    for (const h of ['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL']) clean(check(put(card, `${content}.media.height`, h)), h);
    const f = one(check(put(card, `${content}.media.height`, 'tall')), 'native-value', 'tall');
    assert.match(f.message, /did you mean "TALL"\?/);
  });
  it('card width: CARD_WIDTH_UNSPECIFIED, SMALL, MEDIUM', () => {
    for (const w of ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM']) clean(check(put(carousel, 'richCard.carouselCard.cardWidth', w)), w);
    assert.equal(one(check(put(carousel, 'richCard.carouselCard.cardWidth', 'LARGE')), 'native-value', 'LARGE').at, '"LARGE"');
  });
});

describe('Google Business Messages native form: required fields', () => {
  const cases: [string, unknown, string, string][] = [
    ['an image\'s content info', image, 'image.contentInfo', 'contentInfo'],
    ['a file URL', image, 'image.contentInfo.fileUrl', 'fileUrl'],
    ['card media\'s content info', card, `${content}.media.contentInfo`, 'contentInfo'],
    ['a standalone card\'s content', card, 'richCard.standaloneCard.cardContent', 'cardContent'],
    ['a carousel\'s cards', carousel, 'richCard.carouselCard.cardContents', 'cardContents'],
    ['a suggested reply\'s text', text, 'suggestions.0.reply.text', 'text'],
    ['a suggested action\'s text', card, `${content}.suggestions.0.action.text`, 'text'],
    ['a dial action\'s number', card, `${content}.suggestions.0.action.dialAction.phoneNumber`, 'phoneNumber'],
    ['an open-URL action\'s url', card, `${content}.suggestions.1.action.openUrlAction.url`, 'url'],
    ['an authentication request\'s OAuth details', help, 'suggestions.1.authenticationRequest.oauth', 'oauth'],
    ['an OAuth client id', help, 'suggestions.1.authenticationRequest.oauth.clientId', 'clientId'],
    ['an OAuth code challenge', help, 'suggestions.1.authenticationRequest.oauth.codeChallenge', 'codeChallenge'],
    ['OAuth scopes', help, 'suggestions.1.authenticationRequest.oauth.scopes', 'scopes'],
  ];
  for (const [what, base, path, name] of cases) {
    it(what, () => {
      const f = one(check(put(base, path, undefined)), 'native-required', what);
      assert.match(f.message, new RegExp(`needs ${name}: Google Business Messages rejects it without`));
    });
  }
  it('a postback data is optional', () => clean(check(put(text, 'suggestions.0.reply.postbackData', undefined)), 'no postbackData'));
});

describe('Google Business Messages native form: URL, phone and boolean forms', () => {
  it('a dial action\'s number is an RFC 3966 global number', () => {
    const path = `${content}.suggestions.0.action.dialAction.phoneNumber`;
    for (const good of ['+1-201-555-0123', '+12015550123']) clean(check(put(card, path, good)), good);
    for (const bad of ['201-555-0123', '(201) 555-0123']) {
      assert.match(one(check(put(card, path, bad)), 'native-value', bad).message, /a global number, such as \+1-201-555-0123/);
    }
  });
  it('file, thumbnail and open-URL addresses are absolute http or https URLs', () => {
    for (const path of [`${content}.media.contentInfo.fileUrl`, `${content}.media.contentInfo.thumbnailUrl`,
      `${content}.suggestions.1.action.openUrlAction.url`]) {
      assert.equal(one(check(put(card, path, 'www.example.com/a.png')), 'native-value', path).at, '"www.example.com/a.png"');
    }
  });
  it('containsRichText and forceRefresh are true or false', () => {
    one(check(put(text, 'containsRichText', 'true')), 'value-type', 'containsRichText');
    one(check(put(card, `${content}.media.contentInfo.forceRefresh`, 0)), 'value-type', 'forceRefresh');
  });
});

describe('Google Business Messages native form: the platform\'s fields', () => {
  it('name, messageId and representative: one information each, on the key', () => {
    const shown = check({
      name: 'conversations/1/messages/2',
      messageId: 'm-1',
      representative: { representativeType: 'BOT' },
      text: 'Hi',
    });
    assert.deepEqual(shown.map((f) => [f.rule, f.severity, f.at]), [
      ['native-platform-field', 'information', '"name"'],
      ['native-platform-field', 'information', '"messageId"'],
      ['native-platform-field', 'information', '"representative"'],
    ]);
  });
  it('a misspelt field is named with what was meant', () => {
    assert.match(one(check({ text: 'Hi', suggestion: [] }), 'unknown-property', 'suggestion').message, /did you mean "suggestions"\?/);
  });
});

describe('Google Business Messages native form: templates in each kind of value', () => {
  it('a string with a template: the static part is a lower bound; the sample data gives the verdict', () => {
    const msg = '{ "text": "Hi", "suggestions": [ ' +
      '{ "reply": { "text": "${dish}, today only, fresh from the oven", "postbackData": "P" } } ] }';
    assert.match(one(check(msg), 'channel-limit', 'static 33').message, /at least 33 characters without its templates/);
    const short = '{ "text": "Hi", "suggestions": [ { "reply": { "text": "${dish}!", "postbackData": "P" } } ] }';
    clean(check(short, { dish: 'Pasta' }), 'Pasta!');
    assert.equal(one(check(short, { dish: chars(25) }), 'channel-limit', '26 rendered').at, '${dish}');
  });
  it('a wholly templated URL, enumeration, boolean, object and array', () => {
    const msg = '{ "richCard": { "standaloneCard": { "cardContent": { "title": "Pasta", ' +
      '"media": { "height": ${height}, "contentInfo": { "fileUrl": ${url}, "forceRefresh": ${fresh} } }, "suggestions": ${chips} } } } }';
    clean(check(msg), 'no sample');
    const good = { height: 'TALL', url: 'https://example.com/p.png', fresh: true, chips: [{ reply: { text: 'Order', postbackData: 'O' } }] };
    clean(check(msg, good), 'good sample');
    assert.equal(one(check(msg, { ...good, height: 'BIG' }), 'native-value', 'height').at, '${height}');
    assert.equal(one(check(msg, { ...good, url: 'example.com/p.png' }), 'native-value', 'url').at, '${url}');
    assert.equal(one(check(msg, { ...good, fresh: 'no' }), 'value-type', 'fresh').at, '${fresh}');
    assert.equal(one(check(msg, { ...good, chips: times(5, () => good.chips[0]) }), 'channel-limit', 'chips').at, '${chips}');
    const object = '{ "image": ${picture} }';
    clean(check(object), 'no sample');
    assert.match(one(check(object, { picture: {} }), 'native-required', 'empty image').message, /needs contentInfo/);
  });
});
