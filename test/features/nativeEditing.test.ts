/**
 * Editing a channel-specific message in native form: completion and hover follow the
 * channel's own format (variants chosen by the document), through the language service as
 * the server calls it; `|` marks the cursor.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLanguageService } from '../../server/src/core/languageService';
import { DEFAULT_CONFIG } from '../../server/src/core/findings/config';
import { completeNative } from '../../server/src/core/features/nativeCompletion';
import { hoverNative } from '../../server/src/core/features/nativeHover';
import { messengerFormat } from '../../server/src/core/channels/native/messenger';
import { gbmFormat } from '../../server/src/core/channels/native/gbm';
import type { NativeFormat } from '../../server/src/core/channels/native/schema';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import type { ChannelId } from '../../server/src/core/channels';

const service = createLanguageService({ inOneGo: true });

function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the document has a | cursor');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

function complete(marked: string, channel: ChannelId | undefined = 'whatsapp') {
  const { text, offset } = cursor(marked);
  return service.complete(service.open(text, 'universal-message'), offset, { config: DEFAULT_CONFIG, channelSpecific: channel });
}

const labels = (marked: string, channel?: ChannelId) => complete(marked, channel).map((e) => e.label);

function hover(marked: string, channel: ChannelId = 'whatsapp') {
  const { text, offset } = cursor(marked);
  return service.hover(service.open(text, 'universal-message'), offset, { config: DEFAULT_CONFIG, channelSpecific: channel });
}

/** The same features on a format the registry does not hold (yet): called directly. */
function labelsIn(format: NativeFormat, marked: string): string[] {
  const { text, offset } = cursor(marked);
  return completeNative(parseJsonDocument(text), offset, format, undefined).map((e) => e.label);
}

describe('native completion (WhatsApp)', () => {
  it('offers the message type first, then every variant\'s field, never a field the platform sets', () => {
    const offered = labels('{ | }');
    assert.equal(offered[0], 'type');
    for (const f of ['text', 'interactive', 'image', 'context']) assert.ok(offered.includes(f), f);
    for (const f of ['messaging_product', 'to', 'recipient_type']) assert.ok(!offered.includes(f), f);
  });

  it('offers only the fields of the variant the document names', () => {
    const offered = labels('{ "type": "interactive", | }');
    assert.ok(offered.includes('interactive'));
    assert.ok(!offered.includes('text') && !offered.includes('image'));
  });

  it('completes inside interactive.action by the interactive type', () => {
    assert.deepEqual(labels('{ "type": "interactive", "interactive": { "type": "list", "action": { | } } }'), ['button', 'sections']);
    assert.deepEqual(labels('{ "type": "interactive", "interactive": { "type": "button", "action": { | } } }'), ['buttons']);
    assert.deepEqual(
      labels('{ "type": "interactive", "interactive": { "type": "list", ' +
        '"action": { "sections": [ { "rows": [ { "id": "1", | } ] } ] } } }'),
      ['title', 'description'],
    );
  });

  it('offers enum values and a discriminator\'s variants', () => {
    assert.deepEqual(labels('{ "type": "interactive", "interactive": { "type": "|" } }').slice(0, 3), ['button', 'list', 'cta_url']);
    assert.deepEqual(labels('{ "type": "interactive", "interactive": { "type": "button", "header": { "type": | } } }'),
      ['text', 'image', 'video', 'document']);
    assert.deepEqual(labels('{ "type": "text", "text": { "body": "hi", "preview_url": | } }'), ['true', 'false']);
  });

  it('inserts a skeleton for the value and the missing comma', () => {
    const [type] = complete('{ "type": "interactive", "interactive": { | } }');
    assert.equal(type.label, 'type');
    assert.equal(type.insertText, '"type": "${1|button,list,cta_url,product,product_list,flow,location_request_message,catalog_message|}"');
    const { text, offset } = cursor('{ "type": "text"\n  | }');
    const context = { config: DEFAULT_CONFIG, channelSpecific: 'whatsapp' as const };
    const entries = service.complete(service.open(text, 'universal-message'), offset, context);
    const textEntry = entries.find((e) => e.label === 'text')!;
    assert.equal(textEntry.insertText, '"text": {$1}');
    assert.deepEqual(textEntry.additionalEdits, [{ offset: text.indexOf('"text"') + 6, length: 0, newText: ',' }]);
  });

  it('a universal-form sibling and a NAME.umsg keep the universal completion', () => {
    assert.deepEqual(labels('{ "type": "rich", | }', 'whatsapp'), ['title', 'description', 'richMedia', 'insideActions', 'floatActions']);
    assert.deepEqual(labels('{ "type": "rich", | }', undefined), ['title', 'description', 'richMedia', 'insideActions', 'floatActions']);
  });

  it('completes template names from the sample data inside a native value', () => {
    const { text, offset } = cursor('{ "type": "text", "text": { "body": "${us|}" } }');
    const names = service.complete(service.open(text, 'universal-message'), offset, {
      config: DEFAULT_CONFIG, channelSpecific: 'whatsapp', sample: { user: { name: 'Ada' } },
    }).map((e) => e.label);
    assert.ok(names.includes('user.name'), names.join());
  });
});

