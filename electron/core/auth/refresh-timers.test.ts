import { describe, expect, it } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '../util/long-timeout';
import { refreshMargin, RefreshTimers, type TimerApi } from './refresh-timers';

/** Timers on a clock the test moves. */
function fakeTimers() {
  let now = 0;
  const pending: Array<{ at: number; fn: () => void; unref: boolean | (() => void); cleared: boolean }> = [];
  const delays: number[] = [];
  const api: TimerApi = {
    now: () => now,
    setTimeout: (fn, ms) => {
      delays.push(ms);
      const timer = { at: now + ms, fn, unref: false, cleared: false };
      pending.push(timer);
      return Object.assign(timer, { unref: () => void (timer.unref = true) });
    },
    clearTimeout: (handle) => void ((handle as { cleared: boolean }).cleared = true),
  };
  let unrefs = 0;
  const setTimeoutImpl = api.setTimeout;
  api.setTimeout = (fn, ms) => {
    const handle = setTimeoutImpl(fn, ms) as { unref: () => void };
    const unref = handle.unref;
    handle.unref = () => {
      unrefs++;
      unref();
    };
    return handle;
  };
  return {
    api,
    pending,
    delays,
    unrefed: () => unrefs,
    advance(ms: number) {
      const until = now + ms;
      // Fire due timers in order, including ones armed by a timer that just fired.
      for (;;) {
        const due = pending.filter((t) => !t.cleared && t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        due.cleared = true;
        due.fn();
      }
      now = until;
    },
  };
}

describe('refresh timing', () => {
  it('refreshes a tenth of the lifetime early, at least 1 s and at most 60 s early', () => {
    expect(refreshMargin(3_600_000)).toBe(60_000);
    expect(refreshMargin(300_000)).toBe(30_000);
    expect(refreshMargin(3_000)).toBe(1_000);
  });

  it('fires before expiry, unref()ed, once; a new schedule replaces the old', () => {
    const clock = fakeTimers();
    const timers = new RefreshTimers(clock.api);
    const fired: string[] = [];
    expect(timers.schedule('a', 0, 3_600_000, () => fired.push('a'))).toBe(3_540_000);
    expect(clock.unrefed()).toBe(1);
    clock.advance(3_539_999);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(['a']);
    expect(timers.dueAt('a')).toBeUndefined();

    timers.schedule('b', clock.api.now(), clock.api.now() + 100_000, () => fired.push('b-first'));
    timers.schedule('b', clock.api.now(), clock.api.now() + 200_000, () => fired.push('b-second'));
    clock.advance(200_000);
    expect(fired).toEqual(['a', 'b-second']);
  });

  it('an already expired token is refreshed at once; cancel stops a timer', () => {
    const clock = fakeTimers();
    const timers = new RefreshTimers(clock.api);
    clock.advance(10_000);
    const fired: string[] = [];
    timers.schedule('late', 0, 5_000, () => fired.push('late'));
    clock.advance(0);
    expect(fired).toEqual(['late']);
    timers.schedule('gone', 10_000, 20_000, () => fired.push('gone'));
    timers.cancel('gone');
    expect(timers.dueAt('gone')).toBeUndefined();
    clock.advance(60_000);
    expect(fired).toEqual(['late']);
  });

  it('a token that lives for months is refreshed once, near its expiry, never through a clamped timer', () => {
    const clock = fakeTimers();
    const timers = new RefreshTimers(clock.api);
    const fired: number[] = [];
    const day = 86_400_000;
    const at = timers.schedule('long', 0, 90 * day, () => fired.push(clock.api.now()));
    // Node turns any delay above 2^31 − 1 ms into 1 ms: no timer may ask for more.
    expect(Math.max(...clock.delays)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
    clock.advance(89 * day);
    expect(fired).toEqual([]);
    clock.advance(day);
    expect(fired).toEqual([at]);
    expect(Math.max(...clock.delays)).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS);
    clock.advance(90 * day);
    expect(fired).toHaveLength(1);
  });

  it('cancelling a long timer between hops stops it', () => {
    const clock = fakeTimers();
    const timers = new RefreshTimers(clock.api);
    const fired: string[] = [];
    timers.schedule('long', 0, 60 * 86_400_000, () => fired.push('long'));
    clock.advance(30 * 86_400_000);
    timers.cancel('long');
    clock.advance(60 * 86_400_000);
    expect(fired).toEqual([]);
  });
});
