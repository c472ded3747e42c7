/**
 * The page's token for the browser host. It arrives in the URL fragment (never sent to
 * servers or logs), is kept in sessionStorage for reloads of this tab, and is cleared
 * from the address bar. A new `#token=…` typed or pasted into the address bar of an open
 * page (the URL a restarted host printed, on the same port) is only a fragment change to
 * the browser, not a load: the page takes it and reloads itself with it.
 */
const TOKEN_KEY = 'mcp-workbench-token';

function tokenInAddress(): string | undefined {
  return /(?:^#|&)token=([^&]+)/.exec(window.location.hash)?.[1] || undefined;
}

/** Moves a token in the address into storage; returns it. */
function adoptTokenInAddress(): string | undefined {
  const token = tokenInAddress();
  if (!token) return undefined;
  sessionStorage.setItem(TOKEN_KEY, token);
  history.replaceState(null, '', window.location.pathname);
  return token;
}

/** The token from the address, else the one this tab used before. */
export function takeToken(): string | undefined {
  return adoptTokenInAddress() ?? sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

/**
 * Reloads the page when a token appears in the address, unless it is the one in use and
 * `connected()` says it works (then only the address is cleaned).
 */
export function reloadOnNewToken(connected: () => boolean): void {
  window.addEventListener('hashchange', () => {
    const before = sessionStorage.getItem(TOKEN_KEY);
    const token = adoptTokenInAddress();
    if (token && (token !== before || !connected())) window.location.reload();
  });
}
