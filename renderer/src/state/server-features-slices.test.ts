/** The per-server slices for resources, prompts, the console and workspaces, with a fake AppApi. */
import { describe, expect, it, vi } from 'vitest';
import type { ResourceReadResult } from '../../../shared/api/resources';
import type { ConsoleEntry, ServerConsoleView } from '../../../shared/api/server-console';
import type { ServerView } from '../../../shared/domain';
import { scopeStore } from '../workspace/server-scope';
import { missingArguments, promptArguments } from './prompts-slice';
import { applyEvent, createWorkbenchStore } from './store';
import { openWorkspaces } from './workspace-slice';
import { fakeApi as sharedFakeApi, type FakeAnswers, type FakeApi } from '../testing/fake-api';

const view = (name: string): ServerView => ({ name, status: 'connected', config: { command: 'x' }, capabilities: { resources: { subscribe: true } } });
const text = (uri: string, value: string): ResourceReadResult => ({
  uri,
  durationMs: 1,
  contents: [{ kind: 'resource', uri, content: { kind: 'text', text: value } }],
});
const entry = (server: string, seq: number, line: string): ConsoleEntry => ({ seq, server, time: seq, source: 'stderr', text: line });

function fakeApi(overrides: FakeAnswers = {}): FakeApi {
  return sharedFakeApi({
    listServers: vi.fn(async () => [view('a'), view('b')]),
    listResources: vi.fn(async ({ server }) => ({ resources: [{ uri: `${server}://one`, name: 'one' }], templates: [], subscriptions: [] })),
    readResource: vi.fn(async ({ uri }) => text(uri, `contents of ${uri}`)),
    subscribeResource: vi.fn(async ({ uri }) => [uri]),
    unsubscribeResource: vi.fn(async () => []),
    getServerConsole: vi.fn(async () => ({ entries: [] })),
    ...overrides,
  });
}

describe('resources slice', () => {
  it('keeps each server\'s lists, selection and reads apart', async () => {
    const store = createWorkbenchStore(fakeApi());
    await store.getState().refreshServers();
    await Promise.all([store.getState().loadResources('a'), store.getState().loadResources('b')]);
    expect(store.getState().resourcesByServer.a?.catalog?.resources[0]?.uri).toBe('a://one');
    expect(store.getState().resourcesByServer.b?.catalog?.resources[0]?.uri).toBe('b://one');
    store.getState().selectResource('a', { kind: 'resource', uri: 'a://one' });
    await vi.waitFor(() => expect(store.getState().resourceViews.a?.read?.status).toBe('ready'));
    expect(store.getState().resourceViews.b?.read).toBeUndefined();
  });

  it('a slow read answered after a newer one does not replace it', async () => {
    const answers: Array<() => void> = [];
    const api = fakeApi({
      readResource: vi.fn(({ uri }) => new Promise<ResourceReadResult>((resolve) => answers.push(() => resolve(text(uri, uri))))),
    });
    const store = createWorkbenchStore(api);
    const first = store.getState().readResource('a', 'x://first');
    const second = store.getState().readResource('a', 'x://second');
    answers[1]!();
    await second;
    answers[0]!();
    await first;
    expect(store.getState().resourceViews.a?.read).toMatchObject({ uri: 'x://second', status: 'ready' });
  });

  it('an update of the shown resource reads it again; list_changed lists again; a disconnect drops lists but keeps what was typed', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().refreshServers();
    await store.getState().loadResources('a');
    store.getState().setTemplateValue('a', 'x://{id}', 'id', '42');
    await store.getState().readResource('a', 'x://live');
    applyEvent(store, { type: 'resource-updated', server: 'a', uri: 'x://live' });
    applyEvent(store, { type: 'resource-updated', server: 'a', uri: 'x://other' });
    await vi.waitFor(() => expect(api.readResource).toHaveBeenCalledTimes(2));
    expect(store.getState().resourceViews.a?.updates['x://live']?.count).toBe(1);

    applyEvent(store, { type: 'resources-changed', server: 'a' });
    applyEvent(store, { type: 'resources-changed', server: 'b' });
    await vi.waitFor(() => expect(api.listResources).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api.listResources).mock.calls.map(([request]) => request.server)).toEqual(['a', 'a']);

    applyEvent(store, { type: 'server-state', server: { ...view('a'), status: 'failed' } });
    expect(store.getState().resourcesByServer.a).toBeUndefined();
    expect(store.getState().resourceViews.a?.templateValues['x://{id}']).toEqual({ id: '42' });
  });

  it('subscribing keeps the subscribed URIs; a failure says what failed', async () => {
    const store = createWorkbenchStore(fakeApi({ unsubscribeResource: vi.fn(async () => Promise.reject(new Error('a: gone'))) }));
    await store.getState().setSubscribed('a', 'x://live', true);
    expect(store.getState().resourceViews.a?.subscriptions).toEqual(['x://live']);
    await store.getState().setSubscribed('a', 'x://live', false);
    expect(store.getState().resourceViews.a?.subscriptionError).toBe('Could not unsubscribe: a: gone');
  });
});

