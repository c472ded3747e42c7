/**
 * Picks the AppApi implementation: `window.api` from the Electron preload, or the
 * browser host's WebSocket, authenticated with the token from the page's URL.
 */
import type { AppApi } from '../../../shared/api';
import { reloadWhenHostIsBack } from './reconnect';
import { createWsApi, type HostStatus } from './ws-client';

declare global {
  interface Window {
    api?: AppApi;
  }
}

const TOKEN_KEY = 'mcp-workbench-token';

/** The token arrives in the URL fragment (never sent to servers or logs); kept for reloads. */
function takeToken(): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', window.location.pathname);
    return match[1];
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

export function resolveApi(onHostStatus: (status: HostStatus) => void): AppApi {
  if (window.api) return window.api;
  const token = takeToken();
  if (!token) {
    throw new Error('No access token. Open the full URL that `npm run web` printed (it ends with #token=…).');
  }
  const url = `ws://${window.location.host}/api?token=${encodeURIComponent(token)}`;
  return createWsApi(url, (status) => {
    onHostStatus(status);
    // Dropped by a host that is still running (the page fell behind): reconnect by reloading.
    if (status === 'lost') reloadWhenHostIsBack(url, () => window.location.reload());
  });
}
