/**
 * The preview of an import: each entry the source has, with its name here (editable), its
 * transport, what it runs or where it connects (secret values masked), why it cannot be
 * imported, and what happens to a name already taken.
 */
import type { ImportCandidate } from '../../../../shared/api/transfer';
import { SCOPE_LABELS, type ConfigScope } from '../../../../shared/config/scopes';
import { TRANSPORT_LABELS } from '../../../../shared/config/server-config';
import { importDetails } from './import-details';
import './import.css';

export interface CandidateRow {
  include: boolean;
  name: string;
  replace: boolean;
}

interface Props {
  candidates: ImportCandidate[];
  rows: Record<string, CandidateRow>;
  scope: ConfigScope;
  onRow(key: string, patch: Partial<CandidateRow>): void;
}

export function ImportCandidates({ candidates, rows, scope, onRow }: Props) {
  if (candidates.length === 0) return <p className="empty">The source has no servers.</p>;
  return (
    <table className="candidates">
      <thead>
        <tr>
          <th scope="col">Import</th>
          <th scope="col">Name</th>
          <th scope="col">Transport</th>
          <th scope="col">Command or URL</th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((c) => {
          const row = rows[c.key];
          const conflict = c.existsIn.includes(scope);
          const details = c.config ? importDetails(c.config) : [];
          return (
            <tr key={c.key} data-candidate={c.key}>
              <td>
                <input type="checkbox" aria-label={`Import ${c.key}`} disabled={!!c.error} checked={!!row?.include} onChange={(event) => onRow(c.key, { include: event.target.checked })} />
              </td>
              <td>
                <input aria-label={`Name for ${c.key}`} disabled={!!c.error} value={row?.name ?? ''} onChange={(event) => onRow(c.key, { name: event.target.value })} />
                {conflict && (
                  <label className="inline-check">
                    <input
                      type="checkbox"
                      checked={!!row?.replace}
                      onChange={(event) => onRow(c.key, { replace: event.target.checked, name: event.target.checked ? c.name : `${c.name}-2`.slice(0, 64) })}
                    />
                    Replace the existing "{c.name}" ({SCOPE_LABELS[scope].toLowerCase()})
                  </label>
                )}
              </td>
              <td>{c.transport ? TRANSPORT_LABELS[c.transport] : '—'}</td>
              <td>
                {c.origin && <p className="muted candidate-origin">From the {c.origin}</p>}
                <code className="summary">{c.summary}</code>
                {details.length > 0 && (
                  <dl className="candidate-details">
                    {details.map((detail, i) => (
                      <div key={i}>
                        <dt>{detail.label}</dt>
                        <dd>
                          <code>{detail.value}</code>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {c.error && <p className="field-error">Cannot import: {c.error}</p>}
                {c.secretFields.length > 0 && <p className="muted">To the secret store: {c.secretFields.join(', ')}</p>}
                {c.existsIn.some((s) => s !== scope) && (
                  <p className="muted">
                    Also defined in the {c.existsIn.filter((s) => s !== scope).map((s) => SCOPE_LABELS[s].toLowerCase()).join(' and ')} scope (local wins over project over
                    user).
                  </p>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
