/**
 * Keeps connections in step with the config files. After any change (ours, another
 * program's, or a project opened or closed): a server that is gone is closed; a
 * connected server whose entry changed reconnects with the new entry, except that a
 * project entry that changed or took over by itself (a `git pull`, or opening a project
 * whose `.mcp.json` hides a running user server) disconnects instead, so no command from
 * a project file runs without the user asking; a disabled one is closed;
 * and newly appearing user and local servers connect when the app auto-connects.
 * Project servers never start by themselves (a `.mcp.json` may come from anywhere), unless
 * the user approved that exact entry for that project.
 * A server removed or renamed (here or in the file) loses its sign-in: its refresh timer
 * and OAuth credentials go. Closing a project only hides its servers: they keep theirs.
 */
import { isEnabled, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ConfigScope } from '../../../shared/config/scopes';
import type { RegistryChange } from '../config/server-registry';
import { runWithConcurrency } from '../util/concurrency';
import type { CoreContext } from './core-context';

const STDIO_STARTUP_BATCH = 3;
/** Background work reports through server states; a rejection must not end the process. */
const ignore = () => undefined;

interface Snapshot {
  key: string;
  scope: ConfigScope;
}

export interface ConfigSyncOptions {
  autoConnect: boolean;
  /** A server's name left the config: its sign-in (tokens, refresh timer) goes. */
  forgetCredentials?: (name: ServerName) => Promise<void>;
  /** A project server the user approved for exactly this entry: it connects like a user server. */
  approved?: (name: ServerName, config: ServerConfig) => boolean;
}

export function createConfigSync(ctx: CoreContext, options: ConfigSyncOptions) {
  const snapshot = () => new Map<ServerName, Snapshot>(ctx.registry.effective().map((e) => [e.name, { key: JSON.stringify(e.config), scope: e.scope }]));
  let previous = snapshot();

  return (change: RegistryChange): void => {
    const next = snapshot();
    const toConnect: ServerName[] = [];
    for (const [name] of previous) {
      if (!next.has(name)) {
        ctx.launchInfo.delete(name);
        void ctx.connections.forget(name).catch(ignore);
        if (!change.project) void options.forgetCredentials?.(name).catch(ignore);
      }
    }
    for (const [name, now] of next) {
      const before = previous.get(name);
      if (before && before.key === now.key) continue;
      const config = ctx.registry.get(name)!;
      const status = ctx.connections.state(name).status;
      const live = status === 'connected' || status === 'pending';
      if (!isEnabled(config)) {
        if (live) void ctx.connections.disconnect(name).catch(ignore);
      } else if (before && live) {
        // A project entry that took over by itself (another program wrote it, or opening the
        // project uncovered it) waits for the user; an edit made here restarts the server.
        if (now.scope === 'project' && (change.external || change.project)) void ctx.connections.disconnect(name).catch(ignore);
        else toConnect.push(name);
      } else if (!before && options.autoConnect && (change.external || change.project) && (now.scope !== 'project' || options.approved?.(name, config))) {
        toConnect.push(name);
      }
    }
    previous = next;
    if (toConnect.length > 0) void runWithConcurrency(toConnect, STDIO_STARTUP_BATCH, ctx.connectQuietly);
    ctx.events.emit({ type: 'config-changed', scopes: change.scopes, external: change.external });
  };
}
