/**
 * What every area of the core API works with: the registry, the connection manager,
 * the event bus, the secret store, and a few lookups they all need.
 */
import { isEnabled, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { LaunchInfo, ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { ServerRegistry } from '../config/server-registry';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventBus } from '../events/event-bus';
import type { SecretRedactor } from '../secrets/secret-redactor';
import type { SecretStore } from '../secrets/secret-store';

/** The config side of the core: secrets, masking, and what is known about launching each server. */
export interface ConfigServices {
  secrets: SecretStore;
  redactor: SecretRedactor;
  /** Where each stdio server's command was found (filled by listServers and by launches). */
  launchInfo: Map<ServerName, LaunchInfo>;
  describeLaunch(name: ServerName, config: ServerConfig): Promise<LaunchInfo>;
}

export interface CoreContext extends ConfigServices {
  events: EventBus;
  registry: ServerRegistry;
  connections: ConnectionManager;
  /** The server's config, or a not-found error naming it. */
  configOf(name: ServerName): ServerConfig;
  /** The server's config joined with its live state (secrets in its messages masked). */
  viewOf(name: ServerName, config?: ServerConfig): ServerView;
  /** Connects unless disabled; a failure is recorded in the server's state, so the caller only needs the view. */
  connectQuietly(name: ServerName): Promise<ServerView>;
}

export function createCoreContext(events: EventBus, registry: ServerRegistry, connections: ConnectionManager, config: ConfigServices): CoreContext {
  const configOf = (name: ServerName): ServerConfig => {
    const found = registry.get(name);
    if (!found) throw new AppError('not-found', `No server named "${name}".`);
    return found;
  };
  const viewOf = (name: ServerName, entryConfig: ServerConfig = configOf(name)): ServerView => {
    const state = connections.state(name);
    const entry = registry.effective().find((e) => e.name === name);
    const launch = config.launchInfo.get(name);
    const redact = config.redactor.redact.bind(config.redactor);
    return {
      name,
      config: entryConfig,
      ...state,
      status: state.status === 'disconnected' && !isEnabled(entryConfig) ? 'disabled' : state.status,
      ...(state.error ? { error: redact(state.error) } : {}),
      ...(state.stderrTail ? { stderrTail: state.stderrTail.map(redact) } : {}),
      ...(entry ? { scope: entry.scope, shadows: entry.shadows } : {}),
      ...(launch ? { launch } : {}),
    };
  };
  return {
    ...config,
    events,
    registry,
    connections,
    configOf,
    viewOf,
    async connectQuietly(name) {
      const entryConfig = configOf(name);
      if (!isEnabled(entryConfig)) return viewOf(name);
      await connections.connect(name, entryConfig).catch(() => undefined);
      return viewOf(name);
    },
  };
}
