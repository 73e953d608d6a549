/**
 * The bundled server on its own, as another editor starts it: `node dist/server.js --stdio`,
 * spoken to over its standard streams.
 */
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { before, describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { ensureBundle, SERVER_BUNDLE as SERVER } from '../support/bundle';

// The two cases start separate processes: they run side by side.
describe('umsg-language-server --stdio', { concurrency: true }, () => {
  // Rebuilt only when a source is newer than the bundle (npm test has just built it).
  before(ensureBundle);

  it('initializes, checks an opened file and shuts down cleanly', async () => {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const client = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const diagnostics = new Promise<PublishDiagnosticsParams>(
      (resolve) => client.onNotification('textDocument/publishDiagnostics', resolve),
    );
    client.listen();
    try {
      const init = await client.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }) as {
        capabilities: { completionProvider?: unknown };
        serverInfo: { name: string };
      };
      assert.equal(init.serverInfo.name, 'umsg-language-server');
      assert.ok(init.capabilities.completionProvider);
      await client.sendNotification('initialized', {});
      await client.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///tmp/umsg-stdio/a.umsg', languageId: 'universal-message', version: 1, text: '{ "type": "rich", "title": "Hi" }' } });
      // The timer is cleared on success: a pending one would hold the test process open 5 s more.
      let timer: NodeJS.Timeout | undefined;
      const p = await Promise.race([
        diagnostics,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no diagnostics from the stdio server within 5 s')), 5000);
        }),
      ]).finally(() => clearTimeout(timer));
      assert.deepEqual(p.diagnostics.map((d) => d.code), ['card-required']);
      assert.match(String(p.diagnostics[0].codeDescription?.href), /^file:\/\/.*\/docs\/rules\/card-required\.md$/);
      await client.sendRequest('shutdown');
      await client.sendNotification('exit');
      assert.equal(await exited, 0);
    } finally {
      client.dispose();
      child.kill();
    }
  });

  it('explains itself without a transport flag and exits 2', async () => {
    const { status, out } = await new Promise<{ status: unknown; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [SERVER],
        { encoding: 'utf8', timeout: 60_000 },
        (error, stdout) => resolve({ status: error ? error.code : 0, out: stdout }),
      );
    });
    assert.equal(status, 2);
    assert.match(out, /Usage: umsg-language-server --stdio/);
  });
});
