/**
 * plainText (syntax/nodes.ts): the text of a key or string value written without templates,
 * which the rules, the models and the native walker read for every key and most values. It
 * answers at once in a document with no template, and searches a string for `${` only in a
 * document with one; both ways must give the same text. Expected values worked out by hand
 * from the JSON and the template syntax (a template is `${` … `}` in the source).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonDocument } from '../../server/src/core/syntax/jsonDocument';
import { plainText, propertyKey, propertyValue } from '../../server/src/core/syntax/nodes';

/** Each property of the root object as [key's plain text, value's plain text]. */
function plain(text: string): { pairs: [string | undefined, string | undefined][]; templates: number } {
  const doc = parseJsonDocument(text);
  const pairs = (doc.root?.children ?? []).map((p): [string | undefined, string | undefined] => [
    plainText(doc, propertyKey(p)!),
    plainText(doc, propertyValue(p)!),
  ]);
  return { pairs, templates: doc.scan.templates.length };
}

describe('plainText in a document without templates', () => {
  it('gives the decoded text of keys and strings, and nothing for other values', () => {
    assert.deepEqual(plain('{"title": "Caf\\u00e9 \\"Roma\\"", "n": 3}'), {
      pairs: [['title', 'Café "Roma"'], ['n', undefined]],
      templates: 0,
    });
  });

  it('reads a dollar sign and braces apart from each other as text', () => {
    assert.deepEqual(plain('{"title": "cost $5 {x}"}').pairs, [['title', 'cost $5 {x}']]);
  });

  it('reads an escaped dollar sign before a brace as text: no template is written there', () => {
    // \u0024 is "$": the source holds no "${", the value does.
    assert.deepEqual(plain('{"title": "\\u0024{x}"}'), { pairs: [['title', '${x}']], templates: 0 });
  });

  it('keeps a "${" never closed as text, as the scan found no template in it', () => {
    assert.deepEqual(plain('{"title": "broken ${x"}'), { pairs: [['title', 'broken ${x']], templates: 0 });
  });
});

describe('plainText in a document with templates', () => {
  it('gives nothing for a string with a template, and the text of the strings without', () => {
    assert.deepEqual(plain('{"title": "Hi ${user.name}", "other": "plain \\u00e9"}'), {
      pairs: [['title', undefined], ['other', 'plain é']],
      templates: 1,
    });
  });

  it('gives nothing for a value that is wholly a template', () => {
    assert.deepEqual(plain('{"title": ${dish}, "other": "plain"}').pairs, [['title', undefined], ['other', 'plain']]);
  });

  it('gives nothing for a templated key', () => {
    assert.deepEqual(plain('{"${k}": "v", "other": "plain"}').pairs, [[undefined, 'v'], ['other', 'plain']]);
  });
});
