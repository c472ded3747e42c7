import { describe, expect, it } from 'vitest';
import { refreshMargin, RefreshTimers, type TimerApi } from './refresh-timers';

/** Timers on a clock the test moves. */
function fakeTimers() {
  let now = 0;
  const pending: Array<{ at: number; fn: () => void; unref: boolean | (() => void); cleared: boolean }> = [];
  const api: TimerApi = {
    now: () => now,
    setTimeout: (fn, ms) => {
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
    unrefed: () => unrefs,
    advance(ms: number) {
      now += ms;
      for (const timer of pending.filter((t) => !t.cleared && t.at <= now)) {
        timer.cleared = true;
        timer.fn();
      }
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
});
