/**
 * The command line, end to end over temporary folders and over examples/. Most cases call
 * `runCli(argv, io)` in-process (what `umsg` runs, minus the process around it): spawning a
 * Node process per case cost most of the unit test time. The describe block "the shipped
 * bundle" still runs `node dist/cli.js` as a child process, to prove the binary itself: its
 * exit codes, and what goes to standard output and standard error.
 * With UMSG_CLI=path/to/cli.js, every case runs that build as a child process instead.
 * Expected lines, columns and rule ids come from reading the fixtures against the
 * specification, never from the tool's output.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { runCli } from '../../server/src/cli/main';
import { tempTree as makeTempTree } from '../support/tempTree';
import { CLI_BUNDLE, ensureBundle } from '../support/bundle';

const ROOT = path.resolve(__dirname, '..', '..');
// UMSG_CLI runs the tests against another build of the command line, as a child process.
const OTHER_CLI = process.env.UMSG_CLI ? path.resolve(process.env.UMSG_CLI) : undefined;
const EXAMPLES = path.join(ROOT, 'examples');
// The stylish report colours only a terminal; say so explicitly for the in-process runs too.
process.env.NO_COLOR = '1';

// ---------------------------------------------------------------------------------------------
// Running the command line

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `umsg args` in `cwd`: in-process through runCli, or the UMSG_CLI build when given. */
async function umsg(args: string[], cwd = ROOT): Promise<Run> {
  if (OTHER_CLI) return spawnUmsg(OTHER_CLI, args, cwd);
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { cwd, stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; } });
  return { code, stdout, stderr };
}

/** Runs `node <cli> args` as a child process in `cwd`. */
function spawnUmsg(cli: string, args: string[], cwd = ROOT): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error); // killed, not exited
        resolve({ code: error ? (error.code as unknown as number) : 0, stdout, stderr });
      },
    );
  });
}

interface EslintMessage {
  ruleId: string;
  severity: number;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

interface EslintResult {
  filePath: string;
  messages: EslintMessage[];
  errorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
}

/** Runs with --format json and parses stdout (which must be nothing but the JSON). */
async function umsgJson(args: string[], cwd = ROOT): Promise<{ code: number; results: EslintResult[]; stderr: string }> {
  const run = await umsg([...args, '--format', 'json'], cwd);
  let results: EslintResult[];
  try {
    results = JSON.parse(run.stdout);
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}): ${run.stdout.slice(0, 500)}\nstderr: ${run.stderr}`);
  }
  return { code: run.code, results, stderr: run.stderr };
}

function resultFor(results: EslintResult[], filePath: string): EslintResult {
  const r = results.find((x) => x.filePath === filePath);
  assert.ok(r, `no result for ${filePath}; got ${results.map((x) => x.filePath).join(', ')}`);
  return r;
}

function ruleIds(r: EslintResult): string[] {
  return [...new Set(r.messages.map((m) => m.ruleId))].sort();
}

/** "line:column ruleId severity" of every message, for readable comparisons. */
function positions(r: EslintResult): string[] {
  return r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.severity}`);
}

// ---------------------------------------------------------------------------------------------
// Temporary folders

const tempTree = (files: Record<string, string>) => makeTempTree(files, 'umsg-cli-');

before(() => {
  // The temporary folders rely on no umsg.config.json above them (the lookup walks up to /).
  for (let dir = realpathSync(tmpdir()); ; dir = path.dirname(dir)) {
    assert.ok(!existsSync(path.join(dir, 'umsg.config.json')), `${dir}/umsg.config.json would govern the test folders: remove it`);
    if (path.dirname(dir) === dir) break;
  }
});

// ---------------------------------------------------------------------------------------------
// Fixtures (positions below are counted by hand from these texts)

const VALID = `{
  "type": "rich",
  "title": "Lunch is served",
  "description": "Soup of the day and fresh bread.",
  "floatActions": [
    { "type": "reply", "display": "See the soups", "payload": "SOUPS" }
  ]
}
`;

const NO_TITLE = `{
  "type": "rich",
  "description": "Soup of the day and fresh bread."
}
`;

// One error and one warning:
//   line 5 `  "colour": "red",`: unknown-property (warning) on the key, columns 3 to 11 ("colour" quoted is 8)
//   line 7 `    "height": "tall",`: media-height (error) on the value, columns 15 to 21 ("tall" quoted is 6)
const ONE_ERROR_ONE_WARNING = `{
  "type": "rich",
  "title": "Hi",
  "description": "Hello",
  "colour": "red",
  "richMedia": {
    "height": "tall",
    "fileUrl": "https://cdn.example.com/a.png",
    "altText": "A plate of pasta"
  }
}
`;

// value-type on the object given as title: from line 3 column 12 to line 5 column 4 (after its `}`).
const TITLE_OBJECT = `{
  "type": "rich",
  "title": {
    "text": "Hi"
  },
  "description": "Hello"
}
`;

const TITLE_95 = 'Weekend brunch is back at Trattoria Sole: pancakes, farm eggs and coffee refills until 12:30 pm';
const DESCRIPTION_70 = 'Saturdays and Sundays from 10 am to 12:30 pm, booking recommended today';

// Title over Messenger's 80 only (Google Business Messages 200, WhatsApp 1,024): one warning at 3:12.
const LONG_TITLE = `{
  "type": "rich",
  "title": "${TITLE_95}",
  "description": "Saturdays and Sundays."
}
`;

// Also a description over WhatsApp's 60 only (Messenger 80, Google Business Messages 2,000), at 4:18.
const LONG_TITLE_AND_DESCRIPTION = `{
  "type": "rich",
  "title": "${TITLE_95}",
  "description": "${DESCRIPTION_70}"
}
`;

describe('fixture self-checks', () => {
  it('the long texts have the lengths the expectations assume', () => {
    assert.equal([...TITLE_95].length, 95);
    assert.ok([...DESCRIPTION_70].length > 60 && [...DESCRIPTION_70].length <= 80, String(DESCRIPTION_70.length));
  });
});

// ---------------------------------------------------------------------------------------------

