/**
 * The one place that decides which servers connect and disconnect when the config
 * changes, whoever changed it: an edit in the app, another program writing a file, or a
 * project opened or closed. The API only writes the config and waits here for what the
 * change set off; nothing else connects or disconnects because of a config change.
 *
 * The rules, from the entries before and after the change:
 * - a server that is gone is closed and forgotten; a server removed or renamed (here or
 *   in the file) loses its sign-in: its refresh timer and OAuth credentials go. Closing a
 *   project only hides its servers: they keep theirs;
 * - a disabled one is closed;
 * - a connected server whose entry changed reconnects with the new entry, and so does one
 *   whose last attempt failed (the edit may be the fix: its old error describes an entry
 *   that no longer exists), except that a project entry that changed or took over by
 *   itself (a `git pull`, opening a project whose `.mcp.json` hides a running user server,
 *   removing the local entry that hid it) disconnects instead, so no command from a
 *   project file runs without the user asking;
 * - a server added here connects at once; one renamed here connects under its new name if
 *   it was running; one switched on here connects; one edited here that was never tried
 *   in this run connects (a project one only when approved);
 * - servers appearing by themselves (another program, a project opened) connect when the
 *   app auto-connects: user and local ones, and project ones only when the user approved
 *   that exact entry for that project (a `.mcp.json` may come from anywhere).
 *
 * After each change the front ends get the new server list as one `servers-changed` event
 * and the files' state as one `config-changed` event, so they never need to ask again.
 */
import { isEnabled, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ConfigScope } from '../../../shared/config/scopes';
import type { LaunchInfo, ServerView } from '../../../shared/domain';
import type { RegistryChange, ServerRegistry } from '../config/server-registry';
import type { EventBus } from '../events/event-bus';
import { runWithConcurrency } from '../util/concurrency';
import type { ConnectionManager } from './connection-manager';

const STDIO_STARTUP_BATCH = 3;
/** Background work reports through server states; a rejection must not end the process. */
const ignore = () => undefined;

interface Snapshot {
  key: string;
  scope: ConfigScope;
  enabled: boolean;
}

/** What the sync works with (the core's context has them all). */
export interface ConfigSyncContext {
  registry: Pick<ServerRegistry, 'effective' | 'get' | 'project' | 'availableScopes' | 'status'>;
  connections: Pick<ConnectionManager, 'state' | 'attemptOf' | 'forget' | 'disconnect'>;
  events: EventBus;
  launchInfo: Map<ServerName, LaunchInfo>;
  viewOf(name: ServerName, config?: ServerConfig): ServerView;
  /** Connects unless disabled; a failure is recorded in the server's state. */
  connectQuietly(name: ServerName): Promise<unknown>;
  /** Finds where each stdio command is (again, when the config changed since the last time). */
  scanLaunches(): Promise<void>;
}

export interface ConfigSyncOptions {
  autoConnect: boolean;
  /** A server's name left the config: its sign-in (tokens, refresh timer) goes. */
  forgetCredentials?: (name: ServerName) => Promise<void>;
  /** A project server the user approved for exactly this entry: it connects like a user server. */
  approved?: (name: ServerName, config: ServerConfig) => boolean;
}

export interface ConfigSync {
  /** The registry's change handler. */
  onChange(change: RegistryChange): void;
  /** Resolves once what the changes so far set off for this server is done, and the list that followed them was sent. */
  settled(name: ServerName): Promise<void>;
  /** The server list as it is now, with where each stdio command is found. */
  list(): Promise<ServerView[]>;
}

