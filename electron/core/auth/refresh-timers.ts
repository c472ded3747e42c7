/**
 * One timer per server that refreshes its access token a little before it expires
 * (the SDK only refreshes after a 401). Timers are unref()ed, so a pending refresh never
 * keeps the process alive; the margin is a tenth of the token's lifetime, at most a
 * minute, at least a second. A token may live for months: its timer waits in hops
 * (setTimeoutAt), since Node fires any single timer longer than ~24.8 days at once.
 */
import type { ServerName } from '../../../shared/config/server-config';
import { setTimeoutAt, type HopTimers, type LongTimeout } from '../util/long-timeout';

const MAX_REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MARGIN_MS = 1000;

/** How long before expiry to refresh a token that lives `lifetimeMs`. */
export function refreshMargin(lifetimeMs: number): number {
  return Math.max(MIN_REFRESH_MARGIN_MS, Math.min(MAX_REFRESH_MARGIN_MS, lifetimeMs / 10));
}

export type TimerApi = HopTimers;

const realTimers: TimerApi = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class RefreshTimers {
  private readonly timers = new Map<ServerName, { at: number; timer: LongTimeout }>();

  constructor(private readonly timers_: TimerApi = realTimers) {}

  /** Runs `refresh` at `expiresAt - margin` (at once if that has passed); replaces the server's earlier timer. */
  schedule(server: ServerName, receivedAt: number, expiresAt: number, refresh: () => void): number {
    const at = expiresAt - refreshMargin(expiresAt - receivedAt);
    const existing = this.timers.get(server);
    if (existing?.at === at) return at;
    this.cancel(server);
    const timer = setTimeoutAt(
      this.timers_,
      at,
      () => {
        this.timers.delete(server);
        refresh();
      },
      true,
    );
    this.timers.set(server, { at, timer });
    return at;
  }

  /** When the server's refresh is due, if one is scheduled. */
  dueAt(server: ServerName): number | undefined {
    return this.timers.get(server)?.at;
  }

  cancel(server: ServerName): void {
    const timer = this.timers.get(server);
    timer?.timer.clear();
    this.timers.delete(server);
  }

  cancelAll(): void {
    for (const server of [...this.timers.keys()]) this.cancel(server);
  }
}
