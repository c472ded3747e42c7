/**
 * The left column: one compact row per configured server (its name on a line of its own,
 * then its state, transport, scope when it is not the user's own, and version, and why it failed), its actions in a menu,
 * a filter and a summary line. The full details are in the server's workspace.
 */
import { useMemo, useState } from 'react';
import { transportOf } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import { IdeServerOffers } from './IdeServerOffers';
import { ProjectApproval } from './ProjectApproval';
import { protocolLabel } from './protocol-label';
import { ScopeBadge } from './ScopeBadge';
import { ServerActionsMenu } from './server-list/ServerActionsMenu';
import { RetryNote } from './server-list/RetryNote';
import { filterServers, summarize } from './server-list/summary';
import { SignInActions } from './SignInActions';
import { StatusBadge } from './StatusBadge';
import { DoctorBadge } from './doctor/DoctorBadge';
import './server-list/server-list.css';

export function ServerList({ onAdd }: { onAdd: () => void }) {
  const servers = useWorkbench((s) => s.servers);
  const loaded = useWorkbench((s) => s.serversLoaded);
  const error = useWorkbench((s) => s.serversError);
  const selected = useWorkbench((s) => s.selectedServer);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterServers(servers, filter), [servers, filter]);
  const summary = summarize(servers);

  return (
    <nav className="panel server-list" aria-label="Servers">
      <div className="panel-header">
        <h2>Servers</h2>
        <button type="button" className="primary" onClick={onAdd}>
          Add server
        </button>
      </div>
      {summary && (
        <p className="server-summary muted" role="status" aria-label="Server summary">
          {summary}
        </p>
      )}
      {servers.length > 3 && (
        <input
          type="search"
          className="server-filter"
          aria-label="Filter servers"
          // Short enough not to be cut in a 1024 px window; what it matches is in the tooltip.
          placeholder="Filter servers"
          title="Matches name, transport, scope and state"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setFilter('')}
        />
      )}
      {error && <p role="alert" className="error-text">Could not load servers: {error}</p>}
      {loaded && servers.length === 0 && !error && <p className="empty">No servers yet. Add one to connect to it and see its tools.</p>}
      {servers.length > 0 && shown.length === 0 && <p className="empty">No server matches “{filter}”.</p>}
      <ul className="server-rows">
        {shown.map((server) => (
          <ServerItem key={server.name} server={server} selected={server.name === selected} />
        ))}
      </ul>
      <IdeServerOffers />
    </nav>
  );
}

function ServerItem({ server, selected }: { server: ServerView; selected: boolean }) {
  const select = useWorkbench((s) => s.selectServer);
  const [actionError, setActionError] = useState<string>();
  const problem = server.error ?? (server.launch?.problem && server.status !== 'connected' ? server.launch.problem : undefined);

  return (
    <li className={`server-item${selected ? ' selected' : ''}`} data-server={server.name} data-status={server.status}>
      <button type="button" className="server-select" aria-current={selected} onClick={() => select(server.name)}>
        {/* The name has the first line to itself: it is what the user looks for. */}
        <span className="server-row-line">
          <span className="server-name" title={server.name}>
            {server.name}
          </span>
          <DoctorBadge server={server.name} />
        </span>
        <span className="server-row-line server-meta">
          <StatusBadge status={server.status} />
          <span className="transport" data-transport={transportOf(server.config)}>
            {transportOf(server.config)}
          </span>
          {/* User is where every entry lives unless the project says otherwise: only a project or local entry is worth a badge. */}
          {server.scope && server.scope !== 'user' && <ScopeBadge scope={server.scope} />}
          {server.serverInfo && (
            <span className="server-version" title={`${server.serverInfo.name} ${server.serverInfo.version}`}>
              {server.serverInfo.name} {server.serverInfo.version}
            </span>
          )}
          {server.status === 'connected' && server.protocolVersion && (
            <span className="server-protocol" title={`MCP ${protocolLabel(server)}`}>
              MCP {server.protocolVersion}
            </span>
          )}
        </span>
      </button>
      <ServerActionsMenu server={server} onError={setActionError} />
      {problem && (
        <p className="server-row-problem" title={problem}>
          {problem}
        </p>
      )}
      {server.retry && server.status === 'failed' && <RetryNote retry={server.retry} />}
      <ProjectApproval server={server} />
      <SignInActions server={server} compact />
      {actionError && (
        <p className="error-text server-row-problem" role="alert">
          {actionError}
        </p>
      )}
    </li>
  );
}
