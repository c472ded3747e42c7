import { describe, expect, it, vi } from 'vitest';
import type { ProtocolLogEntry } from '../../../shared/protocol-log';
import { applyEvent, createWorkbenchStore } from './store';
import { fakeApi } from '../testing/fake-api';

const entry = (seq: number, server = 'a'): ProtocolLogEntry => ({ seq, server, time: seq, direction: 'out', kind: 'request', method: 'ping', id: seq, size: 1, text: '{}' });

describe('protocol log slice', () => {
  it('loads the snapshot of the chosen server, keeps events that raced it, and ignores other servers', async () => {
    let release: (entries: ProtocolLogEntry[]) => void = () => undefined;
    const api = fakeApi({
      getProtocolLog: vi.fn(() => new Promise<ProtocolLogEntry[]>((resolve) => (release = resolve))),
      clearProtocolLog: vi.fn(async () => undefined),
    });
    const store = createWorkbenchStore(api);
    store.getState().openProtocolLog('a');
    expect(store.getState()).toMatchObject({ logOpen: true, logServer: 'a', logLoading: true });
    applyEvent(store, { type: 'protocol-log', entries: [entry(3), entry(4, 'b')] });
    release([entry(1), entry(2)]);
    await vi.waitFor(() => expect(store.getState().logLoading).toBe(false));
    expect(store.getState().logEntries.map((e) => e.seq)).toEqual([1, 2, 3]);
    // An event that comes after a snapshot holding its entries adds only what is new.
    applyEvent(store, { type: 'protocol-log', entries: [entry(2), entry(3), entry(5)] });
    expect(store.getState().logEntries.map((e) => e.seq)).toEqual([1, 2, 3, 5]);

    store.getState().setLogFilter({ search: 'x', kind: undefined });
    expect(store.getState().logFilter).toEqual({ search: 'x' });
    store.getState().setLogFilter({ search: '' });
    expect(store.getState().logFilter).toEqual({});

    await store.getState().clearLog();
    expect(api.clearProtocolLog).toHaveBeenCalledWith({ server: 'a' });
    expect(store.getState().logEntries).toEqual([]);

    store.getState().closeProtocolLog();
    applyEvent(store, { type: 'protocol-log', entries: [entry(9)] });
    expect(store.getState().logEntries).toEqual([]);
  });

  it('asks the core for the live entries of the server shown (before its snapshot), another when switching, none once closed', async () => {
    const calls: string[] = [];
    const api = fakeApi({
      watchProtocolLog: vi.fn(async (request: { server?: string }) => void calls.push(`watch ${request.server ?? '-'}`)),
      getProtocolLog: vi.fn(async ({ server }: { server: string }) => {
        calls.push(`snapshot ${server}`);
        return [];
      }),
    });
    const store = createWorkbenchStore(api);
    store.getState().openProtocolLog('a');
    await vi.waitFor(() => expect(store.getState().logLoading).toBe(false));
    await store.getState().showLogOf('b');
    store.getState().closeProtocolLog();
    await vi.waitFor(() => expect(calls).toEqual(['watch a', 'snapshot a', 'watch b', 'snapshot b', 'watch -']));
  });

  it('says the log will not follow when the core refuses to send its entries', async () => {
    const api = fakeApi({ watchProtocolLog: vi.fn(async () => Promise.reject(new Error('host gone'))), getProtocolLog: vi.fn(async () => []) });
    const store = createWorkbenchStore(api);
    store.getState().openProtocolLog('a');
    await vi.waitFor(() => expect(store.getState().logError).toMatch(/will not update live: host gone/));
  });
});
