/**
 * Picks the secret store every front end uses. With a system keychain that answers, the
 * values live in `secrets.keychain.json`, encrypted with a key kept in the keychain: the
 * desktop app, browser mode and the CLI all read the same entry and the same file, so a
 * secret or a sign-in saved in one is usable in the others. Secrets an earlier run kept
 * elsewhere (the plain 0600 file; the desktop app's safeStorage file) are moved in once.
 * Where no keychain answers, the caller's fallback is used: by default the plain 0600 file,
 * with a warning that says why.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FileSecretStore, PLAIN_SECRETS_FILE } from './file-secret-store';
import { createKeychainCipher } from './keychain-cipher';
import { keychainLockFile, readKeychainKey } from './keychain-key';
import { nodeKeychainRunner, type KeychainRunner } from './keychain-runner';
import type { SecretStore } from './secret-store';

export const KEYCHAIN_SECRETS_FILE = 'secrets.keychain.json';
/** Set to "off" to keep secrets in the data folder's file without asking a keychain. */
const KEYCHAIN_SWITCH = 'MCP_WORKBENCH_KEYCHAIN';

export interface SecretStoreOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** How the keychain is reached; default: a child Node process. */
  runner?: KeychainRunner;
  timeoutMs?: number;
  /** The keychain entry's service name (tests use their own). */
  service?: string;
  platform?: NodeJS.Platform;
  /** Further stores whose secrets move into the keychain store (the desktop app's safeStorage file). */
  moveFrom?: FileSecretStore[];
  /** The store to use when no keychain answers; default: the plain file with a warning. */
  fallback?: (reason: string, plain: FileSecretStore) => Promise<SecretStore>;
  /** Told when secrets could not be moved into the keychain store (they stay where they were, still readable). */
  notice?: (line: string) => void;
}

export async function createSecretStore(options: SecretStoreOptions): Promise<SecretStore> {
  const env = options.env ?? process.env;
  const plainFile = path.join(options.dataDir, PLAIN_SECRETS_FILE);
  const keychainFile = path.join(options.dataDir, KEYCHAIN_SECRETS_FILE);
  const key =
    env[KEYCHAIN_SWITCH] === 'off'
      ? ({ ok: false, reason: `${KEYCHAIN_SWITCH}=off` } as const)
      : await readKeychainKey({
          runner: options.runner ?? nodeKeychainRunner({ env }),
          lockFile: keychainLockFile(env, options.service),
          ...(options.service ? { service: options.service } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        });

  if (!key.ok) {
    const plain = new FileSecretStore(plainFile, { warning: fallbackWarning(key.reason, plainFile, keychainFile) });
    return options.fallback ? options.fallback(key.reason, plain) : plain;
  }

  const cipher = createKeychainCipher(key.key, options.platform);
  const plain = new FileSecretStore(plainFile);
  const store = new FileSecretStore(keychainFile, { cipher });
  for (const source of [...(options.moveFrom ?? []), plain]) {
    try {
      await source.moveAllInto(store);
    } catch (error) {
      // Nothing is lost: the old file stays, and its values move over one by one as they are read.
      options.notice?.(`Secrets in ${source.filePath} stay there for now: ${(error as Error).message}`);
      return new FileSecretStore(keychainFile, { cipher, migrateFrom: source });
    }
  }
  return store;
}

function fallbackWarning(reason: string, plainFile: string, keychainFile: string): string {
  const stranded = existsSync(keychainFile) ? ` Secrets saved while the keychain answered (in ${keychainFile}) cannot be read until it answers again.` : '';
  return `Secrets are not encrypted here: no system keychain answered (${reason}), so they are kept in plain text in ${plainFile}, readable only by your user account.${stranded}`;
}
