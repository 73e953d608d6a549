/**
 * `umsg check` over a provider workspace (test/fixtures/provider-project): each descriptor is
 * checked against the Gradle project it names, and the clean ones stay clean.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { umsgJson } from '../support/cliRun';

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
