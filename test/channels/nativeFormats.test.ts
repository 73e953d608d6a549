/**
 * The native formats of WhatsApp, Messenger, Google Business Messages and RCS, read as data: every
 * object cites a page of its channel's own API reference, every field says what it means,
 * every enumeration and "exactly one of" group is well formed, and the limits the universal
 * translations use are the same numbers as the formats'. None of this needs the walker.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CHANNELS } from '../../server/src/core/channels';
import { gbmFormat } from '../../server/src/core/channels/native/gbm';
import { messengerFormat } from '../../server/src/core/channels/native/messenger';
import { rcsFormat } from '../../server/src/core/channels/native/rcs';
import { whatsappNative } from '../../server/src/core/channels/native/whatsapp';
import type {
  NativeField,
  NativeFormat,
  NativeObject,
  NativeValue,
} from '../../server/src/core/channels/native/schema';

/** Where each channel's API reference lives. */
const OFFICIAL: Record<string, string> = {
  whatsapp: 'https://developers.facebook.com/',
  messenger: 'https://developers.facebook.com/',
  gbm: 'https://developers.google.com/business-communications/business-messages/',
  rcs: 'https://developers.google.com/business-communications/rcs-business-messaging/',
};

const FORMATS: readonly NativeFormat[] = [whatsappNative, messengerFormat, gbmFormat, rcsFormat];

/**
 * The fields that hold a number to dial, by the first path that reaches their object. WhatsApp
 * has none: its messages dial no number (a contact card's phone is shown as written, in any
 * form, per the contacts messages page), so a phone form there would reject what the API takes.
 */
const DIALED: Record<string, string[]> = {
  whatsapp: [],
  messenger: ['attachment.payload.elements[].buttons[].payload'],
  gbm: ['richCard.standaloneCard.cardContent.suggestions[].action.dialAction.phoneNumber'],
  rcs: ['richCard.standaloneCard.cardContent.suggestions[].action.dialAction.phoneNumber'],
};

interface Place { object: NativeObject; path: string }

/** Every object of a format, once each, with the first path that reaches it. */
function places(format: NativeFormat): Place[] {
  const seen = new Set<NativeObject>();
  const out: Place[] = [];
  const visitValue = (v: NativeValue, path: string): void => {
    if (v.kind === 'object') visit(v.object, path);
    else if (v.kind === 'array') visitValue(v.items, `${path}[]`);
  };
  const visit = (o: NativeObject, path: string): void => {
    if (seen.has(o)) return;
    seen.add(o);
    out.push({ object: o, path });
    for (const f of allFields(o)) visitValue(f.value, path ? `${path}.${f.name}` : f.name);
  };
  visit(format.root, '');
  return out;
}

function allFields(o: NativeObject): NativeField[] {
  return [...o.fields, ...Object.values(o.variants?.cases ?? {}).flatMap((c) => c.fields)];
}

/** Every value of a field, down through arrays. */
function valuesOf(v: NativeValue): NativeValue[] {
  return v.kind === 'array' ? [v, ...valuesOf(v.items)] : [v];
}

/**
 * The field a path names, from the root: `name` for a field of the object, `case:name` for a
 * field of one of its variants.
 */
function fieldAt(format: NativeFormat, path: readonly string[]): NativeField {
  let o: NativeObject = format.root;
  let field: NativeField | undefined;
  for (const step of path) {
    const [variant, name] = step.includes(':') ? step.split(':') : [undefined, step];
    const fields = variant === undefined ? o.fields : o.variants?.cases[variant]?.fields ?? [];
    field = fields.find((f) => f.name === name);
    assert.ok(field, `no field ${step} in ${o.label}`);
    let v = field.value;
    while (v.kind === 'array') v = v.items;
    if (v.kind === 'object') o = v.object;
  }
  return field!;
}

function maxLength(f: NativeField): number | undefined {
  return f.value.kind === 'string' ? f.value.maxLength : undefined;
}
function maxItems(f: NativeField): number | undefined {
  return f.value.kind === 'array' ? f.value.maxItems : undefined;
}

