import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_RECONNECTS_PER_MINUTE, AutoReconnect } from './auto-reconnect';

describe('AutoReconnect', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reconnects a little later with each recent attempt, and gives up after a few in a minute', () => {
    const policy = new AutoReconnect();
    const runs: number[] = [];
    for (let attempt = 1; attempt <= AUTO_RECONNECTS_PER_MINUTE; attempt++) {
      expect(policy.schedule('remote', () => runs.push(attempt))).toBe(true);
      vi.advanceTimersByTime(250 * attempt - 1);
      expect(runs).toHaveLength(attempt - 1);
      vi.advanceTimersByTime(1);
      expect(runs).toHaveLength(attempt);
    }
    expect(policy.schedule('remote', () => runs.push(99))).toBe(false);
    // Other servers have their own count; a minute later this one may try again.
    expect(policy.schedule('other', () => undefined)).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(policy.schedule('remote', () => runs.push(4))).toBe(true);
    vi.advanceTimersByTime(250);
    expect(runs).toEqual([1, 2, 3, 4]);
  });

  it('cancel, forget and cancelAll stop pending reconnects', () => {
    const policy = new AutoReconnect();
    const run = vi.fn();
    policy.schedule('a', run);
    policy.cancel('a');
    policy.schedule('b', run);
    policy.forget('b');
    policy.schedule('c', run);
    policy.cancelAll();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
