/**
 * The desktop app's secret store: the core's file store, with every value encrypted by
 * Electron's safeStorage (the macOS Keychain, Windows DPAPI, or the Linux keyring)
 * through its async API. Values browser mode saved in plain text move in, encrypted, when
 * first read. Written against a minimal slice of Electron's types so it can be
 * unit-tested with a fake safeStorage.
 */
import path from 'node:path';
import type { SafeStorage } from 'electron';
import { ENCRYPTED_SECRETS_FILE, FileSecretStore, PLAIN_SECRETS_FILE } from '../core/secrets/file-secret-store';
import type { SecretCipher, SecretStore } from '../core/secrets/secret-store';

export type SafeStorageLike = Pick<SafeStorage, 'encryptStringAsync' | 'decryptStringAsync' | 'isAsyncEncryptionAvailable'>;

/**
 * On Linux this store is the fallback for when no Secret Service answered the keychain
 * helper; safeStorage's asynchronous encryptor reaches the same Secret Service (or the
 * desktop portal), and "a fallback provider is used for environments without a secret
 * service available" (docs/api/safe-storage.md, "Asynchronous API") — a fixed key. So there
 * the store is described as what it most likely is: weak. (`getSelectedStorageBackend()`
 * names the synchronous API's backend, not the asynchronous one's, so it cannot vouch.)
 */
export function createSafeStorageCipher(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): SecretCipher {
  const description =
    platform === 'darwin' ? 'encrypted with the macOS Keychain' : platform === 'win32' ? 'encrypted with Windows DPAPI' : "encrypted by Electron's safeStorage without a system keyring";
  return {
    description,
    ...(platform !== 'darwin' && platform !== 'win32'
      ? {
          weakness:
            "No system keyring answered (no Secret Service on this session's D-Bus), so secrets are encrypted with Electron's built-in fallback key, which only keeps them from being read at a glance. Install and unlock a keyring that offers the Secret Service (GNOME Keyring, KeePassXC, or KWallet 5.97 or newer) and restart the app for real protection.",
        }
      : {}),
    encrypt: async (plain) => (await safeStorage.encryptStringAsync(plain)).toString('base64'),
    decrypt: async (encoded) => (await safeStorage.decryptStringAsync(Buffer.from(encoded, 'base64'))).result,
    // safeStorage says when a value was encrypted with an OS key that has since been
    // replaced (e.g. a rotated keychain entry): the store then writes it again with the new one.
    decryptChecked: async (encoded) => {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(encoded, 'base64'));
      return { plain: result, reEncrypt: shouldReEncrypt };
    },
  };
}

/** The encrypted store, or the plain one (with its warning) when this system cannot encrypt. */
export async function createSafeStorageSecretStore(safeStorage: SafeStorageLike, dataDir: string, platform: NodeJS.Platform = process.platform): Promise<SecretStore> {
  const plain = new FileSecretStore(path.join(dataDir, PLAIN_SECRETS_FILE));
  const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false);
  if (!available) return plain;
  return new FileSecretStore(path.join(dataDir, ENCRYPTED_SECRETS_FILE), { cipher: createSafeStorageCipher(safeStorage, platform), migrateFrom: plain });
}