export function createConfigSync(ctx: ConfigSyncContext, options: ConfigSyncOptions): ConfigSync {
  const snapshot = () =>
    new Map<ServerName, Snapshot>(ctx.registry.effective().map((e) => [e.name, { key: JSON.stringify(e.config), scope: e.scope, enabled: isEnabled(e.config) }]));
  let previous = snapshot();
  /** Per server, the work its latest change set off, until it is done. */
  const work = new Map<ServerName, Promise<unknown>>();
  const track = (name: ServerName, promise: Promise<unknown>) => {
    work.set(name, promise);
    void promise.finally(() => work.get(name) === promise && work.delete(name));
  };
  let listed: Promise<void> = Promise.resolve();

  const isLive = (name: ServerName) => {
    const status = ctx.connections.state(name).status;
    return status === 'connected' || status === 'pending';
  };
  /** Its last attempt (with the entry before) failed or wanted sign-in. */
  const hasFailed = (name: ServerName) => {
    const status = ctx.connections.state(name).status;
    return status === 'failed' || status === 'needs-auth';
  };
  const neverTried = (name: ServerName) => ctx.connections.attemptOf(name) === undefined;

  const list = async (): Promise<ServerView[]> => {
    await ctx.scanLaunches();
    return ctx.registry.effective().map(({ name, config }) => ctx.viewOf(name, config));
  };

  /** The list goes out after the PATH scan, so it shows where each command is found; lists leave in the order of the changes. */
  const listChanged = (): void => {
    listed = listed.then(async () => ctx.events.emit({ type: 'servers-changed', servers: await list() })).catch(ignore);
  };

  const onChange = (change: RegistryChange): void => {
    const next = snapshot();
    // Made in the app, by the user: not another program's write, not a project opened or closed.
    const here = !change.external && !change.project;
    const renamedLive = change.renamed !== undefined && isLive(change.renamed.from);
    const toConnect: ServerName[] = [];
    for (const [name] of previous) {
      if (next.has(name)) continue;
      ctx.launchInfo.delete(name);
      const forgetting = ctx.connections.forget(name).catch(ignore);
      const credentials = change.project ? undefined : options.forgetCredentials?.(name).catch(ignore);
      track(name, Promise.all([forgetting, credentials]));
    }
    for (const [name, now] of next) {
      const before = previous.get(name);
      if (before && before.key === now.key) continue;
      const config = ctx.registry.get(name)!;
      const live = isLive(name);
      // A failed server may be waiting to retry with the entry before: that stops too.
      const running = live || hasFailed(name);
      if (!now.enabled) {
        if (running) track(name, ctx.connections.disconnect(name).catch(ignore));
      } else if (change.added === name) {
        // Added here, maybe over an entry of a lower scope: it connects at once.
        toConnect.push(name);
      } else if (before && running) {
        // A project entry that took over by itself (another program wrote it, opening the
        // project uncovered it, or the entry that hid it went) waits for the user; an edit
        // of the project entry made here restarts the server, like any other.
        const tookOver = now.scope === 'project' && (!here || before.scope !== 'project');
        if (tookOver) track(name, ctx.connections.disconnect(name).catch(ignore));
        else toConnect.push(name);
      } else if (before) {
        const mayStart = now.scope !== 'project' || options.approved?.(name, config) === true;
        if (here && (!before.enabled || (neverTried(name) && mayStart))) toConnect.push(name);
      } else if (here) {
        if (change.renamed?.to === name && renamedLive) toConnect.push(name);
      } else if (options.autoConnect && (now.scope !== 'project' || options.approved?.(name, config))) {
        toConnect.push(name);
      }
    }
    previous = next;
    if (toConnect.length > 0) {
      const connecting = runWithConcurrency(toConnect, STDIO_STARTUP_BATCH, ctx.connectQuietly);
      for (const name of toConnect) track(name, connecting);
    }
    ctx.events.emit({
      type: 'config-changed',
      scopes: change.scopes,
      external: change.external,
      status: { ...(ctx.registry.project ? { project: ctx.registry.project } : {}), availableScopes: ctx.registry.availableScopes(), files: ctx.registry.status() },
    });
    listChanged();
  };

  return {
    onChange,
    list,
    async settled(name) {
      await Promise.all([work.get(name), listed]);
    },
  };
}
