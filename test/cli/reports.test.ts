/**
 * Reports for CI and code review: `umsg check --format sarif` (validated by Microsoft's SARIF
 * validator), `--format github` (workflow commands, escaped as the Actions runner unescapes
 * them), the GitHub Action (action.yml) and the pre-commit hook (.pre-commit-hooks.yaml).
 * The command line runs in-process through runCli; the action's script and the validator are
 * real processes. Expected lines and columns are counted by hand from the fixtures below.
 */
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, chmodSync, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, it } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { tempTree as makeTempTree } from '../support/tempTree';
import { escapeData, escapeProperty } from '../../server/src/cli/report/github';
import { ALL_RULES } from '../../server/src/core/rules';
import { CLI_BUNDLE, ensureBundle } from '../support/bundle';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = path.join(ROOT, 'examples');
const PKG = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

// ---------------------------------------------------------------------------------------------
// Helpers

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function umsg(args: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; }, cwd });
  return { code, stdout, stderr };
}

const tempTree = (files: Record<string, string>) => makeTempTree(files, 'umsg-reports-');

const CLI = CLI_BUNDLE;
before(() => {
  // The action runs the bundle: rebuilt when a source is newer (one build at a time, see support/bundle.ts).
  ensureBundle();
  for (let dir = realpathSync(tmpdir()); ; dir = path.dirname(dir)) {
    assert.ok(!existsSync(path.join(dir, 'umsg.config.json')), `${dir}/umsg.config.json would govern the test folders: remove it`);
    if (path.dirname(dir) === dir) break;
  }
});

/**
 * One finding of each severity, and a multi-line range (the object given as title, lines 3 to
 * 5). umsg.config.json makes media-height information and unknown-property a hint.
 */
const SEVERITIES = {
  'umsg.config.json': `{ "rules": { "unknown-property": "hint", "media-height": "information" }, ` +
    `"channels": { "messenger": "warning", "gbm": "warning", "whatsapp": "warning" } }\n`,
  'cards/every severity.umsg': `{
  "type": "rich",
  "title": {
    "text": "multi-line"
  },
  "description": "This description is far too long for WhatsApp, which allows only sixty characters here.",
  "richMedia": { "height": "tall", "fileUrl": "https://example.com/a.png", "altText": "A" },
  "colour": "red"
}
`,
};

// Line 1: the astral character 😀 is two UTF-16 code units, so "colour" starts at column 34
// (33 in code points) and ends before column 42.
const ASTRAL = `{ "type": "rich", "title": "😀", "colour": "red" }\n`;

/** Characters that must never reach a terminal raw (LF aside, which the formats escape or pretty-print). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

// A file name and a property name made to attack a terminal and a log: ANSI escapes, a C1 CSI,
// a right-to-left override, line breaks that would start a new workflow command, and the
// characters that end a command's property (`,` `:`) or look like its escapes (`%0A`).
const HOSTILE_NAME = 'evil \u001b[31mred\u009b2J\u202eflow, a:b %0A\n::error::x.umsg';
const HOSTILE_KEY = '\\u001b]0;owned\\u0007\\u009b\\u2028\\u202e\\r\\n::error file=x::injected %25 100%';
const HOSTILE_KEY_TEXT = '\u001b]0;owned\u0007\u009b\u2028\u202e\r\n::error file=x::injected %25 100%';

// ---------------------------------------------------------------------------------------------
// SARIF

interface SarifRegion { startLine: number; startColumn: number; endLine: number; endColumn: number }
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: SarifRegion } }[];
}
interface SarifRule {
  id: string;
  fullDescription: { text: string };
  help: { text: string; markdown?: string };
  shortDescription: { text: string };
  helpUri: string;
  defaultConfiguration: { level: string };
}
interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; informationUri: string; rules: SarifRule[] } };
    invocations: {
      executionSuccessful: boolean;
      toolExecutionNotifications?: {
        level: string;
        message: { text: string };
        locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[];
      }[];
    }[];
    originalUriBaseIds: Record<string, { uri: string }>;
    columnKind: string;
    results: SarifResult[];
  }[];
}

async function sarif(args: string[], cwd: string): Promise<{ run: Run; log: SarifLog }> {
  const run = await umsg(['check', ...args, '--format', 'sarif'], cwd);
  let log: SarifLog;
  try {
    log = JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}): ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
  return { run, log };
}

function region(r: SarifResult): string {
  const g = r.locations[0].physicalLocation.region;
  return `${g.startLine}:${g.startColumn}-${g.endLine}:${g.endColumn}`;
}

/**
 * The platform binary of @microsoft/sarif-multitool (a self-contained .NET executable), run
 * directly: the package's bin.js goes through a shell, which splits `--level` lists at `;`.
 * Installing with --ignore-scripts skips the package's postinstall `chmod u+x`; this does the
 * same. A validator that cannot run fails the test: it never passes silently.
 */
