/**
 * Nothing hand-kept can drift from the rule catalogue, the channels and the config defaults:
 * every generated file on disk is what `npm run generate` would write now (computed in memory,
 * see scripts/generatedFiles.ts), and the facts that pages state in prose agree with the code.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generatedFiles, replaceBlock, ROOT, ruleTable } from '../../scripts/generatedFiles';
import { CHANNEL_IDS, CHANNEL_NAMES } from '../../server/src/core/channels';
import { defineRule } from '../../server/src/core/findings/rule';
import { ALL_RULES } from '../../server/src/core/rules';

const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

describe('generated files', () => {
  const files = generatedFiles();

  for (const file of files) {
    it(`${file.path} is up to date (otherwise run npm run generate)`, () => {
      assert.equal(read(file.path), file.text, `${file.path} differs from what npm run generate writes: run it and commit the result`);
    });
  }

  it('generating again from the generated files changes nothing (npm run generate on a clean checkout)', () => {
    const byPath = new Map(files.map((f) => [f.path, f.text]));
    const again = generatedFiles((p) => byPath.get(p) ?? read(p));
    assert.deepEqual(again, files);
  });

  it('the rule table lists every rule once, with its page, severity, files and description', () => {
    const table = files.find((f) => f.path === 'docs/rules/README.md')!.text;
    for (const rule of ALL_RULES) {
      const rows = table.split('\n').filter((l) => l.startsWith(`| [${rule.id}](${rule.id}.md) |`));
      assert.equal(rows.length, 1, rule.id);
    }
    assert.match(table, /^\| \[phone-number\]\(phone-number\.md\) \| error \| `\*\.umsg` \| /m);
    assert.match(table, /^\| \[channel-limit\]\(channel-limit\.md\) \| the channel's \(warning or off\) \| /m);
    assert.match(table, /^\| \[meta-array\]\(meta-array\.md\) \| error \| `\*\.configmeta\.json`, `\*\.provider\.json` \| /m);
  });

  it('keeps a description\'s characters from being read as Markdown in the table', () => {
    const rule = defineRule({
      id: 'x-rule',
      description: 'a | b, <group>:*x*_y_ `z` [l]',
      defaultSeverity: 'hint',
      languages: ['native-provider'],
      check() {},
    });
    assert.equal(
      ruleTable([rule]).split('\n')[3],
      '| [x-rule](x-rule.md) | hint | `*.provider.json` | a \\| b, \\<group\\>:\\*x\\*\\_y\\_ \\`z\\` \\[l\\] |',
    );
  });

  it('says which markers are missing instead of writing a page without its table', () => {
    assert.throws(() => replaceBlock('# Rules\n', 'docs/rules/README.md', 'rule-table', 'x'), /docs\/rules\/README\.md needs the markers <!-- generated:rule-table --> and <!-- \/generated:rule-table -->/);
    assert.equal(
      replaceBlock('a <!-- generated:n -->old<!-- /generated:n --> b', 'f', 'n', 'new'),
      'a <!-- generated:n -->new<!-- /generated:n --> b',
    );
  });

  it('the package.json settings take the channels, rule ids and defaults of umsg.config.json', () => {
    const settings = JSON.parse(read('package.json')).contributes.configuration.properties;
    assert.deepEqual(Object.keys(settings['universalMessage.channels'].properties), [...CHANNEL_IDS]);
    assert.deepEqual(settings['universalMessage.rules'].propertyNames.enum, ALL_RULES.map((r) => r.id));
  });
});

describe('facts the docs state in prose', () => {
  for (const rule of ALL_RULES) {
    it(`docs/rules/${rule.id}.md is titled with the id and states the default severity`, () => {
      const page = read(`docs/rules/${rule.id}.md`);
      assert.equal(page.split('\n', 1)[0], `# ${rule.id}`);
      // A channel rule takes its channels' severities: its page explains that instead.
      if (!rule.channelScoped) {
        assert.ok(
          page.includes(`Default severity: **${rule.defaultSeverity}**`),
          `docs/rules/${rule.id}.md says "Default severity: **${rule.defaultSeverity}**"`,
        );
      }
    });
  }

  it('docs/configuration.md lists every channel id with its name', () => {
    const page = read('docs/configuration.md');
    const rows = page.split('\n').filter((l) => /^\| `[a-z]+` \|/.test(l)).map((l) => l.split('|').slice(1, 3).map((c) => c.trim()));
    assert.deepEqual(rows, CHANNEL_IDS.map((c) => [`\`${c}\``, CHANNEL_NAMES[c]]));
  });
});
