/**
 * After the host's WebSocket is lost, keeps trying until the host takes this page's
 * connection again and then reloads the page. The reload is the resync: every list, log
 * and state comes fresh from the host, so nothing missed while disconnected stays wrong
 * on screen. This is what brings back a page the host dropped for falling behind.
 *
 * Every refused attempt is explained: the browser hides the HTTP status of a refused
 * handshake (the host's 401 for a wrong token looks like a host that is down), so the
 * page then asks the host's unauthenticated health URL. No answer there: the host this
 * page belongs to has stopped (a new run has a new token, usually a new port). An answer:
 * a host runs here but refuses this page's token (another run, or a mistyped URL).
 */
import { HEALTH_PATH, type HealthAnswer } from '../../../shared/ws-protocol';

const RECONNECT_INTERVAL_MS = 2000;

/** Why an attempt failed: nothing (no MCP Workbench host) answers here, or one does and refuses the token. */
export type RefusedBecause = 'stopped' | 'wrong-token';

export interface ReconnectOptions {
  /** The page's API WebSocket URL, token included. */
  socketUrl: string;
  reload(): void;
  /** Told after each refused attempt why it was refused. */
  onRefused?(because: RefusedBecause): void;
  intervalMs?: number;
}

/** The health URL of the host a WebSocket URL points at. */
function healthUrlOf(socketUrl: string): string {
  const url = new URL(socketUrl);
  return `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}${HEALTH_PATH}`;
}

/** Whether an MCP Workbench host answers at this health URL (within the time limit). */
async function hostAnswers(healthUrl: string, timeoutMs: number): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await fetch(healthUrl, { signal: abort.signal });
    if (!response.ok) return false;
    return ((await response.json()) as Partial<HealthAnswer>).app === 'mcp-workbench';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Returns a function that stops trying. */
export function reloadWhenHostIsBack(options: ReconnectOptions): () => void {
  const intervalMs = options.intervalMs ?? RECONNECT_INTERVAL_MS;
  const healthUrl = healthUrlOf(options.socketUrl);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (stopped) return;
    const probe = new WebSocket(options.socketUrl);
    probe.addEventListener('open', () => {
      stopped = true;
      probe.close();
      options.reload();
    });
    // A browser only reports a failed attempt; Node's `ws` (the benchmarks) would throw it unheard.
    probe.addEventListener('error', () => undefined);
    // Refused or unreachable: 'close' follows every failed attempt; find out why, then try again a little later.
    probe.addEventListener('close', () => {
      if (stopped) return;
      void hostAnswers(healthUrl, Math.max(intervalMs, 1000)).then((answers) => {
        if (stopped) return;
        options.onRefused?.(answers ? 'wrong-token' : 'stopped');
        timer = setTimeout(attempt, intervalMs);
      });
    });
  };
  timer = setTimeout(attempt, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
