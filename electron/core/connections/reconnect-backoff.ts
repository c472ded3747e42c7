/**
 * Background reconnects for remote servers that went away on their own: tried again a
 * little later each time (1 s, 2 s, 4 s, … up to a minute), a bounded number of times, then
 * given up (the next request, or Connect, tries again). A connection that held for a while
 * before it dropped starts a fresh series; one that keeps dropping soon after connecting
 * goes on with the series it came from, so a flapping server is not hammered either.
 */
export const RECONNECT_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 60_000, 60_000];
export const MAX_RECONNECTS = RECONNECT_DELAYS_MS.length;
/** A connection that held at least this long counts as recovered: its next drop starts a new series. */
const STABLE_CONNECTION_MS = 60_000;

/** The wait before try `attempt` (1 for the first), or undefined when the series is used up. */
export function reconnectDelay(attempt: number): number | undefined {
  return attempt >= 1 && attempt <= MAX_RECONNECTS ? RECONNECT_DELAYS_MS[attempt - 1] : undefined;
}

/** How many tries of the series are used up when a connection that connected at `connectedAt` drops at `now`. */
export function triesUsed(previousTries: number, connectedAt: number | undefined, now: number): number {
  return connectedAt !== undefined && now - connectedAt >= STABLE_CONNECTION_MS ? 0 : previousTries;
}
