/**
 * Browser mode only: what the page knows about its host once the WebSocket is gone. A
 * host that stopped never takes this page back (each run has a new token, usually a new
 * port), so the page says where the new URL comes from instead of promising a reconnect.
 */
import type { HostStatus } from '../api/ws-client';
import './app.css';

export function HostBanner({ status }: { status: HostStatus | undefined }) {
  if (status === 'lost') {
    return (
      <p className="banner" role="alert">
        Lost the connection to the MCP Workbench host. Trying again; this page reloads by itself as soon as the host answers.
      </p>
    );
  }
  if (status === 'stopped') {
    return (
      <p className="banner" role="alert">
        Lost the connection to the MCP Workbench host: this page belongs to an earlier run of the host, which has stopped. Each run
        prints a new URL (a new token, usually a new port): open the URL the host printed, or start it again with <code>npm run web</code>{' '}
        if it is not running. Pasting the new URL into this tab is enough.
      </p>
    );
  }
  if (status === 'wrong-token') {
    return (
      <p className="banner" role="alert">
        This page&apos;s token is not the running host&apos;s: open the URL the host printed (it ends with <code>#token=…</code>). This
        page belongs to an earlier run of the host, or its URL was mistyped.
      </p>
    );
  }
  return null;
}
