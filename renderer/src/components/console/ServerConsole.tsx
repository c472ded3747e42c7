/**
 * A server's Console tab: its stderr lines (stdio servers), its log messages with level
 * and logger, and connection events; the log level asked of it (when it declares the
 * logging capability; on MCP 2026-07-28 it travels in every request); and ping with its
 * round-trip time (not on 2026-07-28, which has none).
 */
import { useEffect, useMemo, useRef } from 'react';
import { LOG_LEVELS, type ConsoleSource, type LogLevel } from '../../../../shared/api/server-console';
import type { ServerView } from '../../../../shared/domain';
import { matchesConsoleFilter, type ConsoleFilter } from '../../state/console-slice';
import { useWorkbench } from '../../state/store';
import { FilterSelect } from '../FilterSelect';
import './console.css';

const SOURCES: Array<[ConsoleSource | '', string]> = [
  ['', 'Everything'],
  ['stderr', 'stderr'],
  ['log', 'Log messages'],
  ['event', 'Connection events'],
];

/** One object for "no filter", so the memo below keeps its value between renders. */
const NO_FILTER: ConsoleFilter = {};

export function ServerConsole({ server }: { server: ServerView }) {
  const state = useWorkbench((s) => s.consoles[server.name]);
  const load = useWorkbench((s) => s.loadConsole);
  const clear = useWorkbench((s) => s.clearConsole);
  const setFilter = useWorkbench((s) => s.setConsoleFilter);
  const name = server.name;

  useEffect(() => {
    if (!state) void load(name);
  }, [state, load, name]);

  const filter = state?.filter ?? NO_FILTER;
  const entries = state?.entries;
  const shown = useMemo(() => (entries ?? []).filter((entry) => matchesConsoleFilter(entry, filter)), [entries, filter]);
  const list = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  useEffect(() => {
    const element = list.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [shown.length]);

  return (
    <div className="server-console">
      <div className="console-toolbar">
        <LogLevelControl server={server} />
        <PingControl server={server} />
      </div>
      <div className="console-toolbar">
        <FilterSelect label="Show" value={filter.source} choices={SOURCES} onChange={(source) => setFilter(name, { source })} />
        <label>
          Search{' '}
          <input type="search" value={filter.search ?? ''} onChange={(event) => setFilter(name, { search: event.target.value })} />
        </label>
        <button type="button" onClick={() => void clear(name)} disabled={!entries?.length}>
          Clear
        </button>
      </div>
      {state?.status === 'error' && (
        <p role="alert" className="error-text">
          Could not load the console: {state.error}
        </p>
      )}
      {state?.status === 'ready' && entries?.length === 0 && (
        <p className="empty">Nothing yet. stderr lines and log messages from {name} appear here.</p>
      )}
      {entries && entries.length > 0 && shown.length === 0 && <p className="empty">No entry matches the filter.</p>}
      {/* The live region wraps the list: a log role cannot own list items itself. */}
      <div role="log" aria-label={`Console of ${name}`} className="console-log-region">
        <ol
          ref={list}
          className="console-entries"
          onScroll={(event) => {
            const element = event.currentTarget;
            stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
          }}
        >
          {shown.map((entry) => (
            <li key={entry.seq} className={`console-entry console-${entry.source}${entry.level ? ` level-${entry.level}` : ''}`} data-source={entry.source} data-level={entry.level}>
              <time className="console-time" dateTime={new Date(entry.time).toISOString()}>
                {new Date(entry.time).toLocaleTimeString()}
              </time>
              <span className="console-kind">{entry.level ?? entry.source}</span>
              {entry.logger && <span className="console-logger">[{entry.logger}]</span>}
              <span className="console-text">
                {entry.text}
                {entry.truncated && <span className="muted"> (cut)</span>}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

function LogLevelControl({ server }: { server: ServerView }) {
  const level = useWorkbench((s) => s.consoles[server.name]?.level);
  const error = useWorkbench((s) => s.consoles[server.name]?.levelError);
  const setLevel = useWorkbench((s) => s.setLogLevel);
  const id = `${server.name}-log-level`;
  if (server.status !== 'connected') return <span className="muted">Connect {server.name} to set its log level.</span>;
  if (!server.capabilities?.logging) return <span className="muted">{server.name} does not declare logging: no log level to set.</span>;
  return (
    <span className="console-control">
      <label htmlFor={id}>Log level</label>{' '}
      <select id={id} value={level ?? ''} onChange={(event) => event.target.value && void setLevel(server.name, event.target.value as LogLevel)}>
        {!level && <option value="">Server default</option>}
        {LOG_LEVELS.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="error-text">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}

function PingControl({ server }: { server: ServerView }) {
  const state = useWorkbench((s) => s.consoles[server.name]);
  const ping = useWorkbench((s) => s.pingServer);
  // The 2026 revision dropped ping: say so instead of offering a button that can only fail.
  if (server.status === 'connected' && server.protocolEra === 'modern') {
    return (
      <span className="console-control">
        <button type="button" disabled title="MCP 2026-07-28 has no ping">
          Ping
        </button>{' '}
        <span className="muted">MCP 2026-07-28 has no ping.</span>
      </span>
    );
  }
  return (
    <span className="console-control">
      <button type="button" onClick={() => void ping(server.name)} disabled={state?.pinging || server.status !== 'connected'}>
        {state?.pinging ? 'Pinging…' : 'Ping'}
      </button>{' '}
      <span role="status" className={state?.pingError ? 'error-text' : 'muted'}>
        {state?.pingError ??
          (state?.ping ? `Answered in ${formatRoundTrip(state.ping.roundTripMs)} at ${new Date(state.ping.time).toLocaleTimeString()}.` : '')}
      </span>
    </span>
  );
}

/** A ping is often well under a millisecond on a local server: keep a decimal there. */
function formatRoundTrip(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
