/**
 * A secret store opened on first use. The desktop app's store asks the system keychain
 * through a utility process (up to 10 s when the keychain hangs; on macOS possibly a
 * Keychain prompt): that must never happen before the window is open, nor at all in a
 * session that touches no secret. Until a secret is first read or written, `info()` says
 * so; once the store is open it says what the store is, and `onOpened` listeners hear it
 * (the page shows where secrets go, and any warning, from that).
 */
import type { SecretStore, SecretStoreInfo } from './secret-store';

export const NOT_OPENED_INFO: SecretStoreInfo = {
  encrypted: true,
  location: 'the system keychain (opened when a secret is first read or saved)',
};

export interface LazySecretStore extends SecretStore {
  /** Called once the real store is open, with what it is. */
  onOpened(listener: (info: SecretStoreInfo) => void): void;
}

export function lazySecretStore(open: () => Promise<SecretStore>): LazySecretStore {
  let opening: Promise<SecretStore> | undefined;
  let opened: SecretStore | undefined;
  const listeners: ((info: SecretStoreInfo) => void)[] = [];
  const store = (): Promise<SecretStore> =>
    (opening ??= open().then(
      (real) => {
        opened = real;
        for (const listener of listeners) listener(real.info());
        return real;
      },
      (error: unknown) => {
        // Not remembered: the next use tries again (the keychain may answer then).
        opening = undefined;
        throw error;
      },
    ));
  return {
    info: () => opened?.info() ?? NOT_OPENED_INFO,
    get: async (key) => (await store()).get(key),
    set: async (key, value) => (await store()).set(key, value),
    delete: async (key) => (await store()).delete(key),
    keys: async () => (await store()).keys(),
    onOpened: (listener) => void listeners.push(listener),
  };
}
