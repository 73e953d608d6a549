/**
 * Nothing hand-kept can drift from the rule catalogue, the channels and the config defaults:
 * every generated file on disk is what `npm run generate` would write now (computed in memory,
 * see scripts/generatedFiles.ts), and the facts that pages state in prose agree with the code.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { generatedFiles, replaceBlock, ROOT, ruleTable, unknownConfigEntrySeverity } from '../../scripts/generatedFiles';
import { CHANNEL_IDS, CHANNEL_NAMES } from '../../server/src/core/channels';
import { checkDocument } from '../../server/src/core/check/run';
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

  it('every page that says how severe an unknown setting, channel or rule of umsg.config.json is says what umsg reports', () => {
    const severity = unknownConfigEntrySeverity();
    const config = ALL_RULES.find((r) => r.id === 'config')!;
    assert.equal(severity, config.defaultSeverity, 'the config rule\'s findings keep its default severity');
    const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`);
    const wrong: string[] = [];
    for (const page of ['README.md', ...docs]) {
      // The generated statements are held by the tests above, code (examples, values, messages) by the next test and
      // the rule fixtures; the rest is prose, read paragraph by paragraph and item by item.
      let inCode = false;
      const prose = read(page)
        .replace(/<!-- generated:([\w-]+) -->[\s\S]*?<!-- \/generated:\1 -->/g, '')
        .split('\n')
        .filter((line) => {
          if (line.startsWith('```')) inCode = !inCode;
          return !inCode && !line.startsWith('```');
        })
        .join('\n')
        .replace(/`[^`\n]*`/g, '');
      for (const part of prose.split(/\n(?=\s*\n|\s*[-*] |\s*\d+\. )/)) {
        if (!/\bunknown (?:settings?|channels?|rules?)\b/i.test(part)) continue;
        for (const [word] of part.matchAll(/\b(?:errors?|warnings?|information|hints?)\b/gi)) {
          if (word.toLowerCase().replace(/s$/, '') !== severity) wrong.push(`${page}: "${word}" in: ${part.trim()}`);
        }
      }
    }
    assert.deepEqual(wrong, [], `an unknown setting, channel or rule in umsg.config.json is reported as ${severity}`);
  });

  it('the bad example of docs/rules/config.md shows the findings umsg reports on it, each above its line', () => {
    const example = /\nBad:\n\n```jsonc\n([\s\S]*?)```/.exec(read('docs/rules/config.md'))![1];
    const lines = example.split('\n');
    const shown = lines.flatMap((l, i) => {
      const m = /^\s*\/\/ (\w+): (.*)$/.exec(l);
      return m ? [`line ${i + 2}: ${m[1]}: ${m[2]}`] : [];
    });
    const reported = checkDocument(example, 'umsg-config').diagnostics
      .map((d) => `line ${example.slice(0, d.offset).split('\n').length}: ${d.severity}: ${d.message}`);
    assert.ok(shown.length > 0);
    assert.deepEqual(reported, shown);
  });

  it('docs/configuration.md lists every channel id with its name', () => {
    const page = read('docs/configuration.md');
    const rows = page.split('\n').filter((l) => /^\| `[a-z]+` \|/.test(l)).map((l) => l.split('|').slice(1, 3).map((c) => c.trim()));
    assert.deepEqual(rows, CHANNEL_IDS.map((c) => [`\`${c}\``, CHANNEL_NAMES[c]]));
  });
});
