/**
 * The native snippets (snippets/native-message.code-snippets): each one, inserted as it is
 * (defaults taken), is a whole NAME.<channel>.umsg in native form that its channel's format
 * accepts without a single finding, and has the root shape it promises.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { checkDocument } from '../../server/src/core/check/run';
import { NATIVE_FORMATS, validateNativeValue } from '../../server/src/core/channels/native';
import { gbmFormat } from '../../server/src/core/channels/native/gbm';
import { messengerFormat } from '../../server/src/core/channels/native/messenger';
import { rcsFormat } from '../../server/src/core/channels/native/rcs';
import { whatsappNative } from '../../server/src/core/channels/native/whatsapp';
import type { NativeFormat } from '../../server/src/core/channels/native/schema';
import { CHANNEL_NAMES, type ChannelId } from '../../server/src/core/channels';
import type { JsonValue } from '../../server/src/core/template/templateEval';
import { expandSnippet } from '../support/snippets';

interface Snippet { scope: string; prefix: string; body: string | string[]; description: string }
const root = join(__dirname, '..', '..');
const snippets = parse(readFileSync(join(root, 'snippets', 'native-message.code-snippets'), 'utf8')) as Record<string, Snippet>;

const FORMATS: Record<ChannelId, NativeFormat> = { whatsapp: whatsappNative, messenger: messengerFormat, gbm: gbmFormat, rcs: rcsFormat };

/** What each required snippet's expansion must hold, as a path from the root to a value. */
const SHAPES: Record<string, [string, JsonValue]> = {
  'whatsapp-list': ['interactive.type', 'list'],
  'whatsapp-buttons-image': ['interactive.header.type', 'image'],
  'whatsapp-cta-url': ['interactive.action.name', 'cta_url'],
  'messenger-carousel': ['attachment.payload.template_type', 'generic'],
  'messenger-button-template': ['attachment.payload.template_type', 'button'],
  'messenger-quick-replies': ['quick_replies.0.content_type', 'text'],
  'gbm-carousel': ['richCard.carouselCard.cardContents.1.title', 'Risotto'],
  'gbm-card': ['richCard.standaloneCard.cardContent.suggestions.1.action.openUrlAction.url', 'https://example.com/pasta'],
  'rcs-carousel': ['richCard.carouselCard.cardContents.1.title', 'Risotto'],
  'rcs-card': ['richCard.standaloneCard.cardContent.suggestions.1.action.openUrlAction.url', 'https://example.com/pasta'],
};

function at(value: JsonValue, path: string): JsonValue | undefined {
  let v: JsonValue | undefined = value;
  for (const step of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, JsonValue>)[step] : undefined;
  return v;
}

describe('native snippets', () => {
  it('are registered for universal messages in package.json', () => {
    type Manifest = { contributes: { snippets: { language: string; path: string }[] } };
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
    const file = './snippets/native-message.code-snippets';
    assert.ok(pkg.contributes.snippets.some((s) => s.language === 'universal-message' && s.path === file));
  });

  it('cover the common native shapes of every channel', () => {
    const prefixes = Object.values(snippets).map((s) => s.prefix);
    assert.deepEqual([...prefixes].sort(), Object.keys(SHAPES).sort());
  });

  for (const [name, s] of Object.entries(snippets)) {
    it(`${s.prefix} (${name}) inserted as it is has its shape and no finding on its channel`, () => {
      const channel = s.prefix.slice(0, s.prefix.indexOf('-')) as ChannelId;
      const format = FORMATS[channel];
      assert.ok(format, `the prefix names a channel: ${s.prefix}`);
      assert.ok(s.description.startsWith(CHANNEL_NAMES[channel]), 'the description names the channel first');
      const text = expandSnippet(Array.isArray(s.body) ? s.body.join('\n') : s.body);
      const value = JSON.parse(text) as JsonValue;
      const [path, expected] = SHAPES[s.prefix];
      assert.deepEqual(at(value, path), expected);
      assert.deepEqual(validateNativeValue(value, format, CHANNEL_NAMES[channel]), []);
      // Through the check as the editor runs it, once the channel's format is registered.
      if (NATIVE_FORMATS[channel]) {
        const { diagnostics } = checkDocument(text, 'universal-message', { channelSpecific: channel });
        assert.deepEqual(diagnostics.map((d) => `${d.rule}: ${d.message}`), [], text);
      }
    });
  }
});