function validatorPath(): string {
  let binary: string;
  try {
    // The package's main module is the path of its platform's binary (a CommonJS value).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    binary = require('@microsoft/sarif-multitool') as string;
  } catch (error) {
    throw new Error(
      `The SARIF validator is not installed (npm ci installs @microsoft/sarif-multitool and its platform package): ${String(error)}`,
    );
  }
  assert.ok(
    existsSync(binary),
    `The SARIF validator's binary ${binary} is missing (no @microsoft/sarif-multitool-${process.platform} package?)`,
  );
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    chmodSync(binary, statSync(binary).mode | 0o100);
  }
  return binary;
}

interface ValidatorFinding { ruleId: string; level: string; text: string }

/**
 * Runs `validate` once on several logs (name → text; one run, as each start of the validator
 * is slow) and returns what it found in each, at every level; throws when it could not
 * run. Rule kinds: SARIF's own rules and GitHub's (what code scanning requires of an upload).
 */
function validate(logs: Record<string, string>): Promise<Record<string, ValidatorFinding[]>> {
  const files = Object.fromEntries(Object.entries(logs).map(([name, text]) => [`${name}.sarif`, text]));
  const dir = tempTree(files);
  const out = path.join(dir, 'validation.sarif.out');
  return new Promise((resolve, reject) => {
    execFile(
      validatorPath(),
      [
        'validate', ...Object.keys(files).map((f) => path.join(dir, f)), '--output', out,
        '--level', 'Error;Warning;Note', '--rule-kind', 'Sarif;Gh', '--log', 'ForceOverwrite', '--quiet',
      ],
      // .NET without ICU: invariant globalization keeps the validator independent of libicu.
      // Without dynamic profile-guided optimisation the validator spends less CPU (its run is
      // too short for the profiles to pay back).
      {
        env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_TieredPGO: '0' },
        timeout: 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!existsSync(out)) {
          return reject(new Error(
            `The SARIF validator wrote no output (${error?.message ?? 'no error'}):\n${stdout.slice(0, 2000)}\n${stderr}`,
          ));
        }
        const result = JSON.parse(readFileSync(out, 'utf8')) as {
          runs: {
            results?: {
              ruleId: string;
              level?: string;
              message: { text?: string; arguments?: string[] };
              locations?: { physicalLocation: { artifactLocation: { uri: string } } }[];
            }[];
            invocations?: { executionSuccessful: boolean; toolExecutionNotifications?: unknown[] }[];
          }[];
        };
        const inv = result.runs[0].invocations?.[0];
        if (!inv?.executionSuccessful || inv.toolExecutionNotifications?.length) {
          return reject(new Error(`The SARIF validator did not complete: ${JSON.stringify(inv)}\n${stderr}`));
        }
        const byLog: Record<string, ValidatorFinding[]> = Object.fromEntries(Object.keys(logs).map((name) => [name, []]));
        for (const r of result.runs[0].results ?? []) {
          const uri = r.locations?.[0]?.physicalLocation.artifactLocation.uri ?? '';
          const name = path.basename(decodeURIComponent(uri)).replace(/\.sarif$/, '');
          if (!byLog[name]) return reject(new Error(`The SARIF validator reported on an unknown file ${uri}`));
          byLog[name].push({
            ruleId: r.ruleId,
            level: r.level ?? 'warning',
            text: `${r.message.text ?? ''} ${(r.message.arguments ?? []).join(' | ')}`,
          });
        }
        resolve(byLog);
      },
    );
  });
}

