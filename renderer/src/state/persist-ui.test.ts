import { describe, expect, it } from 'vitest';
import { persistUi, UI_STORAGE_KEY } from './persist-ui';
import { createWorkbenchStore } from './store';
import { fakeApi } from '../testing/fake-api';

/** A tab's sessionStorage, as far as persistUi uses it. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

const api = fakeApi();

describe('persistUi', () => {
  it('brings back workspaces, selections and typed arguments in a new store (a reload), and nothing else', () => {
    const storage = memoryStorage();
    const before = createWorkbenchStore(api);
    persistUi(before, storage);
    before.setState({ selectedServer: 'beta', selectedTool: { server: 'beta', name: 'echo' }, pinnedServers: ['alpha'] });
    before.getState().setWorkspaceTab('alpha', 'console');
    before.getState().chooseWorkspaceTool('alpha', 'add');
    before.getState().setArgsMode('json');
    before.getState().setToolSearch('alpha', 'ec');
    before.getState().setArgsText('mcp__beta__echo', '{"text": "typed"}');
    before.getState().setTimeoutText('mcp__beta__echo', '5000');
    before.getState().setPromptArgument('alpha', 'greet', 'name', 'Ada');
    before.getState().selectPrompt('alpha', 'greet');
    // Not kept: results and connection state come fresh from the host.
    before.setState((state) => ({ calls: { ...state.calls, mcp__beta__echo: { ...state.calls.mcp__beta__echo!, running: true, error: 'old' } }, hostStatus: 'open' }));

    const after = createWorkbenchStore(api);
    persistUi(after, storage);
    const state = after.getState();
    expect(state.selectedServer).toBe('beta');
    expect(state.selectedTool).toEqual({ server: 'beta', name: 'echo' });
    expect(state.pinnedServers).toEqual(['alpha']);
    expect(state.workspaceTabs).toEqual({ alpha: 'console' });
    expect(state.workspaceTools).toEqual({ alpha: 'add' });
    expect(state.argsMode).toBe('json');
    expect(state.toolSearch).toEqual({ alpha: 'ec' });
    expect(state.calls).toEqual({ mcp__beta__echo: { argsText: '{"text": "typed"}', timeoutText: '5000', running: false } });
    expect(state.promptViews).toEqual({ alpha: { selected: 'greet', args: { greet: { name: 'Ada' } } } });
    expect(state.hostStatus).toBeUndefined();
  });

  it('starts afresh from storage it cannot read, and keeps working when storage refuses to save', () => {
    for (const text of ['not json', '{"version": 99}', '{"version": 1, "pinnedServers": "x"}']) {
      const storage = memoryStorage();
      storage.items.set(UI_STORAGE_KEY, text);
      const store = createWorkbenchStore(api);
      persistUi(store, storage);
      expect(store.getState().pinnedServers).toEqual([]);
      store.getState().pinWorkspace('alpha');
      expect(JSON.parse(storage.items.get(UI_STORAGE_KEY)!)).toMatchObject({ version: 1, pinnedServers: ['alpha'] });
    }
    const store = createWorkbenchStore(api);
    persistUi(store, { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } });
    store.getState().pinWorkspace('alpha');
    expect(store.getState().pinnedServers).toEqual(['alpha']);
  });
});
