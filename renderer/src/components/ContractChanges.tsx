/** "Changed since the last connection": a server's contract changes after a reconnect, breaking ones first, until dismissed. */
import { X } from 'lucide-react';
import { CHANGE_KINDS } from '../../../shared/contracts';
import { useWorkbench } from '../state/store';
import './ContractChanges.css';

export function ContractChanges({ server }: { server: string }) {
  const changes = useWorkbench((s) => s.contractChanges[server]);
  const dismiss = useWorkbench((s) => s.dismissContractChanges);
  if (!changes?.length) return null;
  const ordered = [...changes].sort((a, b) => CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind));
  const count = (kind: string) => changes.filter((c) => c.kind === kind).length;
  return (
    <section className="contract-changes" aria-label={`Changes of ${server} since the last connection`}>
      <div className="contract-changes-header">
        <strong>Changed since the last connection</strong>
        <span className="muted">
          {' '}
          {CHANGE_KINDS.map((kind) => `${count(kind)} ${kind}`).join(', ')}
        </span>
        <button type="button" className="icon-button" aria-label="Dismiss the changes" title="Dismiss" onClick={() => dismiss(server)}>
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      <ul>
        {ordered.map((change) => (
          <li key={`${change.kind}${change.in}${change.pointer}${change.message}`} data-kind={change.kind}>
            <span className={`change-kind change-${change.kind}`}>{change.kind}</span> {change.message}{' '}
            <code className="muted" title={`JSON pointer into the ${change.in === 'before' ? 'previous' : 'new'} snapshot`}>
              {change.pointer}
            </code>
          </li>
        ))}
      </ul>
    </section>
  );
}
