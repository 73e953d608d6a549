/**
 * Workspace diagnostics through the protocol (workspace/diagnostic): the findings of files that
 * are not open, result ids that make unchanged files "unchanged", re-checks when a sample or a
 * sibling changes on disk, cancellation, files.exclude, the setting that turns it off, open
 * documents from their open text, streaming and progress, workspace folders added and removed.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import {
  CancellationTokenSource,
  ResponseError,
  WorkDoneProgress,
  WorkspaceDiagnosticRequest,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol/node';
import { startHarness, type Harness, type HarnessOptions } from '../support/lspHarness';

const WS = '/ws';
const uri = (p: string) => `file://${WS}/${p}`;
/** A title that renders from the sample data: over Messenger's 80 characters only with a long name. */
const MENU = '{ "type": "rich", "title": "${user.name}", "description": "Tap a dish" }';
const sample = (name: string) => JSON.stringify({ user: { name } });
/** A click action inside a card: WhatsApp sends it as a plain reply button, unless NAME.whatsapp.umsg replaces it there. */
const LINK = '{ "type": "rich", "title": "Visit", "description": "Our site", ' +
  '"insideActions": [{ "type": "click", "display": "Go", "payload": "GO", "url": "https://shop.example" }] }';
const FILES: Record<string, string> = {
  [`${WS}/cards/menu.umsg`]: MENU,
  [`${WS}/cards/menu.sample.json`]: sample('Ana'),
  [`${WS}/cards/link.umsg`]: LINK,
  [`${WS}/cards/bad.umsg`]: '{ "type": "rich", "title": "No description" }',
  [`${WS}/forms/shop.configmeta.json`]: '[{ "key": "api key", "label": "API key", "type": "String" }]',
  [`${WS}/secret/hidden.umsg`]: '{ "type": "rich", "title": "Hidden" }',
  [`${WS}/node_modules/dep/skipped.umsg`]: '{ "type": "rich" }',
  [`${WS}/notes.txt`]: 'not a message',
};

type Report = WorkspaceDocumentDiagnosticReport & { items?: { code?: string | number; message: string }[] };

let h: Harness | undefined;
afterEach(() => { h?.dispose(); h = undefined; });

async function start(options: Partial<HarnessOptions> = {}) {
  h = await startHarness({ pull: true, watch: true, workspaceFolders: [`file://${WS}`], files: { ...FILES }, ...options });
  return h;
}

async function pull(previous: Report[] = [], extra: object = {}): Promise<Report[]> {
  const previousResultIds = previous.filter((r) => r.resultId !== undefined).map((r) => ({ uri: r.uri, value: r.resultId! }));
  return ((await h!.client.sendRequest('workspace/diagnostic', { previousResultIds, ...extra })) as { items: Report[] }).items;
}

const byUri = (reports: Report[]) => new Map(reports.map((r) => [r.uri, r]));
const codes = (r: Report | undefined) => (r?.kind === 'full' ? r.items!.map((d) => d.code) : undefined);
const changedOnDisk = async (path: string, text: string | undefined, type: 1 | 2 | 3) => {
  if (text === undefined) h!.files.delete(`${WS}/${path}`);
  else h!.files.set(`${WS}/${path}`, text);
  await h!.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(path), type }] });
};

