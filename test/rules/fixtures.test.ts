/**
 * Runs every fixture in test/fixtures/rules/<rule-id>/ through the checker and compares the
 * diagnostics with the expectations written in the fixture (see test/support/fixtures.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkDocument } from '../../server/src/core/check/run';
import { languageOf } from '../../server/src/core/syntax/languages';
import { channelOfPath } from '../../server/src/core/channels';
import { ALL_RULES } from '../../server/src/core/rules';
import { compareWithExpectations, fixtureConfig, fixtureProject, fixtureSample, readExpectations } from '../support/fixtures';

const ROOT = join(__dirname, '..', 'fixtures', 'rules');


describe('rule fixtures', () => {
  for (const dir of existsSync(ROOT) ? readdirSync(ROOT).sort() : []) {
    for (const file of readdirSync(join(ROOT, dir)).sort()) {
      const path = join(ROOT, dir, file);
      const language = languageOf(path);
      if (!language) continue;
      it(`${dir}/${file}`, async () => {
        const text = readFileSync(path, 'utf8');
        const expectations = readExpectations(text);
        if (file.startsWith('valid')) assert.equal(expectations.length, 0, 'a valid fixture expects nothing');
        else assert.ok(expectations.length > 0, 'an invalid fixture expects at least one finding');
        const errors: string[] = [];
        const { diagnostics } = checkDocument(text, language, {
          config: fixtureConfig(text),
          ...fixtureSample(text),
          channelSpecific: channelOfPath(path), // NAME.<channel>.umsg: a channel-specific message
          providerProject: await fixtureProject(text),
          onRuleError: (id, e) => errors.push(`${id}: ${String(e)}`),
        });
        assert.deepEqual(errors, [], 'no rule throws');
        assert.deepEqual(
          compareWithExpectations(text, expectations, diagnostics),
          { missing: [], unexpected: [] },
          'diagnostics match the fixture\'s expectations',
        );
      });
    }
  }
});

describe('rule catalogue', () => {
  it('lists every rule in docs/rules/README.md and the README', () => {
    const index = readFileSync(join(__dirname, '..', '..', 'docs', 'rules', 'README.md'), 'utf8');
    for (const rule of ALL_RULES) assert.ok(index.includes(`[${rule.id}](${rule.id}.md)`), `docs/rules/README.md links ${rule.id}`);
  });

  it('has unique ids', () => {
    const ids = ALL_RULES.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length);
  });
  for (const rule of ALL_RULES) {
    it(`${rule.id} has a docs page and fixtures`, () => {
      assert.match(rule.id, /^[a-z]+(-[a-z]+)*$/, 'ids are lower-case words joined by -');
      const page = join(__dirname, '..', '..', 'docs', 'rules', `${rule.id}.md`);
      assert.ok(existsSync(page), `docs/rules/${rule.id}.md exists`);
      const doc = readFileSync(page, 'utf8');
      for (const heading of ['## Why', '## Examples', '## How to fix']) {
        assert.ok(doc.includes(heading), `docs/rules/${rule.id}.md has "${heading}"`);
      }
      const dir = join(ROOT, rule.id);
      assert.ok(existsSync(dir), `test/fixtures/rules/${rule.id}/ exists`);
      const files = readdirSync(dir);
      assert.ok(files.some((f) => f.startsWith('valid')), `${rule.id} has a valid fixture`);
      assert.ok(files.some((f) => f.startsWith('invalid')), `${rule.id} has an invalid fixture`);
    });
  }
});
