/**
 * RCS Business Messaging's native form at its edges, as a builder writes NAME.rcs.umsg (RCS
 * turned on: it is off by default): every limit at the limit (clean) and one over (flagged, on
 * the value), every "exactly one of" and "at most one of" group, every enumeration, the ranges
 * of a location, the required fields, URL and E.164 phone forms, and templates in each kind of
 * value. The numbers are the agent message reference's (phones.agentMessages), written again
 * by hand so that a wrong number in the format fails.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDocument } from '../../../server/src/core/check/run';
import type { SampleData } from '../../../server/src/core/template/render';
import { chars, clean, nativeCheck, one, put, times } from '../../support/nativeCheck';

const check = (message: unknown, sample?: SampleData) => nativeCheck('rcs', message, sample);

const text = { text: 'Hello! What would you like?', suggestions: [{ reply: { text: 'Menu', postbackData: 'MENU' } }] };
const content = 'richCard.standaloneCard.cardContent';
const action = `${content}.suggestions`;
const card = {
  richCard: {
    standaloneCard: {
      cardOrientation: 'HORIZONTAL',
      thumbnailImageAlignment: 'LEFT',
      cardContent: {
        title: 'Pasta',
        description: 'Fresh every day',
        media: {
          height: 'MEDIUM',
          contentInfo: { fileUrl: 'https://example.com/p.png', thumbnailUrl: 'https://example.com/t.png', forceRefresh: false },
        },
        suggestions: [
          { action: { text: 'Call us', postbackData: 'CALL', dialAction: { phoneNumber: '+12223334444' } } },
          {
            action: {
              text: 'Find us',
              postbackData: 'MAP',
              viewLocationAction: { latLong: { latitude: 37.42, longitude: -122.08 }, label: 'Shop' },
            },
          },
          {
            action: {
              text: 'Book',
              postbackData: 'BOOK',
              fallbackUrl: 'https://example.com/book',
              createCalendarEventAction: {
                startTime: '2026-06-12T15:00:00Z',
                endTime: '2026-06-12T16:00:00Z',
                title: 'Dinner',
                description: 'Table 4',
              },
            },
          },
          { action: { text: 'Website', postbackData: 'SITE', openUrlAction: { url: 'https://example.com' } } },
        ],
      },
    },
  },
  suggestions: [{ action: { text: 'Share location', postbackData: 'LOC', shareLocationAction: {} } }],
};
const carousel = {
  richCard: {
    carouselCard: { cardWidth: 'SMALL', cardContents: [{ title: 'Pasta', media: { fileName: 'files/pasta' } }, { title: 'Pizza' }] },
  },
};
const files = [
  { contentInfo: { fileUrl: 'https://example.com/menu.pdf' } },
  { fileName: 'files/menu' },
  { uploadedRbmFile: { fileName: 'files/menu' } },
];

describe('RCS native form: realistic messages are clean', () => {
  for (const [name, message] of Object.entries({ text, card, carousel })) it(name, () => clean(check(message), name));
  it('a file by URL, by name and as an uploaded file', () => { for (const f of files) clean(check(f), JSON.stringify(f)); });
});

describe('RCS native form: lengths, at the limit and one over (code points)', () => {
  const cases: [string, unknown, string, number][] = [
    ['card title', card, `${content}.title`, 200],
    ['card description', card, `${content}.description`, 2000],
    ['suggested reply text', text, 'suggestions.0.reply.text', 25],
    ['suggested reply postback data', text, 'suggestions.0.reply.postbackData', 2048],
    ['suggested action text', card, `${action}.0.action.text`, 25],
    ['suggested action postback data', card, `${action}.0.action.postbackData`, 2048],
  ];
  for (const [what, base, path, limit] of cases) {
    it(`${what}: ${limit}`, () => {
      clean(check(put(base, path, chars(limit))), `${what} at ${limit}`);
      const over = chars(limit + 1);
      const f = one(check(put(base, path, over)), 'channel-limit', `${what} at ${limit + 1}`);
      assert.equal(f.at, JSON.stringify(over));
      assert.match(f.message, /RCS allows at most/);
    });
  }
});

describe('RCS native form: counts, at the limit and one over', () => {
  const reply = (i: number) => ({ reply: { text: `R${i}`, postbackData: `R${i}` } });
  const cases: [string, unknown, string, (i: number) => unknown, number, number?][] = [
    ['suggestion chips on a message', text, 'suggestions', reply, 11],
    ['suggestions on a card', card, action, reply, 4],
    ['cards in a carousel', carousel, 'richCard.carouselCard.cardContents', (i) => ({ description: `Card ${i}` }), 10, 2],
  ];
  for (const [what, base, path, item, max, min] of cases) {
    it(`${what}: at most ${max}${min ? `, at least ${min}` : ''}`, () => {
      clean(check(put(base, path, times(max, item))), `${what}: ${max}`);
      assert.match(one(check(put(base, path, times(max + 1, item))), 'channel-limit', `${what}: ${max + 1}`).message,
        new RegExp(`has ${max + 1} items: RCS allows at most ${max}`));
      if (min) {
        clean(check(put(base, path, times(min, item))), `${what}: ${min}`);
        assert.match(one(check(put(base, path, times(min - 1, item))), 'channel-limit', `${what}: ${min - 1}`).message,
          new RegExp(`requires at least ${min}`));
      }
    });
  }
});

describe('RCS native form: "exactly one of" and "at most one of" groups', () => {
  it('a message is text, a file name, an uploaded file, a rich card or content info', () => {
    assert.match(one(check({ suggestions: text.suggestions }), 'native-required', 'none').message,
      /needs one of text, fileName, uploadedRbmFile, richCard or contentInfo/);
    assert.equal(one(check({ text: 'Menu', ...files[0] }), 'native-required', 'text and file').at, '"contentInfo"');
    assert.equal(one(check({ ...files[1], ...carousel }), 'native-required', 'name and card').at, '"richCard"');
  });
  it('a rich card is a standalone card or a carousel', () => {
    one(check({ richCard: {} }), 'native-required', 'none');
    const both = put(card, 'richCard.carouselCard', carousel.richCard.carouselCard);
    assert.equal(one(check(both), 'native-required', 'both').at, '"carouselCard"');
  });
  it('a suggestion is a reply or an action', () => {
    one(check(put(text, 'suggestions.0', {})), 'native-required', 'none');
    const both = { reply: { text: 'A', postbackData: 'A' }, action: { text: 'B', postbackData: 'B', shareLocationAction: {} } };
    assert.equal(one(check(put(text, 'suggestions.0', both)), 'native-required', 'both').at, '"action"');
  });
  it('a suggested action does one thing: dial, view a location, add an event, open a URL or share a location', () => {
    assert.match(one(check(put(card, `${action}.0.action.dialAction`, undefined)), 'native-required', 'none').message,
      /dialAction, viewLocationAction, createCalendarEventAction, openUrlAction or shareLocationAction/);
    const two = put(card, `${action}.3.action.shareLocationAction`, {});
    assert.equal(one(check(two), 'native-required', 'two').at, '"shareLocationAction"');
  });
  it('card media is a file name or content info', () => {
    one(check(put(card, `${content}.media.contentInfo`, undefined)), 'native-required', 'none');
    // The group is fileName or contentInfo: with both, the second of the group is the one to remove.
    assert.equal(one(check(put(card, `${content}.media.fileName`, 'files/pasta')), 'native-required', 'both').at, '"contentInfo"');
  });
  it('a view-location action takes a location or a query, not both', () => {
    const view = `${action}.1.action.viewLocationAction`;
    clean(check(put(card, view, { query: 'Growing Tree Bank' })), 'query');
    clean(check(put(card, view, {})), 'neither (at most one)');
    const f = one(check(put(card, `${view}.query`, 'Growing Tree Bank')), 'native-required', 'both');
    assert.match(f.message, /takes at most one of latLong or query/);
  });
});

describe('RCS native form: enumerations', () => {
  const cases: [string, unknown, string, string[], string][] = [
    ['card orientation', card, 'richCard.standaloneCard.cardOrientation',
      ['CARD_ORIENTATION_UNSPECIFIED', 'HORIZONTAL', 'VERTICAL'], 'vertical'],
    ['thumbnail alignment', card, 'richCard.standaloneCard.thumbnailImageAlignment',
      ['THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED', 'LEFT', 'RIGHT'], 'CENTER'],
    ['card width', carousel, 'richCard.carouselCard.cardWidth', ['CARD_WIDTH_UNSPECIFIED', 'SMALL', 'MEDIUM'], 'LARGE'],
    ['media height', card, `${content}.media.height`, ['HEIGHT_UNSPECIFIED', 'SHORT', 'MEDIUM', 'TALL'], 'HIGH'],
  ];
  for (const [what, base, path, good, bad] of cases) {
    it(`${what}: ${good.join(', ')}; not ${bad}`, () => {
      for (const v of good) clean(check(put(base, path, v)), `${what} ${v}`);
      const f = one(check(put(base, path, bad)), 'native-value', `${what} ${bad}`);
      assert.equal(f.at, JSON.stringify(bad));
      assert.match(f.message, /RCS accepts/);
    });
  }
});

describe('RCS native form: a location\'s ranges', () => {
  const latLong = `${action}.1.action.viewLocationAction.latLong`;
  it('latitude from -90 to 90, longitude from -180 to 180', () => {
    for (const [lat, lng] of [[90, 180], [-90, -180], [0, 0]]) {
      clean(check(put(card, latLong, { latitude: lat, longitude: lng })), `${lat},${lng}`);
    }
    for (const [lat, lng, shown] of [[90.5, 0, '90.5'], [-90.5, 0, '-90.5'], [0, 180.5, '180.5'], [0, -181, '-181']] as const) {
      assert.equal(one(check(put(card, latLong, { latitude: lat, longitude: lng })), 'native-value', `${lat},${lng}`).at, shown);
    }
  });
  it('a latitude is a number', () => {
    one(check(put(card, `${latLong}.latitude`, '37.42')), 'value-type', 'a string');
  });
});

describe('RCS native form: required fields', () => {
  const cases: [string, unknown, string, string][] = [
    ['a standalone card\'s content', card, 'richCard.standaloneCard.cardContent', 'cardContent'],
    ['a carousel\'s cards', carousel, 'richCard.carouselCard.cardContents', 'cardContents'],
    ['a suggested reply\'s text', text, 'suggestions.0.reply.text', 'text'],
    ['a suggested reply\'s postback data', text, 'suggestions.0.reply.postbackData', 'postbackData'],
    ['a suggested action\'s text', card, `${action}.0.action.text`, 'text'],
    ['a suggested action\'s postback data', card, `${action}.0.action.postbackData`, 'postbackData'],
    ['a dial action\'s number', card, `${action}.0.action.dialAction.phoneNumber`, 'phoneNumber'],
    ['an open-URL action\'s url', card, `${action}.3.action.openUrlAction.url`, 'url'],
    ['a latitude', card, `${action}.1.action.viewLocationAction.latLong.latitude`, 'latitude'],
    ['a longitude', card, `${action}.1.action.viewLocationAction.latLong.longitude`, 'longitude'],
    ['a file URL', card, `${content}.media.contentInfo.fileUrl`, 'fileUrl'],
  ];
  for (const [what, base, path, name] of cases) {
    it(what, () => {
      const f = one(check(put(base, path, undefined)), 'native-required', what);
      assert.match(f.message, new RegExp(`needs ${name}: RCS rejects it without`));
    });
  }
});

describe('RCS native form: URL, phone and boolean forms', () => {
  it('a dial action\'s number is E.164: + and digits only', () => {
    const path = `${action}.0.action.dialAction.phoneNumber`;
    for (const bad of ['+1-222-333-4444', '12223334444', '+1 222 333 4444']) {
      assert.match(one(check(put(card, path, bad)), 'native-value', bad).message, /\+ and digits only/);
    }
  });
  it('file, thumbnail, fallback and open-URL addresses are absolute http or https URLs', () => {
    const paths = [`${content}.media.contentInfo.fileUrl`, `${content}.media.contentInfo.thumbnailUrl`, `${action}.2.action.fallbackUrl`,
      `${action}.3.action.openUrlAction.url`];
    for (const path of paths) {
      assert.equal(one(check(put(card, path, 'mailto:shop@example.com')), 'native-value', path).at, '"mailto:shop@example.com"');
    }
  });
  it('forceRefresh is true or false', () => {
    one(check(put(card, `${content}.media.contentInfo.forceRefresh`, 'false')), 'value-type', 'string');
  });
  it('a misspelt field is named with what was meant', () => {
    const f = one(check(put(card, `${action}.3.action.openUrlAction.uri`, 'x')), 'unknown-property', 'uri');
    assert.match(f.message, /did you mean "url"\?/);
  });
});

describe('RCS native form: templates in each kind of value', () => {
  it('a string with a template: the static part is a lower bound; the sample data gives the verdict', () => {
    const msg = '{ "text": "Hi", "suggestions": [ ' +
      '{ "reply": { "text": "Book ${day} for dinner, table for two", "postbackData": "B" } } ] }';
    assert.match(one(check(msg), 'channel-limit', 'static').message, /at least 31 characters without its templates/);
    const short = '{ "text": "Hi", "suggestions": [ { "reply": { "text": "Book ${day}", "postbackData": "B" } } ] }';
    clean(check(short, { day: 'Friday' }), 'Book Friday');
    assert.equal(one(check(short, { day: chars(21) }), 'channel-limit', 'long day').at, '${day}');
  });
  it('a wholly templated number, string, enumeration, object and array', () => {
    const msg = '{ "richCard": { "standaloneCard": { "cardOrientation": ${orientation}, "cardContent": { "title": ${title}, ' +
      '"suggestions": [ { "action": { "text": "Map", "postbackData": "M", "viewLocationAction": { "latLong": ' +
      '{ "latitude": ${lat}, "longitude": 0 } } } } ] } } }, "suggestions": ${chips} }';
    clean(check(msg), 'no sample');
    const good = { orientation: 'VERTICAL', title: 'Pasta', lat: 45.5, chips: [{ reply: { text: 'OK', postbackData: 'OK' } }] };
    clean(check(msg, good), 'good sample');
    assert.equal(one(check(msg, { ...good, lat: 91 }), 'native-value', 'lat 91').at, '${lat}');
    assert.equal(one(check(msg, { ...good, lat: 'north' }), 'value-type', 'lat north').at, '${lat}');
    assert.equal(one(check(msg, { ...good, title: chars(201) }), 'channel-limit', 'title').at, '${title}');
    assert.equal(one(check(msg, { ...good, orientation: 'DIAGONAL' }), 'native-value', 'orientation').at, '${orientation}');
    assert.equal(one(check(msg, { ...good, chips: times(12, () => good.chips[0]) }), 'channel-limit', 'chips').at, '${chips}');
    const object = '{ "contentInfo": ${file} }';
    clean(check(object), 'no sample');
    assert.match(one(check(object, { file: { thumbnailUrl: 'https://example.com/t.png' } }), 'native-required', 'no fileUrl').message,
      /needs fileUrl/);
  });
});

describe('RCS is off by default: its native findings are advisory until it is turned on', () => {
  it('no finding with the default config, findings with rcs on', () => {
    const bad = JSON.stringify({ text: 'Hi', suggestions: [{ reply: { text: chars(26), postbackData: 'P' } }] });
    assert.deepEqual(checkDocument(bad, 'universal-message', { channelSpecific: 'rcs' }).diagnostics, []);
    one(check(bad), 'channel-limit', 'rcs on');
  });
});
