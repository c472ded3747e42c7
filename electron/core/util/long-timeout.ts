/**
 * Node (like browsers) stores a timer's delay in a signed 32-bit integer: any delay above
 * 2^31 − 1 ms (about 24.8 days) is replaced by 1 ms, so the timer fires at once. A delay
 * that can be that long (a token that lives for months, a user's huge timeout) is waited
 * for in hops of at most this much, each re-measuring what is left.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface HopTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): { unref?: () => void };
  clearTimeout(handle: unknown): void;
}

export interface LongTimeout {
  clear(): void;
}

/**
 * Runs `fn` once at `deadline` (a `timers.now()` time; at once when it has passed). The
 * hops are unref()ed when `unref` is set, so a far-off timer never keeps the process alive.
 */
export function setTimeoutAt(timers: HopTimers, deadline: number, fn: () => void, unref: boolean): LongTimeout {
  let handle: unknown;
  let cleared = false;
  const arm = (): void => {
    const remaining = Math.max(0, deadline - timers.now());
    const hop = Math.min(remaining, MAX_TIMER_DELAY_MS);
    const timer = timers.setTimeout(() => {
      if (cleared) return;
      if (hop < remaining) arm();
      else fn();
    }, hop);
    if (unref) timer.unref?.();
    handle = timer;
  };
  arm();
  return {
    clear: () => {
      cleared = true;
      timers.clearTimeout(handle);
    },
  };
}
