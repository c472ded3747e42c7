/**
 * The Doctor tab's conformance runs, per server: what the suite needs here, the run under way
 * (its current scenario) and the last report. Kept outside the tab so a run and its report
 * survive switching tabs; each run listens to its own progress events while it lasts.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppApi } from '../../../../shared/api';
import type { ConformanceAvailability, ConformanceReport, ConformanceSpecVersion } from '../../../../shared/api/conformance';

interface ConformanceEntry {
  specVersion: ConformanceSpecVersion;
  availability?: ConformanceAvailability;
  checking?: boolean;
  installing?: boolean;
  running?: { scenario?: string; done: number; total?: number };
  report?: ConformanceReport;
  error?: string;
}

export interface ConformanceRuns {
  entries: Record<string, ConformanceEntry>;
}

const entryOf = (store: StoreApi<ConformanceRuns>, server: string): ConformanceEntry => store.getState().entries[server] ?? { specVersion: '2025-11-25' };

function update(store: StoreApi<ConformanceRuns>, server: string, patch: Partial<ConformanceEntry>): void {
  store.setState((state) => ({ entries: { ...state.entries, [server]: { ...entryOf(store, server), ...patch } } }));
}

export function createConformanceRuns(): StoreApi<ConformanceRuns> {
  return createStore<ConformanceRuns>(() => ({ entries: {} }));
}

/** One store for the page: the runs outlive the Doctor tab that shows them. */
export const conformanceRuns = createConformanceRuns();

export async function checkSuite(api: AppApi, server: string, specVersion: ConformanceSpecVersion, store = conformanceRuns): Promise<void> {
  update(store, server, { specVersion, checking: true, error: undefined });
  try {
    update(store, server, { availability: await api.conformanceStatus({ specVersion }), checking: false });
  } catch (error) {
    update(store, server, { checking: false, error: (error as Error).message });
  }
}

export async function installSuite(api: AppApi, server: string, store = conformanceRuns): Promise<void> {
  const { specVersion } = entryOf(store, server);
  update(store, server, { installing: true, error: undefined });
  try {
    update(store, server, { availability: await api.installConformanceSuite({ specVersion }), installing: false });
  } catch (error) {
    update(store, server, { installing: false, error: (error as Error).message });
  }
}

export async function runSuite(api: AppApi, server: string, store = conformanceRuns): Promise<void> {
  const entry = entryOf(store, server);
  if (entry.running) return;
  update(store, server, { running: { done: 0 }, error: undefined });
  const stop = api.onEvent((event) => {
    if (event.type === 'conformance-progress' && event.server === server) update(store, server, { running: { scenario: event.scenario, done: event.done, total: event.total } });
  });
  try {
    const report = await api.runConformance({ name: server, specVersion: entry.specVersion });
    update(store, server, { running: undefined, report });
  } catch (error) {
    update(store, server, { running: undefined, error: (error as Error).message });
  } finally {
    stop();
  }
}

export async function cancelSuite(api: AppApi, server: string): Promise<void> {
  await api.cancelConformance({ name: server });
}
