/**
 * After the host's WebSocket is lost, waits until the host takes connections again and
 * then reloads the page. The reload is the resync: every list, log and state comes fresh
 * from the host, so nothing missed while disconnected stays wrong on screen. This is
 * what brings back a page the host dropped for falling behind; a host that stopped keeps
 * the "lost" banner up (its successor has another port and token: open its URL).
 */
export const RECONNECT_INTERVAL_MS = 2000;

/** Returns a function that stops trying. */
export function reloadWhenHostIsBack(url: string, reload: () => void, intervalMs = RECONNECT_INTERVAL_MS): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (stopped) return;
    const probe = new WebSocket(url);
    probe.addEventListener('open', () => {
      stopped = true;
      probe.close();
      reload();
    });
    // A browser only reports a failed attempt; Node's `ws` (the benchmarks) would throw it unheard.
    probe.addEventListener('error', () => undefined);
    // Refused or unreachable: 'close' follows every failed attempt; try again a little later.
    probe.addEventListener('close', () => {
      if (!stopped) timer = setTimeout(attempt, intervalMs);
    });
  };
  timer = setTimeout(attempt, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
