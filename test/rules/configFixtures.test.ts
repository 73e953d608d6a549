/**
 * Runs the fixtures of the `config` rule, test/fixtures/rules/config/*.json: each is the text of
 * a umsg.config.json, checked by parseConfig (the config rule is raised there, not by
 * checkDocument). Same `// expect` format as the rule fixtures (test/support/fixtures.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseConfig } from '../../server/src/core/rules/config';
import { ALL_RULES } from '../../server/src/core/rules';
import { compareWithExpectations, readExpectations } from '../support/fixtures';

const DIR = join(__dirname, '..', 'fixtures', 'rules', 'config');


describe('config fixtures', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
  it('has valid and invalid fixtures', () => {
    assert.ok(files.some((f) => f.startsWith('valid')));
    assert.ok(files.some((f) => f.startsWith('invalid')));
  });
  for (const file of files) {
    it(`config/${file}`, () => {
      const text = readFileSync(join(DIR, file), 'utf8');
      const expectations = readExpectations(text);
      if (file.startsWith('valid')) assert.equal(expectations.length, 0, 'a valid fixture expects nothing');
      else assert.ok(expectations.length > 0, 'an invalid fixture expects at least one finding');
      const { findings } = parseConfig(text, ALL_RULES.map((r) => r.id));
      assert.deepEqual(
        compareWithExpectations(text, expectations, findings),
        { missing: [], unexpected: [] },
        'findings match the fixture\'s expectations',
      );
    });
  }
});
