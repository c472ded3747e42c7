/**
 * The core's implementation of AppApi: the one place where user actions meet the
 * server registry and the connection manager. Electron's IPC and the browser host's
 * WebSocket both dispatch into this object.
 */
import type { AppApi } from '../../../shared/api';
import { AppError } from '../../../shared/envelope';
import type { ServerConfig, ServerName, ServerView } from '../../../shared/domain';
import { ServerRegistry } from '../config/server-registry';
import { ConnectionManager, connectTimeoutFromEnv } from '../connections/connection-manager';
import { EventBus } from '../events/event-bus';
import { runWithConcurrency } from '../util/concurrency';

export interface CoreOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Connect every configured server at start-up (the app does; tests may not). */
  autoConnect?: boolean;
  appVersion?: string;
}

export interface Core {
  api: AppApi;
  events: EventBus;
  /** Closes every connection; call before the process exits so no server is orphaned. */
  dispose(): Promise<void>;
}

/** Local (stdio) servers are heavyweight processes: start at most this many at once. */
const STDIO_STARTUP_BATCH = 3;

export async function createCore(options: CoreOptions): Promise<Core> {
  const events = new EventBus();
  const registry = new ServerRegistry(options.dataDir);
  await registry.load();
  const connections = new ConnectionManager({
    events,
    clientInfo: { name: 'mcp-workbench', version: options.appVersion ?? '0.0.0' },
    connectTimeoutMs: connectTimeoutFromEnv(options.env ?? process.env),
  });

  const configOf = (name: ServerName): ServerConfig => {
    const config = registry.get(name);
    if (!config) throw new AppError('not-found', `No server named "${name}".`);
    return config;
  };
  const viewOf = (name: ServerName, config: ServerConfig = configOf(name)): ServerView => ({
    name,
    config,
    ...connections.state(name),
  });
  connections.onStateChange = (name) => {
    const config = registry.get(name);
    if (config) events.emit({ type: 'server-state', server: viewOf(name, config) });
  };
  /** Connect failures are already recorded in the server's state; the caller only needs the view. */
  const connectQuietly = async (name: ServerName): Promise<ServerView> => {
    await connections.connect(name, configOf(name)).catch(() => undefined);
    return viewOf(name);
  };

  const api: AppApi = {
    async listServers() {
      return registry.list().map(([name, config]) => viewOf(name, config));
    },
    async addServer({ name, config }) {
      await registry.add(name, config);
      events.emit({ type: 'servers-changed' });
      return connectQuietly(name);
    },
    async removeServer({ name }) {
      configOf(name);
      await connections.forget(name);
      await registry.remove(name);
      events.emit({ type: 'servers-changed' });
    },
    connectServer: ({ name }) => connectQuietly(name),
    async disconnectServer({ name }) {
      configOf(name);
      await connections.disconnect(name);
      return viewOf(name);
    },
    listTools: ({ name }) => connections.listTools(name, configOf(name)),
    callTool: ({ server, tool, arguments: args, callId, timeoutMs }) =>
      connections.callTool(server, configOf(server), tool, args, {
        ...(timeoutMs ? { timeoutMs } : {}),
        ...(callId
          ? { onProgress: (progress) => events.emit({ type: 'tool-progress', callId, ...progress }) }
          : {}),
      }),
    onEvent: (listener) => events.subscribe(listener),
  };

  if (options.autoConnect) {
    // Not awaited: start-up must never wait for slow servers.
    void runWithConcurrency(
      registry.list().map(([name]) => name),
      STDIO_STARTUP_BATCH,
      connectQuietly,
    );
  }

  return {
    api,
    events,
    dispose: () => connections.closeAll(),
  };
}
