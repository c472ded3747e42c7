/**
 * A server's configuration at a glance, in its details: its scope (and what it
 * overrides), why its command cannot be launched (if so), and the config actions: edit,
 * duplicate, move to another scope, enable or disable. Where the command was found is
 * in the server's details.
 */
import { useState } from 'react';
import { SCOPE_LABELS, type ConfigScope } from '../../../shared/config/scopes';
import { isEnabled } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { selectAvailableScopes } from '../state/config-slice';
import { useWorkbench } from '../state/store';
import { ScopeBadge } from './ScopeBadge';
import './ServerConfigBar.css';

export function ServerConfigBar({ server }: { server: ServerView }) {
  const openForm = useWorkbench((s) => s.openServerForm);
  const move = useWorkbench((s) => s.moveServer);
  const setEnabled = useWorkbench((s) => s.setServerEnabled);
  const scopes = useWorkbench(selectAvailableScopes);
  const [error, setError] = useState<string>();
  const scope = server.scope ?? 'user';
  const enabled = isEnabled(server.config);
  const targets = scopes.filter((s) => s !== scope);

  const act = (action: () => Promise<void>) => {
    setError(undefined);
    action().catch((e: Error) => setError(e.message));
  };

  return (
    <div className="server-config">
      <ScopeBadge scope={scope} shadows={server.shadows} />
      {server.launch?.problem && !server.error && <span className="launch-problem">{server.launch.problem}</span>}
      <div className="server-config-actions">
        <button type="button" aria-label={`Edit ${server.name}`} onClick={() => openForm({ mode: 'edit', name: server.name, scope })}>
          Edit
        </button>
        <button type="button" aria-label={`Duplicate ${server.name}`} onClick={() => openForm({ mode: 'duplicate', name: server.name, scope })}>
          Duplicate
        </button>
        <button type="button" aria-label={`${enabled ? 'Disable' : 'Enable'} ${server.name}`} onClick={() => act(() => setEnabled(server.name, !enabled))}>
          {enabled ? 'Disable' : 'Enable'}
        </button>
        {targets.length > 0 && (
          <select
            aria-label={`Move ${server.name} to another scope`}
            value=""
            onChange={(event) => {
              const to = event.target.value as ConfigScope;
              if (to) act(() => move({ name: server.name, from: scope, to }));
            }}
          >
            <option value="">Move to…</option>
            {targets.map((target) => (
              <option key={target} value={target}>
                {SCOPE_LABELS[target]}
              </option>
            ))}
          </select>
        )}
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
