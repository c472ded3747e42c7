/**
 * One timer per server that refreshes its access token a little before it expires
 * (the SDK only refreshes after a 401). Timers are unref()ed, so a pending refresh never
 * keeps the process alive; the margin is a tenth of the token's lifetime, at most a
 * minute, at least a second.
 */
import type { ServerName } from '../../../shared/config/server-config';

export const MAX_REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MARGIN_MS = 1000;

/** How long before expiry to refresh a token that lives `lifetimeMs`. */
export function refreshMargin(lifetimeMs: number): number {
  return Math.max(MIN_REFRESH_MARGIN_MS, Math.min(MAX_REFRESH_MARGIN_MS, lifetimeMs / 10));
}

export interface TimerApi {
  now(): number;
  setTimeout(fn: () => void, ms: number): { unref?: () => void };
  clearTimeout(handle: unknown): void;
}

const realTimers: TimerApi = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class RefreshTimers {
  private readonly timers = new Map<ServerName, { at: number; handle: unknown }>();

  constructor(private readonly timers_: TimerApi = realTimers) {}

  /** Runs `refresh` at `expiresAt - margin` (at once if that has passed); replaces the server's earlier timer. */
  schedule(server: ServerName, receivedAt: number, expiresAt: number, refresh: () => void): number {
    const at = expiresAt - refreshMargin(expiresAt - receivedAt);
    const existing = this.timers.get(server);
    if (existing?.at === at) return at;
    this.cancel(server);
    const handle = this.timers_.setTimeout(
      () => {
        this.timers.delete(server);
        refresh();
      },
      Math.max(0, at - this.timers_.now()),
    );
    handle.unref?.();
    this.timers.set(server, { at, handle });
    return at;
  }

  /** When the server's refresh is due, if one is scheduled. */
  dueAt(server: ServerName): number | undefined {
    return this.timers.get(server)?.at;
  }

  cancel(server: ServerName): void {
    const timer = this.timers.get(server);
    if (timer) this.timers_.clearTimeout(timer.handle);
    this.timers.delete(server);
  }

  cancelAll(): void {
    for (const server of [...this.timers.keys()]) this.cancel(server);
  }
}