describe('native completion (formats not yet in the registry)', () => {
  it('Messenger: the template payload by template_type, a button by its type', () => {
    const payload = '{ "attachment": { "type": "template", "payload": { "template_type": "button", | } } }';
    const offered = labelsIn(messengerFormat, payload);
    assert.ok(offered.includes('text') && offered.includes('buttons'), offered.join());
    assert.ok(!offered.includes('elements'), offered.join());
    const web = labelsIn(messengerFormat,
      '{ "attachment": { "type": "template", "payload": { "template_type": "button", "buttons": [ { "type": "web_url", | } ] } } }');
    assert.ok(web.includes('url') && !web.includes('payload'), web.join());
  });

  it('Google Business Messages: a card\'s suggestions', () => {
    const offered = labelsIn(gbmFormat, '{ | }');
    assert.ok(offered.includes('richCard') && offered.includes('suggestions'), offered.join());
  });
});

describe('native hover', () => {
  it('gives a field\'s meaning, whether it is required, its type and limit, its length and its page', () => {
    const h = hover('{ "type": "interactive", "interactive": { "type": "list", "action": { "button": "Cho|ose", "sections": [] } } }')!;
    assert.match(h.contents, /\*\*button\*\* \(list, required\)/);
    assert.match(h.contents, /Type: string, 1 to 20 characters\./);
    assert.match(h.contents, /Length: \*\*6\*\* characters\./);
    assert.match(h.contents, /\[WhatsApp API reference\]\(https:\/\/developers\.facebook\.com\/\S+interactive-list-messages\)/);
  });

  it('on a discriminator\'s value, links the variant\'s page', () => {
    const h = hover('{ "type": "interactive", "interactive": { "type": "cta|_url" } }')!;
    assert.match(h.contents, /interactive-cta-url-messages/);
  });

  it('says that a field the platform sets is replaced', () => {
    const h = hover('{ "t|o": "+1", "type": "text", "text": { "body": "hi" } }')!;
    assert.match(h.contents, /Set by the platform/);
  });

  it('describes counts, totals and uniqueness of an array', () => {
    const h = hover('{ "type": "interactive", "interactive": { "type": "list", "action": { "sec|tions": [] } } }')!;
    assert.match(h.contents, /array of 1 to 10 list sections, at most 10 rows in all, unique id/);
  });

  it('quotes a discriminator value from the document as code', () => {
    // A value the format knows is quoted in a code span; the page link is the format's own.
    const h = hover('{ "type": "interactive", "interactive": { "type": "bu|tton" } }')!;
    assert.match(h.contents, /`button`/);
  });

  it('on // @each in a list\'s rows: the element repeats, as many times as the sample data has dishes', () => {
    const { text, offset } = cursor('{ "type": "interactive", "interactive": { "type": "list", "action": { "button": "B",\n' +
      '  "sections": [ { "title": "T", "rows": [\n    // @ea|ch dishes\n    { "id": "${it.name()}", "title": "${it.label()}" }\n' +
      '    // @end\n  ] } ] } } }');
    const dishes = [{ name: 'a', label: 'A' }, { name: 'b', label: 'B' }, { name: 'c', label: 'C' }];
    const h = service.hover(service.open(text, 'universal-message'), offset,
      { config: DEFAULT_CONFIG, channelSpecific: 'whatsapp', sample: { dishes } })!;
    assert.match(h.contents, /^\*\*\/\/ @each\*\* `dishes`: the element below, up to `\/\/ @end`, is repeated once per element/);
    assert.match(h.contents, /With the sample data: \*\*3\*\* elements\./);
  });

  it('is silent on a field the format does not know', () => {
    assert.equal(hover('{ "type": "text", "fo|o": 1 }'), undefined);
  });

  it('Messenger, called directly: a generic element\'s title', () => {
    const { text, offset } = cursor(
      '{ "attachment": { "type": "template", "payload": { "template_type": "generic", "elements": [ { "ti|tle": "A" } ] } } }');
    const h = hoverNative(parseJsonDocument(text), offset, messengerFormat, { config: DEFAULT_CONFIG })!;
    assert.match(h.contents, /at most 80 characters/);
    assert.match(h.contents, /\[Messenger API reference\]\(https:\/\/developers\.facebook\.com\/\S+template\/generic\)/);
  });
});