describe('exit codes and messages', () => {
  it('exits 0 with a "no problems" line for a valid file', async () => {
    const dir = tempTree({ 'lunch.umsg': VALID });
    const run = await umsg(['check', 'lunch.umsg'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^✔ 1 file checked, no problems\.$/m);
    assert.equal(run.stderr, '');
  });

  it('exits 1 when a file has errors', async () => {
    const dir = tempTree({ 'no-title.umsg': NO_TITLE });
    const run = await umsg(['check', 'no-title.umsg'], dir);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /card-required/);
    assert.doesNotMatch(run.stdout, /no problems/);
  });

  it('exits 0 when a file has only warnings', async () => {
    const dir = tempTree({ 'long.umsg': LONG_TITLE });
    const run = await umsg(['check', 'long.umsg'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /channel-limit/);
  });

  const usage: [string, string[], RegExp][] = [
    ['an unknown option', ['check', '--fix'], /Unknown option "--fix"/],
    ['an unknown command', ['lint', 'x.umsg'], /Unknown command "lint"/],
    ['--format xml', ['check', '--format', 'xml'], /Unknown format "xml"/],
    ['--format=xml', ['check', '--format=xml'], /Unknown format "xml"/],
    ['--format without a value', ['check', '--format'], /--format needs a value/],
    ['--max-warnings that is not a number', ['check', '--max-warnings', 'many'], /--max-warnings needs a whole number/],
    ['--max-warnings below 0', ['check', '--max-warnings=-1'], /--max-warnings needs a whole number/],
    ['no arguments at all', [], /Usage:\s+umsg check/],
  ];
  for (const [what, args, message] of usage) {
    it(`exits 2 for bad usage: ${what}`, async () => {
      const dir = tempTree({ 'lunch.umsg': VALID });
      const run = await umsg(args, dir);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '', 'nothing on stdout');
    });
  }

  it('exits 2 for a path that does not exist, naming it, even beside good files', async () => {
    const dir = tempTree({ 'lunch.umsg': VALID });
    const run = await umsg(['check', 'lunch.umsg', 'missing/welcome.umsg'], dir);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /missing[\\/]welcome\.umsg/);
    assert.match(run.stderr, /no such file or folder/);
    assert.equal(run.stdout, '');
  });

  it('exits 2 for a file of another kind named explicitly', async () => {
    const dir = tempTree({ 'notes.txt': 'hello', 'message.json': '{"type": "rich"}' });
    for (const name of ['notes.txt', 'message.json']) {
      const run = await umsg(['check', name], dir);
      assert.equal(run.code, 2, `${name}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, new RegExp(`"[^"]*${name.replace('.', '\\.')}" is not a file umsg checks`));
      assert.match(run.stderr, /\*\.umsg/);
    }
  });

  it('prints help on stdout and exits 0 for --help and check --help', async () => {
    for (const args of [['--help'], ['check', '--help']]) {
      const run = await umsg(args);
      assert.equal(run.code, 0, args.join(' ') + run.stderr);
      assert.match(run.stdout, /Usage:/);
      assert.match(run.stdout, /--max-warnings/);
    }
  });
});

describe('--format json (ESLint json formatter shape)', () => {
  it('gives filePath, messages with 1-based positions, and counts', async () => {
    const dir = tempTree({ 'bad.umsg': ONE_ERROR_ONE_WARNING });
    const { code, results, stderr } = await umsgJson(['check', 'bad.umsg'], dir);
    assert.equal(code, 1, stderr);
    assert.ok(Array.isArray(results));
    assert.equal(results.length, 1);
    const r = results[0];
    assert.equal(r.filePath, path.join(dir, 'bad.umsg'), 'absolute path');
    assert.ok(path.isAbsolute(r.filePath));
    assert.equal(r.errorCount, 1);
    assert.equal(r.warningCount, 1);
    assert.equal(r.fixableErrorCount, 0);
    assert.equal(r.fixableWarningCount, 0);
    const byRule = new Map(r.messages.map((m) => [m.ruleId, m]));
    assert.deepEqual([...byRule.keys()].sort(), ['media-height', 'unknown-property']);
    const height = byRule.get('media-height')!;
    assert.deepEqual(
      { severity: height.severity, line: height.line, column: height.column, endLine: height.endLine, endColumn: height.endColumn },
      { severity: 2, line: 7, column: 15, endLine: 7, endColumn: 21 },
    );
    assert.match(height.message, /TALL/);
    const colour = byRule.get('unknown-property')!;
    assert.deepEqual(
      { severity: colour.severity, line: colour.line, column: colour.column, endLine: colour.endLine, endColumn: colour.endColumn },
      { severity: 1, line: 5, column: 3, endLine: 5, endColumn: 11 },
    );
    assert.match(colour.message, /colour/);
    for (const m of r.messages) {
      for (const k of ['ruleId', 'message'] as const) assert.equal(typeof m[k], 'string');
      for (const k of ['severity', 'line', 'column', 'endLine', 'endColumn'] as const) assert.ok(Number.isInteger(m[k]), k);
    }
  });

  it('ends a range that spans lines on its last line', async () => {
    const dir = tempTree({ 'title-object.umsg': TITLE_OBJECT });
    const { results } = await umsgJson(['check', 'title-object.umsg'], dir);
    const m = results[0].messages.find((x) => x.ruleId === 'value-type');
    assert.ok(m, JSON.stringify(results[0].messages));
    assert.deepEqual([m.line, m.column, m.endLine, m.endColumn], [3, 12, 5, 4]);
  });

  it('counts lines the same with CRLF line ends', async () => {
    const dir = tempTree({ 'crlf.umsg': ONE_ERROR_ONE_WARNING.replace(/\n/g, '\r\n') });
    const { results } = await umsgJson(['check', 'crlf.umsg'], dir);
    assert.deepEqual(positions(results[0]).sort(), ['5:3 unknown-property 1', '7:15 media-height 2']);
  });

  it('ignores a byte order mark, as editors do', async () => {
    const dir = tempTree({ 'bom.umsg': '\ufeff' + VALID, 'bom-bad.umsg': '\ufeff' + ONE_ERROR_ONE_WARNING });
    const { code, results } = await umsgJson(['check', 'bom.umsg'], dir);
    assert.equal(code, 0, JSON.stringify(results));
    assert.deepEqual(results[0].messages, []);
    const bad = await umsgJson(['check', 'bom-bad.umsg'], dir);
    assert.deepEqual(positions(bad.results[0]).sort(), ['5:3 unknown-property 1', '7:15 media-height 2']);
  });

  it('lists every checked file, also those without messages, and nothing but JSON on stdout', async () => {
    const dir = tempTree({ 'a.umsg': VALID, 'b.umsg': NO_TITLE });
    const run = await umsg(['check', '.', '--format', 'json'], dir);
    assert.equal(run.code, 1);
    assert.ok(run.stdout.trimStart().startsWith('['), run.stdout.slice(0, 100));
    const results: EslintResult[] = JSON.parse(run.stdout);
    assert.deepEqual(results.map((r) => path.basename(r.filePath)).sort(), ['a.umsg', 'b.umsg']);
    assert.deepEqual(resultFor(results, path.join(dir, 'a.umsg')).messages, []);
    const b = resultFor(results, path.join(dir, 'b.umsg'));
    assert.deepEqual(ruleIds(b), ['card-required']);
    assert.equal(b.errorCount, 1);
    assert.doesNotMatch(run.stdout, /problem|checked/);
  });

  it('accepts -f json and --format=json', async () => {
    const dir = tempTree({ 'b.umsg': NO_TITLE });
    for (const args of [['-f', 'json'], ['--format=json']]) {
      const run = await umsg(['check', 'b.umsg', ...args], dir);
      assert.equal(run.code, 1);
      assert.equal(JSON.parse(run.stdout)[0].messages[0].ruleId, 'card-required');
    }
  });
});

describe('readable report', () => {
  it('lists path, line:column, severity, message and rule id, then a summary with counts', async () => {
    const dir = tempTree({ 'bad.umsg': ONE_ERROR_ONE_WARNING });
    const run = await umsg(['check', 'bad.umsg'], dir);
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    assert.ok(lines.includes('bad.umsg'), 'the path relative to the current folder, on its own line');
    assert.ok(lines.some((l) => /^\s+5:3\s+warning\s+.*"colour".*\s+unknown-property$/.test(l)), run.stdout);
    assert.ok(lines.some((l) => /^\s+7:15\s+error\s+.*height.*"tall".*\s+media-height$/.test(l)), run.stdout);
    assert.match(run.stdout, /^✖ 2 problems \(1 error, 1 warning\) in 1 file checked\.$/m);
  });

  it('shows paths relative to the current folder', async () => {
    const dir = tempTree({ 'bot/messages/no-title.umsg': NO_TITLE });
    const run = await umsg(['check', path.join(dir, 'bot')], path.join(dir, 'bot'));
    assert.ok(run.stdout.split('\n').includes(path.join('messages', 'no-title.umsg')), run.stdout);
    assert.match(run.stdout, /^\s+1:1\s+error\s+.*card-required$/m);
  });
});

