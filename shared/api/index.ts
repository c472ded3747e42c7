/**
 * The AppApi: one method per user action plus one event subscription. The renderer
 * only ever sees this interface (as `window.api`); the Electron preload and the
 * browser-mode WebSocket client are two implementations of it, and the core's
 * implementation sits behind both. Each area of the product declares its methods and
 * their channels in its own file; this one joins them.
 */
import type { AppEventListener, Unsubscribe } from '../events';
import { appsChannels, type AppsApi } from './apps';
import { authChannels, type AuthApi } from './auth';
import type { ChannelTable } from './channel-table';
import { collectionsChannels, type CollectionsApi } from './collections';
import { conformanceChannels, type ConformanceApi } from './conformance';
import { connectionsChannels, type ConnectionsApi } from './connections';
import { diagnosticsChannels, type DiagnosticsApi } from './diagnostics';
import { doctorChannels, type DoctorApi } from './doctor';
import { historyChannels, type HistoryApi } from './history';
import { loadChannels, type LoadApi } from './load';
import { modelsChannels, type ModelsApi } from './models';
import { permissionsChannels, type PermissionsApi } from './permissions';
import { projectChannels, type ProjectApi } from './project';
import { promptsChannels, type PromptsApi } from './prompts';
import { protocolLogChannels, type ProtocolLogApi } from './protocol-log';
import { recordingsChannels, type RecordingsApi } from './recordings';
import { resourcesChannels, type ResourcesApi } from './resources';
import { serverConsoleChannels, type ServerConsoleApi } from './server-console';
import { serversChannels, type ServersApi } from './servers';
import { resultsChannels, type ResultsApi } from './results';
import { serverRequestsChannels, type ServerRequestsApi } from './server-requests';
import { settingsChannels, type SettingsApi } from './settings';
import { skillsChannels, type SkillsApi } from './skills';
import { tasksChannels, type TasksApi } from './tasks';
import { toolsChannels, type ToolsApi } from './tools';
import { transferChannels, type TransferApi } from './transfer';

export type { AddServerRequest, DuplicateServerRequest, MoveServerRequest,  UpdateServerRequest } from './servers';
;

export interface AppApi
  extends ServersApi,
    ConnectionsApi,
    ToolsApi,
    TasksApi,
    ResourcesApi,
    SkillsApi,
    PromptsApi,
    ServerConsoleApi,
    ResultsApi,
    PermissionsApi,
    HistoryApi,
    ServerRequestsApi,
    ProtocolLogApi,
    RecordingsApi,
    SettingsApi,
    ProjectApi,
    TransferApi,
    AuthApi,
    DiagnosticsApi,
    DoctorApi,
    AppsApi,
    CollectionsApi,
    ConformanceApi,
    LoadApi,
    ModelsApi {
  /** Connection states, log lines and progress, pushed by the main process. */
  onEvent(listener: AppEventListener): Unsubscribe;
}

/** The request/response members of AppApi: everything that crosses IPC as a call. */
export type AppApiMethod = Exclude<keyof AppApi, 'onEvent'>;

/** Every request method's channel and payload schema. */
export const channels: ChannelTable<Omit<AppApi, 'onEvent'>> = {
  ...serversChannels,
  ...connectionsChannels,
  ...toolsChannels,
  ...tasksChannels,
  ...resourcesChannels,
  ...skillsChannels,
  ...promptsChannels,
  ...serverConsoleChannels,
  ...resultsChannels,
  ...permissionsChannels,
  ...historyChannels,
  ...serverRequestsChannels,
  ...protocolLogChannels,
  ...recordingsChannels,
  ...settingsChannels,
  ...projectChannels,
  ...transferChannels,
  ...authChannels,
  ...diagnosticsChannels,
  ...doctorChannels,
  ...appsChannels,
  ...collectionsChannels,
  ...conformanceChannels,
  ...loadChannels,
  ...modelsChannels,
};

export const appApiMethods = Object.keys(channels) as AppApiMethod[];

export { EVENT_CHANNEL } from './event-channel';

export function isAppApiMethod(name: unknown): name is AppApiMethod {
  return typeof name === 'string' && Object.hasOwn(channels, name);
}
