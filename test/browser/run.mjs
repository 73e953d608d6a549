// The web extension's language server in a real browser: dist/browser/server.js runs as a Web
// Worker in Debian's Chromium (driven by playwright-core, as the editor suite does), from a page
// served on 127.0.0.1. The page speaks LSP to the worker and answers its
// universalMessage/readFile requests from the fixture's files, as the web client does with
// workspace.fs. `node dist/server.js --stdio` gets the same session in the same run, reading the
// same files from disk; both must answer initialize and give the same diagnostics, hover,
// completion and quick fixes. A message under a virtual scheme (vscode-vfs://) must get them too.
//
// Usage: npm run test:web (builds first). Fails loudly when Chromium is missing and cannot be
// installed (installing needs root: apt-get install -y chromium).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { browser as browserBuild } from '../../esbuild.mjs';
import { launchBrowser } from '../editor/lib/browser.mjs';
import { onCleanup, runCleanups } from '../editor/lib/util.mjs';
import { CHROMIUM_PATH } from '../editor/provision.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const workerBundle = path.join(root, 'dist', 'browser', 'server.js');
const nodeServer = path.join(root, 'dist', 'server.js');
const webClientBundle = path.join(root, 'dist', 'browser', 'client.js');
const TIMEOUT_MS = 120_000;

const say = (message) => process.stdout.write(`[test:web] ${message}\n`);

// --- Chromium: present, or installed as root, or a loud failure --------------------------------
function ensureChromium() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${CHROMIUM_PATH} is missing. Install it as root, then run again:\n` +
        '  apt-get update && apt-get install -y --no-install-recommends chromium',
    );
  }
  say('chromium is missing: installing it with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${r.status ?? r.signal}): cannot test in a browser`);
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`chromium was installed but ${CHROMIUM_PATH} is not there`);
}

// --- The build's guard: a Node built-in reached from a browser entry fails the build ----------
async function checkBuildGuard() {
  for (const specifier of ['node:fs', 'path']) {
    const failure = await esbuild.build({
      ...browserBuild,
      sourcemap: false,
      write: false,
      logLevel: 'silent',
      stdin: { contents: `import * as m from '${specifier}'; console.log(m);`, resolveDir: root, sourcefile: 'entry.ts' },
    }).then(() => undefined, (error) => error);
    assert.ok(failure, `a browser bundle importing ${specifier} must fail to build`);
    assert.match(failure.errors?.[0]?.text ?? '', new RegExp(`Node built-in "${specifier}" imported by`), `the build names ${specifier}`);
  }
  say('the browser build fails on Node built-ins (node:fs, path)');
}

// --- The fixture: a message whose findings depend on its config file and its sample data -------
function writeFixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umsg-web-'));
  const files = {
    'umsg.config.json': JSON.stringify(
      { channels: { messenger: 'error', gbm: 'off', whatsapp: 'warning' }, rules: { 'unknown-property': 'error' } },
      null,
      2,
    ),
    'card.sample.json': JSON.stringify({ user: { name: 'Bartholomew Alexander Montgomery-Fitzwilliam of the Northern Highlands Estate' } }),
    'card.umsg': [
      '{',
      '  // The title renders over Messenger\'s 80 characters only with the sample data.',
      '  "type": "rich",',
      '  "title": "Hello ${user.name}",',
      '  "descripton": "Tap a dish to order it",',
      '  "richMedia": { "height": "tall", "fileUrl": "https://example.com/kitchen.png", "altText": "Our kitchen" },',
      '  "insideActions": [',
      '    { "type": "reply", "display": "A reply button title that is far too long for WhatsApp", "payload": "ORDER" }',
      '  ]',
      '}',
      '',
    ].join('\n'),
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return { dir, files };
}

// --- A minimal LSP session: framing aside, the same for the worker and the node server ---------
function lspSession(send, handleServerRequest) {
  let nextId = 1;
  const waiting = new Map();
  const logs = [];
  return {
    logs,
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject, method });
        send({ jsonrpc: '2.0', id, method, params });
      });
    },
    notify(method, params) { send({ jsonrpc: '2.0', method, params }); },
    async receive(message) {
      if (message.id !== undefined && message.method === undefined) {
        const w = waiting.get(message.id);
        waiting.delete(message.id);
        if (!w) return;
        if (message.error) w.reject(new Error(`${w.method}: ${message.error.message}`));
        else w.resolve(message.result);
      } else if (message.id !== undefined) {
        let result = null;
        try { result = await handleServerRequest(message.method, message.params); } catch { result = null; }
        send({ jsonrpc: '2.0', id: message.id, result });
      } else if (message.method === 'window/logMessage') {
        logs.push(message.params.message);
      }
    },
  };
}

