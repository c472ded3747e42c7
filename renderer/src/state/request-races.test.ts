/** Answers that arrive out of order, and Run pressed twice: the store applies only the newest answer and sends one call. */
import { describe, expect, it, vi } from 'vitest';
import type { ServerView, ToolInfo } from '../../../shared/domain';
import type { DoctorReport } from '../../../shared/api/doctor';
import type { PermissionsView } from '../../../shared/api/permissions';
import type { ToolRunResult } from '../../../shared/tool-results';
import { applyEvent, createWorkbenchStore } from './store';
import { fakeApi, type FakeAnswers, type FakeApi } from '../testing/fake-api';

const tool = (name: string): ToolInfo => ({ server: 'a', name, fullName: `mcp__a__${name}`, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
const view = (name: string, status: ServerView['status']): ServerView => ({ name, status, config: { command: 'x' } });
const result: ToolRunResult = {
  callId: 'c',
  server: 'a',
  tool: 'echo',
  content: [{ type: 'text', text: 'ok' }],
  outputCheck: { status: 'not-checked', reason: 'none' },
  isError: false,
  durationMs: 1,
  sizeBytes: 2,
};

/** A promise answered when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** An api method whose answers come when the test releases them, in any order. */
function queued<T>() {
  const pending: Array<ReturnType<typeof deferred<T>>> = [];
  const fn = vi.fn((_request?: unknown) => {
    const answer = deferred<T>();
    pending.push(answer);
    return answer.promise;
  });
  return { fn, pending };
}

function api(overrides: FakeAnswers): FakeApi {
  return fakeApi({
    listServers: vi.fn(async () => []),
    listTools: vi.fn(async () => [tool('echo')]),
    callTool: vi.fn(async () => result),
    getPermissions: vi.fn(async (): Promise<PermissionsView> => ({ rules: [], file: '/tmp/permissions.json' })),
    ...overrides,
  });
}

describe('tool lists', () => {
  it('a "tools changed" notice during an in-flight tools/list keeps the newer list when the older answer comes last', async () => {
    const listTools = queued<ToolInfo[]>();
    const store = createWorkbenchStore(api({ listTools: listTools.fn }));
    const first = store.getState().loadTools('a');
    applyEvent(store, { type: 'tools-changed', server: 'a' });
    expect(listTools.pending).toHaveLength(2);
    listTools.pending[1]!.resolve([tool('echo'), tool('added')]);
    await vi.waitFor(() => expect(store.getState().toolsByServer.a?.status).toBe('ready'));
    listTools.pending[0]!.resolve([tool('echo')]);
    await first;
    expect(store.getState().toolsByServer.a?.tools.map((t) => t.name)).toEqual(['echo', 'added']);
  });

  it('an older failure does not replace the newer list', async () => {
    const listTools = queued<ToolInfo[]>();
    const store = createWorkbenchStore(api({ listTools: listTools.fn }));
    const first = store.getState().loadTools('a');
    const second = store.getState().loadTools('a');
    listTools.pending[1]!.resolve([tool('echo')]);
    await second;
    listTools.pending[0]!.reject(new Error('connection closed'));
    await first;
    expect(store.getState().toolsByServer.a).toEqual({ status: 'ready', tools: [tool('echo')] });
  });

  it('a list that answers after its server went away does not bring the tools back', async () => {
    const listTools = queued<ToolInfo[]>();
    const store = createWorkbenchStore(api({ listTools: listTools.fn }));
    const load = store.getState().loadTools('a');
    applyEvent(store, { type: 'server-state', server: view('a', 'failed') });
    listTools.pending[0]!.resolve([tool('echo')]);
    await load;
    expect(store.getState().toolsByServer.a).toBeUndefined();
  });
});

describe('server lists', () => {
  it('an older listServers answer that arrives last does not overwrite the newer one', async () => {
    const listServers = queued<ServerView[]>();
    const store = createWorkbenchStore(api({ listServers: listServers.fn }));
    const first = store.getState().refreshServers();
    const second = store.getState().refreshServers();
    listServers.pending[1]!.resolve([view('a', 'failed'), view('b', 'failed')]);
    await second;
    listServers.pending[0]!.resolve([view('a', 'failed')]);
    await first;
    expect(store.getState().servers.map((s) => s.name)).toEqual(['a', 'b']);
  });

  it('a server state event that came after the list was asked for wins over that list', async () => {
    const listServers = queued<ServerView[]>();
    const store = createWorkbenchStore(api({ listServers: listServers.fn }));
    const refresh = store.getState().refreshServers();
    applyEvent(store, { type: 'server-state', server: view('a', 'connected') });
    listServers.pending[0]!.resolve([view('a', 'pending'), view('b', 'failed')]);
    await refresh;
    expect(store.getState().servers.map((s) => [s.name, s.status])).toEqual([
      ['a', 'connected'],
      ['b', 'failed'],
    ]);
  });
});

describe('Run pressed twice', () => {
  it('before permissions have loaded sends one call', async () => {
    const getPermissions = queued<PermissionsView>();
    const fake = api({ getPermissions: getPermissions.fn });
    const store = createWorkbenchStore(fake);
    await store.getState().loadTools('a');
    const first = store.getState().runTool('a', 'echo', 'mcp__a__echo');
    const second = store.getState().runTool('a', 'echo', 'mcp__a__echo');
    expect(store.getState().calls['mcp__a__echo']?.starting).toBe(true);
    // The second press neither sends nor asks for the permissions again.
    expect(getPermissions.fn).toHaveBeenCalledTimes(1);
    getPermissions.pending[0]!.resolve({ rules: [], file: '/tmp/permissions.json' });
    await Promise.all([first, second]);
    expect(fake.callTool).toHaveBeenCalledTimes(1);
    expect(store.getState().calls['mcp__a__echo']).toMatchObject({ running: false, starting: false, result });
  });

  it('two tools run together load the permissions once', async () => {
    const getPermissions = queued<PermissionsView>();
    const fake = api({ getPermissions: getPermissions.fn, listTools: vi.fn(async () => [tool('echo'), tool('other')]) });
    const store = createWorkbenchStore(fake);
    await store.getState().loadTools('a');
    const runs = [store.getState().runTool('a', 'echo', 'mcp__a__echo'), store.getState().runTool('a', 'other', 'mcp__a__other')];
    getPermissions.pending[0]!.resolve({ rules: [], file: '/tmp/permissions.json' });
    await Promise.all(runs);
    expect(getPermissions.fn).toHaveBeenCalledTimes(1);
    expect(fake.callTool).toHaveBeenCalledTimes(2);
  });
});

describe('the Doctor check on connect', () => {
  const report = (connected: boolean): DoctorReport => ({
    hosts: [],
    servers: [{ server: 'a', connected, ...(connected ? {} : { error: 'Not connected' }), toolCount: 0, findings: [], tokens: { perTool: [], total: { openai: 0 } }, timings: { lists: {} } }],
    shared: [],
    rules: [],
    time: 1,
  });

  it('asks the core never to connect for it, and shows no badge when the connection went away first', async () => {
    const runDoctor = queued<DoctorReport>();
    const store = createWorkbenchStore(api({ runDoctor: runDoctor.fn }));
    applyEvent(store, { type: 'server-state', server: { ...view('a', 'connected'), since: 1 } });
    await vi.waitFor(() => expect(runDoctor.pending).toHaveLength(1));
    expect(runDoctor.fn.mock.calls[0]![0]).toMatchObject({ servers: ['a'], tokens: false, connect: false });
    applyEvent(store, { type: 'server-state', server: view('a', 'disconnected') });
    runDoctor.pending[0]!.resolve(report(false));
    await vi.waitFor(() => expect(store.getState().doctor.a?.running).toBe(false));
    expect(store.getState().doctor.a?.report).toBeUndefined();
  });

  it('keeps the report of a connection it could check', async () => {
    const runDoctor = queued<DoctorReport>();
    const store = createWorkbenchStore(api({ runDoctor: runDoctor.fn }));
    applyEvent(store, { type: 'server-state', server: { ...view('a', 'connected'), since: 1 } });
    await vi.waitFor(() => expect(runDoctor.pending).toHaveLength(1));
    runDoctor.pending[0]!.resolve(report(true));
    await vi.waitFor(() => expect(store.getState().doctor.a?.report?.connected).toBe(true));
  });
});