describe('collecting files', () => {
  it('walks folders recursively, picks only known extensions and skips node_modules', async () => {
    const dir = tempTree({
      'lunch.umsg': VALID,
      'bot/a/b/c/deep.umsg': NO_TITLE,
      // Broken JSON: a syntax finding proves that the file was read.
      'bot/providers/payments.configmeta.json': '[ { "key": "apiKey", "label": "API key", "type": "String" }, ]',
      'bot/providers/payments.provider.json': '{ "label": "Payments", }',
      'bot/notes.json': '{ broken',
      'bot/readme.txt': '{ broken',
      'bot/old.umsg.bak': '{ broken',
      'bot/umsg/x.json': '{ broken',
      'node_modules/some-package/card.umsg': '{ broken',
      'bot/node_modules/nested/card.umsg': '{ broken',
    });
    const expected = ['bot/a/b/c/deep.umsg', 'bot/providers/payments.configmeta.json', 'bot/providers/payments.provider.json', 'lunch.umsg']
      .map((p) => path.join(dir, p))
      .sort();
    for (const args of [['check', '.'], ['check'], ['check', dir]]) {
      const { code, results } = await umsgJson(args, dir);
      assert.deepEqual(results.map((r) => r.filePath).sort(), expected, args.join(' '));
      assert.equal(code, 1);
    }
    const { results } = await umsgJson(['check'], dir);
    assert.deepEqual(ruleIds(resultFor(results, path.join(dir, 'bot/a/b/c/deep.umsg'))), ['card-required']);
    assert.ok(ruleIds(resultFor(results, path.join(dir, 'bot/providers/payments.configmeta.json'))).includes('syntax'));
    assert.ok(ruleIds(resultFor(results, path.join(dir, 'bot/providers/payments.provider.json'))).includes('syntax'));
    assert.deepEqual(resultFor(results, path.join(dir, 'lunch.umsg')).messages, []);
  });

  it('checks a file named twice (directly and through its folder) once', async () => {
    const dir = tempTree({ 'b.umsg': NO_TITLE });
    const { results } = await umsgJson(['check', 'b.umsg', './b.umsg', '.', dir], dir);
    assert.equal(results.length, 1);
    assert.equal(results[0].messages.length, 1);
  });

  it('exits 2 when a folder holds no known files (a path with a typo must not pass CI)', async () => {
    const dir = tempTree({ 'readme.txt': 'nothing here' });
    const run = await umsg(['check'], dir);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /No \*\.umsg, \*\.configmeta\.json or \*\.provider\.json files under "\."/);
  });
});

describe('umsg.config.json', () => {
  const file = 'bot/messages/long-title.umsg';

  it('without a config, a Messenger title over 80 characters is a warning', async () => {
    const dir = tempTree({ [file]: LONG_TITLE });
    const { code, results } = await umsgJson(['check'], dir);
    assert.equal(code, 0);
    assert.deepEqual(positions(results[0]), ['3:12 channel-limit 1']);
    assert.match(results[0].messages[0].message, /95 characters/);
    assert.match(results[0].messages[0].message, /Messenger's 80/);
    assert.doesNotMatch(results[0].messages[0].message, /WhatsApp|Google/);
  });

  it('a config two folders up with "messenger": "error" makes it an error (exit 1)', async () => {
    const dir = tempTree({ [file]: LONG_TITLE, 'umsg.config.json': '{ "channels": { "messenger": "error" } }' });
    const { code, results } = await umsgJson(['check', file], dir);
    assert.equal(code, 1);
    assert.deepEqual(positions(resultFor(results, path.join(dir, file))), ['3:12 channel-limit 2']);
    // The config is sound: it is not reported.
    assert.equal(results.length, 1);
  });

  it('the same config also applies when the file is checked from elsewhere', async () => {
    const dir = tempTree({ [file]: LONG_TITLE, 'umsg.config.json': '{ "channels": { "messenger": "error" } }' });
    const run = await umsg(['check', path.join(dir, file)], ROOT);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^\s+3:12\s+error\s+.*channel-limit$/m);
  });

  it('"rules": { "channel-limit": "off" } silences it', async () => {
    const dir = tempTree({ [file]: LONG_TITLE, 'umsg.config.json': '{ "rules": { "channel-limit": "off" } }' });
    const run = await umsg(['check', '--max-warnings', '0'], dir);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /no problems/);
  });

  it('"messenger": "off" leaves the other channels', async () => {
    const dir = tempTree({ [file]: LONG_TITLE_AND_DESCRIPTION, 'umsg.config.json': '{ "channels": { "messenger": "off" } }' });
    const { results } = await umsgJson(['check'], dir);
    assert.deepEqual(positions(results[0]), ['4:18 channel-limit 1']);
    assert.match(results[0].messages[0].message, /WhatsApp's 60/);
  });

  it('the nearest config wins', async () => {
    const dir = tempTree({
      [file]: LONG_TITLE,
      'umsg.config.json': '{ "channels": { "messenger": "error" } }',
      'bot/umsg.config.json': '{ "channels": { "messenger": "off" } }',
    });
    const { code, results } = await umsgJson(['check'], dir);
    assert.equal(code, 0);
    assert.deepEqual(results.map((r) => r.messages.length), [0]);
  });

  it('a config that is not JSON is reported (rule config, with its path) and the checks run with defaults', async () => {
    const dir = tempTree({ [file]: LONG_TITLE, 'bot/umsg.config.json': 'channels: messenger=error\n' });
    const { code, results } = await umsgJson(['check', file], dir);
    assert.equal(code, 1, 'the broken config is an error');
    const config = resultFor(results, path.join(dir, 'bot/umsg.config.json'));
    assert.ok(config.messages.length > 0);
    assert.ok(config.messages.every((m) => m.ruleId === 'config'), JSON.stringify(config.messages));
    assert.ok(config.messages.some((m) => m.severity === 2));
    assert.equal(config.messages[0].line, 1);
    // Nothing could be read: Messenger keeps its default, warning.
    assert.deepEqual(positions(resultFor(results, path.join(dir, file))), ['3:12 channel-limit 1']);
  });

  it('a bad severity is reported on its value; the rest of the file still applies', async () => {
    // "loud" in line 2: `  "channels": { "messenger": ` is 29 characters, so columns 30 to 36.
    const config = '{\n  "channels": { "messenger": "loud", "whatsapp": "error" }\n}\n';
    const dir = tempTree({ [file]: LONG_TITLE_AND_DESCRIPTION, 'umsg.config.json': config });
    const { code, results } = await umsgJson(['check'], dir);
    assert.equal(code, 1);
    const c = resultFor(results, path.join(dir, 'umsg.config.json'));
    assert.equal(c.messages.length, 1, JSON.stringify(c.messages));
    const m = c.messages[0];
    assert.deepEqual([m.ruleId, m.severity, m.line, m.column, m.endLine, m.endColumn], ['config', 2, 2, 30, 2, 36]);
    assert.match(m.message, /messenger/);
    // Messenger falls back to a warning; WhatsApp's "error" is read.
    assert.deepEqual(positions(resultFor(results, path.join(dir, file))), ['3:12 channel-limit 1', '4:18 channel-limit 2']);
  });

  it('an unknown rule is reported with a suggestion; the rule keeps its default', async () => {
    const dir = tempTree({ [file]: LONG_TITLE, 'umsg.config.json': '{ "rules": { "chanel-limit": "off" } }' });
    const { results } = await umsgJson(['check'], dir);
    const c = resultFor(results, path.join(dir, 'umsg.config.json'));
    assert.equal(c.messages.length, 1);
    assert.equal(c.messages[0].ruleId, 'config');
    assert.deepEqual([c.messages[0].line, c.messages[0].column], [1, 14]);
    assert.match(c.messages[0].message, /chanel-limit/);
    assert.match(c.messages[0].message, /channel-limit/);
    assert.deepEqual(positions(resultFor(results, path.join(dir, file))), ['3:12 channel-limit 1']);
  });

  it('a rule set to "information" is severity 1 in JSON and "info" in the readable report', async () => {
    const dir = tempTree({ 'bad.umsg': ONE_ERROR_ONE_WARNING, 'umsg.config.json': '{ "rules": { "unknown-property": "information" } }' });
    const { results } = await umsgJson(['check'], dir);
    assert.deepEqual(positions(resultFor(results, path.join(dir, 'bad.umsg'))).sort(), ['5:3 unknown-property 1', '7:15 media-height 2']);
    const run = await umsg(['check'], dir);
    assert.match(run.stdout, /^\s+5:3\s+info\s+.*unknown-property$/m);
    assert.match(run.stdout, /2 problems \(1 error, 0 warnings, 1 info\)/);
  });

  it('a broken config is reported once however many files it governs, in the readable report too', async () => {
    const dir = tempTree({
      'bot/a.umsg': LONG_TITLE,
      'bot/b/c.umsg': NO_TITLE,
      'umsg.config.json': '{ "channels": { "messenger": "loud" } }',
    });
    const { results } = await umsgJson(['check'], dir);
    assert.equal(results.filter((r) => r.filePath === path.join(dir, 'umsg.config.json')).length, 1);
    assert.equal(results.length, 3);
    const run = await umsg(['check'], dir);
    assert.equal(run.code, 1);
    assert.ok(run.stdout.split('\n').includes('umsg.config.json'), run.stdout);
    assert.match(run.stdout, /^\s+1:30\s+error\s+.*"messenger".*\s+config$/m);
  });
});

