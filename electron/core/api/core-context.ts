/**
 * What every area of the core API works with: the registry, the connection manager,
 * the settings, the event bus, the secret store, and a few lookups they all need.
 */
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { LaunchInfo, ProjectServerApproval, ServerView } from '../../../shared/domain';
import { AppError } from '../../../shared/envelope';
import type { SecretOwners } from '../config/secret-owners';
import type { ServerRegistry } from '../config/server-registry';
import type { ConnectionManager } from '../connections/connection-manager';
import type { EventBus } from '../events/event-bus';
import type { SecretRedactor } from '../secrets/secret-redactor';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';

/** The config side of the core: secrets, masking, and what is known about launching each server. */
export interface ConfigServices {
  secrets: SecretStore;
  /** Which entry (scope, name, destination) each stored secret belongs to. */
  secretOwners: SecretOwners;
  redactor: SecretRedactor;
  /** Where each stdio server's command was found (filled by listServers and by launches). */
  launchInfo: Map<ServerName, LaunchInfo>;
  describeLaunch(name: ServerName, config: ServerConfig): Promise<LaunchInfo>;
}

export interface CoreContextParts extends ConfigServices {
  events: EventBus;
  registry: ServerRegistry;
  connections: ConnectionManager;
  settings: SettingsStore;
  /** Where Claude Code's IDE lock files are read from. */
  ideLockDir: string;
  /** A project server's approval (ours and Claude Code's); undefined for other scopes or without a project. */
  approvalOf?: (name: ServerName, config: ServerConfig) => ProjectServerApproval | undefined;
}

export interface CoreContext extends CoreContextParts {
  /** The server's config, or a not-found error naming it. */
  configOf(name: ServerName): ServerConfig;
  /** The server's config joined with its live state and its scope (secrets in its messages masked). */
  viewOf(name: ServerName, config?: ServerConfig): ServerView;
  /**
   * Connects unless disabled; a failure is recorded in the server's state, so the caller only
   * needs the view. A signal ends the wait (cancelled: it rejects), not the connect.
   */
  connectQuietly(name: ServerName, signal?: AbortSignal): Promise<ServerView>;
}

export function createCoreContext(parts: CoreContextParts): CoreContext {
  const { registry, connections, redactor, launchInfo } = parts;
  const configOf = (name: ServerName): ServerConfig => {
    const config = registry.get(name);
    if (!config) throw new AppError('not-found', `No server named "${name}".`);
    return config;
  };
  const viewOf = (name: ServerName, config: ServerConfig = configOf(name)): ServerView => {
    const state = connections.state(name, config);
    const entry = registry.effective().find((e) => e.name === name);
    const launch = launchInfo.get(name);
    const approval = entry?.scope === 'project' ? parts.approvalOf?.(name, config) : undefined;
    const heldApproval = entry?.held ? parts.approvalOf?.(name, entry.held.config) : undefined;
    const redact = (text: string) => redactor.redact(text);
    return {
      name,
      config,
      ...state,
      ...(state.error ? { error: redact(state.error) } : {}),
      ...(state.stderrTail ? { stderrTail: state.stderrTail.map(redact) } : {}),
      ...(entry ? { scope: entry.scope, shadows: entry.shadows } : {}),
      ...(launch ? { launch } : {}),
      ...(approval ? { approval } : {}),
      ...(entry?.held && heldApproval ? { heldProjectEntry: { config: entry.held.config, approval: heldApproval } } : {}),
    };
  };
  return {
    ...parts,
    configOf,
    viewOf,
    async connectQuietly(name, signal) {
      const config = configOf(name);
      // A disabled server stays disabled; its state already says so.
      if (config.enabled !== false) {
        await connections.connect(name, config, signal ? { signal } : {}).catch((error: unknown) => {
          if (signal?.aborted) throw error;
        });
      }
      return viewOf(name);
    },
  };
}
