/**
 * The protocol log view: which server it shows, its entries (fetched when opened, then
 * kept up to date from events), the filter, and export. Bounded like the core's log.
 */
import type { StateCreator } from 'zustand';
import type { ProtocolLogExport } from '../../../shared/api/protocol-log';
import type { ProtocolLogEntry, ProtocolLogFilter } from '../../../shared/protocol-log';
import { withEntry } from './per-server';
import type { WorkbenchState } from './store';

/** Entries kept in the view, as the core keeps per server. */
const MAX_LOG_ENTRIES = 2000;

export interface ProtocolLogSlice {
  logOpen: boolean;
  logServer?: string;
  logEntries: ProtocolLogEntry[];
  logLoading: boolean;
  logError?: string;
  /** The filter of the server shown; each server keeps its own. */
  logFilter: ProtocolLogFilter;
  logFilters: Record<string, ProtocolLogFilter>;
  openProtocolLog(server?: string): void;
  closeProtocolLog(): void;
  showLogOf(server: string): Promise<void>;
  setLogFilter(patch: Partial<ProtocolLogFilter>): void;
  applyProtocolLog(entries: ProtocolLogEntry[]): void;
  clearLog(): Promise<void>;
  exportLog(): Promise<ProtocolLogExport | undefined>;
}

export const createProtocolLogSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], ProtocolLogSlice> =>
  (set, get) => {
    // The core sends this page the live entries of the server it watches only (none while the
    // log is closed). Asked before the snapshot: an entry logged between the two is in both,
    // and shown once (entries are numbered).
    const watch = (server: string | undefined) =>
      api.watchProtocolLog(server ? { server } : {}).catch((error: Error) => {
        // Closing needs no answer; a log shown that will not follow is said.
        if (server !== undefined && get().logServer === server) set({ logError: `The log will not update live: ${error.message}` });
      });
    return {
      logOpen: false,
      logEntries: [],
      logLoading: false,
      logFilter: {},
      logFilters: {},
      openProtocolLog(server) {
        // The current workspace's server first: the log of the server one is looking at.
        const target = server ?? get().selectedServer ?? get().logServer ?? get().servers[0]?.name;
        set({ logOpen: true });
        if (target) void get().showLogOf(target);
      },
      closeProtocolLog() {
        set({ logOpen: false });
        void watch(undefined);
      },
      async showLogOf(server) {
        set((state) => ({ logServer: server, logEntries: [], logLoading: true, logError: undefined, logFilter: state.logFilters[server] ?? {} }));
        void watch(server);
        try {
          const entries = await api.getProtocolLog({ server });
          if (get().logServer !== server) return;
          // Events may have arrived while we waited: keep those newer than the snapshot.
          const last = entries.at(-1)?.seq ?? 0;
          const newer = get().logEntries.filter((entry) => entry.seq > last);
          set({ logEntries: [...entries, ...newer].slice(-MAX_LOG_ENTRIES), logLoading: false });
        } catch (error) {
          if (get().logServer === server) set({ logLoading: false, logError: `Could not load the log: ${(error as Error).message}` });
        }
      },
      setLogFilter(patch) {
        set((state) => {
          const logFilter = withoutEmpty({ ...state.logFilter, ...patch });
          return { logFilter, ...(state.logServer ? { logFilters: withEntry(state.logFilters, state.logServer, () => logFilter) } : {}) };
        });
      },
      applyProtocolLog(entries) {
        const { logOpen, logServer, logEntries } = get();
        if (!logOpen || !logServer) return;
        // Entries are numbered in the order they were logged: an event that arrives after a
        // snapshot already holding its entries must not show them twice.
        const last = logEntries.at(-1)?.seq ?? 0;
        const mine = entries.filter((entry) => entry.server === logServer && entry.seq > last);
        if (mine.length > 0) set({ logEntries: [...logEntries, ...mine].slice(-MAX_LOG_ENTRIES) });
      },
      async clearLog() {
        const server = get().logServer;
        if (!server) return;
        await api.clearProtocolLog({ server });
        set({ logEntries: [] });
      },
      async exportLog() {
        const server = get().logServer;
        if (!server) return undefined;
        return api.exportProtocolLog({ server, filter: get().logFilter });
      },
    };
  };

function withoutEmpty(filter: ProtocolLogFilter): ProtocolLogFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as ProtocolLogFilter;
}
