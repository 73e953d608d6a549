/**
 * The preview's update pacing (client/src/preview/throttle.ts) on a fake clock: the first edit
 * is drawn at once, then at most one update per delay while typing, and the last edit always.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Throttle } from '../../client/src/preview/throttle';
import { FakeClock } from '../support/fakeClock';

function setup(delay = 250) {
  const clock = new FakeClock();
  const runs: number[] = [];
  const throttle = new Throttle(() => runs.push(clock.time), () => delay, clock);
  return { clock, runs, throttle };
}

describe('preview update pacing', () => {
  it('draws the first edit at once', () => {
    const { clock, runs, throttle } = setup();
    throttle.request(false);
    clock.advance(0);
    assert.deepEqual(runs, [0]);
  });

  it('while typing a key every 60 ms, updates at most once per 250 ms and draws the last edit', () => {
    const { clock, runs, throttle } = setup();
    for (let i = 0; i < 20; i++) { throttle.request(false); clock.advance(60); }
    clock.advance(1000);
    for (let i = 1; i < runs.length; i++) assert.ok(runs[i] - runs[i - 1] >= 250, `runs ${runs.join(', ')}`);
    const lastKey = 19 * 60;
    assert.ok(runs[runs.length - 1] >= lastKey, `the last edit (at ${lastKey} ms) is drawn: runs ${runs.join(', ')}`);
    assert.ok(runs[runs.length - 1] - lastKey <= 250, 'within one delay of the last key');
  });

  it('an update asked for now (a mode switch) does not wait for the pace', () => {
    const { clock, runs, throttle } = setup();
    throttle.request(false);
    clock.advance(10);
    throttle.request(false); // due at 250
    throttle.request(true);
    clock.advance(0);
    assert.deepEqual(runs, [0, 10]);
    clock.advance(1000);
    assert.deepEqual(runs, [0, 10], 'the pending update was replaced, not run twice');
  });

  it('the delay is read from the setting each time', () => {
    let delay = 250;
    const clock = new FakeClock();
    const runs: number[] = [];
    const throttle = new Throttle(() => runs.push(clock.time), () => delay, clock);
    throttle.request(false);
    clock.advance(1);
    delay = 1000;
    throttle.request(false);
    clock.advance(2000);
    assert.deepEqual(runs, [0, 1000]);
  });
});
