import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeAnswers } from '../testing/fake-api';
import type { ConfigStatus } from '../../../shared/api/project';
import type { ServerView } from '../../../shared/domain';
import { applyEvent, createWorkbenchStore } from './store';

const status = (project?: string): ConfigStatus => ({
  ...(project ? { project } : {}),
  availableScopes: project ? ['user', 'project', 'local'] : ['user'],
  files: [],
  secretStore: { encrypted: false, location: '/x/secrets.json' },
  nativeDialogs: false,
});
const view = (name: string, scope: ServerView['scope'] = 'user'): ServerView => ({ name, status: 'disconnected', config: { command: 'x' }, scope });

function configApi(overrides: FakeAnswers = {}) {
  return fakeApi({
    listServers: vi.fn(async () => [view('a')]),
    getConfigStatus: vi.fn(async () => status()),
    openProject: vi.fn(async ({ path }: { path: string }) => status(path)),
    moveServer: vi.fn(async () => view('a', 'local')),
    ...overrides,
  });
}

describe('the config slice', () => {
  it('counts only external changes per scope (open forms compare against it), and takes the files\' state from the event', async () => {
    const api = configApi();
    const store = createWorkbenchStore(api);
    await store.getState().refreshConfigStatus();
    applyEvent(store, { type: 'config-changed', scopes: ['user'], external: false, status: { availableScopes: ['user'], files: [] } });
    expect(store.getState().externalRevision).toEqual({ user: 0, project: 0, local: 0 });
    const opened = status('/work/p');
    applyEvent(store, { type: 'config-changed', scopes: ['project', 'local'], external: true, status: { project: '/work/p', availableScopes: opened.availableScopes, files: [] } });
    expect(store.getState().externalRevision).toEqual({ user: 0, project: 1, local: 1 });
    expect(store.getState().configStatus).toEqual(opened);
    // A project closed elsewhere: the status loses it.
    applyEvent(store, { type: 'config-changed', scopes: ['project', 'local'], external: false, status: { availableScopes: ['user'], files: [] } });
    expect(store.getState().configStatus).toEqual(status());
    // Nothing was asked again: the events carry what changed.
    expect(api.getConfigStatus).toHaveBeenCalledTimes(1);
    expect(api.listServers).not.toHaveBeenCalled();
  });

  it('shows the list a servers-changed event carries, without asking for it', () => {
    const api = configApi();
    const store = createWorkbenchStore(api);
    applyEvent(store, { type: 'servers-changed', servers: [view('a'), view('b', 'local')] });
    expect(store.getState().servers.map((s) => [s.name, s.scope])).toEqual([
      ['a', 'user'],
      ['b', 'local'],
    ]);
    applyEvent(store, { type: 'servers-changed', servers: [view('b', 'local')] });
    expect(store.getState().servers.map((s) => s.name)).toEqual(['b']);
    expect(api.listServers).not.toHaveBeenCalled();
  });

  it('saving a new server that connects asks for nothing but the add and its tools', async () => {
    const connected: ServerView = { ...view('new'), status: 'connected' };
    const api = configApi({ addServer: vi.fn(async () => connected), listTools: vi.fn(async () => []) });
    const store = createWorkbenchStore(api);
    // What the core sends before it answers: the list, then the connection's state.
    applyEvent(store, { type: 'servers-changed', servers: [view('new')] });
    applyEvent(store, { type: 'server-state', server: connected });
    await store.getState().saveNewServer({ name: 'new', config: { command: 'x' } });
    expect(store.getState().selectedServer).toBe('new');
    expect(api.addServer).toHaveBeenCalledTimes(1);
    expect(api.listTools).toHaveBeenCalledTimes(1);
    expect(api.listServers).not.toHaveBeenCalled();
    expect(api.getConfigStatus).not.toHaveBeenCalled();
  });

  it('opens a project and moves a server with one call each', async () => {
    const api = configApi();
    const store = createWorkbenchStore(api);
    await store.getState().openProject('/work/p');
    expect(store.getState().configStatus?.project).toBe('/work/p');
    await store.getState().moveServer({ name: 'a', from: 'user', to: 'local' });
    expect(api.moveServer).toHaveBeenCalledWith({ name: 'a', from: 'user', to: 'local' });
    expect(store.getState().servers.find((s) => s.name === 'a')?.scope).toBe('local');
    expect(api.listServers).not.toHaveBeenCalled();
  });

  it('opens and closes the server form and the config dialogs', () => {
    const store = createWorkbenchStore(fakeApi());
    store.getState().openServerForm({ mode: 'edit', name: 'a', scope: 'user' });
    expect(store.getState().serverForm).toEqual({ mode: 'edit', name: 'a', scope: 'user' });
    store.getState().closeServerForm();
    expect(store.getState().serverForm).toBeUndefined();
    store.getState().openConfigDialog({ kind: 'import', fromAddServer: true });
    const first = store.getState().configDialog!;
    expect(first).toMatchObject({ kind: 'import', fromAddServer: true });
    store.getState().closeConfigDialog(first.id);
    expect(store.getState().configDialog).toBeUndefined();
  });

  it('a dialog closed just before it is opened anew leaves the new one open (its close event comes late)', () => {
    const store = createWorkbenchStore(fakeApi());
    store.getState().openConfigDialog({ kind: 'import', fromAddServer: true });
    const first = store.getState().configDialog!;
    store.getState().openConfigDialog({ kind: 'import' });
    const second = store.getState().configDialog!;
    expect(second.id).not.toBe(first.id);
    // The first dialog's close event arrives now.
    store.getState().closeConfigDialog(first.id);
    expect(store.getState().configDialog).toEqual(second);
    store.getState().closeConfigDialog(second.id);
    expect(store.getState().configDialog).toBeUndefined();
  });
});
