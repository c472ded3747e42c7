import { afterEach, describe, expect, it, vi } from 'vitest';
import { delay } from './delay';

afterEach(() => vi.restoreAllMocks());

describe('delay', () => {
  it('waits without keeping the process alive, unless asked to', async () => {
    const timers: NodeJS.Timeout[] = [];
    const original = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const timer = original(...args);
      timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    const started = Date.now();
    await delay(20);
    await delay(20, { keepAlive: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(38);
    // Unrefed: a bound on a wait never holds the process open by itself.
    expect(timers.map((timer) => timer.hasRef())).toEqual([false, true]);
  });
});
