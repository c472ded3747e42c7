/**
 * The selected server at a glance. One line: its name, its state, what it says it is
 * (name, version, protocol), the one action its state needs (Enable, Connect, Reconnect),
 * the menu with every other action, and the pane's own buttons. Below it only what needs
 * the user: why it failed, what changed since the last connection, a sign-in. The facts
 * (transport, command, scope, instructions, capabilities) are on demand behind the chevron
 * (remembered), so the workspace below gets the height.
 */
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { isEnabled, transportOf, type ServerConfig } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { useWorkbench } from '../state/store';
import { signsIn } from '../state/auth-slice';
import { ContractChanges } from './ContractChanges';
import { ForeignFieldFacts } from './ForeignFieldFacts';
import { OAuthDialog } from './OAuthView';
import { protocolLabel } from './protocol-label';
import { useRememberedFlag } from './remembered-flag';
import { ScopeBadge } from './ScopeBadge';
import { ServerActionsMenu } from './server-list/ServerActionsMenu';
import { ServerFailure } from './ServerFailure';
import { SignInActions } from './SignInActions';
import { StatusBadge } from './StatusBadge';
import './ServerDetails.css';
import { ConnectingNote } from './ConnectingNote';

/** `actions`: extra buttons for the header line (a workspace pane puts Keep open and Close there). */
export function ServerDetails({ actions }: { actions?: ReactNode } = {}) {
  const server = useWorkbench((s) => s.servers.find((x) => x.name === s.selectedServer));
  const openLog = useWorkbench((s) => s.openProtocolLog);
  const [oauthOpen, setOAuthOpen] = useState(false);
  const [actionError, setActionError] = useState<string>();
  // One line by default: the facts are there when asked for.
  const [collapsed, setCollapsed] = useRememberedFlag('mcp-workbench-details-collapsed', true);
  if (!server) return null;
  const bodyId = `server-details-body-${server.name}`;
  const enabled = isEnabled(server.config);

  return (
    <section className={`panel server-details${collapsed ? ' collapsed' : ''}`} aria-label="Server details">
      <div className="details-line">
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
        <h2 className="details-name" title={server.name}>
          {server.name}
        </h2>
        <StatusBadge status={server.status} />
        <span className="muted details-summary" title={summaryOf(server)}>
          {summaryOf(server)}
        </span>
        <div className="details-line-actions">
          <NeededAction server={server} enabled={enabled} onError={setActionError} />
          <ServerActionsMenu server={server} onError={setActionError} />
          {actions}
        </div>
      </div>
      {!enabled && <p className="muted details-note">Switched off in its config: not connected at start-up. Enable it to connect.</p>}
      {server.launch?.problem && !server.error && <p className="details-note launch-problem">{server.launch.problem}</p>}
      {actionError && (
        <p className="error-text details-note" role="alert">
          {actionError}
        </p>
      )}
      <ServerFailure server={server} openOutput={!collapsed} />
      <SignInActions server={server} />
      <ContractChanges server={server.name} />
      <div id={bodyId} className="details-body" hidden={collapsed}>
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
          <dt>Scope</dt>
          <dd>
            <ScopeBadge scope={server.scope ?? 'user'} shadows={server.shadows} />
          </dd>
          {server.serverInfo && (
            <>
              <dt>Server</dt>
              <dd>
                {server.serverInfo.title ?? server.serverInfo.name} {server.serverInfo.version}
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
        <div className="details-actions">
          <button type="button" aria-label={`Protocol log of ${server.name}`} onClick={() => openLog(server.name)}>
            Protocol log
          </button>
          {signsIn(server.config) && (
            <button type="button" aria-label={`OAuth of ${server.name}`} onClick={() => setOAuthOpen(true)}>
              OAuth
            </button>
          )}
        </div>
        {server.instructions && (
          <details>
            <summary>Instructions</summary>
            <p className="instructions">{server.instructions}</p>
          </details>
        )}
        {server.capabilities && <Capabilities capabilities={server.capabilities} />}
      </div>
      {oauthOpen && <OAuthDialog server={server.name} onClose={() => setOAuthOpen(false)} />}
    </section>
  );
}

/**
 * The one action the server's state asks for, as the primary button: Enable a switched-off
 * server, Connect a disconnected one, Reconnect a failed one; while it connects, Cancel.
 * A connected server needs none (its menu has Disconnect and Reconnect).
 */
function NeededAction({ server, enabled, onError }: { server: ServerView; enabled: boolean; onError(message: string | undefined): void }) {
  const setEnabled = useWorkbench((s) => s.setServerEnabled);
  const connect = useWorkbench((s) => s.connectServer);
  const reconnect = useWorkbench((s) => s.reconnectServer);
  const cancelConnect = useWorkbench((s) => s.cancelConnect);
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => {
    setBusy(true);
    onError(undefined);
    action()
      .catch((error: Error) => onError(error.message))
      .finally(() => setBusy(false));
  };
  const needed: { label: string; run(): Promise<void> } | undefined = !enabled
    ? { label: 'Enable', run: () => setEnabled(server.name, true) }
    : server.status === 'disconnected'
      ? { label: 'Connect', run: () => connect(server.name) }
      : server.status === 'failed'
        ? { label: 'Reconnect', run: () => reconnect(server.name) }
        : undefined;
  if (enabled && server.status === 'pending') {
    return <ConnectingNote server={server.name} onCancel={() => void cancelConnect(server.name).catch((error: Error) => onError(error.message))} />;
  }
  if (!needed) return null;
  return (
    <button type="button" className="primary" disabled={busy} aria-label={`${needed.label} ${server.name}`} onClick={() => act(needed.run)}>
      {needed.label}
    </button>
  );
}

/** What the server says it is, on one line: "everything 2.0.0 · MCP 2025-11-25 · stdio". */
function summaryOf(server: ServerView): string {
  const info = server.serverInfo;
  return [info ? `${info.title ?? info.name} ${info.version}` : '', server.status === 'connected' && server.protocolVersion ? `MCP ${server.protocolVersion}` : '', transportOf(server.config)]
    .filter(Boolean)
    .join(' · ');
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
