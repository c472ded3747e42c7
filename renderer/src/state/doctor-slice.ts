/**
 * The server doctor in the renderer: the last report per server (for the Doctor tab and
 * the badge in the server list) and the "see it as" views per server and host.
 */
import type { StateCreator } from 'zustand';
import type { DoctorFinding, DoctorHost, HostToolView, ServerDoctorReport } from '../../../shared/api/doctor';
import type { WorkbenchState } from './store';

export interface DoctorEntry {
  report?: ServerDoctorReport;
  /** Findings about this server from the checks across servers (name collisions). */
  shared: DoctorFinding[];
  running: boolean;
  error?: string;
}

export interface DoctorSlice {
  doctor: Record<string, DoctorEntry>;
  hostViews: Record<string, HostToolView[] | { error: string }>;
  runDoctor(server: string): Promise<void>;
  loadHostView(server: string, host: DoctorHost): Promise<void>;
}

export const hostViewKey = (server: string, host: DoctorHost) => `${server}\u0000${host}`;

export const createDoctorSlice =
  (api: WorkbenchState['api']): StateCreator<WorkbenchState, [], [], DoctorSlice> =>
  (set, get) => {
    const update = (server: string, patch: Partial<DoctorEntry>) =>
      set((state) => ({ doctor: { ...state.doctor, [server]: { shared: [], running: false, ...state.doctor[server], ...patch } } }));
    return {
      doctor: {},
      hostViews: {},
      async runDoctor(server) {
        if (get().doctor[server]?.running) return;
        update(server, { running: true, error: undefined });
        try {
          // Every enabled server is checked with it, so names that collide across servers are found.
          const others = get()
            .servers.filter((s) => s.name !== server && s.status === 'connected')
            .map((s) => s.name);
          const report = await api.runDoctor({ servers: [server, ...others] });
          const mine = report.servers.find((s) => s.server === server);
          update(server, { running: false, ...(mine ? { report: mine } : {}), shared: report.shared.filter((f) => f.server === server || f.server === undefined) });
        } catch (error) {
          update(server, { running: false, error: (error as Error).message });
        }
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

/** Errors and warnings of the last report (the badge), or undefined before a run. */
export function doctorCounts(entry: DoctorEntry | undefined): { errors: number; warnings: number } | undefined {
  if (!entry?.report) return undefined;
  const all = [...entry.report.findings, ...entry.shared];
  return { errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length };
}
