/**
 * One assertion of a step, as a row of fields: what it checks (the outcome, a value at a
 * JSON path, the output schema, the duration) and what it expects. Values are JSON as
 * typed (`5`, `"text"`, `{"a": 1}`); text that is not JSON counts as a string.
 */
import type { AssertionDraft, PathOp } from './edit-model';
import { newAssertion } from './edit-model';

const KINDS: Record<AssertionDraft['kind'], string> = { outcome: 'Outcome', path: 'Value at a JSON path', schema: 'Output schema valid', duration: 'Duration under' };
const OPS: Record<PathOp, string> = { equals: 'equals', contains: 'contains', matches: 'matches (regex)', exists: 'exists', absent: 'does not exist' };

interface Props {
  assertion: AssertionDraft;
  /** "step 2, assertion 1": names the fields for screen readers and tests. */
  label: string;
  onChange(next: AssertionDraft): void;
  onRemove(): void;
}

export function AssertionEditor({ assertion, label, onChange, onRemove }: Props) {
  return (
    <li className="assertion-row" data-assertion={assertion.kind}>
      <label className="field">
        Check
        <select
          aria-label={`What ${label} checks`}
          value={assertion.kind}
          onChange={(event) => onChange({ ...newAssertion(event.target.value as AssertionDraft['kind']), key: assertion.key })}
        >
          {Object.entries(KINDS).map(([kind, text]) => (
            <option key={kind} value={kind}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {assertion.kind === 'outcome' && (
        <label className="field">
          is
          <select aria-label={`Expected outcome of ${label}`} value={assertion.outcome} onChange={(event) => onChange({ ...assertion, outcome: event.target.value as typeof assertion.outcome })}>
            <option value="ok">ok</option>
            <option value="tool-error">tool error</option>
            <option value="failed">failed</option>
          </select>
        </label>
      )}
      {assertion.kind === 'path' && (
        <>
          <label className="field">
            JSON path
            <input aria-label={`JSON path of ${label}`} spellCheck={false} value={assertion.path} onChange={(event) => onChange({ ...assertion, path: event.target.value })} />
          </label>
          <label className="field">
            which
            <select aria-label={`Comparison of ${label}`} value={assertion.op} onChange={(event) => onChange({ ...assertion, op: event.target.value as PathOp })}>
              {Object.entries(OPS).map(([op, text]) => (
                <option key={op} value={op}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          {assertion.op !== 'exists' && assertion.op !== 'absent' && (
            <label className="field">
              {assertion.op === 'matches' ? 'pattern' : 'value (JSON)'}
              <input
                aria-label={`Expected value of ${label}`}
                spellCheck={false}
                value={assertion.valueText}
                onChange={(event) => onChange({ ...assertion, valueText: event.target.value })}
              />
            </label>
          )}
        </>
      )}
      {assertion.kind === 'schema' && (
        <span className="muted">
          {assertion.schemaText.trim() ? 'structuredContent is valid against the schema given in the file (kept as written)' : 'structuredContent is valid against the tool’s output schema'}
        </span>
      )}
      {assertion.kind === 'duration' && (
        <label className="field">
          ms
          <input aria-label={`Duration limit of ${label} (ms)`} inputMode="numeric" value={assertion.maxMsText} onChange={(event) => onChange({ ...assertion, maxMsText: event.target.value })} />
        </label>
      )}
      <button type="button" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </button>
    </li>
  );
}
