/**
 * Environment variables or headers: name, value, and a Secret switch per row. A secret
 * value is masked as it is typed; one already in the secret store is never shown, only
 * replaced when the user types a new one.
 */
import { useRef } from 'react';
import { SecretStoreNote } from '../SecretStoreNote';
import { emptyRow, type KeyValueRow } from './form-model';
import './server-form.css';

export function KeyValueEditor({
  legend,
  rowLabel,
  rows,
  onChange,
  error,
  namePlaceholder,
}: {
  legend: string;
  rowLabel: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  error?: string | undefined;
  namePlaceholder: string;
}) {
  const table = useRef<HTMLDivElement>(null);
  const set = (index: number, patch: Partial<KeyValueRow>) => onChange(rows.with(index, { ...rows[index]!, ...patch }));
  const add = () => {
    onChange([...rows, emptyRow()]);
    requestAnimationFrame(() => table.current?.querySelectorAll<HTMLInputElement>('input[data-role="name"]')[rows.length]?.focus());
  };

  return (
    <fieldset className="list-editor kv-editor">
      <legend>{legend}</legend>
      {rows.length === 0 && <p className="muted">None.</p>}
      <div ref={table}>
        {rows.map((row, index) => {
          const label = `${rowLabel} ${index + 1}`;
          return (
            <div key={row.id} className="kv-row">
              <input
                data-role="name"
                aria-label={`${label} name`}
                placeholder={namePlaceholder}
                value={row.key}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => set(index, { key: event.target.value })}
              />
              <input
                aria-label={`${label} value`}
                type={row.secret ? 'password' : 'text'}
                placeholder={row.storedRef ? '•••••• stored secret — type to replace' : 'value'}
                value={row.value}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => set(index, { value: event.target.value })}
              />
              <label className="inline-check">
                <input type="checkbox" aria-label={`${label} secret`} checked={row.secret} onChange={(event) => set(index, { secret: event.target.checked })} />
                Secret
              </label>
              <button type="button" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                ✕
              </button>
            </div>
          );
        })}
      </div>
      {rows.some((row) => row.secret) && <SecretStoreNote />}
      <button type="button" onClick={add}>
        Add {rowLabel.toLowerCase()}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
