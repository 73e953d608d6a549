/**
 * After the whole parse of a long document just opened, the Node server runs one full collection
 * (node/settleHeap.ts), so that the keystrokes after it are not stopped by one; and one a little
 * after a long document is closed, to give its memory back. It can when
 * started with the flags the VS Code client passes (protocol/serverProcess.ts); started without
 * them, as another editor may start it, it must go on as before.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { SERVER_NODE_FLAGS } from '../../server/src/protocol/serverProcess';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Runs `call` (settleHeap by default) in a new node with `flags`: whether a full collection
 * followed within `waitMs`.
 */
function settleIn(flags: readonly string[], call = 'settleHeap()', waitMs = 50): { major: boolean; settled: boolean; asked: boolean } {
  const script = `
    const { PerformanceObserver, constants } = require('node:perf_hooks');
    const { settleHeap, settleAfterClosing } = require('./server/src/node/settleHeap.ts');
    const kinds = [];
    const seen = new PerformanceObserver((list) => { for (const e of list.getEntries()) kinds.push(e.detail.kind); });
    seen.observe({ entryTypes: ['gc'] });
    ${call};
    // Keeps the process alive for the wait (the collection's own timer does not).
    setTimeout(() => {
      seen.disconnect();
      console.log(JSON.stringify({
        major: kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR), settled: true, asked: globalThis.askedElsewhere === true,
      }));
    }, ${waitMs});
  `;
  const out = execFileSync(process.execPath, [...flags, '--import', 'tsx', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out.trim().split('\n').pop()!) as { major: boolean; settled: boolean; asked: boolean };
}

describe('settleHeap', () => {
  it('runs a full collection in a node started as the VS Code client starts the server', () => {
    assert.deepEqual(settleIn(SERVER_NODE_FLAGS), { major: true, settled: true, asked: false });
  });

  it('does nothing, and throws nothing, in a node started without --expose-gc', () => {
    assert.deepEqual(settleIn([]), { major: false, settled: true, asked: false });
  });

  it('collects a little after a long document is closed, and not after a short one', () => {
    // Without V8's memory reducer nothing else would: the server is idle then.
    // The check thread's threshold and collection, as the server passes them.
    const checks = '{ minLength: 100_000, settle() { globalThis.askedElsewhere = true; } }';
    const closing = (length: number) => `settleAfterClosing(${length}, ${checks})`;
    assert.deepEqual(settleIn(SERVER_NODE_FLAGS, closing(100_000), 1500), { major: true, settled: true, asked: true });
    assert.deepEqual(settleIn(SERVER_NODE_FLAGS, closing(99_999), 1500), { major: false, settled: true, asked: false });
  });
});
