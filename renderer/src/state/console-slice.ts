/**
 * The server console per server: its entries (a snapshot fetched when first shown,
 * then kept up to date from events, bounded like the core's), the log level asked of
 * it, the last ping, and the view's filter.
 */
import type { StateCreator } from 'zustand';
import type { ConsoleEntry, ConsoleSource, LogLevel, PingResult } from '../../../shared/api/server-console';
import { withEntry, withoutEntry } from './per-server';
import type { WorkbenchState } from './store';
import { messageOf } from '../../../shared/errors';

/** Entries kept per server, as the core keeps. */
const MAX_CONSOLE_ENTRIES = 1000;

export interface ConsoleFilter {
  source?: ConsoleSource;
  search?: string;
}

interface ServerConsoleState {
  status: 'loading' | 'ready' | 'error';
  entries: ConsoleEntry[];
  error?: string;
  level?: LogLevel;
  levelError?: string;
  pinging: boolean;
  ping?: PingResult;
  pingError?: string;
  filter: ConsoleFilter;
}

export interface ConsoleSlice {
  consoles: Record<string, ServerConsoleState>;
  loadConsole(server: string): Promise<void>;
  applyConsoleEntries(entries: ConsoleEntry[]): void;
  clearConsole(server: string): Promise<void>;
  setLogLevel(server: string, level: LogLevel): Promise<void>;
  pingServer(server: string): Promise<void>;
  setConsoleFilter(server: string, filter: ConsoleFilter): void;
  forgetConsole(server: string): void;
}

const EMPTY: ServerConsoleState = { status: 'loading', entries: [], pinging: false, filter: {} };

export function matchesConsoleFilter(entry: ConsoleEntry, filter: ConsoleFilter): boolean {
  if (filter.source && entry.source !== filter.source) return false;
  const search = filter.search?.trim().toLowerCase();
  if (search && !`${entry.logger ?? ''} ${entry.text}`.toLowerCase().includes(search)) return false;
  return true;
}

export const createConsoleSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ConsoleSlice> =>
  (set, get) => {
    const update = (server: string, patch: (current: ServerConsoleState) => Partial<ServerConsoleState>) =>
      set((state) => ({ consoles: withEntry(state.consoles, server, (current = EMPTY) => ({ ...current, ...patch(current) })) }));

    return {
      consoles: {},
      async loadConsole(server) {
        update(server, () => ({ status: 'loading', error: undefined }));
        try {
          const view = await api.getServerConsole({ server });
          // Events may have arrived while we waited: keep those newer than the snapshot.
          update(server, (current) => {
            const last = view.entries.at(-1)?.seq ?? 0;
            const newer = current.entries.filter((entry) => entry.seq > last);
            return { status: 'ready', entries: [...view.entries, ...newer].slice(-MAX_CONSOLE_ENTRIES), ...(view.level ? { level: view.level } : {}) };
          });
        } catch (error) {
          update(server, () => ({ status: 'error', error: messageOf(error) }));
        }
      },
      applyConsoleEntries(entries) {
        const consoles = get().consoles;
        const byServer = new Map<string, ConsoleEntry[]>();
        // Only servers whose console was opened keep entries here; the others fetch a snapshot when opened.
        for (const entry of entries) if (consoles[entry.server]) byServer.set(entry.server, [...(byServer.get(entry.server) ?? []), entry]);
        for (const [server, added] of byServer) update(server, (current) => ({ entries: [...current.entries, ...added].slice(-MAX_CONSOLE_ENTRIES) }));
      },
      async clearConsole(server) {
        await api.clearServerConsole({ server });
        update(server, () => ({ entries: [] }));
      },
      async setLogLevel(server, level) {
        update(server, () => ({ levelError: undefined }));
        try {
          const applied = await api.setLogLevel({ server, level });
          update(server, () => ({ level: applied }));
        } catch (error) {
          update(server, () => ({ levelError: `Could not set the log level: ${messageOf(error)}` }));
        }
      },
      async pingServer(server) {
        update(server, () => ({ pinging: true, pingError: undefined }));
        try {
          const ping = await api.pingServer({ server });
          update(server, () => ({ pinging: false, ping }));
        } catch (error) {
          update(server, () => ({ pinging: false, pingError: `Ping failed: ${messageOf(error)}` }));
        }
      },
      setConsoleFilter(server, filter) {
        update(server, (current) => ({ filter: { ...current.filter, ...filter } }));
      },
      forgetConsole(server) {
        set((state) => ({ consoles: withoutEntry(state.consoles, server) }));
      },
    };
  };
