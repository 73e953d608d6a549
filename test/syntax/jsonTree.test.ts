/**
 * The one-pass JSONC tree builder against jsonc-parser's parseTree, which it replaces: the
 * same nodes (types, offsets, lengths, values; no colonOffset) and the same errors, on every fixture,
 * on generated cards and their mutations, and on random text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseTree, type ParseError } from 'jsonc-parser';
import { parseJsonTree } from '../../server/src/core/syntax/jsonTree';
import { scanTemplates } from '../../server/src/core/syntax/templateScanner';
import { plainTree } from '../support/plainTree';
import { fixtureAndExampleFiles } from '../support/documentFiles';

function same(text: string) {
  const expectedErrors: ParseError[] = [];
  const expected = parseTree(text, expectedErrors, { disallowComments: false, allowTrailingComma: false, allowEmptyContent: true });
  const errors: ParseError[] = [];
  const actual = parseJsonTree(text, errors);
  assert.deepEqual(plainTree(actual), plainTree(expected), `tree of ${JSON.stringify(text.slice(0, 200))}`);
  assert.deepEqual(errors, expectedErrors, `errors of ${JSON.stringify(text.slice(0, 200))}`);
}

const CARD = readFileSync(join(__dirname, '..', '..', 'examples', 'valid', 'welcome-card.umsg'), 'utf8');

describe('parseJsonTree matches jsonc-parser parseTree', () => {
  it('on every fixture and example (masked as the checker parses them)', () => {
    const all = fixtureAndExampleFiles();
    assert.ok(all.length > 200, `${all.length} files`);
    for (const f of all) {
      const text = readFileSync(f, 'utf8');
      const scan = scanTemplates(text);
      if (scan.depthExceededAt !== undefined) continue; // parseTree would overflow the stack there
      same(scan.masked);
    }
  });

  it('on small broken documents', () => {
    for (const t of [
      '', ' ', '{', '}', '[', ']', '{,}', '[,]', '{"a"}', '{"a":}', '{"a" 1}', '{"a":1 "b":2}', '[1 2]', '[1,,2]', '{"a":1,}', '[1,]',
      '{"a":[1,{"b":}]}', '{"a":{"b":{"c":', '1 2', '"x', '{"a":"b\\u12"}', '{"a":01}', '{a:1}', "{'a':1}", '/* x', '{"a":1}/*',
      '{"a":-}', 'tru', 'nul', '[{]', '{[}', '{"a":1,"a":2}',
    ]) {
      same(t);
    }
  });

  it('on a block comment left open inside a container (the end-of-file token is then one character long)', () => {
    for (const t of ['{/*', '[/*', '{"a":/*', '{"a":1/* x', '[1,/*']) same(t);
  });

  it('on generated cards and random mutations of them', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(CARD.length), fc.nat(6), fc.string({ maxLength: 4 })), { maxLength: 6 }), (edits) => {
      let text = CARD;
      for (const [at, del, ins] of edits) text = text.slice(0, at) + ins + text.slice(at + del);
      same(text);
    }), { numRuns: 400 });
  });

  it('on random text from JSON\'s alphabet', () => {
    const alphabet = fc.constantFrom(...'{}[],:"\\ \n/*-+.0123456789eEtrufalsn'.split(''), 'true', 'null', '"a"', '//c\n');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 60 }), (parts) => same(parts.join(''))), { numRuns: 1500 });
  });

  it('on many short strings that differ in one character only (a large document shares its short strings)', () => {
    // Every string of up to six letters from a small alphabet: the same lengths, first, middle
    // and last characters over and over, in keys and values, twice (the second time from memory).
    const words: string[] = [''];
    for (let n = 1; n <= 6; n++) {
      for (let k = 0; k < 400; k++) words.push(Array.from({ length: n }, (_, i) => 'abyz'[(k >> (2 * i)) & 3]).join(''));
    }
    const object = Object.fromEntries(words.map((w, i) => [w, [w, words[(i * 7) % words.length], `${w}${w}`]]));
    const text = JSON.stringify([object, object]);
    assert.ok(text.length > 64 * 1024, `${text.length} characters: a document large enough to share its short strings`);
    same(text);
  });

  it('without recursion: 100,000 levels deep', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    const errors: ParseError[] = [];
    const tree = parseJsonTree(text, errors);
    assert.deepEqual(errors, []);
    assert.equal(tree?.length, 200_000);
  });
});
