/**
 * Runs the fixtures of the `config` rule, test/fixtures/rules/config/*.json: each is the text of
 * a umsg.config.json, checked by parseConfig (the config rule is raised there, not by
 * checkDocument). Same `// expect` format as the rule fixtures (test/support/fixtures.ts).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseConfig } from '../server/src/core/config';
import { ALL_RULES } from '../server/src/core/rules';
import { readExpectations } from './support/fixtures';

const DIR = join(__dirname, 'fixtures', 'rules', 'config');

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

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
      const unmatched = [...findings];
      const missing: string[] = [];
      for (const e of expectations) {
        const k = unmatched.findIndex((f) =>
          f.rule === e.rule &&
          lineOf(text, f.offset) === e.line &&
          (e.severity === undefined || f.severity === e.severity) &&
          (e.at === undefined || text.slice(f.offset, f.offset + f.length) === e.at) &&
          (e.message === undefined || f.message.includes(e.message)));
        if (k < 0) missing.push(`line ${e.line + 1}: ${e.source}`);
        else unmatched.splice(k, 1);
      }
      const extra = unmatched.map((f) => `line ${lineOf(text, f.offset) + 1}: ${f.severity} ${f.rule} at ${JSON.stringify(text.slice(f.offset, f.offset + f.length))}: ${f.message}`);
      assert.deepEqual({ missing, unexpected: extra }, { missing: [], unexpected: [] }, 'findings match the fixture\'s expectations');
    });
  }
});
