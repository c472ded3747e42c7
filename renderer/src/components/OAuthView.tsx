/**
 * The OAuth view of one server: its sign-in state (signed in or not, token expiry and
 * scope, the client registration, the authorization server, where the credentials are
 * kept) and every step and HTTP exchange of the last sign-in and the refreshes since,
 * with secrets masked by the core. A plain component: it sits in a dialog here
 * (OAuthDialog) and can sit in a tab as well.
 */
import { useEffect, useId, useState } from 'react';
import type { AuthStatus, OAuthHttpExchange, OAuthLogEntry } from '../../../shared/api/auth';
import { useWorkbench } from '../state/store';
import { Modal } from './Modal';
import './OAuthView.css';

function OAuthView({ server }: { server: string }) {
  const status = useWorkbench((s) => s.authStatuses[server]);
  const log = useWorkbench((s) => s.oauthLogs[server]);
  const loadStatus = useWorkbench((s) => s.loadAuthStatus);
  const loadLog = useWorkbench((s) => s.loadOAuthLog);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void loadStatus(server);
    loadLog(server).catch((failure: Error) => setError(failure.message));
  }, [server, loadStatus, loadLog]);

  return (
    <div className="oauth-view">
      {status ? <StatusFacts status={status} /> : <p className="muted">Loading the sign-in state…</p>}
      <h3>Last sign-in</h3>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {log === null && <p className="empty">No sign-in since MCP Workbench started. Press Sign in to see every step here.</p>}
      {log && (
        <>
          <p className="muted">
            Started {new Date(log.startedAt).toLocaleTimeString()}
            {log.outcome ? ` · ${outcomeText[log.outcome]}` : ' · under way'}
          </p>
          <ol className="oauth-log" aria-label="Steps and HTTP exchanges">
            {log.entries.map((entry) => (
              <LogEntry key={entry.seq} entry={entry} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

const outcomeText = { 'signed-in': 'signed in', failed: 'failed', cancelled: 'cancelled' } as const;

function StatusFacts({ status }: { status: AuthStatus }) {
  if (!status.supported) return <p className="muted">This transport does not sign in with OAuth.</p>;
  return (
    <>
      <dl className="facts">
        <dt>Signed in</dt>
        <dd>{status.signingIn ? 'signing in now…' : status.signedIn ? 'yes' : 'no'}</dd>
        {status.expiresAt !== undefined && (
          <>
            <dt>Access token</dt>
            <dd>
              {status.expiresAt > Date.now() ? 'expires' : 'expired'} {new Date(status.expiresAt).toLocaleString()}
              {status.refreshable ? ' · refreshed automatically before then' : ' · no refresh token: sign in again after that'}
            </dd>
          </>
        )}
        {status.scope && (
          <>
            <dt>Scope</dt>
            <dd>
              <code>{status.scope}</code>
            </dd>
          </>
        )}
        {status.clientId && (
          <>
            <dt>Client</dt>
            <dd>
              <code>{status.clientId}</code> ({clientText[status.clientRegistration ?? 'dynamic']})
            </dd>
          </>
        )}
        {status.authorizationServer && (
          <>
            <dt>Authorization server</dt>
            <dd>
              <code>{status.authorizationServer}</code>
            </dd>
          </>
        )}
        {status.needsAuthUntil !== undefined && (
          <>
            <dt>Needs sign-in</dt>
            <dd>start-up does not try it again before {new Date(status.needsAuthUntil).toLocaleTimeString()}</dd>
          </>
        )}
        <dt>Stored in</dt>
        <dd>
          {status.storage.location} ({status.storage.encrypted ? 'encrypted' : 'not encrypted'})
        </dd>
      </dl>
      {status.storage.warning && <p className="oauth-warning">{status.storage.warning}</p>}
    </>
  );
}

const clientText = { 'pre-registered': 'pre-registered', 'metadata-document': 'Client ID Metadata Document', dynamic: 'dynamic client registration' } as const;

function LogEntry({ entry }: { entry: OAuthLogEntry }) {
  const time = new Date(entry.time).toLocaleTimeString();
  const body = entry.http ? <Exchange http={entry.http} /> : entry.detail ? <pre className="oauth-detail">{entry.detail}</pre> : null;
  return (
    <li className={`oauth-entry oauth-${entry.kind}`}>
      {body ? (
        <details>
          <summary>
            <span className="muted">{time}</span> {entry.title}
          </summary>
          {body}
        </details>
      ) : (
        <span>
          <span className="muted">{time}</span> {entry.title}
        </span>
      )}
    </li>
  );
}

function Exchange({ http }: { http: OAuthHttpExchange }) {
  return (
    <div className="oauth-exchange">
      <p>
        <code>
          {http.method} {http.url}
        </code>
        {http.status !== undefined && ` → ${http.status}`}
        {http.durationMs !== undefined && <span className="muted"> ({http.durationMs} ms)</span>}
      </p>
      {http.error && <p className="error-text">{http.error}</p>}
      <Headers title="Request headers" headers={http.requestHeaders} />
      {http.requestBody && <pre className="oauth-detail">{http.requestBody}</pre>}
      {http.responseHeaders && <Headers title="Response headers" headers={http.responseHeaders} />}
      {http.responseBody && <pre className="oauth-detail">{http.responseBody}</pre>}
    </div>
  );
}

function Headers({ title, headers }: { title: string; headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <pre className="oauth-detail">{entries.map(([name, value]) => `${name}: ${value}`).join('\n')}</pre>
    </>
  );
}

/** The OAuth view in a modal dialog. */
export function OAuthDialog({ server, onClose }: { server: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal titleId={titleId} title={`OAuth · ${server}`} className="oauth-dialog wide" onClose={onClose}>
      <OAuthView server={server} />
    </Modal>
  );
}
