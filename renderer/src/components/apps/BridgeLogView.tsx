/** Every `ui/*` message between the workbench and the app, both ways, with timing; dropped ones marked. */
import type { BridgeLogEntry } from './bridge-log';

export function BridgeLogView({ entries, onClear }: { entries: BridgeLogEntry[]; onClear: () => void }) {
  return (
    <div className="bridge-log" role="tabpanel" aria-label="Bridge log">
      <button type="button" onClick={onClear} disabled={entries.length === 0}>
        Clear
      </button>
      <ol aria-label="Bridge messages">
        {entries.map((entry) => (
          <li key={entry.seq} className={`bridge-entry ${entry.direction}${entry.dropped ? ' dropped' : ''}`}>
            <span className="bridge-time">{entry.at.toFixed(1)} ms</span>{' '}
            <span className="bridge-dir">{entry.direction === 'to-app' ? '→ app' : '← app'}</span> <strong>{entry.label}</strong>
            {entry.tookMs !== undefined && <span className="muted"> ({entry.tookMs.toFixed(1)} ms)</span>}
            {entry.dropped && <span className="error-text"> dropped: {entry.dropped}</span>}
            <code className="bridge-text">{entry.text}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
