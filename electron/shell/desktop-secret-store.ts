/**
 * The desktop app's secret store: the same keychain store browser mode and the CLI use
 * (secrets.keychain.json, encrypted with a key in the system keychain), so a sign-in in one
 * is usable in the others. What an earlier version kept in the safeStorage-encrypted file
 * moves in once. Where no keychain answers, the app keeps its own safeStorage store (and
 * the plain file where safeStorage cannot encrypt either).
 */
import path from 'node:path';
import { createSecretStore } from '../core/secrets/create-secret-store';
import { ENCRYPTED_SECRETS_FILE, FileSecretStore } from '../core/secrets/file-secret-store';
import type { KeychainRunner } from '../core/secrets/keychain-runner';
import type { SecretStore } from '../core/secrets/secret-store';
import { createSafeStorageCipher, createSafeStorageSecretStore, type SafeStorageLike } from './safe-storage-secrets';

export interface DesktopSecretStoreOptions {
  safeStorage: SafeStorageLike;
  dataDir: string;
  runner: KeychainRunner;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** The keychain entry's service name (tests use their own). */
  service?: string;
  notice?: (line: string) => void;
}

export async function createDesktopSecretStore(options: DesktopSecretStoreOptions): Promise<SecretStore> {
  const platform = options.platform ?? process.platform;
  const canDecrypt = await options.safeStorage.isAsyncEncryptionAvailable().catch(() => false);
  // Values an earlier version encrypted with safeStorage; only readable while safeStorage works.
  const older = canDecrypt ? [new FileSecretStore(path.join(options.dataDir, ENCRYPTED_SECRETS_FILE), { cipher: createSafeStorageCipher(options.safeStorage, platform) })] : [];
  return createSecretStore({
    dataDir: options.dataDir,
    runner: options.runner,
    platform,
    moveFrom: older,
    // The plain file handed over carries the warning that says why no keychain was used.
    fallback: async (_reason, plain) => (canDecrypt ? createSafeStorageSecretStore(options.safeStorage, options.dataDir, platform) : plain),
    ...(options.env ? { env: options.env } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.service ? { service: options.service } : {}),
    ...(options.notice ? { notice: options.notice } : {}),
  });
}
