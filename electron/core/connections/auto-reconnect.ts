/**
 * Background reconnects for remote servers that went away on their own: a timer per
 * server, a little later with each recent attempt, and at most a few attempts a minute
 * so a server that keeps dropping is not hammered (the next request still reconnects).
 */
import type { ServerName } from '../../../shared/config/server-config';

export const AUTO_RECONNECTS_PER_MINUTE = 3;
const WINDOW_MS = 60_000;
const STEP_MS = 250;

export class AutoReconnect {
  private readonly timers = new Map<ServerName, NodeJS.Timeout>();
  private readonly attempts = new Map<ServerName, number[]>();

  /** Runs `reconnect` soon, unless the server used up its attempts of the last minute (then false). */
  schedule(name: ServerName, reconnect: () => void): boolean {
    const now = Date.now();
    const recent = (this.attempts.get(name) ?? []).filter((time) => now - time < WINDOW_MS);
    if (recent.length >= AUTO_RECONNECTS_PER_MINUTE) return false;
    recent.push(now);
    this.attempts.set(name, recent);
    this.cancel(name);
    const timer = setTimeout(() => {
      this.timers.delete(name);
      reconnect();
    }, STEP_MS * recent.length);
    // A pending reconnect never keeps the process alive.
    timer.unref?.();
    this.timers.set(name, timer);
    return true;
  }

  cancel(name: ServerName): void {
    const timer = this.timers.get(name);
    if (timer) clearTimeout(timer);
    this.timers.delete(name);
  }

  /** The server was removed: its timer and its attempt history go. */
  forget(name: ServerName): void {
    this.cancel(name);
    this.attempts.delete(name);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
