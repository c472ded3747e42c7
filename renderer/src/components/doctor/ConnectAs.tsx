/** The server entry's "connect as" setting: the clientInfo and capabilities its connection introduces itself with. */
import { useState } from 'react';
import { DOCTOR_HOST_LABELS } from '../../../../shared/api/doctor';
import { CONNECT_AS_HOSTS, type ConnectAsHost } from '../../../../shared/config/server-config';
import type { ServerView } from '../../../../shared/domain';
import { useWorkbench } from '../../state/store';

export function ConnectAs({ server }: { server: ServerView }) {
  const updateServer = useWorkbench((s) => s.updateServer);
  const [error, setError] = useState<string>();
  const current = server.config.connectAs ?? '';
  const change = async (value: string) => {
    setError(undefined);
    const { connectAs: _previous, ...rest } = server.config;
    const config = value ? { ...rest, connectAs: value as ConnectAsHost } : rest;
    try {
      await updateServer({ name: server.name, scope: server.scope ?? 'user', config });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <p className="doctor-connect-as">
      <label>
        Connect as{' '}
        <select value={current} onChange={(event) => void change(event.target.value)}>
          <option value="">MCP Workbench</option>
          {CONNECT_AS_HOSTS.map((host) => (
            <option key={host} value={host}>
              {DOCTOR_HOST_LABELS[host]}
            </option>
          ))}
        </select>
      </label>{' '}
      <span className="muted">its clientInfo and capabilities, for servers that answer each host differently</span>
      {error && <span className="error"> {error}</span>}
    </p>
  );
}
