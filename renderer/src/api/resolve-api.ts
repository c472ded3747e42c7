/**
 * Picks the AppApi implementation: `window.api` from the Electron preload, or the
 * browser host's WebSocket, authenticated with the token from the page's URL.
 */
import type { AppApi } from '../../../shared/api';
import { WS_PATH } from '../../../shared/ws-protocol';
import { reloadOnNewToken, takeToken } from './page-token';
import { reloadWhenHostIsBack } from './reconnect';
import { createWsApi, type HostStatus } from './ws-client';

declare global {
  interface Window {
    api?: AppApi;
  }
}

export function resolveApi(onHostStatus: (status: HostStatus) => void): AppApi {
  if (window.api) return window.api;
  let status: HostStatus | undefined;
  const report = (next: HostStatus) => {
    if (next === status) return;
    status = next;
    onHostStatus(next);
  };
  // Before the token check: a page opened without one takes the one pasted in later.
  reloadOnNewToken(() => status === 'open');
  const token = takeToken();
  if (!token) {
    throw new Error('No access token. Open the full URL that `npm run web` printed (it ends with #token=…).');
  }
  const url = `ws://${window.location.host}${WS_PATH}?token=${encodeURIComponent(token)}`;
  return createWsApi(url, (next) => {
    report(next);
    // Reload once the host takes this page again (it was dropped, the host was busy); meanwhile say why not.
    if (next === 'lost') reloadWhenHostIsBack({ socketUrl: url, reload: () => window.location.reload(), onRefused: report });
  });
}