describe('prompt arguments', () => {
  const prompt = { name: 'p', arguments: [{ name: 'req', required: true }, { name: 'opt' }] };
  it('leaves out empty optional arguments and names missing required ones', () => {
    expect(promptArguments(prompt, { req: 'x', opt: '' })).toEqual({ req: 'x' });
    expect(promptArguments(prompt, { req: 'x', opt: 'y' })).toEqual({ req: 'x', opt: 'y' });
    expect(missingArguments(prompt, { req: '  ' })).toEqual(['req']);
  });
});

describe('console slice', () => {
  it('merges the snapshot with entries that arrived meanwhile, keeps servers apart, and ignores consoles never opened', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      getServerConsole: vi.fn(({ server }) => new Promise<ServerConsoleView>((resolve) => (release = () => resolve({ entries: [entry(server, 1, 'old'), entry(server, 2, 'snap')], level: 'info' })))),
    });
    const store = createWorkbenchStore(api);
    const loading = store.getState().loadConsole('a');
    applyEvent(store, { type: 'server-console', entries: [entry('a', 2, 'snap'), entry('a', 3, 'new'), entry('b', 4, 'other')] });
    release();
    await loading;
    expect(store.getState().consoles.a?.entries.map((e) => e.text)).toEqual(['old', 'snap', 'new']);
    expect(store.getState().consoles.a?.level).toBe('info');
    expect(store.getState().consoles.b).toBeUndefined();
  });
});

describe('workspaces', () => {
  it('the kept-open servers, then the selected one; a removed server has no pane', async () => {
    const store = createWorkbenchStore(fakeApi({ listServers: vi.fn(async () => [view('a'), view('b'), view('c')]) }));
    await store.getState().refreshServers();
    store.getState().selectServer('a');
    expect(openWorkspaces(store.getState())).toEqual(['a']);
    store.getState().pinWorkspace('a');
    store.getState().selectServer('b');
    expect(openWorkspaces(store.getState())).toEqual(['a', 'b']);
    store.getState().selectServer('c');
    expect(openWorkspaces(store.getState())).toEqual(['a', 'c']);
    store.getState().closeWorkspace('a');
    expect(openWorkspaces(store.getState())).toEqual(['c']);
    store.setState({ servers: [view('a')] });
    expect(openWorkspaces(store.getState())).toEqual([]);
  });

  it('a scoped store shows its own server and tool, with a stable snapshot while nothing changes', async () => {
    const store = createWorkbenchStore(fakeApi());
    await store.getState().refreshServers();
    store.getState().selectServer('b');
    const scopedA = scopeStore(store, 'a');
    const scopedB = scopeStore(store, 'b');
    expect(scopedA.getState().selectedServer).toBe('a');
    expect(scopedA.getState()).toBe(scopedA.getState());
    scopedA.getState().selectTool('a', 'echo');
    expect(scopedA.getState().selectedTool).toEqual({ server: 'a', name: 'echo' });
    expect(scopedB.getState().selectedTool).toBeUndefined();
    // Picking a tool in a pane leaves the selection (and so the other panes) alone.
    expect(store.getState().selectedServer).toBe('b');
    expect(scopedA.getState().selectedTool).toBe(scopedA.getState().selectedTool);

    // A tool of a server picked outside its pane (e.g. from history) is what the pane shows.
    store.getState().selectTool('a', 'add');
    expect(scopedA.getState().selectedTool).toEqual({ server: 'a', name: 'add' });
  });
});
