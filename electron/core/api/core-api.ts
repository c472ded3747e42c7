/**
 * The core: the AppApi implementation every front end (Electron IPC, the browser
 * host's WebSocket, the CLI) dispatches into. Each area of the API lives in its own
 * file; this one builds the shared pieces and joins them.
 */
import type { AppApi } from '../../../shared/api';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { ServerRegistry } from '../config/server-registry';
import { ConnectionManager } from '../connections/connection-manager';
import { ConsoleBuffer } from '../console/console-buffer';
import { ConsoleService } from '../console/console-service';
import { logMessages } from '../console/log-messages';
import { ProtocolLog } from '../connections/protocol-log';
import type { TokenProvider } from '../connections/token-provider';
import { ideLockDir } from '../connections/transports/ide-lockfiles';
import { EventBus } from '../events/event-bus';
import { promptNotifications } from '../prompts/prompt-notifications';
import { PromptService } from '../prompts/prompt-service';
import { resourceNotifications } from '../resources/resource-notifications';
import { ResourceService } from '../resources/resource-service';
import { SettingsStore } from '../settings/settings-store';
import { createConnectionsApi } from './connections-api';
import { createCoreContext } from './core-context';
import { createPromptsApi } from './prompts-api';
import { createProtocolLogApi } from './protocol-log-api';
import { createResourcesApi } from './resources-api';
import { createServerConsoleApi } from './server-console-api';
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
  const lockDir = ideLockDir(env);
  const consoleBuffer = new ConsoleBuffer((entries) => events.emit({ type: 'server-console', entries }));
  const connections = new ConnectionManager({
    events,
    clientInfo: { name: 'mcp-workbench', version: options.appVersion ?? '0.0.0' },
    settings: () => settings.effective(),
    protocolLog: new ProtocolLog((entries) => events.emit({ type: 'protocol-log', entries })),
    ideLockDir: lockDir,
    clientFeatures: [resourceNotifications(events), promptNotifications(events), logMessages(consoleBuffer)],
    ...(options.tokenProvider ? { tokenProvider: options.tokenProvider } : {}),
    ...(options.resolveLaunchConfig ? { resolveLaunchConfig: options.resolveLaunchConfig } : {}),
  });
  const ctx = createCoreContext({ events, registry, connections, settings, ideLockDir: lockDir });
  const isConfigured = (name: ServerName) => registry.get(name) !== undefined;
  const resources = new ResourceService(connections, events, isConfigured);
  const prompts = new PromptService(connections, events);
  const serverConsole = new ConsoleService(connections, consoleBuffer, events, isConfigured);
  connections.onStateChange = (name) => {
    const config = registry.get(name);
    if (config) events.emit({ type: 'server-state', server: ctx.viewOf(name, config) });
  };
  settings.onChange((view) => events.emit({ type: 'settings-changed', settings: view }));

  const api: AppApi = {
    ...createServersApi(ctx),
    ...createConnectionsApi(ctx),
    ...createToolsApi(ctx),
    ...createResourcesApi(ctx, resources),
    ...createPromptsApi(ctx, prompts),
    ...createServerConsoleApi(ctx, serverConsole),
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
    async dispose() {
      await connections.closeAll();
      consoleBuffer.flush();
    },
  };
}
