import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from '../../../shared/api';
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

function fakeApi(overrides: Partial<AppApi> = {}): AppApi {
  return {
    listServers: vi.fn(async () => [view('a')]),
    getConfigStatus: vi.fn(async () => status()),
    openProject: vi.fn(async ({ path }: { path: string }) => status(path)),
    moveServer: vi.fn(async () => view('a', 'local')),
    onEvent: () => () => undefined,
    ...overrides,
  } as unknown as AppApi;
}

describe('the config slice', () => {
  it('counts only external changes per scope (open forms compare against it), and refreshes the list and the status on every change', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    applyEvent(store, { type: 'config-changed', scopes: ['user'], external: false });
    expect(store.getState().externalRevision).toEqual({ user: 0, project: 0, local: 0 });
    applyEvent(store, { type: 'config-changed', scopes: ['project', 'local'], external: true });
    expect(store.getState().externalRevision).toEqual({ user: 0, project: 1, local: 1 });
    await vi.waitFor(() => expect(store.getState().configStatus).toEqual(status()));
    expect(api.listServers).toHaveBeenCalledTimes(2);
    expect(api.getConfigStatus).toHaveBeenCalledTimes(2);
  });

  it('opens a project and moves a server, refreshing the list each time', async () => {
    const api = fakeApi();
    const store = createWorkbenchStore(api);
    await store.getState().openProject('/work/p');
    expect(store.getState().configStatus?.project).toBe('/work/p');
    await store.getState().moveServer({ name: 'a', from: 'user', to: 'local' });
    expect(api.moveServer).toHaveBeenCalledWith({ name: 'a', from: 'user', to: 'local' });
    expect(api.listServers).toHaveBeenCalledTimes(2);
  });

  it('opens and closes the server form and the config dialogs', () => {
    const store = createWorkbenchStore(fakeApi());
    store.getState().openServerForm({ mode: 'edit', name: 'a', scope: 'user' });
    expect(store.getState().serverForm).toEqual({ mode: 'edit', name: 'a', scope: 'user' });
    store.getState().closeServerForm();
    expect(store.getState().serverForm).toBeUndefined();
    store.getState().openConfigDialog({ kind: 'import', paste: true });
    expect(store.getState().configDialog).toEqual({ kind: 'import', paste: true });
    store.getState().closeConfigDialog();
    expect(store.getState().configDialog).toBeUndefined();
  });
});
