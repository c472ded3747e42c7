/**
 * The core: the AppApi implementation every front end (Electron IPC, the browser
 * host's WebSocket, the CLI) dispatches into. Each area of the API lives in its own
 * file; this one builds the shared pieces and joins them.
 */
import type { AppApi } from '../../../shared/api';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { ServerRegistry } from '../config/server-registry';
import { ConnectionManager } from '../connections/connection-manager';
import { ProtocolLog } from '../connections/protocol-log';
import type { TokenProvider } from '../connections/token-provider';
import { ideLockDir } from '../connections/transports/ide-lockfiles';
import type { Desktop } from '../desktop';
import { EventBus } from '../events/event-bus';
import { SettingsStore } from '../settings/settings-store';
import { createToolKit } from '../tools/tool-kit';
import { createConnectionsApi } from './connections-api';
import { createCoreContext } from './core-context';
import { createHistoryApi } from './history-api';
import { createPermissionsApi } from './permissions-api';
import { createProtocolLogApi } from './protocol-log-api';
import { createResultsApi } from './results-api';
import { createServerRequestsApi } from './server-requests-api';
import { createServersApi } from './servers-api';
import { createSettingsApi } from './settings-api';
import { createToolsApi } from './tools-api';

export interface CoreOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Connect every enabled server at start-up (the app does; tests may not). */
  autoConnect?: boolean;
  appVersion?: string;
  /** Bearer tokens for claudeai-proxy servers (sign-in arrives with the OAuth feature). */
  tokenProvider?: TokenProvider;
  /** Expands variables, fills in secrets and resolves the command's path before a launch. */
  resolveLaunchConfig?: (name: ServerName, config: ServerConfig) => Promise<ServerConfig>;
  /** Opening result files and links outside the app (Electron's shell, or browser mode's opener). */
  desktop?: Desktop;
}

export interface Core {
  api: AppApi;
  events: EventBus;
  /** Closes every connection; call before the process exits so no server is orphaned. */
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const env = options.env ?? process.env;
  const events = new EventBus();
  const registry = new ServerRegistry(options.dataDir);
  const settings = new SettingsStore(options.dataDir, env);
  await Promise.all([registry.load(), settings.load()]);
  const toolKit = await createToolKit({ dataDir: options.dataDir, events, settings, ...(options.desktop ? { desktop: options.desktop } : {}) });
  const lockDir = ideLockDir(env);
  const connections = new ConnectionManager({
    events,
    clientInfo: { name: 'mcp-workbench', version: options.appVersion ?? '0.0.0' },
    settings: () => settings.effective(),
    protocolLog: new ProtocolLog((entries) => events.emit({ type: 'protocol-log', entries })),
    ideLockDir: lockDir,
    clientFeatures: toolKit.clientFeatures,
    ...(options.tokenProvider ? { tokenProvider: options.tokenProvider } : {}),
    ...(options.resolveLaunchConfig ? { resolveLaunchConfig: options.resolveLaunchConfig } : {}),
  });
  const ctx = createCoreContext({ events, registry, connections, settings, ideLockDir: lockDir });
  connections.onStateChange = (name) => {
    const config = registry.get(name);
    if (config) events.emit({ type: 'server-state', server: ctx.viewOf(name, config) });
    // Questions from a server whose connection ended can no longer be answered.
    if (connections.state(name, config).status !== 'connected') toolKit.broker.closeServer(name);
  };
  settings.onChange((view) => events.emit({ type: 'settings-changed', settings: view }));

  const api: AppApi = {
    ...createServersApi(ctx),
    ...createConnectionsApi(ctx),
    ...createToolsApi(ctx, toolKit),
    ...createResultsApi(ctx, toolKit),
    ...createPermissionsApi(toolKit),
    ...createHistoryApi(toolKit),
    ...createServerRequestsApi(toolKit),
    ...createProtocolLogApi(ctx),
    ...createSettingsApi(ctx),
    onEvent: (listener) => events.subscribe(listener),
  };

  if (options.autoConnect) {
    // Not awaited: start-up must never wait for slow servers.
    void connections.connectAtStartup(registry.list());
  }

  return {
    api,
    events,
    dispose: async () => {
      await connections.closeAll();
      await toolKit.history.flush();
    },
  };
}