function serious(findings: ValidatorFinding[]): string[] {
  return findings.filter((f) => f.level === 'error' || f.level === 'warning').map((f) => `${f.level} ${f.ruleId}: ${f.text}`);
}

/** The log of a check in which the rule empty-text throws. */
async function logWithFailingRule(): Promise<{ run: Run; log: SarifLog }> {
  const rule = ALL_RULES.find((r) => r.id === 'empty-text')!;
  const original = rule.check;
  (rule as { check: typeof original }).check = () => { throw new Error('boom'); };
  try {
    return await sarif([], tempTree({ 'card.umsg': ASTRAL }));
  } finally {
    (rule as { check: typeof original }).check = original;
  }
}

/** A check of two files, one of which cannot be read: a sparse file over 2 GiB, which Node refuses
 * to read (ERR_FS_FILE_TOO_LARGE) even as root, without reading a byte; it takes no disk space. */
async function logWithUnreadableFile(hugeName = 'huge.umsg'): Promise<{ run: Run; log: SarifLog }> {
  // A named pipe: the command line refuses to read anything but a regular file.
  const dir = tempTree({ 'ok.umsg': ASTRAL });
  execFileSync('mkfifo', [path.join(dir, hugeName)]);
  return sarif([], dir);
}

/** The log of a check on two threads whose worker thread fails: the log is written all the same, with the files checked so far. */
async function logWithFailedWorker(): Promise<{ run: Run; log: SarifLog }> {
  const files: Record<string, string> = { 'worker.js': "throw new Error('the worker broke');" };
  for (let i = 0; i < 12; i++) files[`card${i}.umsg`] = ASTRAL;
  const dir = tempTree(files);
  let stdout = '';
  let stderr = '';
  const code = await runCli(['check', '--jobs', '2', '--format', 'sarif'], {
    cwd: dir,
    stdout: (s) => { stdout += s; },
    stderr: (s) => { stderr += s; },
    workerScript: path.join(dir, 'worker.js'),
  });
  assert.equal(code, 2, stderr);
  return { run: { code, stdout, stderr }, log: JSON.parse(stdout) as SarifLog };
}

