/**
 * "Create a channel-specific message": NAME.umsg's text in, the text of NAME.<channel>.umsg in
 * native form out, made by the channel's translation with every template kept as written, and
 * clean under that channel's native check.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { channelMessageDraft } from '../../server/src/core/features/channelMessage';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { checkDocument } from '../../server/src/core/check/run';
import { checkNativeDocument, NATIVE_FORMATS } from '../../server/src/core/channels/native';
import { messengerFormat } from '../../server/src/core/channels/native/messenger';
import { gbmFormat } from '../../server/src/core/channels/native/gbm';
import { rcsFormat } from '../../server/src/core/channels/native/rcs';
import { whatsappNative } from '../../server/src/core/channels/native/whatsapp';
import { CHANNEL_IDS, CHANNEL_NAMES, channelOfPath, type ChannelId } from '../../server/src/core/channels';
import type { NativeFormat } from '../../server/src/core/channels/native/schema';

const FORMATS: Record<ChannelId, NativeFormat> = { whatsapp: whatsappNative, messenger: messengerFormat, gbm: gbmFormat, rcs: rcsFormat };

function draft(text: string, channel: ChannelId): string {
  const d = channelMessageDraft(parseJsonDocument(text), channel);
  assert.ok(d.ok, d.ok ? '' : d.reason);
  return d.text;
}

/** Every native finding on a draft, as the check of NAME.<channel>.umsg gives them (or the walker, for a format not registered yet). */
function nativeFindings(text: string, channel: ChannelId): string[] {
  if (NATIVE_FORMATS[channel]) {
    return checkDocument(text, 'universal-message', { channelSpecific: channel }).diagnostics.map((d) => `${d.rule}: ${d.message}`);
  }
  const doc = parseJsonDocument(text);
  assert.deepEqual(doc.syntax, []);
  return checkNativeDocument(doc, FORMATS[channel], { channelName: CHANNEL_NAMES[channel] }).problems.map((p) => `${p.rule}: ${p.message}`);
}

const GREETING = `// A comment the draft leaves out
{
  "type": "rich",
  "title": "\${if (vip) "Welcome back" else "Hello"}, \${user.firstName}!",
  "description": \${summary},
  "richMedia": { "height": "SHORT", "fileUrl": "https://cdn.example/promo/\${promo.id}.jpg", "forceRefresh": \${refresh} },
  "insideActions": [
    { "type": "reply", "display": "Use my points", "payload": "REDEEM_\${user.id}" },
    { "type": "reply", "display": "Not now", "payload": "LATER" }
  ]
}`;

describe('a channel-specific message from the universal card', () => {
  it('WhatsApp: the interactive button message, pretty-printed, templates as written', () => {
    assert.equal(draft(GREETING, 'whatsapp'), `{
  "type": "interactive",
  "interactive": {
    "type": "button",
    "header": {
      "type": "image",
      "image": {
        "link": "https://cdn.example/promo/\${promo.id}.jpg"
      }
    },
    "body": {
      "text": "\${if (vip) "Welcome back" else "Hello"}, \${user.firstName}!"
    },
    "footer": {
      "text": \${summary}
    },
    "action": {
      "buttons": [
        {
          "type": "reply",
          "reply": {
            "id": "REDEEM_\${user.id}",
            "title": "Use my points"
          }
        },
        {
          "type": "reply",
          "reply": {
            "id": "LATER",
            "title": "Not now"
          }
        }
      ]
    }
  }
}
`);
  });

  it('Messenger: the generic template, with a call button\'s number kept templated', () => {
    const text = draft(`{ "type": "rich", "title": "Call \${store.name}", "description": "Open now",
      "insideActions": [
        { "type": "call", "display": "Call", "payload": "\${store.phone}", "phoneNumber": \${store.phone} }
      ] }`, 'messenger');
    assert.match(text, /"title": "Call \$\{store\.name\}"/);
    assert.match(text, /"type": "phone_number",\n\s*"title": "Call",\n\s*"payload": \$\{store\.phone\}/);
  });

  it('Google Business Messages: a template in place of a whole value joins the fallback text as a template inside it', () => {
    const text = draft(GREETING, 'gbm');
    assert.match(text, /"description": \$\{summary\},/);
    assert.ok(text.includes(
      '"fallback": "${if (vip) "Welcome back" else "Hello"}, ${user.firstName}!, ${summary}, https://cdn.example/promo/${promo.id}.jpg"'));
    const doc = parseJsonDocument(text);
    assert.deepEqual([...doc.syntax, ...doc.scan.problems], []);
    // title 2, description 1, fileUrl 1, a postback 1; the fallback repeats title, description and fileUrl: 4.
    const outermost = doc.scan.templates.filter((t) => !doc.scan.templates.some((o) => o !== t && o.start <= t.start && t.end <= o.end));
    assert.equal(outermost.length, 9);
  });

  it('RCS: the content message, without the agent message the translation wraps it in', () => {
    const text = draft(GREETING, 'rcs');
    assert.ok(text.startsWith('{\n  "richCard": {\n    "standaloneCard": {\n      "cardOrientation": "VERTICAL",'), text);
  });

  for (const channel of CHANNEL_IDS) {
    it(`${CHANNEL_NAMES[channel]}: the drafts of the valid examples are clean under the native check`, () => {
      const dir = join(__dirname, '..', '..', 'examples', 'valid');
      const links = join(dir, 'links-and-calls');
      const files = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(links).map((f) => join(links, f))]
        .filter((f) => f.endsWith('.umsg') && !channelOfPath(f));
      let drafted = 0;
      for (const file of files) {
        const d = channelMessageDraft(parseJsonDocument(readFileSync(file, 'utf8')), channel);
        if (!d.ok) continue;
        drafted++;
        // A WhatsApp call or click button is sent as a plain reply button: the draft says so by what it holds.
        assert.deepEqual(nativeFindings(d.text, channel), [], `${file}\n${d.text}`);
      }
      assert.ok(drafted >= 4, `drafted ${drafted}`);
    });
  }

  it('is not made for a message with a dynamic list or with syntax problems', () => {
    const list = channelMessageDraft(parseJsonDocument(`{ "type": "rich", "title": "t", "description": "d", "insideActions": [
      // @each dishes
      { "type": "reply", "display": "\${it.label()}", "payload": "\${it.name()}" }
      // @end
    ] }`), 'whatsapp');
    assert.equal(list.ok, false);
    assert.equal(channelMessageDraft(parseJsonDocument('{ "type": "rich", "title": "t", }'), 'whatsapp').ok, false);
    assert.equal(channelMessageDraft(parseJsonDocument('{ "type": "rich", "title": "${x" }'), 'whatsapp').ok, false);
  });

  it('keeps a template that holds the placeholder characters of another (the first free one is used)', () => {
    const card = '{ "type": "rich", "title": "\uE000 ${a}", "description": "d", ' +
      '"insideActions": [ { "type": "reply", "display": "x", "payload": "X" } ] }';
    const text = draft(card, 'whatsapp');
    assert.match(text, /"text": "\uE000 \$\{a\}"/);
  });
});
