/**
 * How long to wait before the next tasks/get: the server's suggested interval (its
 * `pollInterval` / `pollIntervalMs`), kept between a floor (a server asking for 0 ms must
 * not get a busy loop) and a ceiling (a status still shows within a minute); 1 s when it
 * suggests none.
 */
export const DEFAULT_POLL_MS = 1000;
export const MIN_POLL_MS = 50;
export const MAX_POLL_MS = 60_000;

export function pollDelay(suggestedMs: number | undefined): number {
  if (suggestedMs === undefined || !Number.isFinite(suggestedMs)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(suggestedMs)));
}
