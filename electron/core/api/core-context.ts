/**
 * What every area of the core API works with: the registry, the connection manager,
 * the settings, the event bus, and a few lookups they all need.
 */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { ServerRegistry } from '../config/server-registry';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventBus } from '../events/event-bus';
import type { SettingsStore } from '../settings/settings-store';

export interface CoreContext {
  events: EventBus;
  registry: ServerRegistry;
  connections: ConnectionManager;
  settings: SettingsStore;
  /** Where Claude Code's IDE lock files are read from. */
  ideLockDir: string;
  /** The server's config, or a not-found error naming it. */
  configOf(name: ServerName): ServerConfig;
  /** The server's config joined with its live state. */
  viewOf(name: ServerName, config?: ServerConfig): ServerView;
  /** Connects; a failure is recorded in the server's state, so the caller only needs the view. */
  connectQuietly(name: ServerName): Promise<ServerView>;
}

export interface CoreContextParts {
  events: EventBus;
  registry: ServerRegistry;
  connections: ConnectionManager;
  settings: SettingsStore;
  ideLockDir: string;
}

export function createCoreContext(parts: CoreContextParts): CoreContext {
  const { registry, connections } = parts;
  const configOf = (name: ServerName): ServerConfig => {
    const config = registry.get(name);
    if (!config) throw new AppError('not-found', `No server named "${name}".`);
    return config;
  };
  const viewOf = (name: ServerName, config: ServerConfig = configOf(name)): ServerView => ({ name, config, ...connections.state(name, config) });
  return {
    ...parts,
    configOf,
    viewOf,
    async connectQuietly(name) {
      const config = configOf(name);
      // A disabled server stays disabled; its state already says so.
      if (config.enabled !== false) await connections.connect(name, config).catch(() => undefined);
      return viewOf(name);
    },
  };
}
