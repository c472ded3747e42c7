/** The left column: every configured server with its state and actions. */
import { useState } from 'react';
import type { ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import { ServerConfigBar } from './ServerConfigBar';
import { ConnectionActions } from './ConnectionActions';
import { IdeServerOffers } from './IdeServerOffers';
import { protocolLabel } from './protocol-label';
import { ServerFailure } from './ServerFailure';
import { StatusBadge } from './StatusBadge';

export function ServerList({ onAdd }: { onAdd: () => void }) {
  const servers = useWorkbench((s) => s.servers);
  const loaded = useWorkbench((s) => s.serversLoaded);
  const error = useWorkbench((s) => s.serversError);
  const selected = useWorkbench((s) => s.selectedServer);

  return (
    <nav className="panel server-list" aria-label="Servers">
      <div className="panel-header">
        <h2>Servers</h2>
        <button type="button" className="primary" onClick={onAdd}>
          Add server
        </button>
      </div>
      {error && <p role="alert" className="error-text">Could not load servers: {error}</p>}
      {loaded && servers.length === 0 && !error && (
        <p className="empty">No servers yet. Add one to connect to it and see its tools.</p>
      )}
      <ul>
        {servers.map((server) => (
          <ServerItem key={server.name} server={server} selected={server.name === selected} />
        ))}
      </ul>
      <IdeServerOffers />
    </nav>
  );
}

function ServerItem({ server, selected }: { server: ServerView; selected: boolean }) {
  const select = useWorkbench((s) => s.selectServer);
  const remove = useWorkbench((s) => s.removeServer);
  const [actionError, setActionError] = useState<string>();

  const act = (action: () => Promise<void>) => {
    setActionError(undefined);
    action().catch((error: Error) => setActionError(error.message));
  };

  return (
    <li className={`server-item${selected ? ' selected' : ''}`} data-server={server.name}>
      <button type="button" className="server-select" aria-current={selected} onClick={() => select(server.name)}>
        <span className="server-name">{server.name}</span>
        {server.serverInfo && (
          <span className="server-version">
            {server.serverInfo.name} {server.serverInfo.version}
            {server.status === 'connected' && server.protocolVersion && <span className="server-protocol" title={`MCP ${protocolLabel(server)}`}> · MCP {server.protocolVersion}</span>}
          </span>
        )}
        <StatusBadge status={server.status} />
      </button>
      <ServerConfigBar server={server} />
      <ServerFailure server={server} />
      {actionError && <p className="error-text" role="alert">{actionError}</p>}
      <div className="server-actions">
        <ConnectionActions server={server} />
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (window.confirm(`Remove the server "${server.name}"?`)) act(() => remove(server.name));
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
