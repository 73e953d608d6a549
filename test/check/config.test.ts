/** umsg.config.json: parsing, severity resolution, walking up, and settings as the fallback. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { configForFile } from '../../server/src/workspace/configLookup';
import { checkDocument } from '../../server/src/core/check/run';
import { configSchema } from '../../server/src/core/check/configSchema';
import { parseSeverity, resolveConfig } from '../../server/src/core/findings/config';
import { parseConfig } from '../../server/src/core/rules/config';
import { ALL_RULES } from '../../server/src/core/rules';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ids = ALL_RULES.map((r) => r.id);
const LONG = `{ "type": "rich", "title": "${'T'.repeat(95)}", "description": "d" }`;

describe('config', () => {
  it('reads channels, rules and maxFileSize', () => {
    const { config, findings } = parseConfig(
      '{ "channels": { "messenger": "error", "whatsapp": "off" }, ' +
        '"rules": { "empty-text": "off", "phone-number": 1 }, "maxFileSize": 1000 }',
      ids,
    );
    assert.deepEqual(findings, []);
    assert.deepEqual(config, {
      channels: { messenger: 'error', whatsapp: 'off' },
      rules: { 'empty-text': 'off', 'phone-number': 'warning' },
      maxFileSize: 1000,
    });
  });

  it('reports a broken file and still returns what it could read', () => {
    const text = '{ "channels": { "messenger": "error", "whatsap": "off" }, ' +
      '"rules": { "phone-numbr": "off", "empty-text": "loud" }, "colour": 1, }';
    const { config, findings } = parseConfig(text, ids);
    assert.deepEqual(config.channels, { messenger: 'error' });
    assert.deepEqual(config.rules, {});
    const messages = findings.map((f) => `${f.severity}: ${text.slice(f.offset, f.offset + f.length)}: ${f.message}`);
    assert.deepEqual(messages, [
      `error: ,: Trailing comma: JSON does not allow it, remove this ','.`,
      'error: "whatsap": Unknown channel "whatsap": did you mean "whatsapp"?',
      'error: "phone-numbr": Unknown rule "phone-numbr": did you mean "phone-number"?',
      'error: "loud": Severity of "empty-text" is not valid: use "error", "warning", "information", "hint" or "off".',
      'error: "colour": Unknown setting "colour": known settings are channels, rules, maxFileSize and root.',
    ]);
  });

  it('parses severities in words and ESLint numbers', () => {
    assert.equal(parseSeverity('warn'), 'warning');
    assert.equal(parseSeverity('INFO'), 'information');
    assert.equal(parseSeverity(0), 'off');
    assert.equal(parseSeverity(2), 'error');
    assert.equal(parseSeverity('loud'), undefined);
  });

  it('a channel finding takes its channel severity; a rule setting overrides it; off channels drop it', () => {
    const sev = (file: Parameters<typeof resolveConfig>[0]) =>
      checkDocument(LONG, 'universal-message', { config: resolveConfig(file) }).diagnostics.map((d) => `${d.rule}:${d.severity}`);
    assert.deepEqual(sev(undefined), ['channel-limit:warning']);
    assert.deepEqual(sev({ channels: { messenger: 'error' }, rules: {} }), ['channel-limit:error']);
    assert.deepEqual(sev({ channels: { messenger: 'hint' }, rules: { 'channel-limit': 'error' } }), ['channel-limit:error']);
    assert.deepEqual(sev({ channels: { messenger: 'off' }, rules: {} }), []);
    assert.deepEqual(sev({ channels: {}, rules: { 'channel-limit': 'off' } }), []);
  });

  it('is found by walking up from the file; settings apply only where no file exists', async () => {
    const files: Record<string, string> = { '/repo/umsg.config.json': '{ "channels": { "gbm": "off" } }' };
    const read = async (p: string) => files[p];
    const found = await configForFile('/repo/bots/pizza/cards/welcome.umsg', read, { channels: { gbm: 'error', messenger: 'error' } });
    assert.equal(found.configPath, '/repo/umsg.config.json');
    assert.deepEqual(found.config.channels, { messenger: 'warning', gbm: 'off', whatsapp: 'warning', rcs: 'off' });
    const none = await configForFile('/elsewhere/a.umsg', read, { channels: { messenger: 'error' } });
    assert.equal(none.configPath, undefined);
    assert.deepEqual(none.config.channels, { messenger: 'error', gbm: 'warning', whatsapp: 'warning', rcs: 'off' });
    files['/repo/bots/umsg.config.json'] = '{}';
    const nearer = await configForFile('/repo/bots/pizza/cards/welcome.umsg', read);
    assert.equal(nearer.configPath, '/repo/bots/umsg.config.json', 'the nearest file wins');
  });

  it('the shipped JSON schema is generated from the catalogue (run npm run generate)', () => {
    const shipped = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schemas', 'umsg.config.schema.json'), 'utf8'));
    assert.deepEqual(shipped, JSON.parse(JSON.stringify(configSchema())));
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    assert.deepEqual(
      pkg.contributes.configuration.properties['universalMessage.rules'].propertyNames.enum,
      ids,
      'package.json settings list every rule',
    );
  });
});

describe('checking', () => {
  it('a file over maxFileSize gets one file-size finding, which follows its rule setting', () => {
    const big = LONG.repeat(3);
    const run = (rules: Record<string, 'off' | 'warning'>) =>
      checkDocument(big, 'universal-message', { config: { ...resolveConfig(undefined), maxFileSize: 100, rules } }).diagnostics
        .map((d) => `${d.rule}:${d.severity}:${d.message}`);
    assert.deepEqual(run({}), [
      `file-size:information:This file has ${big.length} characters, over the checking limit of 100 (maxFileSize): it was not checked.`,
    ]);
    assert.deepEqual(run({ 'file-size': 'warning' }).map((d) => d.split(':').slice(0, 2).join(':')), ['file-size:warning']);
    assert.deepEqual(run({ 'file-size': 'off' }), [], 'off hides it; the file is still not checked');
  });

  it('stops between rules when cancelled', () => {
    let polls = 0;
    const r = checkDocument(LONG, 'universal-message', { isCancelled: () => ++polls > 2 });
    assert.equal(r.cancelled, true);
  });
});
