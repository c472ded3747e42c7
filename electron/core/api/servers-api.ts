/**
 * ServersApi: the configured servers across the three scopes. Secret values the form
 * sends go to the secret store; config files only ever get references. What connects or
 * disconnects after an edit is decided by the config sync, as for any other config
 * change: each method writes the config and waits for what that set off.
 */
import type { ServersApi } from '../../../shared/api/servers';
import { AppError } from '../../../shared/envelope';
import type { ServerConfig } from '../../../shared/config/server-config';
import { cloneSecrets, ownedKeysOf, refuseSecretsInProject, releaseSecrets, secretSources, storeSecretFields, usedKeys } from '../config/secret-fields';
import type { ConfigSync } from '../connections/config-sync';
import type { CoreContext } from './core-context';

export function createServersApi(ctx: CoreContext, sync: Pick<ConfigSync, 'settled' | 'list'>): ServersApi {
  const { registry, secrets, secretOwners } = ctx;

  const entryOf = (name: string, scope?: Parameters<typeof registry.find>[1]) => {
    const entry = registry.find(name, scope);
    if (!entry) throw new AppError('not-found', scope ? `No server named "${name}" in the ${scope} scope.` : `No server named "${name}".`);
    return entry;
  };

  /** Deletes the secrets an old entry owned that no entry refers to any more (never keys it merely named). */
  const releaseUnused = (name: string, old: ServerConfig) => releaseSecrets(ownedKeysOf(name, old), secrets, usedKeys(registry));

  /** The server's view once the config sync has done what the change set off. */
  const settledView = async (name: string) => {
    await sync.settled(name);
    return ctx.viewOf(name);
  };

  return {
    listServers: () => sync.list(),

    async addServer({ name, config, scope = 'user', secretFields = [] }) {
      refuseSecretsInProject(scope, name, config, secretFields);
      // References copied from another entry (a duplicate made in the form) get their own copies.
      let saved = await cloneSecrets(config, secrets, name, secretSources(registry));
      saved = await storeSecretFields(saved, secretFields, secrets, name);
      try {
        await registry.add(scope, name, saved);
      } catch (error) {
        await releaseSecrets(ownedKeysOf(name, saved), secrets, usedKeys(registry));
        throw error;
      }
      // The secrets belong to this entry: this scope, this name, this destination.
      await secretOwners.bindEntry(scope, name, saved);
      return settledView(name);
    },

    async updateServer({ name, scope, newName = name, config, secretFields = [] }) {
      const old = entryOf(name, scope).config;
      refuseSecretsInProject(scope, newName, config, secretFields);
      // Secrets the entry owned before move to keys of its new name or field (a key names
      // both). Nothing else is copied: an entry that named someone else's key keeps naming
      // it, and its launch keeps refusing it.
      let saved = await cloneSecrets(config, secrets, newName, [{ name, config: old }]);
      saved = await storeSecretFields(saved, secretFields, secrets, newName);
      await registry.replace(scope, name, saved, newName);
      // Edited here, by the user: the secrets it keeps follow it to its new name or destination.
      await secretOwners.bindEntry(scope, newName, saved);
      await releaseUnused(name, old);
      await sync.settled(name);
      return settledView(newName);
    },

    async duplicateServer({ name, scope, newName, toScope }) {
      const entry = entryOf(name, scope);
      refuseSecretsInProject(toScope ?? entry.scope, newName, entry.config, []);
      const copy = await cloneSecrets(entry.config, secrets, newName, [entry]);
      await registry.add(toScope ?? entry.scope, newName, copy);
      await secretOwners.bindEntry(toScope ?? entry.scope, newName, copy);
      return settledView(newName);
    },

    async removeServer({ name, scope }) {
      const entry = entryOf(name, scope);
      await registry.remove(entry.scope, name);
      await releaseUnused(name, entry.config);
      await sync.settled(name);
    },

    async moveServer({ name, from, to }) {
      const entry = entryOf(name, from);
      refuseSecretsInProject(to, name, entry.config, []);
      await registry.move(name, from, to);
      await secretOwners.bindEntry(to, name, entry.config);
      return settledView(name);
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
      return settledView(name);
    },
  };
}
