/**
 * Moving values between an entry and the secret store. The renderer sends clear values
 * for the fields the user marked secret; they go into the store and the entry keeps a
 * `${secret:KEY}` reference. Keys carry a random part, so a config file from elsewhere
 * cannot guess its way to another server's secret.
 */
import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../../shared/config/server-config';
import { describeSecretField, isSecretRef, secretCapableFields, secretKeyOf, secretKeysOf, secretRef, type SecretFieldPath } from '../../../shared/config/secret-ref';
import type { SecretStore } from '../secrets/secret-store';
import type { ServerRegistry } from './server-registry';

export function newSecretKey(server: string, path: SecretFieldPath): string {
  const readable = `${server}.${describeSecretField(path)}`.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${readable}.${randomBytes(8).toString('hex')}`;
}

export function getAtPath(config: ServerConfig, path: SecretFieldPath): unknown {
  const record = config as Record<string, unknown>;
  if (path.length === 1) return record[path[0]];
  const parent = record[path[0]];
  return parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[path[1]] : undefined;
}

/** A copy of the entry with one field set. */
export function setAtPath(config: ServerConfig, path: SecretFieldPath, value: string): ServerConfig {
  const record = { ...(config as Record<string, unknown>) };
  if (path.length === 1) record[path[0]] = value;
  else record[path[0]] = { ...((record[path[0]] as Record<string, unknown> | undefined) ?? {}), [path[1]]: value };
  return record as ServerConfig;
}

/**
 * Stores the clear values of the given fields and puts references in their place.
 * Fields that already hold a reference keep it; absent fields are ignored.
 */
export async function storeSecretFields(config: ServerConfig, fields: readonly SecretFieldPath[], store: SecretStore, server: string): Promise<ServerConfig> {
  let out = config;
  for (const path of fields) {
    const value = getAtPath(out, path);
    if (typeof value !== 'string' || isSecretRef(value)) continue;
    const key = newSecretKey(server, path);
    await store.set(key, value);
    out = setAtPath(out, path, secretRef(key));
  }
  return out;
}

/**
 * Gives a new entry its own copy of every secret it refers to, so editing or deleting
 * one server's secret never changes another's. References the store does not know are
 * left as they are (the launch then says the secret is missing), and so are the keys in
 * `keep` (the entry's own, when it is edited).
 */
export async function cloneSecrets(config: ServerConfig, store: SecretStore, server: string, keep: ReadonlySet<string> = new Set()): Promise<ServerConfig> {
  let out = config;
  for (const field of secretCapableFields(config)) {
    const key = secretKeyOf(field.value);
    if (!key || keep.has(key)) continue;
    const value = await store.get(key);
    if (value === undefined) continue;
    const fresh = newSecretKey(server, field.path);
    await store.set(fresh, value);
    out = setAtPath(out, field.path, secretRef(fresh));
  }
  return out;
}

/** Deletes the given keys, except those some entry still refers to. */
export async function releaseSecrets(keys: Iterable<string>, store: SecretStore, stillUsed: ReadonlySet<string>): Promise<void> {
  for (const key of new Set(keys)) if (!stillUsed.has(key)) await store.delete(key);
}

/** Every secret key an entry of an open scope still refers to. */
export function usedKeys(registry: ServerRegistry): Set<string> {
  const used = new Set<string>();
  for (const scope of registry.availableScopes()) for (const entry of registry.entriesOf(scope)) for (const key of secretKeysOf(entry.config)) used.add(key);
  return used;
}
