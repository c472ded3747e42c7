/**
 * Where secret values live: env and header values marked secret, IDE auth tokens, OAuth
 * client secrets, and OAuth tokens. The core receives a store: every front end passes the
 * one keyed in the system keychain (create-secret-store.ts), shared by all of them; where
 * no keychain answers, the desktop app its safeStorage file and the browser host and the
 * CLI a 0600 file with a visible "not encrypted" warning.
 */
export interface SecretStoreInfo {
  encrypted: boolean;
  /** Where the values are kept, for the user. */
  location: string;
  /** Shown wherever secrets are entered, when the store is weaker than it should be. */
  warning?: string;
}

export interface SecretStore {
  info(): SecretStoreInfo;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** Encrypts values for a file store (the desktop app's safeStorage, for example). */
export interface SecretCipher {
  /** `name`: the secret's name, which a cipher may bind the value to (keychain-cipher.ts). */
  encrypt(plain: string, name: string): Promise<string>;
  decrypt(encoded: string, name: string): Promise<string>;
  /**
   * Like decrypt, and also says whether the value should be encrypted again (the OS key it
   * was encrypted with has been replaced, as Electron's safeStorage reports); the store then
   * rewrites it with the current key.
   */
  decryptChecked?(encoded: string, name: string): Promise<{ plain: string; reEncrypt: boolean }>;
  /** A reason the encryption is weak, if it is (e.g. no keyring on Linux). */
  weakness?: string;
  description: string;
}
