/**
 * What surrounds a message (its sample data and channel-specific siblings) found the same
 * way whether the caller answers one path at a time (`exists`, the language server) or hands
 * over a folder listing (`namesIn`, `umsg check`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANNEL_IDS } from '../../server/src/core';
import { contextFromListing, messageContext } from '../../server/src/workspace/messageContext';
import type { ReadText } from '../../server/src/workspace/readOutcome';

const FILES: Record<string, string> = {
  '/p/menu.umsg': '{}',
  '/p/menu.sample.json': '{ "name": "Ana" }',
  [`/p/menu.${CHANNEL_IDS[1]}.umsg`]: '{}',
  '/p/plain.umsg': '{}',
  '/p/broken.umsg': '{}',
  '/p/broken.sample.json': '[1]',
  // Several channel siblings, listed out of channel order, and a name with dots in its stem.
  [`/p/deal.${CHANNEL_IDS[3]}.umsg`]: '{}',
  '/p/deal.umsg': '{}',
  [`/p/deal.${CHANNEL_IDS[0]}.umsg`]: '{}',
  [`/p/deal.${CHANNEL_IDS[2]}.umsg`]: '{}',
  '/p/deal.extra.umsg': '{}',
  '/p/menu.v2.umsg': '{}',
  '/p/menu.v2.sample.json': '{ "v": 2 }',
  // A folder with neither samples nor siblings.
  '/r/solo.umsg': '{}',
  '/r/other.umsg': '{}',
};
const readText: ReadText = async (p) => FILES[p];
const exists = async (p: string) => p in FILES;
const namesIn = async (dir: string) =>
  new Set(Object.keys(FILES).filter((p) => p.startsWith(dir + '/')).map((p) => p.slice(dir.length + 1)));

describe('messageContext', () => {
  for (const file of [
    '/p/menu.umsg', '/p/plain.umsg', '/p/broken.umsg', `/p/menu.${CHANNEL_IDS[1]}.umsg`,
    '/p/gone.umsg', '/p/deal.umsg', '/p/menu.v2.umsg', '/p/deal.extra.umsg',
  ]) {
    it(`finds the same sample and siblings for ${file} from a listing as path by path`, async () => {
      const byPath = await messageContext(file, readText, { exists });
      const byListing = await messageContext(file, readText, { exists: async () => { throw new Error('the listing answers'); }, namesIn });
      assert.deepEqual(byListing, byPath);
    });
  }
  it('answers without a wait only where the listing leaves nothing to read, and then as messageContext does', async () => {
    const listings = new Map<string, Set<string>>([['/p', await namesIn('/p')], ['/r', await namesIn('/r')]]);
    const answered: string[] = [];
    for (const file of [
      '/p/menu.umsg', '/p/plain.umsg', '/p/broken.umsg', `/p/menu.${CHANNEL_IDS[1]}.umsg`, '/p/gone.umsg', '/p/deal.umsg',
      `/p/deal.${CHANNEL_IDS[0]}.umsg`, '/p/menu.v2.umsg', '/p/deal.extra.umsg', '/q/unlisted.umsg', '/r/solo.umsg',
    ]) {
      const now = contextFromListing(file, (dir) => listings.get(dir));
      if (!now) continue;
      answered.push(file);
      assert.deepEqual(now, await messageContext(file, readText, { exists, namesIn }), file);
    }
    // A sample to read, siblings to name, or no listing: messageContext's to answer.
    assert.deepEqual(answered, ['/p/plain.umsg', '/p/gone.umsg', `/p/deal.${CHANNEL_IDS[0]}.umsg`, '/p/deal.extra.umsg', '/r/solo.umsg']);
  });
  it('reads the sample and names the overriding channel', async () => {
    const ctx = await messageContext('/p/menu.umsg', readText, { namesIn });
    assert.deepEqual(
      { sample: ctx.sample, samplePath: ctx.samplePath, overridden: ctx.overriddenChannels },
      { sample: { name: 'Ana' }, samplePath: '/p/menu.sample.json', overridden: [CHANNEL_IDS[1]] },
    );
    assert.match((await messageContext('/p/broken.umsg', readText, { namesIn })).sampleProblem ?? '', /^broken\.sample\.json must hold a JSON object/);
  });
  it('a channel-specific message knows its channel and renders with NAME.sample.json, with no siblings of its own', async () => {
    const ctx = await messageContext(`/p/menu.${CHANNEL_IDS[1]}.umsg`, readText, { exists });
    assert.equal(ctx.channelSpecific, CHANNEL_IDS[1]);
    assert.deepEqual(ctx.sample, { name: 'Ana' });
    assert.equal(ctx.samplePath, '/p/menu.sample.json');
    assert.deepEqual(ctx.overriddenChannels, []);
    assert.equal((await messageContext('/p/menu.umsg', readText, { exists })).channelSpecific, undefined);
  });

  it('names every overriding channel, in channel order, however the folder lists them', async () => {
    const ctx = await messageContext('/p/deal.umsg', readText, { namesIn });
    assert.deepEqual(ctx.overriddenChannels, [CHANNEL_IDS[0], CHANNEL_IDS[2], CHANNEL_IDS[3]]);
    assert.equal(ctx.samplePath, undefined);
    assert.deepEqual((await messageContext('/p/menu.v2.umsg', readText, { namesIn })).sample, { v: 2 });
  });
  it('asks path by path when the folder cannot be listed', async () => {
    const ctx = await messageContext('/p/menu.umsg', readText, { exists, namesIn: async () => undefined });
    assert.deepEqual(ctx.overriddenChannels, [CHANNEL_IDS[1]]);
    assert.equal(ctx.samplePath, '/p/menu.sample.json');
  });
});
