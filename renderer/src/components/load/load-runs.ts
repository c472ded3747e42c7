/**
 * The Load tab's state, per server: the run going (its live points), the runs kept, the
 * two chosen for comparison, and a collection handed over by "Run as load test…". Kept
 * outside the tab so a run and its live chart survive switching tabs; one event listener
 * per page feeds every server's live run.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppApi } from '../../../../shared/api';
import type { LoadRunRecord, LoadRunRequest, LoadRunSummary } from '../../../../shared/api/load';
import type { LoadSnapshot } from '../../../../shared/load-report';

/** The live chart keeps the last hour of points; the kept report has the whole run. */
const MAX_LIVE_POINTS = 3600;

export interface LiveRun {
  runId: string;
  label: string;
  points: LoadSnapshot[];
  stopping?: boolean;
  /** How it ended, once it has. */
  ended?: LoadRunSummary;
}

interface LoadEntry {
  starting?: boolean;
  live?: LiveRun;
  runs?: LoadRunSummary[];
  /** Up to two kept runs chosen to compare, in the order chosen. */
  compare: string[];
  records: Record<string, LoadRunRecord>;
  /** A collection file "Run as load test…" handed over for the form. */
  presetCollection?: string;
  error?: string;
}

export interface LoadRuns {
  entries: Record<string, LoadEntry>;
}

const entryOf = (store: StoreApi<LoadRuns>, server: string): LoadEntry => store.getState().entries[server] ?? { compare: [], records: {} };

function update(store: StoreApi<LoadRuns>, server: string, patch: Partial<LoadEntry> | ((entry: LoadEntry) => Partial<LoadEntry>)): void {
  store.setState((state) => {
    const entry = state.entries[server] ?? { compare: [], records: {} };
    return { entries: { ...state.entries, [server]: { ...entry, ...(typeof patch === 'function' ? patch(entry) : patch) } } };
  });
}

/** One store for the page: runs outlive the tab that shows them. */
export const loadRuns = createStore<LoadRuns>(() => ({ entries: {} }));

const listening = new WeakSet<StoreApi<LoadRuns>>();

/** Feeds live points and ends to the store, once per store and API. */
export function listenForLoad(api: AppApi, store = loadRuns): void {
  if (listening.has(store)) return;
  listening.add(store);
  api.onEvent((event) => {
    if (event.type === 'load-progress') {
      update(store, event.server, (entry) => {
        if (entry.live?.runId !== event.runId) return {};
        const points = [...entry.live.points, event.snapshot];
        if (points.length > MAX_LIVE_POINTS) points.splice(0, points.length - MAX_LIVE_POINTS);
        return { live: { ...entry.live, points } };
      });
    } else if (event.type === 'load-ended') {
      update(store, event.server, (entry) => ({
        ...(entry.live?.runId === event.runId ? { live: { ...entry.live, stopping: false, ended: event.summary } } : {}),
        runs: [event.summary, ...(entry.runs ?? []).filter((run) => run.id !== event.runId)],
      }));
    }
  });
}

export async function refreshRuns(api: AppApi, server: string, store = loadRuns): Promise<void> {
  try {
    const runs = await api.listLoadRuns({ server });
    update(store, server, { runs });
  } catch (error) {
    update(store, server, { error: (error as Error).message });
  }
}

export async function startRun(api: AppApi, request: LoadRunRequest, label: string, store = loadRuns): Promise<void> {
  const { server } = request;
  if (entryOf(store, server).starting) return;
  update(store, server, { starting: true, error: undefined });
  try {
    const { runId } = await api.startLoadRun(request);
    update(store, server, (entry) => ({
      starting: false,
      // Points that arrived before the answer are kept.
      live: entry.live?.runId === runId ? entry.live : { runId, label, points: [] },
      runs: [{ id: runId, server, label, startedAt: Date.now(), status: 'running', requests: 0, errors: 0, throughput: 0, p50: 0, p95: 0, p99: 0, budgetsMissed: 0 }, ...(entry.runs ?? []).filter((run) => run.id !== runId)],
    }));
  } catch (error) {
    update(store, server, { starting: false, error: (error as Error).message });
  }
}

export async function stopRun(api: AppApi, server: string, store = loadRuns): Promise<void> {
  const live = entryOf(store, server).live;
  if (!live || live.ended) return;
  update(store, server, { live: { ...live, stopping: true } });
  try {
    await api.stopLoadRun({ runId: live.runId });
  } catch (error) {
    update(store, server, { error: (error as Error).message });
  }
}

/** Adds a kept run to the comparison (the oldest choice goes when a third is chosen), or takes it out. */
export async function toggleCompare(api: AppApi, server: string, id: string, store = loadRuns): Promise<void> {
  const entry = entryOf(store, server);
  if (entry.compare.includes(id)) {
    update(store, server, { compare: entry.compare.filter((chosen) => chosen !== id) });
    return;
  }
  update(store, server, { compare: [...entry.compare, id].slice(-2) });
  if (entry.records[id]) return;
  try {
    const record = await api.readLoadRun({ id });
    update(store, server, (current) => ({ records: { ...current.records, [id]: record } }));
  } catch (error) {
    update(store, server, (current) => ({ error: (error as Error).message, compare: current.compare.filter((chosen) => chosen !== id) }));
  }
}

export function presetCollection(server: string, file: string | undefined, store = loadRuns): void {
  update(store, server, { presetCollection: file });
}

export function clearLive(server: string, store = loadRuns): void {
  update(store, server, { live: undefined });
}

export function dismissError(server: string, store = loadRuns): void {
  update(store, server, { error: undefined });
}

export function loadEntry(state: LoadRuns, server: string): LoadEntry {
  return state.entries[server] ?? EMPTY;
}

const EMPTY: LoadEntry = { compare: [], records: {} };
