/**
 * Changes made in the editor, sent to the server when the file watcher misses them
 * (client/src/editorFileEvents.ts), on a fake clock: a save the watcher reports is left to it,
 * one it does not report is sent after the grace period, once; files the server does not watch
 * are never sent.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EditorFileEvents, WATCHER_GRACE_MS, type FileChange } from '../../client/src/editorFileEvents';
import { FakeClock } from '../support/fakeClock';

const BUILD = 'file:///w/stripe/build.gradle';
const KOTLIN = 'file:///w/stripe/src/main/kotlin/com/example/StripeProvider.kt';

function setup() {
  const clock = new FakeClock();
  const sent: { at: number; changes: FileChange[] }[] = [];
  const events = new EditorFileEvents((changes) => sent.push({ at: clock.time, changes }), clock);
  return { clock, sent, events };
}

describe('changes made in the editor', () => {
  it('sends a save the watcher does not report, once, when the grace period ends', () => {
    const { clock, sent, events } = setup();
    events.editorChanged(BUILD, 2);
    clock.advance(WATCHER_GRACE_MS - 1);
    assert.deepEqual(sent, []);
    clock.advance(1);
    assert.deepEqual(sent, [{ at: WATCHER_GRACE_MS, changes: [{ uri: BUILD, type: 2 }] }]);
    clock.advance(10 * WATCHER_GRACE_MS);
    assert.equal(sent.length, 1);
    assert.equal(clock.pending, 0, 'no timer left running');
  });

  it('leaves a save the watcher reports to the watcher', () => {
    const { clock, sent, events } = setup();
    events.editorChanged(BUILD, 2);
    clock.advance(200);
    events.watcherReported(BUILD);
    clock.advance(10 * WATCHER_GRACE_MS);
    assert.deepEqual(sent, []);
  });

  it('counts a report that came just before the editor\'s own event, and not an old one', () => {
    const { clock, sent, events } = setup();
    events.watcherReported(BUILD);
    clock.advance(100);
    events.editorChanged(BUILD, 2);
    clock.advance(10 * WATCHER_GRACE_MS);
    assert.deepEqual(sent, [], 'reported 100 ms before');
    events.editorChanged(BUILD, 2);
    clock.advance(WATCHER_GRACE_MS);
    assert.deepEqual(sent, [{ at: 100 + 11 * WATCHER_GRACE_MS, changes: [{ uri: BUILD, type: 2 }] }], 'the report was long before');
  });

  it('never sends a file the server does not watch', () => {
    const { clock, sent, events } = setup();
    for (const uri of ['file:///w/README.md', 'file:///w/src/index.ts', 'file:///w/menu.umsg.bak']) events.editorChanged(uri, 2);
    clock.advance(10 * WATCHER_GRACE_MS);
    assert.deepEqual(sent, []);
    assert.equal(clock.pending, 0);
  });

  it('sends the changes due together, each after its own grace period, the last kind of each file', () => {
    const { clock, sent, events } = setup();
    events.editorChanged(BUILD, 1);
    clock.advance(100);
    events.editorChanged(KOTLIN, 2);
    events.editorChanged(BUILD, 2); // saved again: it waits from now, as changed
    clock.advance(WATCHER_GRACE_MS);
    assert.deepEqual(sent, [{ at: 100 + WATCHER_GRACE_MS, changes: [{ uri: KOTLIN, type: 2 }, { uri: BUILD, type: 2 }] }]);
    events.editorChanged('file:///w/old.umsg', 3);
    clock.advance(300);
    events.editorChanged('file:///w/new.umsg', 1);
    clock.advance(WATCHER_GRACE_MS - 300);
    assert.deepEqual(sent[1], { at: 100 + 2 * WATCHER_GRACE_MS, changes: [{ uri: 'file:///w/old.umsg', type: 3 }] });
    clock.advance(300);
    assert.deepEqual(sent[2], { at: 400 + 2 * WATCHER_GRACE_MS, changes: [{ uri: 'file:///w/new.umsg', type: 1 }] });
    assert.equal(sent.length, 3);
  });

  it('sends nothing once disposed', () => {
    const { clock, sent, events } = setup();
    events.editorChanged(BUILD, 2);
    events.dispose();
    clock.advance(10 * WATCHER_GRACE_MS);
    assert.deepEqual(sent, []);
    assert.equal(clock.pending, 0);
  });

  it('keeps only the recent reports, and at most 1,024 of a burst, in memory', () => {
    const { clock, sent, events } = setup();
    const seen = () => (events as unknown as { seen: Map<string, number> }).seen;
    for (let i = 0; i < 5_000; i++) { events.watcherReported(`file:///w/m${i}.umsg`); clock.advance(10); }
    assert.equal(seen().size, WATCHER_GRACE_MS / 10 + 1, 'the reports of the last grace period, both ends in');
    // The last reports still count; the reports long past were dropped, and saving such a file waits for the watcher again.
    events.editorChanged('file:///w/m4999.umsg', 2);
    events.editorChanged('file:///w/m0.umsg', 2);
    clock.advance(WATCHER_GRACE_MS);
    assert.deepEqual(sent.map((s) => s.changes), [[{ uri: 'file:///w/m0.umsg', type: 2 }]]);
    // A checkout: 50,000 files reported at one instant.
    for (let i = 0; i < 50_000; i++) events.watcherReported(`file:///w/c${i}.kt`);
    assert.equal(seen().size, 1024);
    assert.ok(seen().has('file:///w/c49999.kt') && !seen().has('file:///w/c0.kt'), 'the newest kept');
  });
});
