/**
 * Picks the page's transport: `window.api`, the Electron preload's IPC bridge, or the
 * browser host's WebSocket, authenticated with the token from the page's URL. Either way
 * the AppApi is built by the same client (shared/api/client.ts).
 */
import type { AppApi } from '../../../shared/api';
import { createApiClient, type ApiTransport } from '../../../shared/api/client';
import { WS_PATH } from '../../../shared/ws-protocol';
import { reloadOnNewToken, takeToken } from './page-token';
import { reloadWhenHostIsBack } from './reconnect';
import { createWsApi, type HostStatus } from './ws-client';

declare global {
  interface Window {
    /** The desktop app's bridge (electron/preload.ts): calls answered with envelopes, and batches of events. */
    api?: ApiTransport;
  }
}

export function resolveApi(onHostStatus: (status: HostStatus) => void): AppApi {
  if (window.api) return createApiClient(window.api);
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