for (const format of FORMATS) {
  describe(`${format.channel}: the native format as data`, () => {
    const all = places(format);

    it('cites a page of the channel\'s own API reference for every object, variant and field that names one', () => {
      const host = OFFICIAL[format.channel];
      const pages = all.flatMap(({ object, path }) => [
        { where: path || '(root)', page: object.page },
        ...Object.entries(object.variants?.cases ?? {})
          .filter(([, c]) => c.page !== undefined)
          .map(([name, c]) => ({ where: `${path} (${name})`, page: c.page! })),
        ...allFields(object).filter((f) => f.page !== undefined).map((f) => ({ where: `${path}.${f.name}`, page: f.page! })),
      ]);
      assert.ok(pages.length > all.length - 1);
      for (const { where, page } of pages) {
        assert.ok(page.startsWith(host), `${where}: ${page} is not on ${host}`);
        assert.doesNotMatch(page, /\s/, `${where}: ${page}`);
      }
    });

    it('names every object for messages and hover, each name its own', () => {
      const labels = all.map((p) => p.object.label);
      // The walker's messages put the channel's name beside the label ("Unknown property 'x' in card",
      // "(card title)"): only the root names the channel.
      for (const label of labels.slice(1)) assert.match(label, /^[a-z][\w -]*$/i, label);
      assert.match(labels[0], /message$/);
      assert.equal(new Set(labels).size, labels.length, `repeated labels: ${labels.join(', ')}`);
    });

    it('says what every field means, in a sentence, and no object names a field twice', () => {
      for (const { object, path } of all) {
        // A variant's field may replace one of its object's; within one list a name stands once.
        for (const fields of [object.fields, ...Object.values(object.variants?.cases ?? {}).map((c) => c.fields)]) {
          const names = fields.map((f) => f.name);
          assert.equal(new Set(names).size, names.length, `${path}: ${names.join(', ')}`);
        }
        for (const f of allFields(object)) {
          assert.match(f.doc, /^\S.*[.)]$/, `${path}.${f.name}: "${f.doc}"`);
          assert.ok(f.doc.length <= 200, `${path}.${f.name}: a doc of ${f.doc.length} characters is not one or two sentences`);
        }
      }
    });

    it('gives every enumeration non-empty values, each once', () => {
      let enums = 0;
      for (const { object, path } of all) {
        for (const f of allFields(object)) {
          for (const v of valuesOf(f.value)) {
            if (v.kind !== 'string' || !v.enum) continue;
            enums++;
            assert.ok(v.enum.length > 0, `${path}.${f.name}: an empty enumeration`);
            for (const e of v.enum) assert.match(e, /^\S+$/, `${path}.${f.name}: "${e}"`);
            assert.equal(new Set(v.enum).size, v.enum.length, `${path}.${f.name}: ${v.enum.join(', ')}`);
          }
        }
      }
      assert.ok(enums > 0);
    });

    it('keeps every limit a whole number, each minimum under its maximum', () => {
      for (const { object, path } of all) {
        for (const f of allFields(object)) {
          for (const v of valuesOf(f.value)) {
            const pairs: [number | undefined, number | undefined][] = v.kind === 'string'
              ? [[v.minLength, v.maxLength]]
              : v.kind === 'array' ? [[v.minItems, v.maxItems]] : [];
            for (const [lo, hi] of pairs) {
              for (const n of [lo, hi]) if (n !== undefined) assert.ok(Number.isInteger(n) && n >= 0, `${path}.${f.name}: ${n}`);
              if (lo !== undefined && hi !== undefined) assert.ok(lo <= hi, `${path}.${f.name}: ${lo} > ${hi}`);
            }
            if ((v.kind === 'number' || v.kind === 'integer') && v.min !== undefined && v.max !== undefined) {
              assert.ok(v.min <= v.max, `${path}.${f.name}`);
            }
          }
        }
      }
    });

    it('names only fields the object has in its "exactly one of" and "at most one" groups, none of them required', () => {
      let groups = 0;
      for (const { object, path } of all) {
        const check = (group: readonly string[], fields: readonly NativeField[]) => {
          groups++;
          assert.ok(group.length >= 2, `${path}: a group of one (${group.join(', ')}) is a required field`);
          assert.equal(new Set(group).size, group.length, `${path}: ${group.join(', ')}`);
          for (const name of group) {
            const f = fields.find((x) => x.name === name);
            assert.ok(f, `${path}: the group names ${name}, which is not a field`);
            assert.ok(!f.required, `${path}.${name} is in a group and required too`);
          }
        };
        for (const g of [...(object.exactlyOne ?? []), ...(object.atMostOne ?? [])]) check(g, object.fields);
        for (const c of Object.values(object.variants?.cases ?? {})) {
          for (const g of c.exactlyOne ?? []) check(g, [...object.fields, ...c.fields]);
        }
      }
      assert.ok(groups > 0);
    });

    it('chooses variants by a required field whose enumeration is exactly the variants\' names', () => {
      for (const { object, path } of all) {
        if (!object.variants) continue;
        const by = object.fields.find((f) => f.name === object.variants!.by);
        assert.ok(by, `${path}: variants by ${object.variants.by}, not a field`);
        assert.ok(by.required, `${path}.${by.name} chooses the variant and must be required`);
        assert.ok(by.value.kind === 'string' && by.value.enum, `${path}.${by.name} needs an enumeration`);
        assert.deepEqual([...by.value.enum].sort(), Object.keys(object.variants.cases).sort(), path);
      }
    });

    it('asks for phone numbers in the channel\'s form, at the places that dial one', () => {
      const phones = all.flatMap(({ object, path }) => allFields(object)
        .filter((f) => f.value.kind === 'string' && f.value.form === 'phone')
        .map((f) => `${path}.${f.name}`));
      assert.deepEqual(phones, DIALED[format.channel]);
      assert.equal(format.phoneForm, format.channel === 'gbm' ? 'rfc3966' : 'e164');
    });
  });
}

