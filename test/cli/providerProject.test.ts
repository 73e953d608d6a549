/**
 * `umsg check` over a provider workspace (test/fixtures/provider-project): each descriptor is
 * checked against the Gradle project it names, and the clean ones stay clean.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLI, tempTree, umsgJson, VALID } from '../support/cliRun';

const ROOT = path.join(__dirname, '..', 'fixtures', 'provider-project');

describe('umsg check on a provider project', () => {
  it('reports the project findings of each descriptor, on their lines', async () => {
    const run = await umsgJson(['check', 'providers'], ROOT);
    assert.equal(run.code, 1, run.stderr);
    const byFile = Object.fromEntries(run.results.map((r) => [
      path.basename(r.filePath),
      r.messages.filter((m) => m.ruleId !== 'provider-private-deploy').map((m) => `${m.line}:${m.column} ${m.ruleId}`),
    ]));
    assert.deepEqual(byFile, {
      'card-payments-drifted.provider.json': [
        '5:51 provider-implements',
        '7:3 provider-config-undeclared',
        '9:14 provider-config-undeclared',
        '11:14 provider-config-unused',
        '12:14 provider-config-unused',
        '14:22 provider-build',
        '14:50 provider-build',
      ],
      'card-payments.provider.json': [],
      'missing-class.provider.json': ['6:24 provider-class-source'],
      'not-in-build.provider.json': ['8:30 provider-project'],
      'sms.provider.json': [],
    });
  });
});

describe('what umsg check loads', () => {
  /** The files of the bundle a `umsg check` process loaded, run in `cwd` on `paths`. */
  function loaded(cwd: string, paths: string[]): string[] {
    const hook = path.join(tempTree({ 'hook.js': `process.on('exit', () => process.stderr.write(
      'LOADED ' + JSON.stringify(Object.keys(require.cache).map((f) => require('path').basename(f))) + '\\n'));\n` }), 'hook.js');
    const run = spawnSync(process.execPath, ['--require', hook, CLI, 'check', ...paths], { cwd, encoding: 'utf8' });
    const line = run.stderr.split('\n').find((l) => l.startsWith('LOADED '));
    assert.ok(line, run.stderr);
    return (JSON.parse(line.slice('LOADED '.length)) as string[]).filter((f) => f !== 'hook.js');
  }

  it('web-tree-sitter only with a provider descriptor: a check of messages never compiles it', () => {
    // The launcher (dist/cli.js) and the bundle it loads (dist/cli-main.js).
    assert.deepEqual(loaded(tempTree({ 'a.umsg': VALID }), ['.']), [path.basename(CLI), 'cli-main.js']);
    assert.deepEqual(loaded(ROOT, ['providers']), [path.basename(CLI), 'cli-main.js', 'web-tree-sitter.js']);
  });
});
