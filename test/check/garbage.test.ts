/**
 * What a checked message leaves behind for the garbage collector. A message's parse, card model
 * and findings should die young: collected by V8's young-generation collector (the scavenger),
 * which costs next to nothing for objects that are already dead.
 *
 * A getter in the object that runs a check (core/check/run.ts) gave every check its own hidden
 * class, which V8 keeps in old space and which held the check's closures: every parse then
 * outlived the next collections and was copied into old space, about 4.2 KB per message, and
 * garbage collection took a large share of `umsg check`. Without it about 0.8 KB per message is
 * copied (the file list, the report being written, and whatever a collection finds in flight).
 * Two smaller costs went with it and are not held here: an object spread in the card model
 * (richCard.ts, more bytes per message) and the language service's WeakMap of parses
 * (core/index.ts; each collection took longer with it).

 * Measured as V8 reports it (`--trace-gc-nvp`: `promoted` bytes per scavenge), not with a
 * clock. The bytes per message are the difference between two runs of different sizes, so
 * that start-up (loading the bundle, the config) cancels out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeCorpus } from '../../scripts/corpus';
import { CLI_BUNDLE, ensureBundle } from '../support/bundle';

/** Bytes per message copied into old space above which a message's objects are being kept alive. */
const MAX_PROMOTED_PER_MESSAGE = 2_000;

let dir: string;
before(() => {
  ensureBundle();
  dir = mkdtempSync(path.join(os.tmpdir(), 'umsg-garbage-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Bytes the scavenger promoted during `umsg check --jobs 1` over `count` ordinary messages. */
function promotedBytes(count: number): { promoted: number; scavenges: number } {
  const folder = path.join(dir, `m${count}`);
  writeCorpus(folder, count);
  const run = spawnSync(
    process.execPath,
    ['--trace-gc-nvp', CLI_BUNDLE, 'check', '--format', 'json', '--jobs', '1', folder],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  // Exit 0: the corpus has warnings only.
  assert.equal(run.status, 0, run.stderr);
  let promoted = 0;
  let scavenges = 0;
  for (const line of run.stdout.split('\n')) {
    // One line per collection, `name=value` pairs separated by spaces; gc=s is a scavenge.
    if (!line.includes(' gc=s ')) continue;
    const match = / promoted=(\d+) /.exec(line);
    assert.ok(match, `a scavenge line without promoted=: ${line.slice(0, 200)}`);
    promoted += Number(match[1]);
    scavenges++;
  }
  return { promoted, scavenges };
}

test('a checked message is garbage the young generation collects: little of it is copied into old space', () => {
  const small = promotedBytes(400);
  const large = promotedBytes(2_000);
  // Enough collections happened for the measure to mean something.
  assert.ok(large.scavenges >= 8, `only ${large.scavenges} young-generation collections over 2,000 messages`);
  const perMessage = (large.promoted - small.promoted) / (2_000 - 400);
  assert.ok(
    perMessage < MAX_PROMOTED_PER_MESSAGE,
    `${Math.round(perMessage)} bytes per message copied into old space (at most ${MAX_PROMOTED_PER_MESSAGE}): ` +
      'something keeps each message\'s objects alive',
  );
});