const LIST = `{
  "type": "interactive",
  "interactive": {
    "type": "list",
    "body": { "text": "\${greeting}" },
    "action": {
      "button": "Menu",
      "sections": [
        { "title": "Mains", "rows": [ { "id": "pasta", "title": "Pasta" }, { "id": "soup", "title": "Soup" } ] }
      ]
    }
  }
}
`;

describe('outline, folding and formatting of a native message', () => {
  const context = { config: DEFAULT_CONFIG, channelSpecific: 'whatsapp' as const };

  it('outlines the native message: fields by key, list items by title', () => {
    const [top] = service.symbols(service.open(LIST, 'universal-message'), context);
    assert.equal(top.name, 'WhatsApp message');
    assert.equal(top.detail, 'interactive');
    const interactive = top.children.find((s) => s.name === 'interactive')!;
    const action = interactive.children.find((s) => s.name === 'action')!;
    const sections = action.children.find((s) => s.name === 'sections')!;
    assert.equal(sections.detail, '1 item');
    const [mains] = sections.children;
    assert.equal(mains.name, 'Mains');
    const rows = mains.children.find((s) => s.name === 'rows')!;
    assert.deepEqual(rows.children.map((s) => s.name), ['Pasta', 'Soup']);
    const soup = rows.children[1];
    assert.equal(LIST.slice(soup.offset, soup.offset + soup.length), '{ "id": "soup", "title": "Soup" }');
  });

  it('without its channel the same text is outlined as a universal message would be', () => {
    const [top] = service.symbols(service.open(LIST, 'universal-message'));
    assert.notEqual(top?.name, 'WhatsApp message');
  });

  it('folds every object and array spanning lines', () => {
    const ranges = service.folding(service.open(LIST, 'universal-message'));
    const lines = LIST.split('\n');
    const opening = (line: number) => lines[line].trimEnd().slice(-1);
    assert.deepEqual(ranges.map((r) => opening(r.startLine)).sort(), ['[', '{', '{', '{'].sort());
    assert.ok(ranges.some((r) => lines[r.startLine].includes('"sections"')));
  });

  it('formats a native message without touching its templates', () => {
    const squashed = '{"type":"text","text":{"body":"Hi ${user.name}","preview_url":${preview}}}';
    const handle = service.open(squashed, 'universal-message');
    const edits = service.format(handle, { tabSize: 2, insertSpaces: true });
    let out = squashed;
    for (const e of [...edits].sort((a, b) => b.offset - a.offset)) {
      out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
    }
    assert.equal(out, '{\n  "type": "text",\n  "text": {\n    "body": "Hi ${user.name}",\n    "preview_url": ${preview}\n  }\n}');
  });
});
