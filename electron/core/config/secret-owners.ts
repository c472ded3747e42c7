/**
 * `secret-owners.json` in the app data folder: which entry each stored secret belongs to —
 * its scope, its server name and the destination it was saved for (the URL of a remote
 * entry, the command of a stdio one) — so a secret goes only to the entry it was typed
 * for. A key's name already says its server and field (secret-fields.ts); this adds what
 * a name cannot: an entry of the same name in another scope, or the same entry pointed
 * somewhere else by a file edited outside the app, does not get the secret.
 *
 * The file holds hashes of destinations, never a URL or command. A secret saved before
 * this file existed has no record: the first user or local entry that uses it (and owns
 * its key by name) becomes its owner.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { ConfigScope } from '../../../shared/config/scopes';
import { isStdioConfig, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import { JsonFile, JsonObjectSchema } from '../util/json-file';
import { ownedKeysOf } from './secret-fields';

export const SECRET_OWNERS_FILE = 'secret-owners.json';

export interface SecretOwner {
  scope: ConfigScope;
  server: ServerName;
  /** Where the entry sends things: its URL, or its command (arguments excluded, so a version bump keeps the secret). */
  destination: string;
}

export function destinationOf(config: ServerConfig): string {
  if (isStdioConfig(config)) return `command:${config.command}`;
  const url = (config as { url?: unknown }).url;
  return `url:${typeof url === 'string' ? url : ''}`;
}

function ownerHash(owner: SecretOwner): string {
  return createHash('sha256').update(JSON.stringify([owner.scope, owner.server, owner.destination])).digest('hex').slice(0, 40);
}

const OwnersSchema = z.looseObject({ keys: JsonObjectSchema.optional() }).transform(({ keys = {} }) => {
  const kept = Object.create(null) as Record<string, { owner: string; scope: ConfigScope; server: string }>;
  for (const [key, raw] of Object.entries(keys)) {
    const record = raw as { owner?: unknown; scope?: unknown; server?: unknown } | null;
    if (record && typeof record.owner === 'string' && (record.scope === 'user' || record.scope === 'local' || record.scope === 'project') && typeof record.server === 'string') {
      kept[key] = { owner: record.owner, scope: record.scope, server: record.server };
    }
  }
  return { keys: kept };
});
type OwnersFile = z.output<typeof OwnersSchema>;

export type OwnerCheck = { ok: true } | { ok: false; owner: { scope: ConfigScope; server: string } };

export class SecretOwners {
  private readonly file: JsonFile<OwnersFile>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, SECRET_OWNERS_FILE), OwnersSchema, () => ({ keys: Object.create(null) as OwnersFile['keys'] }), { damaged: 'keep', lock: true });
  }

  /** Whether this entry may use the key; a key without a record becomes this entry's. */
  async check(key: string, owner: SecretOwner): Promise<OwnerCheck> {
    const record = (await this.file.read()).keys[key];
    if (!record) {
      await this.bind([key], owner);
      return { ok: true };
    }
    return record.owner === ownerHash(owner) ? { ok: true } : { ok: false, owner: { scope: record.scope, server: record.server } };
  }

  /** Records the entry as the owner of these keys (a secret saved, copied, or its entry edited or moved in the app). */
  async bind(keys: readonly string[], owner: SecretOwner): Promise<void> {
    if (keys.length === 0) return;
    const hash = ownerHash(owner);
    await this.file.update(({ keys: current }) => {
      const next = Object.assign(Object.create(null) as OwnersFile['keys'], current);
      for (const key of keys) next[key] = { owner: hash, scope: owner.scope, server: owner.server };
      return { keys: next };
    });
  }

  /** Binds every key the entry owns by name to the entry as it is now. */
  bindEntry(scope: ConfigScope, server: ServerName, config: ServerConfig): Promise<void> {
    return this.bind(ownedKeysOf(server, config), { scope, server, destination: destinationOf(config) });
  }

  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.file.update(({ keys: current }) => {
      const next = Object.assign(Object.create(null) as OwnersFile['keys'], current);
      for (const key of keys) delete next[key];
      return { keys: next };
    });
  }
}
