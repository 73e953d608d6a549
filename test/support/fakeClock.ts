/**
 * A clock for the client's timers (client/src/preview/throttle.ts's Clock), moved by hand: the
 * tests of the preview's pacing and of the editor's file events run their timers without waiting.
 */
import type { Clock } from '../../client/src/preview/throttle';

export class FakeClock implements Clock {
  time = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private next = 1;
  now() { return this.time; }
  setTimeout(fn: () => void, ms: number) { const id = this.next++; this.timers.push({ at: this.time + ms, fn, id }); return id; }
  clearTimeout(id: unknown) { this.timers = this.timers.filter((t) => t.id !== id); }
  /** How many timers are set and not yet run. */
  get pending() { return this.timers.length; }
  /** Advances the clock, running due timers in order. */
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const t = this.timers[0];
      if (!t || t.at > end) break;
      this.timers.shift();
      this.time = t.at;
      t.fn();
    }
    this.time = end;
  }
}
