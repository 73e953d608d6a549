/**
 * After the whole parse of a long document the Node server runs one full collection
 * (node/settleHeap.ts), so that the keystrokes after it are not stopped by one; a node started
 * without `--expose-gc` (as editors start the server) must still be able to.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.join(__dirname, '..', '..');

describe('settleHeap', () => {
  it('runs a full collection in a node started without --expose-gc, and leaves no gc to scripts', () => {
    const script = `
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      const { settleHeap } = require('./server/src/node/settleHeap.ts');
      const kinds = [];
      const seen = new PerformanceObserver((list) => { for (const e of list.getEntries()) kinds.push(e.detail.kind); });
      seen.observe({ entryTypes: ['gc'] });
      settleHeap();
      setTimeout(() => {
        seen.disconnect();
        const later = require('node:vm').runInNewContext('typeof gc');
        console.log(JSON.stringify({ major: kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR), globalGc: typeof globalThis.gc, later }));
      }, 50);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    assert.deepEqual(JSON.parse(out.trim().split('\n').pop()!), { major: true, globalGc: 'undefined', later: 'undefined' });
  });
});