function startNodeServer(handleServerRequest) {
  const child = spawn(process.execPath, [nodeServer, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => { stderr += c; });
  const session = lspSession((m) => {
    const body = Buffer.from(JSON.stringify(m), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  }, handleServerRequest);
  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = buffer.subarray(0, headerEnd).toString('ascii');
      const length = Number(/Content-Length: (\d+)/i.exec(header)?.[1]);
      if (!Number.isFinite(length)) throw new Error(`node server sent a header without Content-Length: ${header}`);
      if (buffer.length < headerEnd + 4 + length) return;
      const body = buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      buffer = buffer.subarray(headerEnd + 4 + length);
      void session.receive(JSON.parse(body));
    }
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && code !== null) say(`node server exited with ${code ?? signal}: ${stderr.trim()}`);
  });
  const stop = () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM'); };
  onCleanup(stop);
  return { session, stop };
}

// --- The page: serves the worker bundle; nothing else is reachable ------------------------------
const PAGE = `<!doctype html><meta charset="utf-8"><title>umsg web worker</title>
<script>
  // The test drives the worker through window.umsg: messages out with post(), in through onmessage.
  window.umsg = { inbox: [], worker: new Worker('/dist/browser/server.js') };
  window.umsg.worker.onmessage = (e) => window.umsg.inbox.push(e.data);
  window.umsg.worker.onerror = (e) => window.umsg.inbox.push({ workerError: String(e.message) });
</script>`;