describe('files found by name next to a message', () => {
  const menu = () => readFileSync(path.join(EXAMPLES, 'valid/daily-menu-dynamic-list.umsg'), 'utf8');
  const sample = (dishes: { name: string; label: string }[]) => JSON.stringify({ dishes });

  it('NAME.sample.json is read: within every limit, a dynamic list has no findings', async () => {
    const dishes = [{ name: 'SOUP', label: 'Soup' }, { name: 'SALAD', label: 'Salad' }];
    const dir = tempTree({ 'menu.umsg': menu(), 'menu.sample.json': sample(dishes) });
    const { code, results } = await umsgJson(['check', 'menu.umsg'], dir);
    assert.equal(code, 0);
    assert.deepEqual(results[0].messages, []);
  });

  it('without sample data the dynamic list is not judged on its rendered values', async () => {
    const dir = tempTree({ 'menu.umsg': menu() });
    const { code, results } = await umsgJson(['check', 'menu.umsg'], dir);
    assert.equal(code, 0);
    assert.ok(!ruleIds(results[0]).includes('channel-limit'), JSON.stringify(results[0].messages));
  });

  it('with five long dishes the rendered card breaks the channels\' limits', async () => {
    // Five buttons: over Messenger's 3, Google Business Messages' 4 and WhatsApp's 3;
    // 'Dish number 0 with a long name' has 30 characters: over 20, 25 and 20.
    const dishes = [0, 1, 2, 3, 4].map((i) => ({ name: `DISH_${i}`, label: `Dish number ${i} with a long name` }));
    assert.equal(dishes[0].label.length, 30);
    const dir = tempTree({ 'menu.umsg': menu(), 'menu.sample.json': sample(dishes) });
    const { code, results } = await umsgJson(['check', 'menu.umsg'], dir);
    assert.equal(code, 0, 'channel findings are warnings by default');
    assert.deepEqual(ruleIds(results[0]), ['channel-limit']);
    const text = results[0].messages.map((m) => m.message).join('\n');
    for (const limit of [/Messenger's 3/, /Google Business Messages' 4/, /WhatsApp's 3/, /Messenger's 20/, /Google Business Messages' 25/, /WhatsApp's 20/]) {
      assert.match(text, limit);
    }
  });

  it('a NAME.sample.json that is not a JSON object is reported on the message', async () => {
    for (const broken of ['{ "dishes": [', '[1, 2]']) {
      const dir = tempTree({ 'menu.umsg': menu(), 'menu.sample.json': broken });
      const { results } = await umsgJson(['check', 'menu.umsg'], dir);
      const m = results[0].messages.find((x) => x.ruleId === 'sample-data');
      assert.ok(m, `${broken}: ${JSON.stringify(results[0].messages)}`);
      assert.equal(m.severity, 1);
      assert.match(m.message, /menu\.sample\.json/);
      assert.equal(results.length, 1, 'the sample file is not checked as a file of its own');
    }
  });

  it('NAME.<channel>.umsg takes that channel off NAME.umsg and is checked in its own form', async () => {
    // Messenger's own format, not a universal card, with an unterminated template on line 3
    // (`  "name": "` is 11 characters, so the `${` is at column 12), under a key that Messenger's
    // message does not have (column 3).
    const native = '{\n  "attachment": { "type": "template", "payload": { "template_type": "generic", ' +
      '"elements": [{ "title": "Brunch", "subtitle": "Sundays" }] } },\n' +
      '  "name": "${user.name"\n}\n';
    const dir = tempTree({ 'brunch.umsg': LONG_TITLE, 'brunch.messenger.umsg': native });
    const { results } = await umsgJson(['check'], dir);
    assert.deepEqual(resultFor(results, path.join(dir, 'brunch.umsg')).messages, [], 'the title is only too long for Messenger');
    assert.deepEqual(
      positions(resultFor(results, path.join(dir, 'brunch.messenger.umsg'))),
      ['3:3 unknown-property 1', '3:12 template-syntax 2'],
    );
    // A channel-specific file for another channel leaves Messenger's limit in place.
    const other = tempTree({ 'brunch.umsg': LONG_TITLE, 'brunch.whatsapp.umsg': '{ "type": "interactive" }' });
    const again = await umsgJson(['check'], other);
    assert.deepEqual(positions(resultFor(again.results, path.join(other, 'brunch.umsg'))), ['3:12 channel-limit 1']);
    // In native form, against WhatsApp's own format: an interactive message without its object.
    assert.deepEqual(
      resultFor(again.results, path.join(other, 'brunch.whatsapp.umsg')).messages
        .map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
      ['1:1 native-required: WhatsApp message needs interactive: WhatsApp rejects it without.'],
    );
  });

  it('umsg check reports both forms of NAME.whatsapp.umsg; umsg render prints the payload and its findings', async () => {
    const native = '{ "type": "interactive",\n' +
      '  "interactive": { "type": "list", "body": { "text": "${greeting}" },\n' +
      '    "action": { "button": "Choose a dish from the menu please",\n' +
      '      "sections": [ { "title": "Mains", "rows": [ { "id": "1", "title": "Pasta with a very long title over limit" } ] } ] } },\n' +
      '  "foo": 1 }\n';
    const card = `{ "type": "rich", "title": "Today", "description": "${'d'.repeat(61)}" }\n`;
    const dir = tempTree({ 'menu.whatsapp.umsg': native, 'menu.sample.json': '{ "greeting": "Hello" }', 'card.whatsapp.umsg': card });
    const { results } = await umsgJson(['check'], dir);
    assert.deepEqual(positions(resultFor(results, path.join(dir, 'menu.whatsapp.umsg'))), [
      '3:27 channel-limit 1', '4:73 channel-limit 1', '5:3 unknown-property 1',
    ]);
    assert.deepEqual(positions(resultFor(results, path.join(dir, 'card.whatsapp.umsg'))), ['1:52 channel-limit 1']);
    const r = await umsg(['render', 'menu.whatsapp.umsg'], dir);
    assert.equal(r.code, 0);
    const printed = JSON.parse(r.stdout) as { interactive: { body: { text: string } }; foo: number };
    assert.equal(printed.interactive.body.text, 'Hello', 'rendered with NAME.sample.json');
    assert.equal(printed.foo, 1, 'printed as the channel receives it');
    assert.match(r.stderr, /menu\.whatsapp\.umsg:3:27: warning channel-limit: interactive\.action\.button has 34 characters: WhatsApp allows at most 20/);
    assert.match(r.stderr, /menu\.whatsapp\.umsg:5:3: warning unknown-property: Unknown property "foo"/);
    const c = await umsg(['render', 'card.whatsapp.umsg'], dir);
    assert.equal((JSON.parse(c.stdout) as { interactive?: unknown; text?: { body: string } }).text?.body, `Today\n\n${'d'.repeat(61)}`,
      'a universal-form sibling prints its WhatsApp translation');
    assert.match(c.stderr, /card\.whatsapp\.umsg:1:52: warning channel-limit: description has 61 characters: over WhatsApp's 60\./);
  });
});

describe('--max-warnings and --quiet', () => {
  it('--max-warnings 0 with a warning exits 1; a limit at the count exits 0', async () => {
    const dir = tempTree({ 'long.umsg': LONG_TITLE });
    const zero = await umsg(['check', '--max-warnings', '0'], dir);
    assert.equal(zero.code, 1);
    assert.match(zero.stderr, /max-warnings/);
    assert.equal((await umsg(['check', '--max-warnings=0'], dir)).code, 1);
    assert.equal((await umsg(['check', '--max-warnings', '1'], dir)).code, 0);
    const two = tempTree({ 'long.umsg': LONG_TITLE_AND_DESCRIPTION });
    assert.equal((await umsg(['check', '--max-warnings', '1'], two)).code, 1);
    assert.equal((await umsg(['check', '--max-warnings', '2'], two)).code, 0);
  });

  it('--quiet shows errors only', async () => {
    const dir = tempTree({ 'bad.umsg': ONE_ERROR_ONE_WARNING });
    const run = await umsg(['check', '--quiet'], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /media-height/);
    assert.doesNotMatch(run.stdout, /unknown-property|warning\s/);
    assert.match(run.stdout, /1 problem \(1 error, 0 warnings\)/);
    const { results } = await umsgJson(['check', '-q'], dir);
    assert.deepEqual(positions(results[0]), ['7:15 media-height 2']);
    assert.equal(results[0].warningCount, 0);
  });

  it('--quiet with warnings only prints no finding and exits 0', async () => {
    const dir = tempTree({ 'long.umsg': LONG_TITLE });
    const run = await umsg(['check', '--quiet'], dir);
    assert.equal(run.code, 0);
    assert.doesNotMatch(run.stdout, /channel-limit/);
  });

  it('--quiet does not count the warnings it hides against --max-warnings (as ESLint)', async () => {
    const dir = tempTree({ 'long.umsg': LONG_TITLE });
    assert.equal((await umsg(['check', '--quiet', '--max-warnings', '0'], dir)).code, 0);
    assert.equal((await umsg(['check', '--max-warnings', '0'], dir)).code, 1, 'without --quiet the warning counts');
  });
});

describe('examples/', () => {
  const VALID_FILES = [
    'daily-menu-dynamic-list.umsg',
    'daily-specials-list.whatsapp.umsg',
    'dish-carousel.messenger.umsg',
    'links-and-calls/call-the-store.umsg',
    'links-and-calls/find-a-store.umsg',
    'market-picks.whatsapp.umsg',
    'order-status-float-replies.umsg',
    'order-status-float-replies.whatsapp.umsg',
    'store-hours.gbm.umsg',
    'table-booking.rcs.umsg',
    'templated-greeting.umsg',
    'todays-dishes.whatsapp.umsg',
    'welcome-card.umsg',
    'welcome-card.whatsapp.umsg',
  ];

  it('examples/valid has no findings at all (exit 0, "no problems")', async () => {
    const run = await umsg(['check', 'examples/valid']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^✔ \d+ files checked, no problems\.$/m);
    const { results } = await umsgJson(['check', 'examples/valid', '--max-warnings', '0']);
    const names = results.map((r) => path.relative(path.join(EXAMPLES, 'valid'), r.filePath).split(path.sep).join('/'));
    // Other examples (Configuration Meta, providers) may sit beside these: all must be clean.
    for (const f of VALID_FILES) assert.ok(names.includes(f), `${f} was checked`);
    for (const r of results) assert.deepEqual(r.messages, [], r.filePath);
  });

  it('links-and-calls/ needs its config: on WhatsApp, click and call are sent as plain replies', async () => {
    const call = readFileSync(path.join(EXAMPLES, 'valid/links-and-calls/call-the-store.umsg'), 'utf8');
    const find = readFileSync(path.join(EXAMPLES, 'valid/links-and-calls/find-a-store.umsg'), 'utf8');
    const dir = tempTree({ 'call-the-store.umsg': call, 'find-a-store.umsg': find });
    const { code, results } = await umsgJson(['check'], dir);
    assert.equal(code, 0, 'warnings only');
    const c = resultFor(results, path.join(dir, 'call-the-store.umsg'));
    // `      "type": "call",` on line 9: the value starts at column 15.
    assert.deepEqual(positions(c), ['9:15 channel-limit 1']);
    assert.match(c.messages[0].message, /WhatsApp/);
    const f = resultFor(results, path.join(dir, 'find-a-store.umsg'));
    // The click action's type on line 13 and the call action's on line 14, both at column 15.
    assert.deepEqual(positions(f), ['13:15 channel-limit 1', '14:15 channel-limit 1']);
    assert.ok(f.messages.every((m) => /WhatsApp/.test(m.message)));
    assert.match(f.messages[0].message, /click/);
    assert.match(f.messages[1].message, /call/);
  });

  // Rule ids and positions read from each file against the specification (see examples/README.md).
  const INVALID: Record<string, { rules: string[]; at?: string[] }> = {
    'missing-title.umsg': { rules: ['card-required'], at: ['2:1 card-required 2'] },
    'mixed-inside-and-float-actions.umsg': { rules: ['exclusive-actions'], at: ['9:3 exclusive-actions 2'] },
    'title-too-long-for-messenger.umsg': { rules: ['channel-limit'], at: ['5:12 channel-limit 1'] },
    'description-too-long-for-whatsapp.umsg': { rules: ['channel-limit'], at: ['6:18 channel-limit 1'] },
    'too-many-inside-actions.umsg': { rules: ['channel-limit'], at: ['7:3 channel-limit 1'] },
    'links-and-calls/bad-phone-numbers.umsg': {
      rules: ['phone-number'],
      at: ['8:99 phone-number 2', '8:99 phone-number 2', '9:100 phone-number 2'],
    },
    'misspelled-properties.umsg': {
      rules: ['card-required', 'media-required', 'unknown-property'],
      at: ['3:1 card-required 2', '5:3 unknown-property 1', '7:3 media-required 2', '9:5 unknown-property 1'],
    },
    'lower-case-height.umsg': { rules: ['media-height'], at: ['7:15 media-height 2'] },
    'ftp-file-url.umsg': { rules: ['media-url'], at: ['8:16 media-url 2'] },
    'float-click-action.umsg': { rules: ['action-type', 'unknown-property'], at: ['8:15 action-type 2', '8:78 unknown-property 1'] },
    'unterminated-template.umsg': { rules: ['template-syntax'], at: ['5:16 template-syntax 2'] },
    'trailing-comma.umsg': { rules: ['syntax'], at: ['8:76 syntax 2'] },
    // Channel-specific messages: native form (WhatsApp's own format) and universal form.
    'dish-list.whatsapp.umsg': {
      rules: ['channel-limit', 'unknown-property'],
      at: ['9:17 channel-limit 1', '11:61 channel-limit 1', '15:3 unknown-property 1'],
    },
    'book-a-table.whatsapp.umsg': {
      rules: ['channel-limit', 'native-platform-field', 'native-required'],
      at: ['4:3 native-platform-field 1', '8:65 native-required 1', '13:45 channel-limit 1'],
    },
    'promo-card.whatsapp.umsg': { rules: ['channel-limit'], at: ['7:18 channel-limit 1', '8:3 channel-limit 1'] },
    'share-location.whatsapp.umsg': {
      rules: ['native-value', 'unknown-property'],
      at: ['8:5 unknown-property 1', '9:25 native-value 1'],
    },
    'dish-carousel.messenger.umsg': {
      rules: ['channel-limit', 'native-platform-field', 'native-value'],
      at: ['5:3 native-platform-field 1', '12:20 channel-limit 1', '13:22 channel-limit 1', '17:67 native-value 1'],
    },
    'store-hours.gbm.umsg': {
      rules: ['channel-limit', 'native-value'],
      at: ['7:20 native-value 1', '8:23 channel-limit 1', '11:99 native-value 1'],
    },
  };

  it('examples/invalid exits 1 and every file shows the problems it is named for', async () => {
    const run = await umsg(['check', 'examples/invalid']);
    assert.equal(run.code, 1);
    const { results } = await umsgJson(['check', 'examples/invalid']);
    const names = results.map((r) => path.relative(path.join(EXAMPLES, 'invalid'), r.filePath).split(path.sep).join('/'));
    for (const f of Object.keys(INVALID)) assert.ok(names.includes(f), `${f} was checked`);
    // Every other invalid example shows something too.
    for (const r of results) assert.ok(r.messages.length > 0, `${r.filePath} has findings`);
    for (const [name, expected] of Object.entries(INVALID)) {
      const r = resultFor(results, path.join(EXAMPLES, 'invalid', name));
      assert.deepEqual(ruleIds(r), expected.rules, name);
      if (expected.at) assert.deepEqual(positions(r).sort(), [...expected.at].sort(), name);
    }
  });

  it('the invalid examples say what they are named for', async () => {
    const { results } = await umsgJson(['check', 'examples/invalid']);
    const message = (name: string, rule: string) =>
      resultFor(results, path.join(EXAMPLES, 'invalid', name)).messages.filter((m) => m.ruleId === rule).map((m) => m.message).join('\n');
    const title = message('title-too-long-for-messenger.umsg', 'channel-limit');
    assert.match(title, /95 characters/);
    assert.match(title, /Messenger's 80/);
    assert.doesNotMatch(title, /WhatsApp|Google/);
    const description = message('description-too-long-for-whatsapp.umsg', 'channel-limit');
    assert.match(description, /73 characters/);
    assert.match(description, /WhatsApp's 60/);
    assert.doesNotMatch(description, /Messenger|Google/);
    const buttons = message('too-many-inside-actions.umsg', 'channel-limit');
    assert.match(buttons, /Messenger's 3/);
    assert.match(buttons, /WhatsApp's 3/);
    assert.doesNotMatch(buttons, /Google/);
    const phone = message('links-and-calls/bad-phone-numbers.umsg', 'phone-number');
    assert.match(phone, /spaces/);
    assert.match(phone, /\+/);
    assert.match(phone, /tel:/);
    const typos = message('misspelled-properties.umsg', 'unknown-property');
    assert.match(typos, /"titel".*"title"/);
    assert.match(typos, /"imageUrl".*"fileUrl"/);
    assert.match(message('lower-case-height.umsg', 'media-height'), /TALL/);
    assert.match(message('ftp-file-url.umsg', 'media-url'), /ftp/);
    assert.match(message('float-click-action.umsg', 'action-type'), /reply/);
    assert.match(message('trailing-comma.umsg', 'syntax'), /[Tt]railing comma/);
    const location = message('share-location.whatsapp.umsg', 'unknown-property');
    assert.match(location, /"footer" is not part of interactive message of type "location_request_message"/);
    assert.match(location, /"button", .*"catalog_message"/);
    assert.match(message('share-location.whatsapp.umsg', 'native-value'), /"send_location"/);
  });

  it('every example starts with a // comment that says what it shows', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory()
        ? walk(path.join(dir, e.name))
        : e.name.endsWith('.umsg') ? [path.join(dir, e.name)] : []));
    const files = walk(EXAMPLES);
    assert.ok(files.length >= VALID_FILES.length + Object.keys(INVALID).length, String(files.length));
    for (const f of files) assert.match(readFileSync(f, 'utf8'), /^\/\/ \S.{10,}\n/, f);
  });
});

describe('umsg render', () => {
  const RENDER = path.join(ROOT, 'test', 'fixtures', 'render');
  const golden = (name: string, file: string) => JSON.parse(readFileSync(path.join(RENDER, name, file), 'utf8').replace(/^\/\/.*$/gm, ''));

  it('prints the message rendered with NAME.sample.json as strict JSON, and lists what it could not evaluate', async () => {
    const r = await umsg(['render', path.join(RENDER, 'menu', 'menu.umsg')]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), golden('menu', 'expected.json'));
    assert.match(r.stderr, /menu\.umsg:5:19: \$\{if \(user\.vip\) "Welcome back" else "Tap a dish to order it"\} was not evaluated/);
  });

  it('prints each channel\'s payload with --channel', async () => {
    for (const channel of ['messenger', 'gbm', 'whatsapp']) {
      const r = await umsg(['render', path.join(RENDER, 'store', 'store.umsg'), '--channel', channel]);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), golden('store', `expected.${channel}.json`), channel);
    }
  });

  it('takes another data file with --data', async () => {
    const dir = tempTree({
      'card.umsg': '{ "type": "rich", "title": "Hi ${user.name}", "description": "d" }',
      'other.json': '{ "user": { "name": "Bo" } }',
    });
    const r = await umsg(['render', 'card.umsg', '--data', 'other.json'], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).title, 'Hi Bo');
    assert.equal(r.stderr, '');
  });

  it('exits 1 with the first syntax error when the message cannot be rendered', async () => {
    const dir = tempTree({ 'card.umsg': '{ "type": "rich",\n  "title": "x", }' });
    const r = await umsg(['render', 'card.umsg'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /card\.umsg:2:15: Trailing comma/);
  });

  it('exits 2 on bad usage and unreadable input', async () => {
    const dir = tempTree({ 'card.umsg': '{}', 'bad.json': '[1]' });
    for (const [args, pattern] of [
      [['render'], /needs a message file/],
      [['render', 'card.umsg', '--channel', 'telegram'], /Unknown channel "telegram"/],
      [['render', 'missing.umsg'], /Cannot read "missing.umsg"/],
      [['render', 'card.umsg', '--data', 'bad.json'], /must hold a JSON object/],
      [['render', 'bad.json'], /not a universal message/],
    ] as [string[], RegExp][]) {
      const r = await umsg(args, dir);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, pattern, args.join(' '));
    }
  });
});

