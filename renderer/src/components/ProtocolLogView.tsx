/**
 * The protocol log of one server: every JSON-RPC message in and out, with time,
 * direction, kind, method, id, size and latency; filters, search, export as JSON
 * Lines, and save as a recording (for replay and mock). Select a row to see the whole
 * message. The rounds of one multi-round-trip call are one collapsible conversation,
 * each entry with its round number.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { matchesProtocolLogFilter, type ProtocolLogDirection, type ProtocolLogEntry, type ProtocolLogKind } from '../../../shared/protocol-log';
import { useWorkbench } from '../state/store';
import { FilterSelect } from './FilterSelect';
import { SaveRecording } from './SaveRecording';
import { groupConversations, type ProtocolLogItem } from './protocol-log-conversations';
import './ProtocolLogView.css';
import { saveFile } from './save-file';

const DIRECTIONS: Array<[ProtocolLogDirection | '', string]> = [
  ['', 'All'],
  ['out', 'Sent'],
  ['in', 'Received'],
  ['local', 'Workbench'],
];
const KINDS: Array<[ProtocolLogKind | '', string]> = [
  ['', 'All'],
  ['request', 'Requests'],
  ['response', 'Responses'],
  ['error', 'Errors'],
  ['notification', 'Notifications'],
  ['noise', 'Stdout noise'],
  ['event', 'Connection events'],
];
const ARROWS: Record<ProtocolLogDirection, string> = { out: '→', in: '←', local: '•' };
const DIRECTION_NAMES: Record<ProtocolLogDirection, string> = { out: 'sent', in: 'received', local: 'workbench' };

export function ProtocolLogView() {
  const servers = useWorkbench((s) => s.servers);
  const server = useWorkbench((s) => s.logServer);
  const entries = useWorkbench((s) => s.logEntries);
  const loading = useWorkbench((s) => s.logLoading);
  const loadError = useWorkbench((s) => s.logError);
  const filter = useWorkbench((s) => s.logFilter);
  const showLogOf = useWorkbench((s) => s.showLogOf);
  const setFilter = useWorkbench((s) => s.setLogFilter);
  const clearLog = useWorkbench((s) => s.clearLog);
  const exportLog = useWorkbench((s) => s.exportLog);
  const close = useWorkbench((s) => s.closeProtocolLog);
  const [expanded, setExpanded] = useState<number>();
  const [status, setStatus] = useState<{ error: boolean; text: string }>();
  const list = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);

  const shown = useMemo(() => entries.filter((entry) => matchesProtocolLogFilter(entry, filter)), [entries, filter]);
  const items = useMemo(() => groupConversations(shown), [shown]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggleConversation = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Follow new entries while the list is scrolled to its end.
  useEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [shown.length]);

  const onExport = async () => {
    setStatus(undefined);
    try {
      const file = await exportLog();
      if (!file) return;
      saveFile(file.text, file.fileName, 'application/x-ndjson');
      setStatus({ error: false, text: `Exported ${file.count} ${file.count === 1 ? 'entry' : 'entries'} as ${file.fileName}.` });
    } catch (error) {
      setStatus({ error: true, text: `Could not export: ${(error as Error).message}` });
    }
  };

  const onClear = () => {
    setStatus(undefined);
    clearLog().catch((error: Error) => setStatus({ error: true, text: `Could not clear: ${error.message}` }));
  };

  return (
    <section className="protocol-log" aria-label="Protocol log">
      <div className="log-toolbar">
        <h2>Protocol log</h2>
        <label>
          Server{' '}
          <select value={server ?? ''} onChange={(event) => void showLogOf(event.target.value)}>
            {!server && <option value="">Choose a server</option>}
            {servers.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <FilterSelect label="Direction" value={filter.direction} choices={DIRECTIONS} onChange={(direction) => setFilter({ direction })} />
        <FilterSelect label="Kind" value={filter.kind} choices={KINDS} onChange={(kind) => setFilter({ kind })} />
        <label>
          Search{' '}
          <input type="search" value={filter.search ?? ''} placeholder="method, id or text" onChange={(event) => setFilter({ search: event.target.value })} />
        </label>
        <span className="muted" aria-live="polite">
          {shown.length === entries.length ? `${entries.length} messages` : `${shown.length} of ${entries.length} messages`}
        </span>
        <div className="log-buttons">
          <button type="button" onClick={() => void onExport()} disabled={!server}>
            Export JSONL
          </button>
          <SaveRecording server={server} disabled={!server || entries.length === 0} />
          <button type="button" onClick={onClear} disabled={!server || entries.length === 0}>
            Clear
          </button>
          <button type="button" onClick={close} aria-label="Close the protocol log">
            Close
          </button>
        </div>
      </div>
      {status && (
        <p className={status.error ? 'error-text' : 'muted'} role={status.error ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      {loadError && (
        <p className="error-text" role="alert">
          {loadError}
        </p>
      )}
      {!server ? (
        <p className="empty">Add a server to see what it sends and receives.</p>
      ) : loading && entries.length === 0 ? (
        <p className="empty">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="empty">No messages yet. Connect {server} or call one of its tools.</p>
      ) : shown.length === 0 ? (
        <p className="empty">No messages match the filters.</p>
      ) : (
        <ol
          className="log-entries"
          ref={list}
          onScroll={(event) => {
            const element = event.currentTarget;
            stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
          }}
        >
          {items.map((item) =>
            item.type === 'entry' ? (
              <LogRow key={item.entry.seq} entry={item.entry} expanded={expanded === item.entry.seq} onToggle={() => setExpanded(expanded === item.entry.seq ? undefined : item.entry.seq)} />
            ) : (
              <ConversationRows
                key={item.id}
                item={item}
                open={!collapsed.has(item.id)}
                onToggleOpen={() => toggleConversation(item.id)}
                expanded={expanded}
                onToggleEntry={(seq) => setExpanded(expanded === seq ? undefined : seq)}
              />
            ),
          )}
        </ol>
      )}
    </section>
  );
}

interface ConversationProps {
  item: Extract<ProtocolLogItem, { type: 'conversation' }>;
  open: boolean;
  onToggleOpen: () => void;
  expanded: number | undefined;
  onToggleEntry: (seq: number) => void;
}

/** One multi-round-trip call: a header ("tools/call deploy — 3 rounds") over its entries. */
function ConversationRows({ item, open, onToggleOpen, expanded, onToggleEntry }: ConversationProps) {
  const title = `${item.label} — ${item.rounds} rounds`;
  return (
    <li className="log-conversation" data-conversation={item.id}>
      <button type="button" className="log-conversation-header" aria-expanded={open} onClick={onToggleOpen}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
      </button>
      {open && (
        <ol className="log-conversation-entries" aria-label={title}>
          {item.entries.map((entry) => (
            <LogRow key={entry.seq} entry={entry} showRound expanded={expanded === entry.seq} onToggle={() => onToggleEntry(entry.seq)} />
          ))}
        </ol>
      )}
    </li>
  );
}

