/**
 * Everything in the repository that is derived from the rule catalogue
 * (server/src/core/rules/index.ts), the channels (server/src/core/channels.ts) and the config
 * defaults (server/src/core/findings/config.ts), computed in memory:
 *
 * - schemas/umsg.config.schema.json, the JSON schema of umsg.config.json;
 * - in package.json, the settings that mirror umsg.config.json: the rule ids of
 *   `universalMessage.rules`, the channels of `universalMessage.channels` with their severities
 *   and defaults, and the default of `universalMessage.maxFileSize`;
 * - the rule table of docs/rules/README.md;
 * - the list of rule ids under "What it checks" in README.md;
 * - how severe an unknown setting, channel or rule in umsg.config.json is, in docs/configuration.md
 *   and docs/rules/config.md, from a check of a config that has one of each;
 * - the speed tables under "Results" in docs/performance.md, from the last full `npm run bench`
 *   (bench/results.json, committed; scripts/bench/report.ts).
 *
 * Markdown files keep their prose: only the text between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` is replaced. `npm run generate` (scripts/generate.ts) writes the
 * files; test/architecture/generatedFiles.test.ts fails when one on disk differs from what this computes.
 * To change a generated text, change the catalogue (or this file), then run `npm run generate`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANNEL_IDS, CHANNEL_NAMES } from '../server/src/core/channels';
import { DEFAULT_CONFIG, DEFAULT_MAX_FILE_SIZE } from '../server/src/core/findings/config';
import { configSchema } from '../server/src/core/check/configSchema';
import { checkDocument } from '../server/src/core/check/run';
import type { Rule, Severity } from '../server/src/core/findings/rule';
import type { LanguageId } from '../server/src/core/syntax/languages';
import { ALL_RULES } from '../server/src/core/rules';
import { readmeSpeedTable, type BenchResults } from './bench/report';

export const ROOT = join(__dirname, '..');

export interface GeneratedFile {
  /** Relative to the repository root, with `/`. */
  path: string;
  text: string;
}

