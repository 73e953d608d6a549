/**
 * Messenger's native form at its edges, as a builder writes NAME.messenger.umsg: every limit
 * at the limit (clean) and one over (flagged, on the value), every "exactly one of" group,
 * every enumeration, the required fields, the URL and phone forms, and templates in each kind
 * of value. The numbers here are the reference pages' (developers.facebook.com, Messenger
 * Platform "Send messages": templates, buttons, quick replies), written again by hand so that
 * a wrong number in the format fails.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SampleData } from '../../../server/src/core/template/render';
import { chars, clean, nativeCheck, one, put, times } from '../../support/nativeCheck';

const check = (message: unknown, sample?: SampleData) => nativeCheck('messenger', message, sample);

const quick = { text: 'Pick a dish', quick_replies: [{ content_type: 'text', title: 'Pasta', payload: 'PASTA' }] };
const generic = {
  attachment: {
    type: 'template',
    payload: {
      template_type: 'generic',
      elements: [{
        title: 'Pasta',
        subtitle: 'Fresh every day',
        image_url: 'https://example.com/pasta.png',
        default_action: { type: 'web_url', url: 'https://example.com/pasta', webview_height_ratio: 'tall' },
        buttons: [
          { type: 'postback', title: 'Order', payload: 'ORDER_PASTA' },
          { type: 'web_url', title: 'Menu', url: 'https://example.com/menu' },
          { type: 'phone_number', title: 'Call us', payload: '+16505551234' },
        ],
      }],
    },
  },
};
const buttonTemplate = {
  attachment: {
    type: 'template',
    payload: { template_type: 'button', text: 'What next?', buttons: [{ type: 'postback', title: 'Start', payload: 'START' }] },
  },
};
const mediaTemplate = {
  attachment: {
    type: 'template',
    payload: {
      template_type: 'media',
      elements: [{ media_type: 'image', attachment_id: '1857777774821032', buttons: [{ type: 'web_url', title: 'See', url: 'https://example.com' }] }],
    },
  },
};
const image = { attachment: { type: 'image', payload: { url: 'https://example.com/a.png', is_reusable: true } } };
const element = 'attachment.payload.elements.0';

describe('Messenger native form: realistic messages are clean', () => {
  for (const [name, message] of Object.entries({ quick, generic, buttonTemplate, mediaTemplate, image })) {
    it(name, () => clean(check(message), name));
  }
});

describe('Messenger native form: lengths, at the limit and one over (code points)', () => {
  const cases: [string, unknown, string, number][] = [
    ['generic element title', generic, `${element}.title`, 80],
    ['generic element subtitle', generic, `${element}.subtitle`, 80],
    ['postback button title', generic, `${element}.buttons.0.title`, 20],
    ['postback button payload', generic, `${element}.buttons.0.payload`, 1000],
    ['URL button title', generic, `${element}.buttons.1.title`, 20],
    ['call button title', generic, `${element}.buttons.2.title`, 20],
    ['button template text', buttonTemplate, 'attachment.payload.text', 640],
    ['quick reply title', quick, 'quick_replies.0.title', 20],
    ['quick reply payload', quick, 'quick_replies.0.payload', 1000],
  ];
  for (const [what, base, path, limit] of cases) {
    it(`${what}: ${limit}`, () => {
      clean(check(put(base, path, chars(limit))), `${what} at ${limit}`);
      const over = chars(limit + 1);
      const f = one(check(put(base, path, over)), 'channel-limit', `${what} at ${limit + 1}`);
      assert.equal(f.at, JSON.stringify(over));
      const n = (x: number) => x.toLocaleString('en-US');
      assert.match(f.message, new RegExp(`has ${n(limit + 1)} characters: Messenger allows at most ${n(limit)}`));
    });
  }
  it('a message\'s text must not be empty', () => {
    clean(check({ text: 'a' }), 'one character');
    const f = one(check({ text: '' }), 'channel-limit', 'empty text');
    assert.equal(f.at, '""');
  });
});

describe('Messenger native form: counts, at the limit and one over', () => {
  const postback = (i: number) => ({ type: 'postback', title: `B${i}`, payload: `P${i}` });
  const cases: [string, unknown, string, (i: number) => unknown, number, number?][] = [
    ['generic template elements', generic, `${element.slice(0, -2)}`, (i) => ({ title: `Card ${i}`, subtitle: 's' }), 10, 1],
    ['buttons on a generic element', generic, `${element}.buttons`, postback, 3],
    ['buttons on a button template', buttonTemplate, 'attachment.payload.buttons', postback, 3, 1],
    ['buttons on a media template element', mediaTemplate, `${element}.buttons`, postback, 3],
    ['quick replies', quick, 'quick_replies', (i) => ({ content_type: 'text', title: `Q${i}`, payload: `Q${i}` }), 13],
    ['media template elements', mediaTemplate, element.slice(0, -2), () => ({ media_type: 'video', url: 'https://www.facebook.com/page/videos/1' }), 1, 1],
  ];
  for (const [what, base, path, item, max, min] of cases) {
    it(`${what}: at most ${max}${min ? `, at least ${min}` : ''}`, () => {
      clean(check(put(base, path, times(max, item))), `${what}: ${max}`);
      const f = one(check(put(base, path, times(max + 1, item))), 'channel-limit', `${what}: ${max + 1}`);
      assert.match(f.message, new RegExp(`has ${max + 1} items: Messenger allows at most ${max}`));
      if (min) {
        clean(check(put(base, path, times(min, item))), `${what}: ${min}`);
        const under = one(check(put(base, path, times(min - 1, item))), 'channel-limit', `${what}: ${min - 1}`);
        assert.match(under.message, new RegExp(`requires at least ${min}`));
      }
    });
  }
});

describe('Messenger native form: "exactly one of" groups', () => {
  it('a message has text or an attachment, not neither and not both', () => {
    const none = one(check({ quick_replies: quick.quick_replies }), 'native-required', 'neither');
    assert.match(none.message, /needs one of text or attachment: Messenger rejects it without/);
    const both = one(check({ text: 'Look', ...image }), 'native-required', 'both');
    assert.equal(both.at, '"attachment"');
    assert.match(both.message, /takes exactly one of text or attachment: text is already given, remove attachment/);
  });
  it('a media attachment\'s payload has a url or an attachment_id', () => {
    assert.match(one(check(put(image, 'attachment.payload.url', undefined)), 'native-required', 'neither').message, /url or attachment_id/);
    const both = one(check(put(image, 'attachment.payload.attachment_id', '1857777774821032')), 'native-required', 'both');
    assert.equal(both.at, '"attachment_id"');
  });
  it('a media template element has an attachment_id or a url', () => {
    assert.match(one(check(put(mediaTemplate, `${element}.attachment_id`, undefined)), 'native-required', 'neither').message,
      /attachment_id or url/);
    assert.equal(one(check(put(mediaTemplate, `${element}.url`, 'https://www.facebook.com/photo.php?fbid=1')), 'native-required', 'both').at,
      '"url"');
  });
});

describe('Messenger native form: enumerations', () => {
  const cases: [string, unknown, string, string[], string, ((v: string) => unknown)?][] = [
    ['attachment type', image, 'attachment.type', ['image', 'audio', 'video', 'file'], 'gif'],
    ['template type', buttonTemplate, 'attachment.payload.template_type', ['button'], 'list'],
    ['URL button webview height', generic, `${element}.buttons.1.webview_height_ratio`, ['compact', 'tall', 'full'], 'half'],
    ['default action webview height', generic, `${element}.default_action.webview_height_ratio`, ['compact', 'tall', 'full'], 'TALL'],
    ['default action type', generic, `${element}.default_action.type`, ['web_url'], 'postback'],
    ['media type', mediaTemplate, `${element}.media_type`, ['image', 'video'], 'audio'],
    ['quick reply content type', quick, 'quick_replies.0.content_type', ['text'], 'location'],
  ];
  for (const [what, base, path, good, bad] of cases) {
    it(`${what}: ${good.join(', ')}; not ${bad}`, () => {
      for (const v of good) clean(check(put(base, path, v)), `${what} ${v}`);
      const f = one(check(put(base, path, bad)), 'native-value', `${what} ${bad}`);
      assert.equal(f.at, JSON.stringify(bad));
      assert.match(f.message, /Messenger accepts/);
    });
  }
  it('the phone number and email quick replies carry nothing else', () => {
    for (const t of ['user_phone_number', 'user_email']) clean(check({ text: 'Your contact?', quick_replies: [{ content_type: t }] }), t);
    const withTitle = { text: 'Your email?', quick_replies: [{ content_type: 'user_email', title: 'Email' }] };
    const f = one(check(withTitle), 'unknown-property', 'title');
    assert.match(f.message, /belongs to content_type "text"/);
  });
  it('every button type, with its own fields', () => {
    const buttons = [
      { type: 'web_url', title: 'Open', url: 'https://example.com', messenger_extensions: false, fallback_url: 'https://example.com/f' },
      { type: 'postback', title: 'Go', payload: 'GO' },
      { type: 'phone_number', title: 'Call', payload: '+15105551234' },
    ];
    clean(check(put(buttonTemplate, 'attachment.payload.buttons', buttons)), 'three kinds');
    clean(check(put(buttonTemplate, 'attachment.payload.buttons', [{ type: 'account_link', url: 'https://example.com/authorize' }])), 'log in');
    clean(check(put(buttonTemplate, 'attachment.payload.buttons', [{ type: 'account_unlink' }])), 'log out');
    const f = one(check(put(buttonTemplate, 'attachment.payload.buttons.0.type', 'game_play')), 'native-value', 'game_play');
    assert.match(f.message, /"web_url", "postback", "phone_number", "account_link" or "account_unlink"/);
    const url = one(check(put(buttonTemplate, 'attachment.payload.buttons.0', { type: 'web_url', title: 'Open', url: 'https://e.com', payload: 'P' })),
      'unknown-property', 'payload on a URL button');
    assert.match(url.message, /not part of button of type "web_url"/);
  });
});

describe('Messenger native form: required fields', () => {
  const cases: [string, unknown, string, string][] = [
    ['generic element title', generic, `${element}.title`, 'title'],
    ['postback button payload', generic, `${element}.buttons.0.payload`, 'payload'],
    ['URL button url', generic, `${element}.buttons.1.url`, 'url'],
    ['call button number', generic, `${element}.buttons.2.payload`, 'payload'],
    ['button title', generic, `${element}.buttons.0.title`, 'title'],
    ['button template text', buttonTemplate, 'attachment.payload.text', 'text'],
    ['button template buttons', buttonTemplate, 'attachment.payload.buttons', 'buttons'],
    ['generic template elements', generic, 'attachment.payload.elements', 'elements'],
    ['template type', generic, 'attachment.payload.template_type', 'template_type'],
    ['attachment payload', image, 'attachment.payload', 'payload'],
    ['attachment type', image, 'attachment.type', 'type'],
    ['quick reply title', quick, 'quick_replies.0.title', 'title'],
    ['quick reply payload', quick, 'quick_replies.0.payload', 'payload'],
    ['quick reply content type', quick, 'quick_replies.0.content_type', 'content_type'],
    ['default action url', generic, `${element}.default_action.url`, 'url'],
    ['media template media type', mediaTemplate, `${element}.media_type`, 'media_type'],
  ];
  for (const [what, base, path, name] of cases) {
    it(what, () => {
      const found = check(put(base, path, undefined)).filter((f) => f.rule === 'native-required');
      assert.ok(found.some((f) => f.message.includes(`needs ${name}: Messenger rejects it without`)), JSON.stringify(found));
    });
  }
  it('a default action has no title', () => {
    const f = one(check(put(generic, `${element}.default_action.title`, 'Open')), 'unknown-property', 'title');
    assert.equal(f.at, '"title"');
  });
});

describe('Messenger native form: URL and phone number forms', () => {
  it('a call button\'s number is + and digits only', () => {
    for (const bad of ['+1 650 555 1234', '16505551234', '+1-650-555-1234']) {
      const f = one(check(put(generic, `${element}.buttons.2.payload`, bad)), 'native-value', bad);
      assert.match(f.message, /\+ and digits only/);
    }
  });
  it('URLs are absolute http or https URLs; a log in button\'s is https', () => {
    for (const path of [`${element}.image_url`, `${element}.buttons.1.url`, `${element}.default_action.url`]) {
      assert.equal(one(check(put(generic, path, 'example.com/pasta')), 'native-value', path).at, '"example.com/pasta"');
    }
    one(check(put(quick, 'quick_replies.0.image_url', 'ftp://example.com/red.png')), 'native-value', 'quick reply image');
    one(check(put(image, 'attachment.payload.url', 'file:///tmp/a.png')), 'native-value', 'attachment url');
    const f = one(check(put(buttonTemplate, 'attachment.payload.buttons.0', { type: 'account_link', url: 'http://example.com/authorize' })),
      'native-value', 'http log in');
    assert.match(f.message, /must use https/);
  });
  it('booleans are true or false', () => {
    one(check(put(image, 'attachment.payload.is_reusable', 'true')), 'value-type', 'is_reusable');
    one(check(put(generic, 'attachment.payload.sharable', 1)), 'value-type', 'sharable');
  });
});

describe('Messenger native form: the platform\'s fields, and unknown ones', () => {
  it('recipient and messaging_type are the platform\'s: one information each', () => {
    const shown = check({ recipient: { id: '1254477777772919' }, messaging_type: 'RESPONSE', message: undefined, text: 'Hello' });
    assert.deepEqual(shown.map((f) => [f.rule, f.severity, f.at]), [
      ['native-platform-field', 'information', '"recipient"'],
      ['native-platform-field', 'information', '"messaging_type"'],
    ]);
  });
  it('a misspelt field is named with what was meant', () => {
    const f = one(check({ text: 'Hi', quick_reply: [] }), 'unknown-property', 'quick_reply');
    assert.match(f.message, /did you mean "quick_replies"\?/);
  });
});

describe('Messenger native form: templates in each kind of value', () => {
  const over = 'x'.repeat(75);
  it('a string with a template: its static part is a lower bound, and the sample data gives the verdict', () => {
    const text = '{ "text": "Hi", "quick_replies": [ ' +
      '{ "content_type": "text", "title": "${name} and a lot more things", "payload": "P" } ] }';
    const f = one(check(text), 'channel-limit', 'static part of 22');
    assert.match(f.message, /at least 22 characters without its templates/);
    const short = `{ "text": "Hi", "quick_replies": [ { "content_type": "text", "title": "\${name}!", "payload": "P" } ] }`;
    clean(check(short), 'no sample');
    clean(check(short, { name: 'Ann' }), 'Ann!');
    assert.match(one(check(short, { name: over }), 'channel-limit', 'long name').message, /with the sample data/);
  });
  it('a wholly templated string: no verdict without sample data, the rendered value\'s with it', () => {
    const text = '{ "attachment": { "type": "template", "payload": ' +
      '{ "template_type": "generic", "elements": [ { "title": ${dish} } ] } } }';
    clean(check(text), 'no sample');
    clean(check(text, { dish: 'Pasta' }), 'Pasta');
    const f = one(check(text, { dish: 'y'.repeat(81) }), 'channel-limit', '81');
    assert.equal(f.at, '${dish}');
  });
  it('a templated enumeration value', () => {
    const text = '{ "text": "Hi", "quick_replies": [ { "content_type": "${kind}", "title": "T", "payload": "P" } ] }';
    clean(check(text), 'no sample');
    assert.equal(one(check(text, { kind: 'location' }), 'native-value', 'location').at, '${kind}');
  });
  it('a templated boolean, object and array', () => {
    const bool = '{ "attachment": { "type": "image", "payload": { "url": "https://example.com/a.png", "is_reusable": ${keep} } } }';
    clean(check(bool), 'no sample');
    clean(check(bool, { keep: true }), 'true');
    one(check(bool, { keep: 'yes' }), 'value-type', '"yes"');
    const object = '{ "attachment": ${attachment} }';
    clean(check(object), 'no sample');
    clean(check(object, { attachment: image.attachment }), 'an image');
    assert.match(one(check(object, { attachment: { type: 'image', payload: {} } }), 'native-required', 'empty payload').message, /url or attachment_id/);
    const array = '{ "text": "Pick", "quick_replies": ${replies} }';
    clean(check(array), 'no sample');
    const replies = times(14, (i) => ({ content_type: 'text', title: `Q${i}`, payload: `Q${i}` }));
    assert.match(one(check(array, { replies }), 'channel-limit', '14 replies').message, /has 14 items: Messenger allows at most 13/);
  });
});
