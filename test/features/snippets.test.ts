/**
 * Every snippet, inserted as it is (defaults taken), yields no error: card snippets as a
 * whole file, action snippets inside the list they are made for, richMedia inside a card.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'jsonc-parser';
import { checkDocument } from '../../server/src/core/check/run';
import { expandSnippet } from '../support/snippets';

interface Snippet { prefix: string; body: string | string[]; description: string }
const snippets = parse(
  readFileSync(join(__dirname, '..', '..', 'snippets', 'universal-message.code-snippets'), 'utf8'),
) as Record<string, Snippet>;

/** Where a snippet is inserted, by prefix: `$$` marks the cursor. */
function host(prefix: string): string {
  const card = (extra: string) =>
    `{\n  "type": "rich",\n  "title": "Today's menu",\n  "description": "Fresh pasta every day",\n  ${extra}\n}`;
  if (prefix.startsWith('rich-card')) return '$$';
  if (prefix === 'rich-media') return card('$$');
  if (prefix === 'float-reply') return card('"floatActions": [\n    $$\n  ]');
  if (prefix.startsWith('action-') || prefix === 'each-body') return card('"insideActions": [\n    $$\n  ]');
  throw new Error(`No host document for snippet prefix "${prefix}": add one to test/features/snippets.test.ts`);
}

describe('snippets', () => {
  const required = ['rich-card', 'rich-card-media', 'action-click', 'action-reply', 'action-call', 'float-reply', 'each-body'];
  it('include a rich card, a card with media, each inside action type, a float reply and a dynamic list body', () => {
    const prefixes = Object.values(snippets).map((s) => s.prefix);
    for (const p of required) assert.ok(prefixes.includes(p), `snippet ${p} exists`);
  });
  for (const [name, s] of Object.entries(snippets)) {
    it(`${s.prefix} (${name}) inserted as it is yields no error`, () => {
      assert.ok(s.description.length > 10, 'has a description');
      const body = Array.isArray(s.body) ? s.body.join('\n') : s.body;
      const text = host(s.prefix).replace('$$', expandSnippet(body));
      const { diagnostics } = checkDocument(text, 'universal-message');
      const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule}: ${d.message}`);
      assert.deepEqual(errors, [], `errors in:\n${text}`);
    });
  }
  it('the expander takes defaults, first choices and literal \\$', () => {
    assert.equal(expandSnippet('"${1:a ${2:b}}" ${3|X,Y|} $0 \\${it.name()}'), '"a b" X  ${it.name()}');
  });
});
