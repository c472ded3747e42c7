/**
 * The server doctor in the renderer: the last report per server (for the Doctor tab and
 * the badge in the server list) and the "see it as" views per server and host. Each server
 * is checked when it connects (on its own, for the badge); the Doctor tab checks it again
 * together with the other connected servers (names that collide across servers).
 */
import type { StateCreator } from 'zustand';
import type { DoctorFinding, DoctorHost, HostToolView, ServerDoctorReport } from '../../../shared/api/doctor';
import { AppError } from '../../../shared/envelope';
import { rulesBroken } from './doctor-groups';
import { createLeavableRequests } from './leavable-requests';
import type { WorkbenchState } from './store';

export interface DoctorEntry {
  report?: ServerDoctorReport;
  /** Findings about this server from the checks across servers (name collisions). */
  shared: DoctorFinding[];
  running: boolean;
  error?: string;
  /** The report checked this server alone (on connect), without the checks across servers. */
  alone?: boolean;
  /** The connection (its `since`) the last check on connect was for: one check per connection. */
  checkedConnection?: number;
  /** The user cancelled the last check: the tab does not start another by itself. */
  cancelled?: boolean;
}

export interface DoctorSlice {
  doctor: Record<string, DoctorEntry>;
  hostViews: Record<string, HostToolView[] | { error: string }>;
  runDoctor(server: string): Promise<void>;
  /** Stops the Doctor tab's check of `server` (through cancelCall): it ends with no report and no error. */
  cancelDoctor(server: string): void;
  /** Checks a server that just connected, once per connection, for the badge. */
  checkOnConnect(server: string, since: number | undefined): Promise<void>;
  loadHostView(server: string, host: DoctorHost): Promise<void>;
}

export const hostViewKey = (server: string, host: DoctorHost) => `${server}\u0000${host}`;

export const createDoctorSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], DoctorSlice> =>
  (set, get) => {
    /** The checks on connect, one after another. */
    let quickChecks: Promise<void> = Promise.resolve();
    // The Doctor tab's run per server: its callId is what Cancel cancels.
    const runs = createLeavableRequests(api);
    const update = (server: string, patch: Partial<DoctorEntry>) =>
      set((state) => ({ doctor: { ...state.doctor, [server]: { shared: [], running: false, ...state.doctor[server], ...patch } } }));
    return {
      doctor: {},
      hostViews: {},
      async runDoctor(server) {
        if (get().doctor[server]?.running) return;
        update(server, { running: true, error: undefined, cancelled: false });
        try {
          // Every enabled server is checked with it, so names that collide across servers are found.
          const others = get()
            .servers.filter((s) => s.name !== server && s.status === 'connected')
            .map((s) => s.name);
          const callId = runs.start(server);
          const report = await api.runDoctor({ servers: [server, ...others], callId }).finally(() => runs.end(server, callId));
          const mine = report.servers.find((s) => s.server === server);
          update(server, { running: false, alone: false, ...(mine ? { report: mine } : {}), shared: report.shared.filter((f) => f.server === server || f.server === undefined) });
        } catch (error) {
          // Cancelled by the user: the last report (if any) stays, with nothing to explain.
          if (error instanceof AppError && error.kind === 'cancelled') return update(server, { running: false, cancelled: true });
          update(server, { running: false, error: (error as Error).message });
        }
      },
      cancelDoctor(server) {
        runs.cancel(server, 'cancelled');
      },
      checkOnConnect(server, since) {
        const entry = get().doctor[server];
        const checked = since === undefined ? entry?.report !== undefined || entry?.checkedConnection !== undefined : entry?.checkedConnection === since;
        if (checked) return quickChecks;
        // Marked at once, so a second event about the same connection does not queue it again.
        update(server, { checkedConnection: since ?? 0 });
        // One at a time, after what is already queued: servers starting together are not checked together.
        quickChecks = quickChecks.then(async () => {
          if (get().doctor[server]?.running || get().servers.find((s) => s.name === server)?.status !== 'connected') return;
          update(server, { running: true, error: undefined });
          try {
            // Without token counts: loading the tokenizers would hold up the servers still starting.
            const callId = runs.start(server);
            // On this connection only: a server disconnected meanwhile is not connected again for the check.
            const report = await api.runDoctor({ servers: [server], tokens: false, connect: false, callId }).finally(() => runs.end(server, callId));
            const mine = report.servers.find((s) => s.server === server);
            // The connection went away first: nothing was checked, so there is no badge.
            if (!mine?.connected) return update(server, { running: false });
            // A full check that finished meanwhile (the Doctor tab) knows more: it stays.
            const current = get().doctor[server];
            if (current?.report && !current.alone) return update(server, { running: false });
            update(server, { running: false, alone: true, report: mine, shared: report.shared.filter((f) => f.server === server) });
          } catch (error) {
            // The badge stays away; the Doctor tab checks again, and says why if it fails (unless the user cancelled it there).
            update(server, { running: false, ...(error instanceof AppError && error.kind === 'cancelled' ? { cancelled: true } : {}) });
          }
        });
        return quickChecks;
      },
      async loadHostView(server, host) {
        try {
          const view = await api.toolsAsHost({ name: server, host });
          set((state) => ({ hostViews: { ...state.hostViews, [hostViewKey(server, host)]: view } }));
        } catch (error) {
          set((state) => ({ hostViews: { ...state.hostViews, [hostViewKey(server, host)]: { error: (error as Error).message } } }));
        }
      },
    };
  };

/** The rules broken at error and at warning level in the last report (the badge), or undefined before a check. */
export function doctorCounts(entry: DoctorEntry | undefined): { errors: number; warnings: number } | undefined {
  if (!entry?.report) return undefined;
  const all = [...entry.report.findings, ...entry.shared];
  return { errors: rulesBroken(all, 'error'), warnings: rulesBroken(all, 'warning') };
}