/** `answer`, or a failure after 5 seconds: a held pull that nothing wakes would wait forever. */
function within<T>(answer: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within 5 s: ${what}`)), 5000); });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** A workspace folder's URI: a folder under WS, or '' for WS itself. */
const folderUri = (f: string) => (f ? uri(f) : `file://${WS}`);
/** A client that announces workspace folders, started on `folders`. */
const startInFolders = (folders: string[], files = FILES) =>
  start({ workspaceFolders: folders.map(folderUri), files: { ...files }, capabilities: { workspace: { workspaceFolders: true } } });
const foldersChange = (added: string[], removed: string[]) => h!.client.sendNotification('workspace/didChangeWorkspaceFolders', {
  event: { added: added.map((f) => ({ uri: folderUri(f), name: f })), removed: removed.map((f) => ({ uri: folderUri(f), name: f })) },
});

describe('workspace diagnostics (workspace/diagnostic)', () => {
  it('declares them, with interFileDependencies, to a client that pulls diagnostics', async () => {
    const harness = await startHarness({ pull: true, initialize: false });
    h = harness;
    const result = await harness.client.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      capabilities: { textDocument: { diagnostic: {} } },
    });
    assert.deepEqual((result as { capabilities: { diagnosticProvider: unknown } }).capabilities.diagnosticProvider,
      { interFileDependencies: true, workspaceDiagnostics: true });
  });

  it('reports every unopened message, provider and Configuration Meta file, none under node_modules', async () => {
    await start();
    const reports = byUri(await pull());
    assert.deepEqual([...reports.keys()].sort(), [
      uri('cards/bad.umsg'), uri('cards/link.umsg'), uri('cards/menu.umsg'), uri('forms/shop.configmeta.json'), uri('secret/hidden.umsg'),
    ]);
    for (const r of reports.values()) {
      assert.equal(r.kind, 'full');
      assert.equal(r.version, null, 'an unopened file has no version');
      assert.match(r.resultId ?? '', /^[0-9a-f]+$/);
    }
    assert.deepEqual(codes(reports.get(uri('cards/bad.umsg'))), ['card-required']);
    assert.deepEqual(codes(reports.get(uri('forms/shop.configmeta.json'))), ['meta-key-identifier']);
    assert.deepEqual(codes(reports.get(uri('cards/menu.umsg'))), [], 'the sample data renders a short title');
    assert.ok(codes(reports.get(uri('cards/link.umsg')))!.includes('channel-limit'), JSON.stringify(reports.get(uri('cards/link.umsg'))));
  });

  it('reports a broken umsg.config.json in itself, and checks the messages under it with its valid part', async () => {
    await start({ files: { ...FILES, [`${WS}/cards/umsg.config.json`]: '{ "rules": { "card-required": "off" }, "colour": 1' } });
    const reports = byUri(await pull());
    const config = reports.get(uri('cards/umsg.config.json'));
    assert.ok(codes(config)!.includes('config'), JSON.stringify(config));
    assert.deepEqual(codes(reports.get(uri('cards/bad.umsg'))), [], 'card-required is off under that config');
    assert.deepEqual(codes(reports.get(uri('forms/shop.configmeta.json'))), ['meta-key-identifier'], 'the config governs cards/ only');
  });

  it('re-checks a message when its sample data changes on disk; the other files are unchanged', async () => {
    await start();
    const first = await pull();
    const refreshed = h!.nextRefresh();
    await changedOnDisk('cards/menu.sample.json', sample('A'.repeat(100)), 2);
    await refreshed;
    const second = byUri(await pull(first));
    const menu = second.get(uri('cards/menu.umsg'));
    assert.equal(menu?.kind, 'full');
    assert.deepEqual(codes(menu), ['channel-limit']);
    assert.match(menu!.items![0].message, /renders to 100 characters with the sample data/);
    for (const other of ['cards/bad.umsg', 'cards/link.umsg', 'forms/shop.configmeta.json', 'secret/hidden.umsg']) {
      const r = second.get(uri(other));
      assert.equal(r?.kind, 'unchanged', other);
      assert.equal(r?.resultId, first.find((f) => f.uri === uri(other))!.resultId, other);
    }
  });

  it('re-checks a message when a channel-specific sibling appears beside it', async () => {
    await start();
    const first = await pull();
    assert.ok(codes(byUri(first).get(uri('cards/link.umsg')))!.includes('channel-limit'));
    await changedOnDisk('cards/link.whatsapp.umsg', '{ "type": "text", "text": { "body": "Visit https://shop.example" } }', 1);
    const second = byUri(await pull(first));
    const link = second.get(uri('cards/link.umsg'));
    assert.equal(link?.kind, 'full');
    assert.ok(!codes(link)!.includes('channel-limit'), `WhatsApp gets its own message now: ${JSON.stringify(link)}`);
    assert.equal(second.get(uri('cards/link.whatsapp.umsg'))?.kind, 'full', 'the new sibling is reported too');
    assert.equal(second.get(uri('cards/bad.umsg'))?.kind, 'unchanged');
  });

  it('checks an unopened provider descriptor against its Gradle project, and again when a project file changes on disk', async () => {
    const descriptor = JSON.stringify({
      label: 'Pay', providerType: 'Native Provider', deployMode: 'hosted', implements: ['payments.IPayment'],
      providerClassName: 'com.example.pay.PayProvider', implementation: 'com.example:pay:1.0.0',
    });
    const settingsFile = `${WS}/settings.gradle`;
    // projects undefined: no Gradle build found above the descriptor.
    const build: { projects?: string[] } = {};
    await start({
      files: { ...FILES, [`${WS}/pay/pay.provider.json`]: descriptor },
      providerProject: () => Promise.resolve(build.projects === undefined
        ? { found: false, reason: 'no settings.gradle above it' }
        : { found: true, settingsFile, projects: build.projects, project: undefined, problems: [] }),
    });
    const first = await pull();
    assert.deepEqual(codes(byUri(first).get(uri('pay/pay.provider.json'))), [], 'no build: no project finding');
    build.projects = ['billing'];
    await changedOnDisk('settings.gradle', "include 'billing'", 1);
    const second = byUri(await pull(first));
    assert.deepEqual(codes(second.get(uri('pay/pay.provider.json'))), ['provider-project'], 'the build does not include pay');
    assert.equal(second.get(uri('cards/bad.umsg'))?.kind, 'unchanged', 'a project file re-checks descriptors only');
  });

  it('a changed build or source file reads again the unopened descriptors of its own project only, and every open one', async () => {
    const descriptor = (name: string) => JSON.stringify({
      label: name, providerType: 'Native Provider', deployMode: 'hosted', implements: ['payments.IPayment'],
      providerClassName: `com.example.${name}.Provider`, implementation: `com.example:${name}:1.0.0`,
    });
    // Two Gradle builds with two descriptors each, and a descriptor under no build.
    const descriptors = ['pay/providers/a', 'pay/providers/b', 'ship/providers/a', 'ship/providers/b', 'loose/a'];
    const files: Record<string, string> = {
      ...FILES, [`${WS}/pay/settings.gradle`]: "include 'pay'", [`${WS}/ship/settings.gradle`]: "include 'ship'",
    };
    for (const d of descriptors) files[`${WS}/${d}.provider.json`] = descriptor(d.split('/')[0]);
    const reads = new Map<string, number>();
    await start({
      files,
      providerProject: (filePath) => {
        const d = filePath.slice(WS.length + 1, -'.provider.json'.length);
        reads.set(d, (reads.get(d) ?? 0) + 1);
        const build = d.split('/')[0];
        return Promise.resolve(build === 'loose'
          ? { found: false, reason: 'no settings.gradle above it' }
          : { found: true, settingsFile: `${WS}/${build}/settings.gradle`, projects: [build], project: undefined, problems: [] });
      },
    });
    const readsSince = (before: Map<string, number>) => descriptors.filter((d) => (reads.get(d) ?? 0) > (before.get(d) ?? 0));
    const first = await pull();
    assert.deepEqual(readsSince(new Map()), descriptors);
    let before = new Map(reads);
    await changedOnDisk('pay/pay/src/main/kotlin/com/example/pay/Provider.kt', 'class Provider', 2);
    const second = await pull(first);
    assert.deepEqual(readsSince(before), ['pay/providers/a', 'pay/providers/b'], 'a Kotlin file of pay: pay\'s descriptors');
    before = new Map(reads);
    await changedOnDisk('ship/build.gradle.kts', 'group = "com.example"', 1);
    const third = await pull(second);
    assert.deepEqual(readsSince(before), ['ship/providers/a', 'ship/providers/b'], 'a build file of ship: ship\'s descriptors');
    before = new Map(reads);
    // A settings file above the descriptor under no build may make it one.
    await changedOnDisk('loose/settings.gradle', "include 'loose'", 1);
    await pull(third);
    assert.deepEqual(readsSince(before), ['loose/a'], 'a settings file beside the descriptor under no build');

    // Open descriptors: every one is checked again.
    const diagnosticsOf = (d: string) =>
      h!.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: uri(`${d}.provider.json`) } });
    for (const d of ['pay/providers/a', 'ship/providers/a']) {
      await h!.open(uri(`${d}.provider.json`), descriptor(d.split('/')[0]), 'native-provider');
    }
    await diagnosticsOf('pay/providers/a');
    await diagnosticsOf('ship/providers/a');
    before = new Map(reads);
    const refreshed = h!.nextRefresh();
    await changedOnDisk('pay/pay/src/main/kotlin/com/example/pay/Provider.kt', 'class Provider(val a: Int)', 2);
    await refreshed;
    await diagnosticsOf('pay/providers/a');
    await diagnosticsOf('ship/providers/a');
    // Open documents are all checked again (see recheckAll in lsp/server.ts): both open descriptors read theirs.
    assert.deepEqual(readsSince(before), ['pay/providers/a', 'ship/providers/a'], 'every open descriptor');
  });

  it('answers unchanged for the ids the client has and full for the one it lacks', async () => {
    await start();
    const first = await pull();
    const second = byUri(await pull(first.filter((r) => r.uri !== uri('cards/bad.umsg'))));
    assert.equal(second.size, 5);
    assert.deepEqual([...second.values()].filter((r) => r.kind === 'full').map((r) => r.uri), [uri('cards/bad.umsg')]);
    assert.deepEqual(codes(second.get(uri('cards/bad.umsg'))), ['card-required']);
  });

  it('reads again only the file that changed on disk, when the client watches files', async () => {
    await start();
    const first = await pull();
    const before = h!.reads;
    await changedOnDisk('cards/bad.umsg', '{ "type": "rich", "title": "T", "description": "Now complete" }', 2);
    const second = byUri(await pull(first));
    assert.equal(h!.reads - before, 1, 'one file read: the one that changed');
    assert.deepEqual([...second.values()].filter((r) => r.kind === 'full').map((r) => r.uri), [uri('cards/bad.umsg')]);
    assert.deepEqual(codes(second.get(uri('cards/bad.umsg'))), []);
  });

  it('waits for a change when the client already has every current report, then answers it', async () => {
    await start();
    const first = await pull();
    let answered = false;
    const held = pull(first).then((r) => { answered = true; return r; });
    await h!.settle();
    await h!.settle();
    assert.equal(answered, false, 'nothing changed: the request stays open');
    await changedOnDisk('forms/shop.configmeta.json', '[{ "key": "apiKey", "label": "API key", "type": "String" }]', 2);
    const second = byUri(await held);
    assert.deepEqual(codes(second.get(uri('forms/shop.configmeta.json'))), []);
    assert.equal(second.get(uri('cards/bad.umsg'))?.kind, 'unchanged');
  });

  it('answers at once, every file read again, a client that does not watch files', async () => {
    await start({ watch: false });
    const first = await pull();
    const before = h!.reads;
    const second = await pull(first);
    assert.ok(second.every((r) => r.kind === 'unchanged'), JSON.stringify(second));
    assert.ok(h!.reads - before >= 5, 'nothing tells this server of a change: it reads every file');
  });

  it('clears the findings of a file deleted on disk', async () => {
    await start();
    const first = await pull();
    await changedOnDisk('cards/bad.umsg', undefined, 3);
    const bad = byUri(await pull(first)).get(uri('cards/bad.umsg'));
    assert.equal(bad?.kind, 'full');
    assert.deepEqual(bad?.items, []);
  });

  it('honours cancellation between files', async () => {
    await start();
    const release = h!.holdReads();
    const source = new CancellationTokenSource();
    const request = h!.client.sendRequest('workspace/diagnostic', { previousResultIds: [] }, source.token);
    await h!.settle();
    source.cancel();
    await h!.settle();
    const readsAtCancel = h!.reads;
    release();
    await assert.rejects(request, (e: unknown) => e instanceof ResponseError && e.code === -32800);
    assert.ok(h!.reads <= readsAtCancel + 1, `at most the read under way when cancelled: ${h!.reads - readsAtCancel} more`);
  });

  it('reports a file once when one workspace folder holds another', async () => {
    await start({ workspaceFolders: [`file://${WS}`, `file://${WS}/cards`] });
    const reports = await pull();
    assert.equal(reports.filter((r) => r.uri === uri('cards/bad.umsg')).length, 1);
    assert.equal(reports.length, 5);
  });

  it('asks a client with workspace folders to tell of folders added and removed', async () => {
    for (const workspaceFolders of [true, false]) {
      const harness = await startHarness({ pull: true, initialize: false });
      const result = await harness.client.sendRequest('initialize', {
        processId: null, rootUri: null, capabilities: { workspace: { workspaceFolders } },
      }) as { capabilities: { workspace?: unknown } };
      harness.dispose();
      assert.deepEqual(result.capabilities.workspace,
        workspaceFolders ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined);
    }
  });

  it('checks a workspace folder added after start, reading only its files', async () => {
    await startInFolders(['cards']);
    const first = await pull();
    assert.deepEqual(first.map((r) => r.uri).sort(), [uri('cards/bad.umsg'), uri('cards/link.umsg'), uri('cards/menu.umsg')]);
    const before = h!.reads;
    // VS Code holds a pull with the ids it has: the new folder must wake it.
    const held = pull(first);
    await foldersChange(['forms'], []);
    const second = byUri(await within(held, 'the pull held before the folder was added'));
    assert.deepEqual(codes(second.get(uri('forms/shop.configmeta.json'))), ['meta-key-identifier']);
    for (const card of ['cards/bad.umsg', 'cards/link.umsg', 'cards/menu.umsg']) {
      assert.equal(second.get(uri(card))?.kind, 'unchanged', card);
    }
    assert.equal(h!.reads - before, 1, 'one file read: the added folder\'s');
  });

  it('clears the findings of a workspace folder removed after start, reading nothing again', async () => {
    await startInFolders(['cards', 'forms']);
    const first = await pull();
    assert.deepEqual(codes(byUri(first).get(uri('forms/shop.configmeta.json'))), ['meta-key-identifier']);
    const before = h!.reads;
    const held = pull(first);
    await foldersChange([], ['forms']);
    const second = byUri(await within(held, 'the pull held before the folder was removed'));
    const gone = second.get(uri('forms/shop.configmeta.json'));
    assert.equal(gone?.kind, 'full');
    assert.deepEqual(gone?.items, [], 'its findings are cleared');
    assert.equal(second.get(uri('cards/bad.umsg'))?.kind, 'unchanged');
    assert.equal(h!.reads - before, 0);
    const fresh = await pull();
    assert.ok(!fresh.some((r) => r.uri.startsWith(uri('forms/'))), 'a later pass leaves the removed folder out');
  });

  it('checks again the files of a folder added inside another: the config walk now stops there', async () => {
    await startInFolders([''], { ...FILES, [`${WS}/umsg.config.json`]: '{ "rules": { "card-required": "off" } }' });
    const first = await pull();
    assert.deepEqual(codes(byUri(first).get(uri('cards/bad.umsg'))), [], 'card-required is off at the top');
    const held = pull(first);
    await foldersChange(['cards'], []);
    const second = byUri(await within(held, 'the pull held before the folder was added'));
    assert.deepEqual(codes(second.get(uri('cards/bad.umsg'))), ['card-required'], 'cards/ is a workspace folder of its own now');
    assert.deepEqual(codes(second.get(uri('forms/shop.configmeta.json'))) ?? [], [], 'the top config still governs forms/');
  });

  it('gives a file too large to read the file-size finding umsg check gives, from its size', async () => {
    // A client that does not watch files: the second pull reads every file again.
    await start({ watch: false, files: { ...FILES, [`${WS}/cards/huge.umsg`]: '', [`${WS}/cards/big.umsg`]: '' } });
    // Over 3 bytes per character of maxFileSize: over it for sure, as umsg check says without reading it.
    h!.oversized.set(`${WS}/cards/huge.umsg`, 20_000_000);
    // Under that, refused only by the server's own cap: not checked, and said so.
    h!.oversized.set(`${WS}/cards/big.umsg`, 12_345_678);
    const first = await pull();
    const finding = (name: string) => {
      const report = byUri(first).get(uri(name));
      assert.deepEqual(codes(report), ['file-size'], JSON.stringify(report));
      return report!.items![0] as { message: string; severity?: number; range: unknown };
    };
    const huge = finding('cards/huge.umsg');
    assert.equal(huge.message,
      'This file has 20,000,000 bytes, over the checking limit of 5,000,000 characters (maxFileSize): it was not checked.');
    assert.equal(huge.severity, 3, 'information, the rule\'s default');
    assert.deepEqual(huge.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
    assert.match(finding('cards/big.umsg').message,
      /^This file has 12,345,678 bytes, more than the language server reads from disk: it was not checked\. Open it, or run umsg check/);
    assert.ok(!h!.logs.some((l) => l.includes('huge.umsg') || l.includes('big.umsg')), `no "cannot read" line: ${JSON.stringify(h!.logs)}`);
    const reads = h!.reads;
    assert.equal(byUri(await pull(first)).get(uri('cards/huge.umsg'))?.kind, 'unchanged', 'the same size and config: the same result id');
    assert.ok(h!.reads > reads, 'read again');
  });

  it('leaves out what files.exclude excludes', async () => {
    await start({ configuration: true });
    h!.filesExclude = { '**/secret': true, 'forms/*.json': true, '**/nothing': false };
    const reports = byUri(await pull());
    assert.deepEqual([...reports.keys()].sort(), [uri('cards/bad.umsg'), uri('cards/link.umsg'), uri('cards/menu.umsg')]);
  });

  it('gives nothing for unopened files with universalMessage.workspaceDiagnostics off, and clears what it gave', async () => {
    await start({ configuration: true });
    const first = await pull();
    assert.equal(first.length, 5);
    h!.settings = { workspaceDiagnostics: false };
    await h!.client.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    const second = await pull(first);
    assert.ok(second.every((r) => r.kind === 'full' && r.items!.length === 0), JSON.stringify(second));
    h!.dispose();
    await start({ initializationOptions: { workspaceDiagnostics: false } });
    assert.deepEqual(await pull(), [], 'off from the start: nothing');
  });

  it('reports an open document from its open text and version, once', async () => {
    await start();
    await h!.client.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: uri('cards/bad.umsg'),
        languageId: 'universal-message',
        version: 7,
        text: '{ "type": "rich", "title": "T", "description": "Fixed" }',
      },
    });
    const reports = await pull();
    const bad = reports.filter((r) => r.uri === uri('cards/bad.umsg'));
    assert.equal(bad.length, 1);
    assert.equal(bad[0].version, 7);
    assert.deepEqual(codes(bad[0]), [], 'the open text has its description');
    assert.equal(reports[0].uri, uri('cards/bad.umsg'), 'open documents come first');
  });

  it('starts progress of its own for a long pass when the client gives no token, not for one file changed', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 120; i++) many[`${WS}/many/card-${i}.umsg`] = '{ "type": "rich", "title": "T", "description": "D" }';
    await start({ progress: true, files: many });
    const first = await pull();
    await h!.settle();
    const messages = h!.serverProgress.map((p) => p.message).filter((m) => m !== undefined);
    assert.equal(h!.progressTokens.length, 1);
    assert.equal(messages[0], 'Checking 0 of 120 files');
    assert.ok(messages.includes('Checking 100 of 120 files'), JSON.stringify(messages));
    await changedOnDisk('many/card-7.umsg', '{ "type": "rich", "title": "T" }', 2);
    const second = byUri(await pull(first));
    assert.deepEqual(codes(second.get(uri('many/card-7.umsg'))), ['card-required']);
    assert.equal(h!.progressTokens.length, 1, 'no progress for one file');
  });

  it('answers a hover in an open message while the workspace is being checked', async () => {
    await start();
    const text = '{ "type": "rich", "title": "Hello", "description": "D" }';
    await h!.open(uri('cards/open.umsg'), text);
    const at = { textDocument: { uri: uri('cards/open.umsg') }, position: { line: 0, character: 22 } };
    await h!.client.sendRequest('textDocument/hover', at);
    const release = h!.holdReads();
    let pulled = false;
    const pulling = pull().then((r) => { pulled = true; return r; });
    await h!.settle();
    const hover = await h!.client.sendRequest('textDocument/hover', at);
    assert.ok(hover, 'the hover is answered');
    assert.equal(pulled, false, 'while the workspace check waits on a file read');
    release();
    assert.equal((await pulling).length, 6);
  });

  it('streams the reports as partial results and reports progress', async () => {
    await start();
    const streamed: Report[] = [];
    const progress: (WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd)[] = [];
    h!.client.onProgress(WorkspaceDiagnosticRequest.partialResult, 'partial-1', (p) => { streamed.push(...(p.items as Report[])); });
    h!.client.onProgress(WorkDoneProgress.type, 'work-1', (p) => { progress.push(p); });
    const final = await pull([], { partialResultToken: 'partial-1', workDoneToken: 'work-1' });
    await h!.settle();
    assert.deepEqual(final, [], 'everything came as partial results');
    assert.equal(streamed.length, 5);
    assert.equal(progress[0]?.kind, 'begin');
    assert.equal((progress[0] as WorkDoneProgressBegin).message, 'Checking 0 of 5 files');
    assert.equal(progress[progress.length - 1]?.kind, 'end');
  });
});
