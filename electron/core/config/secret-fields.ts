/**
 * Moving values between an entry and the secret store. The renderer sends clear values
 * for the fields the user marked secret; they go into the store and the entry keeps a
 * `${secret:KEY}` reference.
 *
 * A key names the server and the field it was made for, plus a random part:
 * `<server>.<field>.<16 hex digits>`. An entry owns exactly the keys made for its own
 * fields, and a reference is filled in only when its entry owns the key, so a config
 * file from elsewhere can neither guess its way to another server's secret nor point at
 * keys the app keeps for other purposes (OAuth tokens, `oauth:<server>:…`).
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/envelope';
import type { ConfigScope } from '../../../shared/config/scopes';
import type { ServerConfig } from '../../../shared/config/server-config';
import { describeSecretField, isSecretRef, secretCapableFields, secretKeyOf, secretKeysOf, secretRef, type SecretFieldPath } from '../../../shared/config/secret-ref';
import type { SecretStore } from '../secrets/secret-store';
import type { ServerRegistry } from './server-registry';

const RANDOM_PART = /^[0-9a-f]{16}$/;

/** What every key made for this server's field starts with. */
function keyPrefix(server: string, path: SecretFieldPath): string {
  return `${`${server}.${describeSecretField(path)}`.replace(/[^A-Za-z0-9_.-]/g, '_')}.`;
}

export function newSecretKey(server: string, path: SecretFieldPath): string {
  return `${keyPrefix(server, path)}${randomBytes(8).toString('hex')}`;
}

/** Whether the key was made for this server's field (and so may be filled in there). */
export function ownsSecretKey(server: string, path: SecretFieldPath, key: string): boolean {
  const prefix = keyPrefix(server, path);
  return key.startsWith(prefix) && RANDOM_PART.test(key.slice(prefix.length));
}

/** The keys an entry refers to in fields that own them: the only ones it may use or delete. */
export function ownedKeysOf(server: string, config: ServerConfig): string[] {
  const out: string[] = [];
  for (const field of secretCapableFields(config)) {
    const key = secretKeyOf(field.value);
    if (key && ownsSecretKey(server, field.path, key)) out.push(key);
  }
  return out;
}

function getAtPath(config: ServerConfig, path: SecretFieldPath): unknown {
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

/** The entries a secret may be copied from: their names and configs. */
export type SecretSources = ReadonlyArray<{ name: string; config: ServerConfig }>;

/**
 * Gives an entry (new, renamed or duplicated) its own copy of every secret it refers to,
 * so editing or deleting one server's secret never changes another's. Only a secret that
 * one of `sources` owns is copied (a duplicate made in the form; the entry itself before
 * a rename or with a renamed env or header key). Keys the entry already owns stay; any
 * other reference is left as it is, and its launch then refuses it with a message naming
 * the server, the field and the key.
 */
export async function cloneSecrets(config: ServerConfig, store: SecretStore, server: string, sources: SecretSources): Promise<ServerConfig> {
  let out = config;
  for (const field of secretCapableFields(config)) {
    const key = secretKeyOf(field.value);
    if (!key || ownsSecretKey(server, field.path, key)) continue;
    const owner = sources.find((source) => secretCapableFields(source.config).some((own) => own.value === field.value && ownsSecretKey(source.name, own.path, key)));
    if (!owner) continue;
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

/** Every secret key an entry of an open scope still owns and refers to. */
export function usedKeys(registry: ServerRegistry): Set<string> {
  const used = new Set<string>();
  for (const scope of registry.availableScopes()) for (const entry of registry.entriesOf(scope)) for (const key of ownedKeysOf(entry.name, entry.config)) used.add(key);
  return used;
}

/** Every entry of the open scopes, as sources a secret may be copied from. */
export function secretSources(registry: ServerRegistry): SecretSources {
  return registry.availableScopes().flatMap((scope) => registry.entriesOf(scope));
}

/**
 * A project's `.mcp.json` is meant to be committed: it never gets a secret, nor a
 * reference to one (a reference names a key of your store, and a project entry never uses
 * stored secrets). Refused before anything is stored or written, with what to do instead.
 */
export function refuseSecretsInProject(scope: ConfigScope, name: string, config: ServerConfig, secretFields: readonly SecretFieldPath[]): void {
  if (scope !== 'project') return;
  if (secretFields.length === 0 && secretKeysOf(config).length === 0) return;
  throw new AppError(
    'invalid-request',
    `Server "${name}": a project's .mcp.json is shared with everyone who has the project, so it never holds secrets or references to your stored ones. Keep this server in the local scope (yours, for this project), or write \${VAR} and set the variable in your environment.`,
  );
}
