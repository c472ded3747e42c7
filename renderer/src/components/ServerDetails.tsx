/**
 * The selected server at a glance: its state, what it says it is (name, version,
 * protocol, instructions, capabilities), why it failed, its config actions and the
 * connection actions. The facts collapse to the header line (remembered), so the
 * workspace below gets the height.
 */
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { transportOf, type ServerConfig } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import { signsIn } from '../state/auth-slice';
import { ConnectionActions } from './ConnectionActions';
import { ContractChanges } from './ContractChanges';
import { ForeignFieldFacts } from './ForeignFieldFacts';
import { OAuthDialog } from './OAuthView';
import { protocolLabel } from './protocol-label';
import { ServerConfigBar } from './ServerConfigBar';
import { useRememberedFlag } from './remembered-flag';
import { ServerFailure } from './ServerFailure';
import { StatusBadge } from './StatusBadge';
import './ServerDetails.css';

/** `actions`: extra buttons for the header (a workspace pane puts Keep open and Close there). */
export function ServerDetails({ actions }: { actions?: ReactNode } = {}) {
  const server = useWorkbench((s) => s.servers.find((x) => x.name === s.selectedServer));
  const openLog = useWorkbench((s) => s.openProtocolLog);
  const [oauthOpen, setOAuthOpen] = useState(false);
  const [collapsed, setCollapsed] = useRememberedFlag('mcp-workbench-details-collapsed');
  if (!server) return null;
  const info = server.serverInfo;
  const bodyId = `server-details-body-${server.name}`;

  return (
    <section className={`panel server-details${collapsed ? ' collapsed' : ''}`} aria-label="Server details">
      <div className="panel-header">
        <button
          type="button"
          className="icon-button collapse-toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={`Details of ${server.name}`}
          title={collapsed ? 'Show the details' : 'Hide the details'}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? <ChevronRight size={16} aria-hidden="true" /> : <ChevronDown size={16} aria-hidden="true" />}
        </button>
        <h2>{server.name}</h2>
        <StatusBadge status={server.status} />
        {collapsed && (
          <span className="muted details-summary">
            {transportOf(server.config)}
            {info ? ` · ${info.title ?? info.name} ${info.version}` : ''}
          </span>
        )}
        {actions && <div className="panel-actions">{actions}</div>}
      </div>
      <ServerFailure server={server} openOutput={!collapsed} />
      <ContractChanges server={server.name} />
      <div id={bodyId} hidden={collapsed}>
      <dl className="facts">
        <dt>Transport</dt>
        <dd>
          {transportOf(server.config)} · <code>{targetOf(server.config)}</code>
          {server.transportNote && <div className="muted transport-note">{server.transportNote}</div>}
        </dd>
        {server.launch?.commandPath && (
          <>
            <dt>Runs</dt>
            <dd className="command-path" title="Where the command was found on the login shell's PATH">
              <code>{server.launch.commandPath}</code>
            </dd>
          </>
        )}
        {info && (
          <>
            <dt>Server</dt>
            <dd>
              {info.title ?? info.name} {info.version}
            </dd>
          </>
        )}
        {server.protocolVersion && (
          <>
            <dt>Protocol</dt>
            <dd data-protocol-era={server.protocolEra}>{protocolLabel(server)}</dd>
          </>
        )}
        <ForeignFieldFacts config={server.config} />
        {server.since && (
          <>
            <dt>Since</dt>
            <dd>{new Date(server.since).toLocaleTimeString()}</dd>
          </>
        )}
      </dl>
      <ServerConfigBar server={server} />
      <div className="details-actions">
        <ConnectionActions server={server} />
        <button type="button" aria-label={`Protocol log of ${server.name}`} onClick={() => openLog(server.name)}>
          Protocol log
        </button>
        {signsIn(server.config) && (
          <button type="button" aria-label={`OAuth of ${server.name}`} onClick={() => setOAuthOpen(true)}>
            OAuth
          </button>
        )}
      </div>
      {oauthOpen && <OAuthDialog server={server.name} onClose={() => setOAuthOpen(false)} />}
      {server.instructions && (
        <details>
          <summary>Instructions</summary>
          <p className="instructions">{server.instructions}</p>
        </details>
      )}
      {server.capabilities && <Capabilities capabilities={server.capabilities} />}
      </div>
    </section>
  );
}

function Capabilities({ capabilities }: { capabilities: NonNullable<ServerView['capabilities']> }) {
  const entries = Object.entries(capabilities);
  return (
    <details>
      <summary>Capabilities ({entries.length})</summary>
      {entries.length === 0 ? (
        <p className="empty">The server declares no capabilities.</p>
      ) : (
        <ul className="capabilities">
          {entries.map(([name, value]) => {
            const flags = value && typeof value === 'object' ? Object.entries(value).filter(([, on]) => on === true).map(([flag]) => flag) : [];
            return (
              <li key={name}>
                <code>{name}</code>
                {flags.length > 0 && <span className="muted"> ({flags.join(', ')})</span>}
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}

/** The command or URL, without a URL's query (it may carry a key). */
function targetOf(config: ServerConfig): string {
  if ('url' in config && typeof config.url === 'string') {
    try {
      const url = new URL(config.url);
      const query = url.search ? '?…' : '';
      url.search = url.hash = url.username = url.password = '';
      return `${url.href}${query}`;
    } catch {
      return config.url;
    }
  }
  return 'command' in config ? String(config.command) : '';
}
