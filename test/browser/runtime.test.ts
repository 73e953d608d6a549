/**
 * The browser runtime of the language server (server/src/browser/runtime.ts): with no file
 * system, every file is a URI read through the client, under the document's own scheme.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { URI } from 'vscode-uri';
import { browserRuntime, configForUri } from '../../server/src/browser/runtime';
import { READ_FILE_REQUEST, READ_FOLDER_REQUEST } from '../../server/src/protocol/readFile';
import { messageContext } from '../../server/src/workspace/messageContext';

const ROOT = 'vscode-vfs://github/acme/bot';

function files(map: Record<string, string>) {
  const asked: string[] = [];
  const read = async (uri: string) => { asked.push(uri); return map[uri]; };
  return { asked, read };
}

describe('configForUri: the config file that governs a message, found by URI', () => {
  it('walks up from the message folder under its own scheme and authority, and takes the first umsg.config.json', async () => {
    const { asked, read } = files({
      [`${ROOT}/umsg.config.json`]: '{ "channels": { "whatsapp": "off" }, "rules": { "empty-text": "error" } }',
    });
    const found = await configForUri(`${ROOT}/cards/menu/today.umsg`, read);
    assert.equal(found.configPath, `${ROOT}/umsg.config.json`);
    assert.equal(found.config.channels.whatsapp, 'off');
    assert.equal(found.config.rules['empty-text'], 'error');
    assert.deepEqual(asked, [`${ROOT}/cards/menu/umsg.config.json`, `${ROOT}/cards/umsg.config.json`, `${ROOT}/umsg.config.json`]);
  });

  it('stops at the root of the file system and falls back to the settings when no file exists', async () => {
    const { asked, read } = files({});
    const found = await configForUri(`${ROOT}/a/today.umsg`, read, { channels: { gbm: 'off' } });
    assert.equal(found.configPath, undefined);
    assert.equal(found.config.channels.gbm, 'off');
    assert.deepEqual(asked, ['vscode-vfs://github/acme/bot/a/umsg.config.json', 'vscode-vfs://github/acme/bot/umsg.config.json', 'vscode-vfs://github/acme/umsg.config.json', 'vscode-vfs://github/umsg.config.json']);
  });

  it('reports a broken config file and still resolves a config', async () => {
    const { read } = files({ 'file:///w/umsg.config.json': '{ "channels": ' });
    const found = await configForUri('file:///w/today.umsg', read);
    assert.equal(found.configPath, 'file:///w/umsg.config.json');
    assert.ok(found.parsed && found.parsed.findings.length > 0);
    assert.ok(found.config.channels);
  });
});

describe('messageContext over URIs: sample data and channel-specific siblings', () => {
  it('reads NAME.sample.json and NAME.<channel>.umsg beside a vscode-vfs: message', async () => {
    const { read } = files({ [`${ROOT}/today.sample.json`]: '{ "user": { "name": "Ada" } }', [`${ROOT}/today.whatsapp.umsg`]: '{}' });
    const ctx = await messageContext(`${ROOT}/today.umsg`, read);
    assert.deepEqual(ctx.sample, { user: { name: 'Ada' } });
    assert.deepEqual(ctx.overriddenChannels, ['whatsapp']);
  });
});

describe('browserRuntime.readFile: the client answers, or the file counts as missing', () => {
  const runtime = (answer: (method: string, params: { uri: string }) => Promise<unknown>, logs: string[] = []) =>
    browserRuntime({ sendRequest: answer }, 'https://example.invalid/docs/rules/', (m) => logs.push(m));

  it('asks the client with universalMessage/readFile and the URI', async () => {
    const seen: unknown[] = [];
    const text = await runtime(async (method, params) => { seen.push([method, params]); return 'hello'; })
      .readFile(`${ROOT}/a.sample.json`);
    assert.equal(text, 'hello');
    assert.deepEqual(seen, [[READ_FILE_REQUEST, { uri: `${ROOT}/a.sample.json` }]]);
  });

  it('takes null (missing, not a regular file, too large) as no file', async () => {
    assert.equal(await runtime(async () => null).readFile(`${ROOT}/a`), undefined);
  });

  it('takes a client that cannot answer as no file, and says so once', async () => {
    const logs: string[] = [];
    const r = runtime(async () => { throw new Error('Unhandled method universalMessage/readFile'); }, logs);
    assert.equal(await r.readFile(`${ROOT}/a`), undefined);
    assert.equal(await r.readFile(`${ROOT}/b`), undefined);
    assert.equal(logs.length, 1);
    assert.match(logs[0], /cannot be read through this client \(Unhandled method universalMessage\/readFile\): checking without config, sample data or channel-specific files/);
  });

  it('hands the server URIs, not paths, so that any scheme can be read', () => {
    const r = runtime(async () => null);
    assert.equal(r.locate?.pathOf(URI.parse(`${ROOT}/today.umsg`)), `${ROOT}/today.umsg`);
    assert.equal(r.locate?.uriOf(`${ROOT}/today.umsg`), `${ROOT}/today.umsg`);
  });
});

describe('browserRuntime.folders: the workspace listed through the client (workspace diagnostics)', () => {
  const runtime = (answer: (method: string, params: { uri: string }) => Promise<unknown>) =>
    browserRuntime({ sendRequest: answer }, 'https://example.invalid/docs/rules/', () => undefined);

  it('asks with universalMessage/readFolder and the URI, and joins names as URIs', async () => {
    const seen: unknown[] = [];
    const folders = runtime(async (method, params) => {
      seen.push([method, params]);
      return [['a.umsg', 'file'], ['cards', 'folder']];
    }).folders!;
    assert.deepEqual(await folders.list(ROOT), [{ name: 'a.umsg', kind: 'file' }, { name: 'cards', kind: 'folder' }]);
    assert.deepEqual(seen, [[READ_FOLDER_REQUEST, { uri: ROOT }]]);
    assert.equal(folders.join(ROOT, 'my cards'), `${ROOT}/my%20cards`);
  });

  it('takes null or a client that cannot answer as a folder that cannot be listed', async () => {
    assert.deepEqual(await runtime(async () => null).folders!.list(ROOT), { problem: 'the editor cannot list it' });
    const failing = runtime(async () => { throw new Error('Unhandled method'); });
    assert.deepEqual(await failing.folders!.list(ROOT), { problem: 'the editor cannot list it' });
  });
});