function LogRow({ entry, expanded, onToggle, showRound = false }: { entry: ProtocolLogEntry; expanded: boolean; onToggle: () => void; showRound?: boolean }) {
  const item = useRef<HTMLLIElement>(null);
  // A row opened near the bottom shows its message: the list scrolls to keep the whole entry in view.
  useEffect(() => {
    if (expanded) item.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);
  const method = entry.method ?? (entry.kind === 'noise' || entry.kind === 'event' ? entry.text : '');
  const label = showRound && entry.round !== undefined ? `${method} · round ${entry.round}` : method;
  return (
    <li ref={item} className={`log-entry log-${entry.kind}`} data-kind={entry.kind} data-direction={entry.direction}>
      <button type="button" className="log-row" aria-expanded={expanded} onClick={onToggle}>
        <span className="log-time">{formatTime(entry.time)}</span>
        <span className="log-direction" title={DIRECTION_NAMES[entry.direction]}>
          <span aria-hidden="true">{ARROWS[entry.direction]}</span>
          <span className="visually-hidden">{DIRECTION_NAMES[entry.direction]}</span>
        </span>
        <span className="log-kind">{entry.kind}</span>
        <span className="log-method">{label}</span>
        <span className="log-id">{entry.id !== undefined ? `#${entry.id}` : ''}</span>
        <span className="log-size">{entry.size > 0 ? formatSize(entry.size) : ''}</span>
        <span className="log-latency">{entry.latencyMs !== undefined ? `${entry.latencyMs} ms` : ''}</span>
      </button>
      {expanded && (
        <div className="log-detail">
          {entry.truncated && <p className="muted">Cut to {formatSize(entry.text.length)} of {formatSize(entry.size)} to keep the log small.</p>}
          {entry.headers && (
            <dl className="log-headers" aria-label="HTTP headers">
              {Object.entries(entry.headers).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}:</dt> <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <pre className="json">{pretty(entry.text)}</pre>
        </div>
      )}
    </li>
  );
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function formatTime(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
