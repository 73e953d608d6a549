/**
 * What other editors get that VS Code's client does for the server: the server registers its
 * own file watchers, reads settings given only through workspace/configuration before its
 * first check, and re-checks a message when its open, unsaved sample file changes.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { startHarness, type Harness } from '../support/lspHarness';

const DIR = '/work/editors';
const MESSAGE = `file://${DIR}/menu.umsg`;
const TEXT = '{ "type": "rich", "title": "", "description": "Pick a dish" }';

describe('for editors other than VS Code', () => {
  let h: Harness | undefined;
  afterEach(() => { h?.dispose(); h = undefined; });

  it('registers watchers for umsg.config.json, sample data, channel-specific files and provider projects', async () => {
    h = await startHarness({ pull: true, watch: true });
    await h.settle();
    const watch = h.registrations.find((r) => r.method === 'workspace/didChangeWatchedFiles');
    assert.ok(watch, `registrations: ${JSON.stringify(h.registrations)}`);
    const globs = (watch.registerOptions as { watchers: { globPattern: string }[] }).watchers.map((w) => w.globPattern);
    assert.deepEqual(globs, [
      '**/umsg.config.json',
      '**/*.sample.json',
      // Every checked file; channel-specific messages (NAME.<channel>.umsg) among them.
      '**/*.umsg',
      '**/*.configmeta.json',
      '**/*.provider.json',
      // A provider descriptor's Gradle project: settings and build files, Kotlin and Java sources.
      '**/*.gradle',
      '**/*.gradle.kts',
      '**/*.kt',
      '**/*.java',
    ]);
  });

  it('registers nothing with a client that cannot watch', async () => {
    h = await startHarness({ pull: true });
    await h.settle();
    assert.deepEqual(h.registrations.filter((r) => r.method === 'workspace/didChangeWatchedFiles'), []);
  });

  it('applies settings given only through workspace/configuration to the very first check', async () => {
    // Manual timers: the server's wait for the settings (a timer) cannot run out in this test.
    h = await startHarness({ pull: true, configuration: true, initialize: false, timers: 'manual' });
    h.settings = { rules: { 'empty-text': 'error' } };
    await h.initialize();
    await h.open(MESSAGE, TEXT);
    const report = await h.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: MESSAGE } }) as {
      items: { code: string; severity: number }[];
    };
    assert.deepEqual(
      report.items.filter((d) => d.code === 'empty-text').map((d) => d.severity),
      [1],
      'empty-text as an error, from the first diagnostics on',
    );
  });

  it('re-checks a message when its open, unsaved sample file changes', async () => {
    const templated = '{ "type": "rich", "title": "${dish.name}", "description": "Pick a dish" }';
    h = await startHarness({ pull: false, files: { [`${DIR}/menu.sample.json`]: '{ "dish": { "name": "Pasta" } }' } });
    await h.open(MESSAGE, templated);
    await h.nextDiagnostics(MESSAGE, (d) => !d.some((x) => x.code === 'channel-limit'));
    // The sample, opened in the editor and edited without saving: a title too long for Messenger.
    const sample = `file://${DIR}/menu.sample.json`;
    await h.open(sample, `{ "dish": { "name": "${'x'.repeat(90)}" } }`, 'json');
    const d = await h.nextDiagnostics(MESSAGE, (ds) => ds.some((x) => x.code === 'channel-limit'));
    assert.match(String(d.diagnostics.find((x) => x.code === 'channel-limit')!.message), /renders to 90 characters with the sample data/);
  });
});
