/**
 * The benchmark's corpora (scripts/bench/corpora.ts) are what docs/performance.md says they
 * are: deterministic, strict JSON, the large message full of findings and the Configuration
 * Meta free of them (so that its figure measures a clean check, as a builder's file would be).
 * Small sizes here; `npm run bench` builds them at full size. No timing: the bench does that.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bigConfigMeta, hugeMessage } from '../../scripts/bench/corpora';
import { median, percentile } from '../../scripts/bench/stats';
import { createLanguageService, DEFAULT_CONFIG } from '../../server/src/core';

const service = createLanguageService();
const check = (text: string, language: 'universal-message' | 'configuration-meta') =>
  service.check(service.open(text, language, DEFAULT_CONFIG), { config: DEFAULT_CONFIG });

describe('bench corpora', () => {
  it('the large message is strict JSON with about 2.25 findings per action, the same each time', async () => {
    const text = hugeMessage(40);
    assert.equal(text, hugeMessage(40));
    assert.equal(JSON.parse(text).insideActions.length, 40);
    const { diagnostics } = await check(text, 'universal-message');
    // 2 per action, 1 more on every 4th, and one for the number of actions.
    assert.equal(diagnostics.length, 40 * 2 + 10 + 1);
  });

  it('20,000 actions make a 3.9 MB message', () => {
    assert.equal((hugeMessage(20_000).length / 1e6).toFixed(1), '3.9');
  });

  it('the Configuration Meta is strict JSON, has distinct keys and no findings, ' +
    'and stays under maxFileSize at 50,000 entries', async () => {
    const text = bigConfigMeta(400);
    const entries = JSON.parse(text) as { key: string }[];
    assert.equal(entries.length, 400);
    assert.equal(new Set(entries.map((e) => e.key)).size, 400);
    assert.deepEqual((await check(text, 'configuration-meta')).diagnostics, []);
    assert.ok(bigConfigMeta(50_000).length < DEFAULT_CONFIG.maxFileSize);
  });

  it('medians and nearest-rank percentiles', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95), 10);
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5), 5);
    assert.equal(percentile(Array.from({ length: 200 }, (_, i) => i + 1), 0.95), 190);
  });
});
