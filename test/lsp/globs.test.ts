/**
 * files.exclude globs as VS Code writes them, matched against paths relative to a workspace
 * folder (server/src/lsp/globs.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { excludeTest } from '../../server/src/lsp/globs';

const matches = (globs: Record<string, unknown>, path: string) => excludeTest(globs)?.(path) ?? false;

describe('files.exclude globs', () => {
  it('matches ** across folders, * and ? within one name', () => {
    assert.equal(matches({ '**/secret': true }, 'secret'), true);
    assert.equal(matches({ '**/secret': true }, 'a/b/secret'), true);
    assert.equal(matches({ '**/secret': true }, 'a/secrets'), false);
    assert.equal(matches({ 'cards/*.umsg': true }, 'cards/menu.umsg'), true);
    assert.equal(matches({ 'cards/*.umsg': true }, 'cards/old/menu.umsg'), false);
    assert.equal(matches({ 'cards/**/*.umsg': true }, 'cards/old/menu.umsg'), true);
    assert.equal(matches({ 'card-?.umsg': true }, 'card-1.umsg'), true);
    assert.equal(matches({ 'card-?.umsg': true }, 'card-10.umsg'), false);
  });

  it('expands {a,b} and reads [a-z] and [!a-z] classes', () => {
    assert.equal(matches({ '**/*.{configmeta,provider}.json': true }, 'x/shop.provider.json'), true);
    assert.equal(matches({ '**/*.{configmeta,provider}.json': true }, 'x/shop.sample.json'), false);
    assert.equal(matches({ 'v[0-9].umsg': true }, 'v7.umsg'), true);
    assert.equal(matches({ 'v[!0-9].umsg': true }, 'v7.umsg'), false);
    assert.equal(matches({ 'v[!0-9].umsg': true }, 'vx.umsg'), true);
  });

  it('takes only the globs set to true; nothing set gives no test at all', () => {
    assert.equal(matches({ '**/secret': false, '**/hidden': { when: '$(basename).ts' } }, 'secret'), false);
    assert.equal(excludeTest({}), undefined);
    assert.equal(excludeTest(undefined), undefined);
  });

  it('answers a glob of many stars against a long name that almost matches (no backtracking blow-up)', () => {
    const test = excludeTest({ [`${'*a'.repeat(30)}b`]: true })!;
    assert.equal(test('a'.repeat(5_000)), false);
  });
});