describe('fields the platform sets are marked, at the root', () => {
  const platformFields = (format: NativeFormat) => format.root.fields.filter((f) => f.platform).map((f) => f.name).sort();
  it('WhatsApp: messaging_product, recipient_type and to (the Messages API request around the message)', () => {
    assert.deepEqual(platformFields(whatsappNative), ['messaging_product', 'recipient_type', 'to']);
  });
  it('Messenger: recipient and messaging_type (and the send request\'s tag and notification type)', () => {
    assert.deepEqual(platformFields(messengerFormat), ['messaging_type', 'notification_type', 'recipient', 'tag']);
  });
  it('Google Business Messages: name, messageId and representative', () => {
    assert.deepEqual(platformFields(gbmFormat), ['messageId', 'name', 'representative']);
  });
  it('RCS: none, since the content message has no envelope fields', () => {
    assert.deepEqual(platformFields(rcsFormat), []);
  });
  it('no field is required and the platform\'s at once', () => {
    for (const format of FORMATS) {
      for (const { object, path } of places(format)) {
        for (const f of allFields(object)) assert.ok(!(f.platform && f.required), `${format.channel} ${path}.${f.name}`);
      }
    }
  });
});

describe('one fact, one place: the universal translations limit what the native formats limit', () => {
  it('Messenger: element title and subtitle, button titles, payloads, buttons, quick replies', () => {
    const m = CHANNELS.messenger;
    const element = ['attachment', 'template:payload', 'generic:elements'];
    assert.equal(maxLength(fieldAt(messengerFormat, [...element, 'title'])), m.text.title);
    assert.equal(maxLength(fieldAt(messengerFormat, [...element, 'subtitle'])), m.text.description);
    assert.equal(maxLength(fieldAt(messengerFormat, [...element, 'buttons', 'postback:title'])), m.text.display);
    assert.equal(maxLength(fieldAt(messengerFormat, [...element, 'buttons', 'postback:payload'])), m.text.payload);
    assert.equal(maxLength(fieldAt(messengerFormat, ['quick_replies', 'text:title'])), m.text.display);
    assert.equal(maxLength(fieldAt(messengerFormat, ['quick_replies', 'text:payload'])), m.text.payload);
    assert.equal(maxItems(fieldAt(messengerFormat, [...element, 'buttons'])), m.count.insideActions);
    assert.equal(maxItems(fieldAt(messengerFormat, ['quick_replies'])), m.count.floatActions);
    // The numbers themselves, as the reference pages state them.
    assert.deepEqual([m.text.title, m.text.description, m.text.display, m.text.payload], [80, 80, 20, 1000]);
    assert.deepEqual([m.count.insideActions, m.count.floatActions], [3, 13]);
  });

  it('WhatsApp: reply buttons\' body, footer, button titles and ids, button count', () => {
    const w = CHANNELS.whatsapp;
    const interactive = ['interactive:interactive'];
    const button = [...interactive, 'button:action', 'buttons', 'reply'];
    assert.equal(maxLength(fieldAt(whatsappNative, [...interactive, 'button:body', 'text'])), w.text.title);
    assert.equal(maxLength(fieldAt(whatsappNative, [...interactive, 'button:footer', 'text'])), w.text.description);
    assert.equal(maxLength(fieldAt(whatsappNative, [...button, 'title'])), w.text.display);
    assert.equal(maxLength(fieldAt(whatsappNative, [...button, 'id'])), w.text.payload);
    assert.equal(maxItems(fieldAt(whatsappNative, [...interactive, 'button:action', 'buttons'])), w.count.insideActions);
    // The numbers themselves, as the reply buttons page states them.
    assert.deepEqual([w.text.title, w.text.description, w.text.display, w.text.payload], [1024, 60, 20, 256]);
    assert.equal(w.count.insideActions, 3);
  });

  for (const [format, id, floats] of [[gbmFormat, 'gbm', 13], [rcsFormat, 'rcs', 11]] as const) {
    it(`${CHANNELS[id].name}: card title and description, suggestion text and postback data, suggestion counts`, () => {
      const c = CHANNELS[id];
      const card = ['richCard', 'standaloneCard', 'cardContent'];
      assert.equal(maxLength(fieldAt(format, [...card, 'title'])), c.text.title);
      assert.equal(maxLength(fieldAt(format, [...card, 'description'])), c.text.description);
      assert.equal(maxLength(fieldAt(format, [...card, 'suggestions', 'reply', 'text'])), c.text.display);
      assert.equal(maxLength(fieldAt(format, [...card, 'suggestions', 'action', 'text'])), c.text.display);
      assert.equal(maxLength(fieldAt(format, [...card, 'suggestions', 'reply', 'postbackData'])), c.text.payload);
      assert.equal(maxItems(fieldAt(format, [...card, 'suggestions'])), c.count.insideActions);
      assert.equal(maxItems(fieldAt(format, ['suggestions'])), c.count.floatActions);
      assert.deepEqual([c.text.title, c.text.description, c.text.display, c.text.payload], [200, 2000, 25, 2048]);
      assert.deepEqual([c.count.insideActions, c.count.floatActions], [4, floats]);
    });
  }
});

