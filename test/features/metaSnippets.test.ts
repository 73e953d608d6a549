/**
 * The Configuration Meta and native provider snippets, inserted as they are (defaults taken),
 * yield no error: entry snippets inside an array (a Configuration Meta file and a provider's
 * configurationMeta), the option snippet inside an entry's options, the provider descriptor
 * as a whole file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { checkDocument } from '../../server/src/core/check/run';
import type { LanguageId } from '../../server/src/core/syntax/languages';
import { expandSnippet } from '../support/snippets';

interface Snippet { prefix: string; body: string | string[]; description: string }
const read = (name: string) => parse(readFileSync(join(__dirname, '..', '..', 'snippets', name), 'utf8')) as Record<string, Snippet>;
const metaSnippets = read('configuration-meta.code-snippets');
const providerSnippets = read('native-provider.code-snippets');
const bodyOf = (s: Snippet) => (Array.isArray(s.body) ? s.body.join('\n') : s.body);

const ENTRY = '{ "key": "region", "label": "Region", "type": "String" }';
const PROVIDER_AROUND = (entries: string) => `{
  "label": "Stripe payments",
  "providerType": "Native Provider",
  "deployMode": "hosted",
  "implements": ["payments.IPayment"],
  "providerClassName": "com.example.payments.StripePaymentProvider",
  "configurationMeta": [
    ${entries}
  ],
  "implementation": "com.example.providers:stripe:1.0.0"
}`;

/** The documents a Configuration Meta snippet is inserted into, by prefix: `$$` marks the cursor. */
function hosts(prefix: string): { language: LanguageId; text: string }[] {
  if (prefix === 'meta-option') {
    const entry = '{ "key": "currency", "label": "Currency", "options": [ { "value": "EUR", "label": "Euro" }, $$ ] }';
    return [{ language: 'configuration-meta', text: `[\n  ${entry}\n]` }, { language: 'native-provider', text: PROVIDER_AROUND(entry) }];
  }
  if (prefix.startsWith('meta-')) {
    return [
      { language: 'configuration-meta', text: '[\n  $$\n]' },
      { language: 'configuration-meta', text: `[\n  ${ENTRY},\n  $$\n]` },
      { language: 'native-provider', text: PROVIDER_AROUND('$$') },
    ];
  }
  throw new Error(`No host document for snippet prefix "${prefix}": add one to test/features/metaSnippets.test.ts`);
}

function problems(text: string, language: LanguageId): string[] {
  return checkDocument(text, language).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule}: ${d.message}`);
}

describe('Configuration Meta and native provider snippets', () => {
  it('include each entry kind (String, Text, Boolean, options with one option) and a whole provider descriptor', () => {
    const prefixes = Object.values(metaSnippets).map((s) => s.prefix);
    for (const p of ['meta-string', 'meta-text', 'meta-boolean', 'meta-options']) assert.ok(prefixes.includes(p), `snippet ${p} exists`);
    assert.deepEqual(Object.values(providerSnippets).map((s) => s.prefix), ['native-provider']);
    const options = Object.values(metaSnippets).find((s) => s.prefix === 'meta-options')!;
    const entry = parse(expandSnippet(bodyOf(options))) as { options: unknown[]; type?: string };
    assert.equal(entry.options.length, 1, 'one option');
    assert.equal(entry.type, undefined, 'no type beside options');
  });

  it('give each entry kind its type', () => {
    const types = Object.fromEntries(Object.values(metaSnippets).filter((s) => s.prefix !== 'meta-options' && s.prefix !== 'meta-option')
      .map((s) => [s.prefix, (parse(expandSnippet(bodyOf(s))) as { type: string }).type]));
    assert.deepEqual(types, { 'meta-string': 'String', 'meta-text': 'Text', 'meta-boolean': 'Boolean' });
  });

  for (const [name, s] of Object.entries(metaSnippets)) {
    it(`${s.prefix} (${name}) inserted as it is yields no error`, () => {
      assert.ok(s.description.length > 10, 'has a description');
      for (const host of hosts(s.prefix)) {
        const text = host.text.replace('$$', expandSnippet(bodyOf(s)));
        assert.deepEqual(problems(text, host.language), [], `errors in:\n${text}`);
        assert.deepEqual(checkDocument(text, host.language).diagnostics.map((d) => d.rule), [], `no finding at all in:\n${text}`);
      }
    });
  }

  for (const [name, s] of Object.entries(providerSnippets)) {
    it(`${s.prefix} (${name}) inserted as it is is a valid descriptor`, () => {
      const text = expandSnippet(bodyOf(s));
      assert.deepEqual(checkDocument(text, 'native-provider').diagnostics.map((d) => `${d.rule}: ${d.message}`), [], text);
      const withPrivate = text.replace('"hosted"', '"private"');
      assert.deepEqual(problems(withPrivate, 'native-provider'), [], 'the other deploy mode choice has no error either');
    });
  }
});