function startPageServer() {
  const server = http.createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else if (req.url === '/client-module.js') {
      // The web client as VS Code's web extension host loads it: CommonJS, with only 'vscode'
      // to require (here a stand-in that answers anything), in a page without Node.
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(`window.umsgClient = (() => {
  const required = [];
  const standIn = () => new Proxy(function () {}, ` +
        `{ get: (t, p) => (p === 'prototype' ? {} : standIn()), construct: () => standIn(), apply: () => standIn() });
  const require = (name) => { required.push(name); ` +
        `if (name === 'vscode') return standIn(); throw new Error('the web client requires ' + name); };
  const module = { exports: {} };
  (function (module, exports, require) {
${fs.readFileSync(webClientBundle, 'utf8')}
  })(module, module.exports, require);
  return { exports: Object.keys(module.exports), required: [...new Set(required)] };
})();`);
    } else if (req.url === '/dist/browser/server.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(fs.readFileSync(workerBundle));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The worker's session: the page forwards messages both ways; the test polls its inbox. */
async function workerSession(page, handleServerRequest) {
  const session = lspSession((m) => { void page.evaluate((msg) => window.umsg.worker.postMessage(msg), m); }, handleServerRequest);
  let stopped = false;
  const pump = (async () => {
    while (!stopped) {
      const messages = await page.evaluate(() => window.umsg.inbox.splice(0)).catch(() => []);
      for (const m of messages) {
        if (m.workerError) throw new Error(`the worker failed: ${m.workerError}`);
        void session.receive(m);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { session, stop: async () => { stopped = true; await pump; } };
}

// --- One session: what the test compares -------------------------------------------------------
const CAPABILITIES = {
  textDocument: {
    diagnostic: {},
    hover: { contentFormat: ['markdown'] },
    completion: { completionItem: { snippetSupport: true } },
    codeAction: {},
  },
  workspace: {},
};

async function exercise(session, uri, text) {
  const init = await session.request('initialize', { processId: null, rootUri: null, capabilities: CAPABILITIES });
  session.notify('initialized', {});
  session.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'universal-message', version: 1, text } });
  const diagnostics = (await session.request('textDocument/diagnostic', { textDocument: { uri } })).items;
  const lines = text.split('\n');
  const titleLine = lines.findIndex((l) => l.includes('"title"'));
  const hover = await session.request('textDocument/hover', { textDocument: { uri }, position: { line: titleLine, character: 4 } });
  const completion = await session.request('textDocument/completion', { textDocument: { uri }, position: { line: 2, character: 2 } });
  const actions = await session.request('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: 0 } },
    context: { diagnostics },
  });
  return { serverInfo: init.serverInfo, capabilities: init.capabilities, diagnostics, hover, completion, actions };
}

/** The two servers' answers, with their rule-page bases (file: beside dist/, http: beside the worker) made equal. */
function normalized(answers, docsBase, uri) {
  return JSON.parse(JSON.stringify(answers).split(docsBase).join('<docs>/').split(uri).join('<uri>'));
}

async function main() {
  for (const bundle of [workerBundle, webClientBundle, nodeServer]) {
    if (!fs.existsSync(bundle)) {
      throw new Error(`${path.relative(root, bundle)} is missing: run \`node esbuild.mjs\` first (npm run test:web does)`);
    }
  }
  await checkBuildGuard();
  ensureChromium();
  const { dir, files } = writeFixture();
  const fileUri = (name) => pathToFileURL(path.join(dir, name)).toString();
  const vfsRoot = 'vscode-vfs://github/umsg/example';
  // What the web client answers: the fixture's regular files, by URI, under file: and vscode-vfs:.
  const byUri = new Map();
  for (const [name, text] of Object.entries(files)) { byUri.set(fileUri(name), text); byUri.set(`${vfsRoot}/${name}`, text); }
  const asked = [];
  const clientAnswers = (method, params) => {
    if (method === 'universalMessage/readFile') { asked.push(params.uri); return byUri.get(params.uri) ?? null; }
    return null;
  };

  const pageServer = await startPageServer();
  const origin = `http://127.0.0.1:${pageServer.address().port}`;
  const node = startNodeServer(() => null);
  let closeBrowser = async () => undefined;
  try {
    const { browser, close } = await launchBrowser(CHROMIUM_PATH);
    closeBrowser = close;
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${origin}/`);

    // The web client bundle loads in a browser and needs nothing but 'vscode'.
    await page.addScriptTag({ url: '/client-module.js' });
    const webClient = await page.evaluate(() => window.umsgClient);
    assert.deepEqual(
      webClient,
      { exports: ['activate', 'deactivate'], required: ['vscode'] },
      'dist/browser/client.js loads in the page and requires only vscode',
    );
    say('dist/browser/client.js loads in Chromium, exports activate and deactivate, and requires only vscode');

    const text = files['card.umsg'];
    const onNode = await exercise(node.session, fileUri('card.umsg'), text);
    const web = await workerSession(page, clientAnswers);
    const inWorker = await exercise(web.session, fileUri('card.umsg'), text);
    const vfsUri = `${vfsRoot}/card.umsg`;
    const vfsDiagnostics = (await web.session.request('textDocument/diagnostic', { textDocument: { uri: vfsUri } })).items;
    web.session.notify('textDocument/didOpen', { textDocument: { uri: vfsUri, languageId: 'universal-message', version: 1, text } });
    const inVfs = (await web.session.request('textDocument/diagnostic', { textDocument: { uri: vfsUri } })).items;
    await web.stop();
    assert.deepEqual(pageErrors, [], 'the page or the worker threw');
    assert.deepEqual(vfsDiagnostics, [], 'a document that is not open has no diagnostics');

    const nodeDocs = pathToFileURL(path.join(root, 'docs', 'rules') + path.sep).toString();
    const webDocs = `${origin}/docs/rules/`;
    const a = normalized(onNode, nodeDocs, fileUri('card.umsg'));
    const b = normalized(inWorker, webDocs, fileUri('card.umsg'));
    say(
      `initialize: ${JSON.stringify(b.serverInfo)}; ` +
        `${b.diagnostics.length} diagnostics (${b.diagnostics.map((d) => d.code).join(', ')}), ` +
        `${b.completion.length ?? b.completion.items?.length} completions, ${b.actions.length} code actions`,
    );
    assert.equal(b.serverInfo?.name, 'umsg-language-server', 'the worker answers initialize');
    // Read through the client: the config file's severities and the sample's rendered title show.
    assert.ok(
      b.diagnostics.some((d) => d.code === 'unknown-property' && d.severity === 1),
      'umsg.config.json, read through the client, makes unknown-property an error',
    );
    assert.ok(b.diagnostics.some((d) => /with the sample data/.test(d.message)), 'card.sample.json, read through the client, renders the title');
    assert.ok(b.hover?.contents?.value, 'hover answers in the worker');
    assert.ok(b.actions.length > 0, 'quick fixes answer in the worker');
    assert.deepEqual(b.diagnostics, a.diagnostics, 'the worker gives the same diagnostics as the node server');
    assert.deepEqual(b.capabilities, a.capabilities, 'the same capabilities');
    assert.deepEqual(b.hover, a.hover, 'the same hover');
    assert.deepEqual(b.completion, a.completion, 'the same completion');
    assert.deepEqual(b.actions, a.actions, 'the same code actions');
    // A virtual workspace: the same findings, its surroundings read under its own scheme.
    assert.deepEqual(normalized(inVfs, webDocs, vfsUri), b.diagnostics, 'a vscode-vfs: message gets the same diagnostics');
    assert.ok(
      asked.includes(`${vfsRoot}/umsg.config.json`) && asked.includes(`${vfsRoot}/card.sample.json`),
      `the worker asked the client for the vscode-vfs: config and sample (asked: ${asked.join(', ')})`,
    );
    say(
      `the worker asked the client for ${asked.length} files; ` +
        'node and worker agree on diagnostics, hover, completion and code actions; vscode-vfs: agrees too',
    );
    await context.close();
  } finally {
    node.stop();
    await closeBrowser();
    await runCleanups();
    pageServer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const timer = setTimeout(() => {
  say(`FAILED: no result after ${TIMEOUT_MS / 1000} s`);
  void runCleanups().finally(() => process.exit(1));
}, TIMEOUT_MS);
main().then(() => { clearTimeout(timer); say('passed'); }, (error) => {
  clearTimeout(timer);
  say(`FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exitCode = 1;
});
