/**
 * Control characters from checked files never reach the terminal: `umsg check`'s readable
 * report and what `umsg render` prints to standard error show them as escapes (`\u001b`), so a
 * property name cannot clear the screen or rewrite the report. Run in process (runCli).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { stylishWriter } from '../../server/src/cli/report/stylish';
import { locate, printable } from '../../server/src/cli/report/locate';
import { runCli } from '../../server/src/cli/main';

const ESC = '\u001b';
const dir = mkdtempSync(path.join(tmpdir(), 'umsg-terminal-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (s) => { stdout += s; }, stderr: (s) => { stderr += s; }, cwd: dir });
  return { code, stdout, stderr };
}

/** No control character but the line breaks that end our own lines. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('terminal output', () => {
  it('printable shows control characters as escapes and leaves other text alone', () => {
    assert.equal(printable(`a${ESC}[2Jb\u0007\u009b\tc\nd`), 'a\\u001b[2Jb\\u0007\\u009b\\tc\\nd');
    assert.equal(printable('Ünïcode 😀 "quotes"'), 'Ünïcode 😀 "quotes"');
    assert.equal(printable('right\u202eleft'), 'right\\u202eleft', 'a bidi override cannot reorder the line');
  });

  it('check: a property name with escape sequences is shown escaped in the readable report', async () => {
    // The JSON escape \u001b is decoded into a real ESC in the property name, and so in the message.
    writeFileSync(
      path.join(dir, 'screen.umsg'),
      '{ "type": "rich", "title": "t", "description": "d", "\\u001b[2J\\u001b[H\\u001b]0;pwned\\u0007": 1 }',
    );
    const r = await run(['check', 'screen.umsg']);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, CONTROL, JSON.stringify(r.stdout));
    assert.match(r.stdout, /\\u001b\[2J\\u001b\[H/);
    assert.match(r.stdout, /unknown-property/);
  });

  it('check: a file name with a control character is shown escaped', () => {
    const writer = stylishWriter(dir, false);
    const report = locate({
      filePath: path.join(dir, `a${ESC}[2J.umsg`),
      text: '{}',
      diagnostics: [{ rule: 'syntax', severity: 'error', message: `bad${ESC}[31m`, offset: 0, length: 1 }],
    });
    const out = writer.file(report) + writer.end(1);
    assert.doesNotMatch(out, CONTROL, JSON.stringify(out));
    assert.match(out, /a\\u001b\[2J\.umsg/);
    assert.match(out, /bad\\u001b\[31m/);
  });

  it('render: an unevaluated template with escape sequences is shown escaped on standard error', async () => {
    writeFileSync(path.join(dir, 'render.umsg'), `{ "type": "rich", "title": "\${user.name + "${ESC}[2J"}", "description": "d" }`);
    writeFileSync(path.join(dir, 'render.sample.json'), '{ "user": { "name": "Ana" } }');
    const r = await run(['render', 'render.umsg']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /was not evaluated/);
    assert.doesNotMatch(r.stderr, CONTROL, JSON.stringify(r.stderr));
    assert.match(r.stderr, /\\u001b\[2J/);
  });

  it('render: a syntax error and a bad file name are shown escaped on standard error', async () => {
    writeFileSync(path.join(dir, `bad${ESC}[2J.umsg`), '{ "type": ');
    const r = await run(['render', `bad${ESC}[2J.umsg`]);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, CONTROL, JSON.stringify(r.stderr));
    const missing = await run(['render', `missing${ESC}[2J.umsg`]);
    assert.equal(missing.code, 2);
    assert.doesNotMatch(missing.stderr, CONTROL, JSON.stringify(missing.stderr));
  });
});