describe('umsg render: a native message with a dynamic list', () => {
  // WhatsApp's list in native form, its rows repeated per dish (`rows` opens at 11:19, `sections` at 8:19).
  const LIST = [
    '{',
    '  "type": "interactive",',
    '  "interactive": {',
    '    "type": "list",',
    '    "body": { "text": "Today\'s menu" },',
    '    "action": {',
    '      "button": "Dishes",',
    '      "sections": [',
    '        {',
    '          "title": "Today",',
    '          "rows": [',
    '            // @each dishes',
    '            { "id": "${it.name()}", "title": "${it.label()}" }',
    '            // @end',
    '          ]',
    '        }',
    '      ]',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  // Messenger's carousel in native form, one generic template element per dish (`elements` opens at 6:19).
  const CAROUSEL = [
    '{',
    '  "attachment": {',
    '    "type": "template",',
    '    "payload": {',
    '      "template_type": "generic",',
    '      "elements": [',
    '        // @each dishes',
    '        { "title": "${it.label()}", "subtitle": "Today\'s special",',
    '          "buttons": [ { "type": "postback", "title": "Order", "payload": "ORDER_${it.name()}" } ] }',
    '        // @end',
    '      ]',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  const dishes = (n: number) => ({ dishes: Array.from({ length: n }, (_, i) => ({ name: `D${i}`, label: `Dish ${i}` })) });
  type Rows = { interactive: { action: { sections: { rows: { id: string; title: string }[] }[] } } };
  const rowsOf = (stdout: string) => (JSON.parse(stdout) as Rows).interactive.action.sections[0].rows;

  /**
   * Renders `file` and checks it: when render prints a payload, every error and warning the
   * check reports is on its standard error, word for word at the same line and column (check
   * and render tell one story).
   */
  async function renderAndCheck(dir: string, file: string): Promise<{ render: Run; check: string[] }> {
    const render = await umsg(['render', file], dir);
    const { results } = await umsgJson(['check', file], dir);
    const messages = resultFor(results, path.join(dir, file)).messages;
    for (const m of render.code === 0 ? messages : []) {
      const line = `${file}:${m.line}:${m.column}: ${m.severity === 2 ? 'error' : 'warning'} ${m.ruleId}: ${m.message}\n`;
      assert.ok(render.stderr.includes(line), `render does not repeat\n${line}in\n${render.stderr}`);
    }
    return { render, check: messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`) };
  }

  it('a WhatsApp list prints one row per dish; 12 rows are over WhatsApp\'s 10, and check and render say so alike', async () => {
    const dir = tempTree({ 'menu.whatsapp.umsg': LIST, 'menu.sample.json': JSON.stringify(dishes(12)) });
    const { render, check } = await renderAndCheck(dir, 'menu.whatsapp.umsg');
    assert.equal(render.code, 0, render.stderr);
    assert.deepEqual(rowsOf(render.stdout), dishes(12).dishes.map((d) => ({ id: d.name, title: d.label })));
    assert.deepEqual(check, [
      '8:19 channel-limit: interactive.action.sections has 12 rows in all: WhatsApp allows at most 10 (list sections).',
    ]);
    assert.doesNotMatch(render.stderr, /was not evaluated/);
    // The same rows for `umsg render NAME.umsg --channel whatsapp`: WhatsApp receives its own message.
    const pair = tempTree({
      'menu.umsg': '{ "type": "rich", "title": "Menu", "description": "Pick one" }\n',
      'menu.whatsapp.umsg': LIST,
      'menu.sample.json': JSON.stringify(dishes(12)),
    });
    const viaCard = await umsg(['render', 'menu.umsg', '--channel', 'whatsapp'], pair);
    assert.equal(viaCard.stdout, render.stdout);
    assert.match(viaCard.stderr, /WhatsApp receives menu\.whatsapp\.umsg/);
    assert.match(viaCard.stderr, /menu\.whatsapp\.umsg:8:19: warning channel-limit: interactive\.action\.sections has 12 rows in all/);
    // Ten rows are within the limit: nothing to explain.
    const ten = tempTree({ 'menu.whatsapp.umsg': LIST, 'menu.sample.json': JSON.stringify(dishes(10)) });
    const within = await renderAndCheck(ten, 'menu.whatsapp.umsg');
    assert.equal(rowsOf(within.render.stdout).length, 10);
    assert.deepEqual([within.check, within.render.stderr], [[], '']);
  });

  it('a Messenger carousel prints one card per dish, each button\'s payload from its dish; 11 cards are over Messenger\'s 10', async () => {
    type Carousel = { attachment: { payload: { elements: { title: string; buttons: { payload: string }[] }[] } } };
    const dir = tempTree({ 'dishes.messenger.umsg': CAROUSEL, 'dishes.sample.json': JSON.stringify(dishes(11)) });
    const { render, check } = await renderAndCheck(dir, 'dishes.messenger.umsg');
    assert.equal(render.code, 0, render.stderr);
    const elements = (JSON.parse(render.stdout) as Carousel).attachment.payload.elements;
    assert.deepEqual(elements.map((e) => [e.title, e.buttons[0].payload]), dishes(11).dishes.map((d) => [d.label, `ORDER_${d.name}`]));
    assert.equal(check.length, 1);
    assert.match(check[0], /^6:19 channel-limit: attachment\.payload\.elements has 11 items with the sample data: Messenger allows at most 10 /);
    const three = tempTree({ 'dishes.messenger.umsg': CAROUSEL, 'dishes.sample.json': JSON.stringify(dishes(3)) });
    const clean = await renderAndCheck(three, 'dishes.messenger.umsg');
    assert.equal((JSON.parse(clean.render.stdout) as Carousel).attachment.payload.elements.length, 3);
    assert.deepEqual([clean.check, clean.render.stderr], [[], '']);
  });

  it('an empty list prints no rows, which WhatsApp rejects; a list of one prints one row', async () => {
    const empty = tempTree({ 'menu.whatsapp.umsg': LIST, 'menu.sample.json': '{ "dishes": [] }' });
    const e = await renderAndCheck(empty, 'menu.whatsapp.umsg');
    assert.equal(e.render.code, 0, e.render.stderr);
    assert.deepEqual(rowsOf(e.render.stdout), []);
    assert.deepEqual(e.check, [
      '11:19 channel-limit: interactive.action.sections[0].rows has 0 items with the sample data: ' +
        'WhatsApp requires at least 1 (list section rows).',
    ]);
    const one = tempTree({ 'menu.whatsapp.umsg': LIST, 'menu.sample.json': JSON.stringify(dishes(1)) });
    const o = await renderAndCheck(one, 'menu.whatsapp.umsg');
    assert.deepEqual(rowsOf(o.render.stdout), [{ id: 'D0', title: 'Dish 0' }]);
    assert.deepEqual([o.check, o.render.stderr], [[], '']);
  });

  it('two dishes with one name give two rows with one id: the check judges the rendered ids, and render repeats it', async () => {
    const sample = { dishes: [{ name: 'PASTA', label: 'Pasta' }, { name: 'PASTA', label: 'Pasta al forno' }] };
    const dir = tempTree({ 'menu.whatsapp.umsg': LIST, 'menu.sample.json': JSON.stringify(sample) });
    const { render, check } = await renderAndCheck(dir, 'menu.whatsapp.umsg');
    assert.deepEqual(rowsOf(render.stdout).map((r) => r.id), ['PASTA', 'PASTA']);
    assert.deepEqual(check, ['13:22 channel-limit: interactive.action.sections[0].rows[0].id renders to "PASTA" with the sample data ' +
      '(list element 2): repeats the id "PASTA" of interactive.action.sections[0].rows[0].id (list element 1): ' +
      'WhatsApp requires each id to be unique (list sections).']);
  });

  it('without sample data, or over a value that is not a list, the body is printed once as written, as universally', async () => {
    const universal = '{ "type": "rich", "title": "Menu", "description": "Pick one", "insideActions": [\n' +
      '  // @each dishes\n  { "type": "reply", "display": "${it.label()}", "payload": "${it.name()}" }\n  // @end\n] }\n';
    const reasons = (stderr: string) => [...stderr.matchAll(/(\$\{[^}]*\}) was not evaluated: (.*)$/gm)].map((m) => `${m[1]}: ${m[2]}`).sort();
    const ONCE = 'the dynamic list body is rendered once, as written, without `it`.';
    // The sample's value at the list, and what check and render say of it (nothing without sample data).
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['{ "dishes": { "name": "PASTA" } }', `dishes is an object in the sample data, not a list: ${ONCE}`],
      ['{ "dishes": "pasta" }', `dishes is a string in the sample data, not a list: ${ONCE}`],
      ['{ "dishes": 3 }', `dishes is a number in the sample data, not a list: ${ONCE}`],
      ['{ "dishes": null }', `dishes is null in the sample data, not a list: ${ONCE}`],
      ['{ "soups": [] }', `The sample data has no "dishes": ${ONCE}`],
    ];
    for (const [sample, finding] of cases) {
      const files: Record<string, string> = { 'menu.whatsapp.umsg': LIST, 'card.umsg': universal };
      if (sample) Object.assign(files, { 'menu.sample.json': sample, 'card.sample.json': sample });
      const dir = tempTree(files);
      const { render, check } = await renderAndCheck(dir, 'menu.whatsapp.umsg');
      assert.equal(render.code, 0, render.stderr);
      assert.deepEqual(rowsOf(render.stdout), [{ id: '${it.name()}', title: '${it.label()}' }]);
      // At the list expression of `// @each dishes`, in native and universal form alike.
      assert.deepEqual(check, finding ? [`12:22 sample-data: ${finding}`] : [], sample);
      const card = await renderAndCheck(dir, 'card.umsg');
      assert.equal(card.render.code, 0, card.render.stderr);
      assert.deepEqual(card.check, finding ? [`2:12 sample-data: ${finding}`] : [], sample);
      // The body's templates are told alike; the list itself is told by the finding, or as not evaluated without sample data.
      assert.deepEqual(reasons(render.stderr), reasons(card.render.stderr));
      assert.equal(reasons(render.stderr).length, finding ? 2 : 3, render.stderr);
      if (!finding) assert.match(render.stderr, /^umsg: menu\.whatsapp\.umsg:12:22: \$\{dishes\} was not evaluated: no sample data\.$/m);
    }
  });

  it('a template error in the body: a broken one stops render as check reports it; one that cannot be evaluated is told once', async () => {
    const broken = tempTree({
      'menu.whatsapp.umsg': LIST.replace('${it.label()}', '${it.label(}'), 'menu.sample.json': JSON.stringify(dishes(2)),
    });
    const b = await renderAndCheck(broken, 'menu.whatsapp.umsg');
    assert.equal(b.render.code, 1);
    assert.equal(b.render.stdout, '');
    assert.match(b.render.stderr, /^umsg: menu\.whatsapp\.umsg:13:47: Template expression has unbalanced parentheses\.$/m);
    assert.deepEqual(b.check, ['13:47 template-syntax: Template expression has unbalanced parentheses.']);
    const missing = tempTree({
      'menu.whatsapp.umsg': LIST.replace('it.label()', 'it.price'), 'menu.sample.json': JSON.stringify(dishes(3)),
    });
    const m = await renderAndCheck(missing, 'menu.whatsapp.umsg');
    assert.equal(m.render.code, 0, m.render.stderr);
    assert.deepEqual(rowsOf(m.render.stdout).map((r) => [r.id, r.title]), [
      ['D0', '${it.price}'], ['D1', '${it.price}'], ['D2', '${it.price}'],
    ]);
    assert.equal(m.render.stderr, 'umsg: menu.whatsapp.umsg:13:47: ${it.price} was not evaluated: it is an object without "price".\n');
  });

  it('a body that does not repeat is a dynamic-list error in check and render alike', async () => {
    const two = LIST.replace('"${it.label()}" }', '"${it.label()}" }, { "id": "x", "title": "X" }');
    const dir = tempTree({ 'menu.whatsapp.umsg': two, 'menu.sample.json': JSON.stringify(dishes(2)) });
    const { render, check } = await renderAndCheck(dir, 'menu.whatsapp.umsg');
    assert.deepEqual(check, [
      '12:13 dynamic-list: The dynamic list body holds 2 values: it must be exactly one array element, repeated once per list element.',
    ]);
    assert.equal(rowsOf(render.stdout).length, 2);
  });
});

describe('the shipped bundle (node dist/cli.js as a child process)', { concurrency: true }, () => {
  const cli = OTHER_CLI ?? CLI_BUNDLE;
  before(() => { if (!OTHER_CLI) ensureBundle(); });

  it('exits 0 for a valid file, with the report on stdout and nothing on stderr', async () => {
    const dir = tempTree({ 'lunch.umsg': VALID });
    const run = await spawnUmsg(cli, ['check', 'lunch.umsg'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^✔ 1 file checked, no problems\.$/m);
    assert.equal(run.stderr, '');
  });

  it('exits 1 when a file has errors', async () => {
    const dir = tempTree({ 'no-title.umsg': NO_TITLE });
    const run = await spawnUmsg(cli, ['check', 'no-title.umsg'], dir);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /^\s+1:1\s+error\s+.*card-required$/m);
    assert.equal(run.stderr, '');
  });

  it('exits 2 on bad usage, with the message on stderr and nothing on stdout', async () => {
    const run = await spawnUmsg(cli, ['check', '--fix']);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.match(run.stderr, /Unknown option "--fix"/);
    assert.match(run.stderr, /Usage:\s+umsg check/);
    assert.equal(run.stdout, '');
  });

  it('prints nothing but JSON with --format json, the same findings as the sources give', async () => {
    const run = await spawnUmsg(cli, ['check', 'examples/invalid', '--format', 'json']);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, '');
    const fromSources = await umsgJson(['check', 'examples/invalid']);
    assert.deepEqual(JSON.parse(run.stdout), fromSources.results);
  });

  it('renders to stdout and lists what it could not evaluate on stderr', async () => {
    const RENDER = path.join(ROOT, 'test', 'fixtures', 'render');
    const run = await spawnUmsg(cli, ['render', path.join(RENDER, 'menu', 'menu.umsg')]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), JSON.parse(readFileSync(path.join(RENDER, 'menu', 'expected.json'), 'utf8').replace(/^\/\/.*$/gm, '')));
    assert.match(run.stderr, /menu\.umsg:5:19: .* was not evaluated/);
  });
});