describe('umsg check --format sarif', () => {
  it('reports every finding of the examples as one result, with its rule, level and region', async () => {
    const json = await umsg(['check', '.', '--format', 'json'], EXAMPLES);
    const eslint = JSON.parse(json.stdout) as {
      filePath: string;
      messages: { ruleId: string; severity: number; line: number; column: number; endLine: number; endColumn: number }[];
    }[];
    const expected = eslint.flatMap((f) => f.messages.map(
      (m) => `${path.relative(EXAMPLES, f.filePath)} ${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn}`,
    ));
    const { run, log } = await sarif(['.'], EXAMPLES);
    assert.equal(run.code, json.code, 'same exit code as the other formats');
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    const [r] = log.runs;
    assert.deepEqual(
      r.results.map((x) => `${decodeURIComponent(x.locations[0].physicalLocation.artifactLocation.uri)} ${x.ruleId} ${region(x)}`),
      expected,
    );
    for (const x of r.results) {
      assert.equal(r.tool.driver.rules[x.ruleIndex].id, x.ruleId, 'ruleIndex points at the rule');
      assert.equal(x.locations[0].physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
    }
    assert.equal(
      r.results.find((x) => x.ruleId === 'syntax')?.locations[0].physicalLocation.artifactLocation.uri,
      'invalid/trailing-comma.umsg',
    );
    assert.deepEqual(r.originalUriBaseIds, { '%SRCROOT%': { uri: pathToFileURL(EXAMPLES).href + '/' } });
    assert.equal(r.columnKind, 'utf16CodeUnits');
    assert.deepEqual(r.invocations, [{ executionSuccessful: true }]);
  });

  it('describes the tool and every rule of the catalogue, with its page and default level', async () => {
    const { log } = await sarif(['.'], EXAMPLES);
    const driver = log.runs[0].tool.driver;
    assert.equal(driver.name, 'umsg');
    assert.equal(driver.version, PKG.version);
    assert.match(driver.informationUri, /^https:\/\//);
    assert.deepEqual(driver.rules.map((x) => x.id), ALL_RULES.map((x) => x.id));
    const level = { error: 'error', warning: 'warning', information: 'note', hint: 'note' } as const;
    for (const [i, rule] of driver.rules.entries()) {
      assert.equal(rule.shortDescription.text, ALL_RULES[i].description);
      assert.equal(rule.defaultConfiguration.level, level[ALL_RULES[i].defaultSeverity]);
      // The same file URL of docs/rules that the language server gives as codeDescription.
      assert.equal(rule.helpUri, pathToFileURL(path.join(ROOT, 'docs', 'rules', `${rule.id}.md`)).href);
      const page = readFileSync(path.join(ROOT, 'docs', 'rules', `${rule.id}.md`), 'utf8');
      assert.deepEqual(rule.help, { text: page, markdown: page }, 'the page itself, for code scanning\'s alert details');
      assert.ok(
        rule.fullDescription.text.length > 0 && page.includes(rule.fullDescription.text) && !rule.fullDescription.text.startsWith('#'),
      );
    }
  });

  it('maps error, warning, information and hint to error, warning, note and note, across lines', async () => {
    const dir = tempTree(SEVERITIES);
    const { run, log } = await sarif([], dir);
    assert.equal(run.code, 1);
    const rows = log.runs[0].results.map(
      (x) => `${x.level} ${x.ruleId} ${region(x)} ${x.locations[0].physicalLocation.artifactLocation.uri}`,
    );
    assert.deepEqual(rows, [
      'error value-type 3:12-5:4 cards/every%20severity.umsg',
      'warning channel-limit 6:18-6:107 cards/every%20severity.umsg',
      'note media-height 7:28-7:34 cards/every%20severity.umsg',
      'note unknown-property 8:3-8:11 cards/every%20severity.umsg',
    ]);
  });

  it('counts columns in UTF-16 code units, as columnKind says', async () => {
    const dir = tempTree({ 'astral.umsg': ASTRAL });
    const { log } = await sarif([], dir);
    const unknown = log.runs[0].results.find((x) => x.ruleId === 'unknown-property');
    assert.ok(unknown);
    assert.equal(region(unknown), '1:34-1:42');
    assert.equal(log.runs[0].columnKind, 'utf16CodeUnits');
  });

  it('gives files outside the working directory as absolute file URIs', async () => {
    const dir = tempTree({ 'inside/card.umsg': ASTRAL });
    const { log } = await sarif([path.join(dir, 'inside')], path.join(dir, 'elsewhere'));
    const location = log.runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    assert.deepEqual(location, { uri: pathToFileURL(path.join(dir, 'inside', 'card.umsg')).href });
  });

  it('lists a file that cannot be read as a tool execution notification and still reports the others', async () => {
    const { run, log } = await logWithUnreadableFile();
    assert.equal(run.code, 2, 'unreadable input is exit code 2');
    assert.match(run.stderr, /Cannot read ".*huge\.umsg"/);
    const [invocation] = log.runs[0].invocations;
    assert.equal(invocation.executionSuccessful, false);
    assert.deepEqual(invocation.toolExecutionNotifications, [{
      level: 'error',
      message: { text: 'Cannot read "huge.umsg": it is a named pipe, not a regular file. It was not checked.' },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'huge.umsg', uriBaseId: '%SRCROOT%' } } }],
    }]);
    assert.ok(log.runs[0].results.some((x) => x.ruleId === 'unknown-property'), 'the readable file is still reported');
  });

  it('names an unreadable file on standard error without its control characters', async () => {
    const { run, log } = await logWithUnreadableFile('huge\u001b[2J.umsg');
    assert.equal(run.code, 2);
    assert.doesNotMatch(run.stderr, RAW_CONTROL);
    assert.match(run.stderr, /huge\\u001b\[2J\.umsg/);
    assert.equal(
      log.runs[0].invocations[0].toolExecutionNotifications?.[0].locations?.[0].physicalLocation.artifactLocation.uri,
      'huge%1B%5B2J.umsg',
    );
  });

  it('lists a rule that failed as a tool execution notification naming the rule', async () => {
    const outcome = await logWithFailingRule();
    const [invocation] = outcome.log.runs[0].invocations;
    assert.equal(invocation.executionSuccessful, false);
    assert.equal(invocation.toolExecutionNotifications?.length, 1);
    const n = invocation.toolExecutionNotifications![0] as { message: { text: string }; associatedRule?: { id: string; index: number } };
    assert.match(n.message.text, /^Rule empty-text failed on this file: Error: boom/);
    assert.deepEqual(n.associatedRule, { id: 'empty-text', index: ALL_RULES.findIndex((r) => r.id === 'empty-text') });
    assert.ok(outcome.log.runs[0].results.some((x) => x.ruleId === 'unknown-property'), 'the other rules still report');
  });

  it('with --quiet, reports errors only', async () => {
    const { log } = await sarif(['--quiet'], tempTree(SEVERITIES));
    assert.deepEqual(log.runs[0].results.map((x) => x.level), ['error']);
  });

  it('never lets control characters of file names and messages reach the terminal raw', async () => {
    const dir = tempTree({ [HOSTILE_NAME]: `{ "type": "rich", "title": "Hi", "${HOSTILE_KEY}": 1 }\n` });
    const { run, log } = await sarif([], dir);
    assert.doesNotMatch(run.stdout.replace(/\n/g, ''), RAW_CONTROL);
    const result = log.runs[0].results.find((x) => x.ruleId === 'unknown-property');
    assert.ok(result, run.stdout);
    assert.equal(
      decodeURIComponent(result.locations[0].physicalLocation.artifactLocation.uri),
      HOSTILE_NAME,
      'the file name survives, encoded',
    );
    assert.ok(result.message.text.includes(HOSTILE_KEY_TEXT), 'the message keeps the property name, escaped in JSON');
  });

  it('passes Microsoft\'s SARIF validator (SARIF and GitHub rules) with no error or warning, ' +
    'and the validator catches a broken log', async () => {
    const examples = await sarif(['.'], EXAMPLES);
    assert.ok(examples.log.runs[0].results.length > 10);
    const severities = await sarif([], tempTree(SEVERITIES));
    const broken = JSON.parse(severities.run.stdout) as SarifLog;
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0; // lines are 1-based
    delete (broken.runs[0].tool.driver as Partial<SarifLog['runs'][0]['tool']['driver']>).name; // required
    const findings = await validate({
      examples: examples.run.stdout,
      severities: severities.run.stdout, // every severity, and a range over three lines
      hostile: (await sarif([], tempTree({
        [HOSTILE_NAME]: `{ "type": "rich", "title": "Hi", "${HOSTILE_KEY}": 1 }\n`,
        'astral.umsg': ASTRAL,
      }))).run.stdout,
      unreadable: (await logWithUnreadableFile()).run.stdout,
      'failing-rule': (await logWithFailingRule()).run.stdout,
      'failed-worker': (await logWithFailedWorker()).run.stdout,
      broken: JSON.stringify(broken),
    });
    for (const name of ['examples', 'severities', 'hostile', 'unreadable', 'failing-rule', 'failed-worker']) {
      assert.deepEqual(serious(findings[name]), [], `the SARIF validator's findings in the ${name} log`);
      assert.ok(findings[name].length > 0, `the validator saw the ${name} log (it always has notes)`);
    }
    // Proof that the validator really validates: the broken log gets errors.
    assert.ok(
      findings.broken.some((f) => f.level === 'error'),
      `expected errors for the broken log, got ${JSON.stringify(findings.broken)}`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// GitHub workflow commands

/** What the Actions runner does with a command's property value and message. */
function unescapeRunner(s: string): string {
  const map: Record<string, string> = { '%25': '%', '%0D': '\r', '%0A': '\n', '%3A': ':', '%2C': ',' };
  return s.replace(/%(?:25|0D|0A|3A|2C)/g, (m) => map[m]);
}

interface Command { command: string; properties: Record<string, string>; message: string }

/** Parses one workflow command line as the runner does: `::name k=v,k=v::message`. */
function parseCommand(line: string): Command {
  assert.ok(line.startsWith('::'), `not a command: ${JSON.stringify(line)}`);
  const end = line.indexOf('::', 2);
  assert.ok(end > 0, `no message: ${JSON.stringify(line)}`);
  const head = line.slice(2, end);
  const space = head.indexOf(' ');
  const properties: Record<string, string> = {};
  for (const pair of head.slice(space + 1).split(',')) {
    const eq = pair.indexOf('=');
    properties[pair.slice(0, eq)] = unescapeRunner(pair.slice(eq + 1));
  }
  return { command: head.slice(0, space), properties, message: unescapeRunner(line.slice(end + 2)) };
}

describe('umsg check --format github', () => {
  it('writes one annotation command per finding, with file, range and rule', async () => {
    const dir = tempTree(SEVERITIES);
    const run = await umsg(['check', '--format', 'github'], dir);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, [
      '::error file=cards/every severity.umsg,line=3,col=12,endLine=5,endColumn=4,title=value-type::' +
        'title must be a string, found an object.',
      '::warning file=cards/every severity.umsg,line=6,col=18,endLine=6,endColumn=107,title=channel-limit::' +
        'description has 87 characters: over Messenger\'s 80 and WhatsApp\'s 60.',
      '::notice file=cards/every severity.umsg,line=7,col=28,endLine=7,endColumn=34,title=media-height::' +
        'height must be written "TALL" (upper case), found "tall".',
      '::notice file=cards/every severity.umsg,line=8,col=3,endLine=8,endColumn=11,title=unknown-property::' +
        'Unknown property "colour" in the card: channels drop it. ' +
        'Known: type, title, description, richMedia, insideActions, floatActions.',
      '',
    ].join('\n'));
  });

  it('covers the examples: as many commands as findings, files relative to the working directory', async () => {
    const json = JSON.parse((await umsg(['check', '.', '--format', 'json'], EXAMPLES)).stdout) as {
      filePath: string;
      messages: unknown[];
    }[];
    const run = await umsg(['check', '.', '--format', 'github'], EXAMPLES);
    const commands = run.stdout.trimEnd().split('\n').map(parseCommand);
    assert.equal(commands.length, json.reduce((n, f) => n + f.messages.length, 0));
    assert.ok(commands.every((c) => ['error', 'warning', 'notice'].includes(c.command)));
    assert.ok(commands.some((c) => c.properties.file === 'invalid/trailing-comma.umsg' && c.properties.title === 'syntax'));
  });

  it('escapes messages and properties as the runner requires', () => {
    assert.equal(escapeData('100% done\r\nnext %0A'), '100%25 done%0D%0Anext %250A');
    assert.equal(escapeProperty('a:b,c%d\r\ne'), 'a%3Ab%2Cc%25d%0D%0Ae');
    assert.equal(escapeData('a:b,c'), 'a:b,c', 'a message keeps its colons and commas');
    // Other control characters are shown, not sent: no terminal escape reaches the log.
    assert.equal(escapeData('\u001b[31mred\u009b\u202e'), '\\u001b[31mred\\u009b\\u202e');
  });

  it('keeps hostile file names and messages on one line each, unable to forge a command', async () => {
    const dir = tempTree({ [HOSTILE_NAME]: `{ "type": "rich", "title": "Hi", "${HOSTILE_KEY}": 1 }\n` });
    const run = await umsg(['check', '--format', 'github'], dir);
    assert.doesNotMatch(run.stdout.replace(/\n$/, ''), RAW_CONTROL, 'no raw control character, no extra line');
    const lines = run.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.map((l) => parseCommand(l).properties.title), ['card-required', 'unknown-property'], run.stdout);
    const c = parseCommand(lines[1]);
    assert.equal(c.command, 'warning');
    assert.deepEqual(Object.keys(c.properties), ['file', 'line', 'col', 'endLine', 'endColumn', 'title']);
    assert.equal(
      c.properties.file,
      'evil \\u001b[31mred\\u009b2J\\u202eflow, a:b %0A\n::error::x.umsg',
      'the name comes back as written, its control characters visible',
    );
    assert.equal(c.properties.title, 'unknown-property');
    assert.ok(c.message.includes('\\u001b]0;owned\\u0007\\u009b\\u2028\\u202e\r\n::error file=x::injected %25 100%'), c.message);
  });
});

// ---------------------------------------------------------------------------------------------
// The GitHub Action and the pre-commit hook

// js-yaml is in node_modules as a dependency of mocha and vsce; no types, so its one function is typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load(text: string): unknown };

interface ActionYml {
  runs: {
    using: string;
    steps: {
      uses?: string;
      run?: string;
      shell?: string;
      'working-directory'?: string;
      id?: string;
      env?: Record<string, string>;
      with?: Record<string, string>;
    }[];
  };
  inputs: Record<string, { default?: string; required?: boolean; description: string }>;
  outputs: Record<string, { value: string }>;
}

describe('action.yml', () => {
  const action = yaml.load(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYml;

  it('is a composite action that sets up Node, builds umsg from its own checkout and runs umsg check', () => {
    assert.equal(action.runs.using, 'composite');
    assert.deepEqual(Object.keys(action.inputs).sort(), ['format', 'max-warnings', 'node-version', 'paths', 'sarif-file']);
    assert.equal(action.inputs.format.default, 'github');
    assert.equal(action.outputs['sarif-file'].value, '${{ steps.check.outputs.sarif-file }}');
    const [setup, install, check] = action.runs.steps;
    assert.match(setup.uses ?? '', /^actions\/setup-node@v\d+$/);
    assert.equal(install['working-directory'], '${{ github.action_path }}');
    assert.equal(install.run, 'npm ci --no-audit --no-fund && npm run build');
    assert.ok(PKG.scripts.build, 'package.json has the build script the action runs');
    assert.equal(check.id, 'check');
    assert.equal(check.env?.UMSG_CLI, '${{ github.action_path }}/dist/cli.js');
    assert.equal(PKG.bin.umsg, './dist/cli.js', 'the file the action runs is the umsg bin the build makes');
    for (const step of action.runs.steps) {
      if (step.run) {
        assert.equal(step.shell, 'bash', 'composite run steps need a shell');
        assert.doesNotMatch(step.run, /\$\{\{\s*inputs\./, 'inputs reach the script through env, never pasted into it');
      }
    }
  });

  /** Runs the action's check script with bash as the runner would, on the built bundle. */
  function runActionScript(cwd: string, inputs: Record<string, string>): Promise<Run & { output: string }> {
    const check = action.runs.steps.find((s) => s.id === 'check')!;
    const outputFile = path.join(tempTree({ 'github-output': '' }), 'github-output');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NO_COLOR: '1',
      GITHUB_OUTPUT: outputFile,
      UMSG_CLI: CLI,
    };
    const values: Record<string, string> = { paths: '.', format: 'github', 'max-warnings': '', 'sarif-file': '', ...inputs };
    for (const [name, template] of Object.entries(check.env ?? {})) {
      const m = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(template);
      if (m) env[name] = values[m[1]];
    }
    return new Promise((resolve, reject) => {
      execFile(
        'bash',
        ['--noprofile', '--norc', '-eo', 'pipefail', '-c', check.run!],
        { cwd, env, timeout: 60_000 },
        (error, stdout, stderr) => {
          if (error && typeof error.code !== 'number') return reject(error);
          resolve({ code: error ? (error.code as unknown as number) : 0, stdout, stderr, output: readFileSync(outputFile, 'utf8') });
        },
      );
    });
  }

  it('its script checks the given paths, fails on errors and writes the SARIF file it is asked for', async () => {
    const dir = tempTree({ ...SEVERITIES, 'clean/ok.umsg': '{ "type": "rich", "title": "Hello", "description": "Welcome back." }\n' });
    const failing = await runActionScript(dir, { paths: 'cards\nclean', 'sarif-file': 'reports/umsg.sarif' });
    assert.equal(failing.code, 1, failing.stderr);
    assert.match(failing.stdout, /^::error file=cards\/every severity\.umsg,line=3,/m);
    assert.equal(failing.output, 'sarif-file=reports/umsg.sarif\n');
    const log = JSON.parse(readFileSync(path.join(dir, 'reports', 'umsg.sarif'), 'utf8')) as SarifLog;
    assert.equal(log.runs[0].results.length, 4);

    const clean = await runActionScript(dir, { paths: 'clean', format: 'stylish' });
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    assert.match(clean.stdout, /1 file checked, no problems/);

    const tooManyWarnings = await runActionScript(dir, { paths: 'cards', 'max-warnings': '0', format: 'json' });
    assert.equal(tooManyWarnings.code, 1);
    const badPath = await runActionScript(dir, { paths: 'no-such-folder', 'sarif-file': 'r.sarif' });
    assert.equal(badPath.code, 2);
    assert.equal(badPath.output, '', 'no SARIF file to upload after bad usage');
    assert.match(badPath.stderr, /no-such-folder/);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const hooks = yaml.load(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as {
    id: string;
    name: string;
    language: string;
    entry: string;
    files: string;
  }[];

  it('declares the umsg hook for the three kinds of file', () => {
    assert.equal(hooks.length, 1);
    const [hook] = hooks;
    assert.equal(hook.id, 'umsg');
    // system: pre-commit runs the umsg on PATH (a node hook would install no umsg from git, see the file).
    assert.equal(hook.language, 'system');
    assert.equal(hook.entry, 'umsg check');
    // pre-commit matches `files` with Python's re.search; this pattern means the same in JavaScript.
    const files = new RegExp(hook.files);
    for (const name of ['a.umsg', 'cards/menu.whatsapp.umsg', 'x/payments.configmeta.json', 'stripe.provider.json']) {
      assert.ok(files.test(name), name);
    }
    for (const name of ['a.json', 'umsg.config.json', 'menu.sample.json', 'a.umsg.bak', 'provider.json.txt']) {
      assert.ok(!files.test(name), name);
    }
  });

  it('names the umsg bin, which the build makes from the command line\'s source', () => {
    const bin = hooks[0].entry.split(' ')[0];
    assert.equal(PKG.bin[bin], './dist/cli.js');
    // dist/cli.js is the launcher (cli/launch.ts), which loads the bundle of cli/main.ts.
    const build = readFileSync(path.join(ROOT, 'esbuild.mjs'), 'utf8');
    assert.match(build, /cli: 'server\/src\/cli\/launch\.ts'/);
    assert.match(build, /'cli-main': 'server\/src\/cli\/main\.ts'/);
    assert.ok(existsSync(path.join(ROOT, 'server', 'src', 'cli', 'main.ts')));
    assert.ok(existsSync(CLI), 'the build made dist/cli.js');
  });
});
