import type { ConnectionStatus } from '../../../shared/domain';
import './StatusBadge.css';

const LABELS: Record<ConnectionStatus, string> = {
  disconnected: 'Disconnected',
  pending: 'Connecting…',
  connected: 'Connected',
  failed: 'Failed',
  'needs-auth': 'Needs sign-in',
  disabled: 'Disabled',
};

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className={`status status-${status}`} data-status={status}>
      <span className="status-dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
