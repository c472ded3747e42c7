/** Connect, Disconnect and Reconnect for one server, as its state allows; Sign in / Sign out for OAuth servers. */
import { useState } from 'react';
import type { ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import { SignInActions } from './SignInActions';
import './ConnectionActions.css';

export function ConnectionActions({ server }: { server: ServerView }) {
  const connect = useWorkbench((s) => s.connectServer);
  const disconnect = useWorkbench((s) => s.disconnectServer);
  const reconnect = useWorkbench((s) => s.reconnectServer);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const act = (action: (name: string) => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    action(server.name)
      .catch((failure: Error) => setError(failure.message))
      .finally(() => setBusy(false));
  };

  if (server.status === 'disabled') {
    return <p className="muted connection-actions">Disabled in its config: not connected at start-up.</p>;
  }
  const live = server.status === 'connected' || server.status === 'pending';
  return (
    <div className="connection-actions">
      <div className="server-actions">
        {server.status === 'disconnected' && (
          <button type="button" disabled={busy} onClick={() => act(connect)} aria-label={`Connect ${server.name}`}>
            Connect
          </button>
        )}
        {live && (
          <button type="button" disabled={busy} onClick={() => act(disconnect)} aria-label={`Disconnect ${server.name}`}>
            Disconnect
          </button>
        )}
        {server.status !== 'disconnected' && (
          <button type="button" disabled={busy || server.status === 'pending'} onClick={() => act(reconnect)} aria-label={`Reconnect ${server.name}`}>
            Reconnect
          </button>
        )}
      </div>
      <SignInActions server={server} />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
