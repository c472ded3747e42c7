/**
 * ServersApi: the configured servers across the three scopes. Secret values the form
 * sends go to the secret store; config files only ever get references.
 */
import type { ServersApi } from '../../../shared/api/servers';
import { AppError } from '../../../shared/envelope';
import { isStdioConfig, type ServerConfig } from '../../../shared/config/server-config';
import { cloneSecrets, ownedKeysOf, releaseSecrets, secretSources, storeSecretFields, usedKeys } from '../config/secret-fields';
import type { CoreContext } from './core-context';

export function createServersApi(ctx: CoreContext): ServersApi {
  const { registry, secrets } = ctx;

  const entryOf = (name: string, scope?: Parameters<typeof registry.find>[1]) => {
    const entry = registry.find(name, scope);
    if (!entry) throw new AppError('not-found', scope ? `No server named "${name}" in the ${scope} scope.` : `No server named "${name}".`);
    return entry;
  };

  /** Deletes the secrets an old entry owned that no entry refers to any more (never keys it merely named). */
  const releaseUnused = (name: string, old: ServerConfig) => releaseSecrets(ownedKeysOf(name, old), secrets, usedKeys(registry));

  /** The config the last PATH scan was made for. */
  let scannedFor: string | undefined;

  /**
   * Refreshes where each stdio command is found, so the list can show it: once per config
   * change (the list is asked for often, and each scan searches PATH for every stdio
   * entry). A launch records where it found its command in between.
   */
  async function refreshLaunchInfo(): Promise<void> {
    const key = JSON.stringify([registry.project ?? null, registry.effective().map(({ name, scope, config }) => [name, scope, config])]);
    if (key === scannedFor) return;
    scannedFor = key;
    await Promise.all(
      registry.effective().map(async ({ name, config }) => {
        if (isStdioConfig(config)) ctx.launchInfo.set(name, await ctx.describeLaunch(name, config));
        else ctx.launchInfo.delete(name);
      }),
    );
  }

  return {
    async listServers() {
      await refreshLaunchInfo();
      return registry.effective().map(({ name, config }) => ctx.viewOf(name, config));
    },

    async addServer({ name, config, scope = 'user', secretFields = [] }) {
      // References copied from another entry (a duplicate made in the form) get their own copies.
      let saved = await cloneSecrets(config, secrets, name, secretSources(registry));
      saved = await storeSecretFields(saved, secretFields, secrets, name);
      try {
        await registry.add(scope, name, saved);
      } catch (error) {
        await releaseSecrets(ownedKeysOf(name, saved), secrets, usedKeys(registry));
        throw error;
      }
      await refreshLaunchInfo();
      ctx.events.emit({ type: 'servers-changed' });
      return ctx.connectQuietly(name);
    },

    async updateServer({ name, scope, newName = name, config, secretFields = [] }) {
      const old = entryOf(name, scope).config;
      const status = ctx.connections.state(name).status;
      const wasLive = status === 'connected' || status === 'pending';
      // Secrets the entry owned before move to keys of its new name or field (a key names
      // both). Nothing else is copied: an entry that named someone else's key keeps naming
      // it, and its launch keeps refusing it.
      let saved = await cloneSecrets(config, secrets, newName, [{ name, config: old }]);
      saved = await storeSecretFields(saved, secretFields, secrets, newName);
      await registry.replace(scope, name, saved, newName);
      await releaseUnused(name, old);
      if (newName !== name) {
        if (!registry.get(name)) await ctx.connections.forget(name);
        // A renamed server that was running keeps running, under its new name.
        if (wasLive) {
          await refreshLaunchInfo();
          ctx.events.emit({ type: 'servers-changed' });
          return ctx.connectQuietly(newName);
        }
      }
      await refreshLaunchInfo();
      ctx.events.emit({ type: 'servers-changed' });
      return ctx.viewOf(newName);
    },

    async duplicateServer({ name, scope, newName, toScope }) {
      const entry = entryOf(name, scope);
      const copy = await cloneSecrets(entry.config, secrets, newName, [entry]);
      await registry.add(toScope ?? entry.scope, newName, copy);
      await refreshLaunchInfo();
      ctx.events.emit({ type: 'servers-changed' });
      return ctx.connectQuietly(newName);
    },

    async removeServer({ name, scope }) {
      const entry = entryOf(name, scope);
      const wasInUse = registry.find(name)?.scope === entry.scope;
      if (wasInUse) await ctx.connections.forget(name);
      await registry.remove(entry.scope, name);
      await releaseUnused(name, entry.config);
      ctx.launchInfo.delete(name);
      ctx.events.emit({ type: 'servers-changed' });
      // A lower scope's entry of the same name now takes over (a project one waits for the user).
      const uncovered = wasInUse ? registry.find(name) : undefined;
      if (uncovered && uncovered.scope !== 'project') void ctx.connectQuietly(name).catch(() => undefined);
    },

    async moveServer({ name, from, to }) {
      entryOf(name, from);
      await registry.move(name, from, to);
      ctx.events.emit({ type: 'servers-changed' });
      return ctx.viewOf(name);
    },

    async setServerEnabled({ name, enabled }) {
      const entry = entryOf(name);
      const config: Record<string, unknown> = { ...entry.config };
      // Switching on also clears another client's `"disabled": true`.
      if (enabled) {
        delete config.enabled;
        delete config.disabled;
      } else config.enabled = false;
      await registry.replace(entry.scope, name, config as ServerConfig);
      ctx.events.emit({ type: 'servers-changed' });
      if (!enabled) {
        await ctx.connections.disconnect(name);
        return ctx.viewOf(name);
      }
      return ctx.connectQuietly(name);
    },
  };
}
