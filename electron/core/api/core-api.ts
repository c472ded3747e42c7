/**
 * The core: the AppApi implementation every front end (Electron IPC, the browser
 * host's WebSocket, the CLI) dispatches into. Each area of the API lives in its own
 * file; this one builds the shared pieces and joins them.
 */
import type { AppApi } from '../../../shared/api';
import { ServerRegistry } from '../config/server-registry';
import { ConnectionManager, connectTimeoutFromEnv } from '../connections/connection-manager';
import { EventBus } from '../events/event-bus';
import { runWithConcurrency } from '../util/concurrency';
import { createConnectionsApi } from './connections-api';
import { createCoreContext } from './core-context';
import { createServersApi } from './servers-api';
import { createToolsApi } from './tools-api';

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
  const ctx = createCoreContext(events, registry, connections);
  connections.onStateChange = (name) => {
    const config = registry.get(name);
    if (config) events.emit({ type: 'server-state', server: ctx.viewOf(name, config) });
  };

  const api: AppApi = {
    ...createServersApi(ctx),
    ...createConnectionsApi(ctx),
    ...createToolsApi(ctx),
    onEvent: (listener) => events.subscribe(listener),
  };

  if (options.autoConnect) {
    // Not awaited: start-up must never wait for slow servers.
    void runWithConcurrency(
      registry.list().map(([name]) => name),
      STDIO_STARTUP_BATCH,
      ctx.connectQuietly,
    );
  }

  return { api, events, dispose: () => connections.closeAll() };
}
