/**
 * The renderer's state: one zustand store built from slices, created around an AppApi
 * so tests can hand it a fake one. Events from the main process are applied here.
 */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { AppApi } from '../../../shared/api';
import type { AppEvent } from '../../../shared/events';
import type { HostStatus } from '../api/ws-client';
import { createAuthSlice, type AuthSlice } from './auth-slice';
import { createCallsSlice, type CallsSlice } from './calls-slice';
import { createCollectionsSlice, type CollectionsSlice } from './collections-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createPermissionsSlice, type PermissionsSlice } from './permissions-slice';
import { createConfigSlice, type ConfigSlice } from './config-slice';
import { createConsoleSlice, type ConsoleSlice } from './console-slice';
import { createContractsSlice, type ContractsSlice } from './contracts-slice';
import { createDoctorSlice, type DoctorSlice } from './doctor-slice';
import { createPromptsSlice, type PromptsSlice } from './prompts-slice';
import { createProtocolLogSlice, type ProtocolLogSlice } from './protocol-log-slice';
import { createResourcesSlice, type ResourcesSlice } from './resources-slice';
import { createServerRequestsSlice, type ServerRequestsSlice } from './server-requests-slice';
import { createServersSlice, type ServersSlice } from './servers-slice';
import { createSkillsSlice, type SkillsSlice } from './skills-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createTasksSlice, type TasksSlice } from './tasks-slice';
import { createToolsSlice, type ToolsSlice } from './tools-slice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspace-slice';

export type WorkbenchState = ServersSlice &
  ToolsSlice &
  TasksSlice &
  CallsSlice &
  PermissionsSlice &
  HistorySlice &
  ServerRequestsSlice &
  ProtocolLogSlice &
  SettingsSlice &
  ConfigSlice &
  AuthSlice &
  WorkspaceSlice &
  ResourcesSlice &
  PromptsSlice &
  SkillsSlice &
  ConsoleSlice &
  ContractsSlice &
  DoctorSlice &
  CollectionsSlice & {
    api: AppApi;
    /** Browser mode only: whether the host's WebSocket is up. */
    hostStatus?: HostStatus;
  };
export type WorkbenchStore = StoreApi<WorkbenchState>;

export function createWorkbenchStore(api: AppApi): WorkbenchStore {
  return createStore<WorkbenchState>()((...args) => ({
    api,
    ...createServersSlice(api)(...args),
    ...createToolsSlice(api)(...args),
    ...createTasksSlice(api)(...args),
    ...createCallsSlice(api)(...args),
    ...createPermissionsSlice(api)(...args),
    ...createHistorySlice(api)(...args),
    ...createServerRequestsSlice(api)(...args),
    ...createProtocolLogSlice(api)(...args),
    ...createSettingsSlice(api)(...args),
    ...createConfigSlice(api)(...args),
    ...createAuthSlice(api)(...args),
    ...createWorkspaceSlice(...args),
    ...createResourcesSlice(api)(...args),
    ...createPromptsSlice(api)(...args),
    ...createSkillsSlice(api)(...args),
    ...createConsoleSlice(api)(...args),
    ...createDoctorSlice(api)(...args),
    ...createContractsSlice(...args),
    ...createCollectionsSlice(api)(...args),
  }));
}

export function applyEvent(store: WorkbenchStore, event: AppEvent): void {
  const state = store.getState();
  switch (event.type) {
    case 'server-state':
      state.applyServerState(event.server);
      if (event.server.status !== 'connected') {
        state.forgetTools(event.server.name);
        // Lists go with the connection; what the user typed and chose stays.
        state.forgetResources(event.server.name);
        state.forgetPrompts(event.server.name);
        state.forgetSkills(event.server.name);
      }
      break;
    case 'servers-changed':
      state.applyServerList(event.servers);
      forgetRemovedServers(store);
      break;
    case 'config-changed':
      state.noteConfigChange(event.scopes, event.external, event.status);
      break;
    case 'secret-store-changed':
      state.noteSecretStore(event.secretStore);
      break;
    case 'tool-progress':
      state.applyProgress(event.callId, { progress: event.progress, ...(event.total !== undefined ? { total: event.total } : {}), ...(event.message ? { message: event.message } : {}) });
      break;
    case 'tools-changed':
      state.refreshTools(event.server);
      break;
    case 'task-updated':
      state.applyTaskUpdate(event.task, event.gone);
      break;
    case 'server-request':
      state.applyServerRequest(event.request);
      break;
    case 'server-request-closed':
      state.closeServerRequest(event.id, event.reason);
      break;
    case 'server-requests-refused':
      state.noteRefusedServerRequests(event.server, event.limit);
      break;
    case 'sampling-answered':
      state.noteAutoSampling(event.server, event.model, event.inputTokens, event.outputTokens);
      break;
    case 'history-added':
      state.applyHistoryEntry(event.entry);
      break;
    case 'server-log':
      // stderr lines reach the console as `server-console` entries, numbered to merge with its snapshot.
      break;
    case 'server-console':
      state.applyConsoleEntries(event.entries);
      break;
    case 'resource-updated':
      state.applyResourceUpdated(event.server, event.uri);
      break;
    case 'resources-changed':
      state.applyResourcesChanged(event.server);
      // Skills are resources: their catalog may have changed too.
      state.applySkillsChanged(event.server);
      break;
    case 'prompts-changed':
      state.applyPromptsChanged(event.server);
      break;
    case 'protocol-log':
      state.applyProtocolLog(event.entries);
      break;
    case 'settings-changed':
      state.applySettings(event.settings);
      break;
    case 'auth-open-url':
      state.openAuthorizationPage(event.server, event.url);
      break;
    case 'auth-changed':
      state.noteAuthChanged(event.server);
      break;
    case 'contract-changed':
      state.applyContractChanges(event.server, event.changes);
      break;
    case 'collection-progress':
      state.applyCollectionProgress(event.progress);
      break;
  }
}

/** A removed server's console and pane go with it (a new server of the same name starts afresh). */
function forgetRemovedServers(store: WorkbenchStore): void {
  const state = store.getState();
  const names = new Set(state.servers.map((server) => server.name));
  for (const server of Object.keys(state.consoles)) if (!names.has(server)) state.forgetConsole(server);
  for (const server of state.pinnedServers) if (!names.has(server)) state.unpinWorkspace(server);
}

export const StoreContext = createContext<WorkbenchStore | null>(null);

export function useWorkbench<T>(selector: (state: WorkbenchState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useWorkbench used outside StoreContext');
  return useStore(store, selector);
}
