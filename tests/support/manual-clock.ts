/**
 * A clock a test moves by hand (electron/core/connections/clock.ts): timers run only when
 * the test advances time past them, in the order they are due, with the promise jobs each
 * one starts run before the next. `timerSet` waits for the code under test to start a
 * timer (a retry's, a poll's), so a test waits on that event instead of on the wall clock.
 */
import type { Clock } from '../../electron/core/connections/clock';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

export class ManualClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private nextId = 0;
  private watchers: Array<{ match: (delayMs: number) => boolean; resolve: (delayMs: number) => void }> = [];

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fn: () => void, ms: number): () => void {
    const timer = { id: ++this.nextId, at: this.time + Math.max(0, ms), fn };
    this.timers.push(timer);
    for (const watcher of [...this.watchers]) {
      if (!watcher.match(ms)) continue;
      this.watchers.splice(this.watchers.indexOf(watcher), 1);
      watcher.resolve(ms);
    }
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** The timers waiting, as delays from now, soonest first. */
  pending(): number[] {
    return this.timers.map((t) => t.at - this.time).sort((a, b) => a - b);
  }

  /** Resolves with the delay of the next timer set whose delay `match` accepts (any, by default). */
  timerSet(match: (delayMs: number) => boolean = () => true): Promise<number> {
    return new Promise((resolve) => this.watchers.push({ match, resolve }));
  }

  /** Moves time on by `ms`, running every timer that falls due, soonest first, each one's follow-up jobs before the next. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
      await settle();
    }
    this.time = until;
    await settle();
  }
}

/** Lets the promise jobs and I/O callbacks already queued run (one turn of the event loop). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
