/**
 * Time as the connections and tasks see it: the current time and timers. Passed in, so a
 * test can run retries, backoff and polling on a clock it moves by hand
 * (tests/support/manual-clock.ts) and decide exactly what happens in which order.
 */
export interface Clock {
  now(): number;
  /**
   * Calls `fn` after `ms`; answers a function that cancels it. The timer does not keep the
   * process alive unless `keepAlive` (a wait that is itself the work still to do).
   */
  setTimer(fn: () => void, ms: number, options?: { keepAlive?: boolean }): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, ms, { keepAlive = false } = {}) {
    const timer = setTimeout(fn, ms);
    if (!keepAlive) timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/**
 * Resolves after `ms` on the clock, or at once when the signal aborts (it never rejects:
 * the caller checks its signal). The abort listener goes when the wait ends either way.
 */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal, options?: { keepAlive?: boolean }): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.setTimer(done, ms, options);
    signal?.addEventListener('abort', done, { once: true });
  });
}
