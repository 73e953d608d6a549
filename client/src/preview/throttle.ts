/**
 * The preview's update pacing, apart from VS Code so that it can be tested with a fake clock:
 * an update asked for `now` runs at once (after the current turn); while typing, at most one
 * update runs per `delay()` ms, and the last edit is always drawn, because a pending update
 * reads the text when it runs, not when it was asked for.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export class Throttle {
  private timer: unknown;
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(private readonly run: () => void, private readonly delay: () => number, private readonly clock: Clock) {}

  /** Asks for an update: at once when `now`, else as soon as the pace allows. */
  request(now: boolean): void {
    const wait = now ? 0 : Math.max(0, this.lastRun + this.delay() - this.clock.now());
    if (this.timer !== undefined) {
      if (!now) return; // an update is already due, and it will read the latest text
      this.clock.clearTimeout(this.timer);
    }
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.lastRun = this.clock.now();
      this.run();
    }, wait);
  }

  dispose(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