/** The generated files, each with the whole text it must have; `read` gives the current text of a file. */
export function generatedFiles(read: (path: string) => string = (p) => readFileSync(join(ROOT, p), 'utf8')): GeneratedFile[] {
  const schema = configSchema();
  return [
    { path: 'schemas/umsg.config.schema.json', text: JSON.stringify(schema, null, 2) + '\n' },
    { path: 'package.json', text: packageJson(read('package.json'), schema) },
    {
      path: 'docs/rules/README.md',
      text: replaceBlock(read('docs/rules/README.md'), 'docs/rules/README.md', 'rule-table', ruleTable(ALL_RULES)),
    },
    { path: 'README.md', text: replaceBlock(read('README.md'), 'README.md', 'rule-ids', readmeRuleIds(ALL_RULES)) },
    ...['docs/configuration.md', 'docs/rules/config.md'].map((path) => ({
      path,
      text: replaceBlock(read(path), path, 'unknown-config-entry', A_SEVERITY[unknownConfigEntrySeverity()]),
    })),
    {
      path: 'docs/performance.md',
      text: replaceBlock(
        read('docs/performance.md'),
        'docs/performance.md',
        'speed',
        readmeSpeedTable(JSON.parse(read('bench/results.json')) as BenchResults),
      ),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// package.json

interface JsonSchemaLike {
  properties: { channels: { properties: Record<string, { enum: string[] }> } };
}

function packageJson(text: string, schema: object): string {
  const pkg = JSON.parse(text);
  const settings = pkg.contributes.configuration.properties;
  const fileChannels = (schema as JsonSchemaLike).properties.channels.properties;

  // universalMessage.channels: one entry per channel, with the values the config file takes.
  // The descriptions are prose: an existing channel keeps its own, a new one gets its name.
  const channels = settings['universalMessage.channels'];
  const before: Record<string, Record<string, unknown>> = channels.properties ?? {};
  channels.properties = Object.fromEntries(CHANNEL_IDS.map((c) => {
    const { description, markdownDescription } = before[c] ?? { description: CHANNEL_NAMES[c] };
    return [c, { type: 'string', enum: fileChannels[c].enum, default: DEFAULT_CONFIG.channels[c], description, markdownDescription }];
  }));
  channels.default = Object.fromEntries(CHANNEL_IDS.map((c) => [c, DEFAULT_CONFIG.channels[c]]));

  settings['universalMessage.rules'].propertyNames.enum = ALL_RULES.map((r) => r.id);
  settings['universalMessage.maxFileSize'].default = DEFAULT_MAX_FILE_SIZE;
  // JSON.stringify drops the description keys left undefined above.
  return JSON.stringify(pkg, null, 2) + '\n';
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** Replaces the text between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`. */
export function replaceBlock(text: string, file: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) {
    throw new Error(`${file} needs the markers ${open} and ${close} (in this order) around the text that npm run generate writes.`);
  }
  return text.slice(0, start + open.length) + content + text.slice(end);
}

/** Where each language's rules apply. A new language id fails to compile here until it has its files. */
const LANGUAGE_FILES: Record<LanguageId, string> = {
  'universal-message': '`*.umsg`',
  'configuration-meta': '`*.configmeta.json`',
  'native-provider': '`*.provider.json`',
  'umsg-config': '`umsg.config.json`',
};

function filesOf(rule: Rule): string {
  return rule.languages.map((l) => LANGUAGE_FILES[l]).join(', ');
}

function severityOf(rule: Rule): string {
  if (!rule.channelScoped) return rule.defaultSeverity;
  const defaults = [...new Set(CHANNEL_IDS.map((c) => DEFAULT_CONFIG.channels[c]))];
  return `the channel's (${defaults.join(' or ')})`;
}

/** Plain catalogue text in a Markdown table cell: nothing in it is read as markup. */
function cell(text: string): string {
  let out = '';
  for (const ch of text) out += '\\`*_[]<>|'.includes(ch) ? `\\${ch}` : ch;
  return out;
}

export function ruleTable(rules: readonly Rule[]): string {
  const rows = rules.map((r) => `| [${r.id}](${r.id}.md) | ${severityOf(r)} | ${filesOf(r)} | ${cell(r.description)} |`);
  return ['', '| rule | default severity | files | what it checks |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}

/**
 * "Universal messages: `syntax`, …. Configuration Meta and providers: `meta-*` and `provider-*`":
 * the message rules by id, the others by the prefix they share (an id without a shared prefix by itself).
 */
export function readmeRuleIds(rules: readonly Rule[]): string {
  const code = (s: string) => `\`${s}\``;
  const message = rules.filter((r) => r.languages.includes('universal-message')).map((r) => r.id);
  const others = rules.filter((r) => !r.languages.includes('universal-message') && r.languages.length > 0).map((r) => r.id);
  const prefix = (id: string) => (id.includes('-') ? id.slice(0, id.indexOf('-')) : id);
  const groups: string[] = [];
  for (const id of others) {
    const p = prefix(id);
    const shared = others.filter((o) => prefix(o) === p).length > 1;
    const name = shared ? `${p}-*` : id;
    if (!groups.includes(name)) groups.push(name);
  }
  return `Universal messages: ${joinAnd(message.map(code))}. ` +
    `Configuration Meta and providers: ${joinAnd(groups.map(code))} (see the docs).`;
}

const A_SEVERITY: Record<Severity, string> = {
  error: 'an error',
  warning: 'a warning',
  information: 'an information finding',
  hint: 'a hint',
};

/**
 * The severity an unknown setting, channel or rule id in umsg.config.json is reported with: what
 * the editor and `umsg check` report on a config that has one of each (the config rule's
 * findings, which the config's own `rules` do not govern). Throws when the three differ, since
 * the docs state them as one.
 */
export function unknownConfigEntrySeverity(): Severity {
  const text = '{ "noSuchSetting": 1, "channels": { "no-such-channel": "off" }, "rules": { "no-such-rule": "off" } }';
  const found = checkDocument(text, 'umsg-config').diagnostics;
  const severities = [...new Set(found.map((d) => d.severity))];
  const unknown = ['setting "noSuchSetting"', 'channel "no-such-channel"', 'rule "no-such-rule"'];
  const reported = unknown.every((u) => found.some((d) => d.message.startsWith(`Unknown ${u}`)));
  if (found.length !== 3 || !reported || severities.length !== 1) {
    throw new Error(`An unknown setting, channel and rule should be three findings of one severity; umsg.config.json ${text} gave: `
      + JSON.stringify(found.map((d) => `${d.severity}: ${d.message}`)));
  }
  return severities[0];
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