describe('the docs name every page a format cites', () => {
  const read = (file: string) => readFileSync(join(__dirname, '../../docs', file), 'utf8');
  const docs = { rules: read('rules/native-required.md'), formats: read('native-messages.md') };
  for (const format of FORMATS) {
    it(format.channel, () => {
      const pages = new Set(places(format).flatMap(({ object }) => [
        object.page,
        ...Object.values(object.variants?.cases ?? {}).flatMap((c) => (c.page ? [c.page] : [])),
        ...allFields(object).flatMap((f) => (f.page ? [f.page] : [])),
      ].map((page) => page.replace(/#.*$/, ''))));
      for (const page of pages) {
        assert.ok(docs.rules.includes(`(${page})`), `docs/rules/native-required.md does not link ${page}`);
        assert.ok(docs.formats.includes(`(${page})`), `docs/native-messages.md does not link ${page}`);
      }
    });
  }
});

describe('docs/native-messages.md counts the places each format models', () => {
  const doc = readFileSync(join(__dirname, '../../docs/native-messages.md'), 'utf8');
  for (const format of FORMATS) {
    it(format.channel, () => {
      const m = new RegExp(`<!-- count:${format.channel} -->(\\d+) objects, (\\d+) fields<!-- /count:${format.channel} -->`).exec(doc);
      assert.ok(m, `no count for ${format.channel}`);
      const all = places(format);
      const fields = all.reduce((n, p) => n + allFields(p.object).length, 0);
      assert.deepEqual([Number(m[1]), Number(m[2])], [all.length, fields]);
    });
  }
});
