/**
 * A secret store in one JSON file, readable only by its owner (mode 0600), written
 * atomically. With a cipher every value is encrypted before it touches the disk; without
 * one the values are plain text and the store says so. Every change re-reads the file
 * while holding its cross-process lock, so processes sharing a data folder never drop
 * each other's secrets.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { removeStaleTempFiles } from '../util/stale-temp-files';
import { withFileLock } from '../util/file-lock';
import { SerialQueue } from '../util/serial-queue';
import type { SecretCipher, SecretStore, SecretStoreInfo } from './secret-store';
import { diagnostics } from '../diagnostics/diagnostics';
import { failure } from '../../../shared/errors';

interface SecretFile {
  version: 1;
  encrypted: boolean;
  secrets: Record<string, string>;
}

export const PLAIN_SECRETS_FILE = 'secrets.json';
export const ENCRYPTED_SECRETS_FILE = 'secrets.enc.json';

export interface FileSecretStoreOptions {
  cipher?: SecretCipher;
  /**
   * An older store whose values move into this one when first read (the desktop app
   * takes over what browser mode saved in plain text, and deletes it there).
   */
  migrateFrom?: SecretStore;
  /** What an unencrypted store tells the user, in place of the general "not encrypted" note. */
  warning?: string;
}

export class FileSecretStore implements SecretStore {
  private readonly queue = new SerialQueue();

  constructor(
    readonly filePath: string,
    private readonly options: FileSecretStoreOptions = {},
  ) {}

  info(): SecretStoreInfo {
    const cipher = this.options.cipher;
    if (!cipher) {
      return {
        encrypted: false,
        location: this.filePath,
        warning:
          this.options.warning ??
          `Secrets are not encrypted here: they are kept in plain text in ${this.filePath}, readable only by your user account. The desktop app encrypts them with the system keychain.`,
      };
    }
    return { encrypted: true, location: `${this.filePath} (${cipher.description})`, ...(cipher.weakness ? { warning: cipher.weakness } : {}) };
  }

  async get(key: string): Promise<string | undefined> {
    const file = await this.queue.run(() => this.read());
    const stored = file.secrets[key];
    if (stored !== undefined) return this.options.cipher ? this.decrypt(key, stored, this.options.cipher) : stored;
    const legacy = await this.options.migrateFrom?.get(key);
    if (legacy === undefined) return undefined;
    await this.set(key, legacy);
    await this.options.migrateFrom?.delete(key);
    return legacy;
  }

  private async decrypt(key: string, stored: string, cipher: SecretCipher): Promise<string> {
    if (!cipher.decryptChecked) return cipher.decrypt(stored, key);
    const { plain, reEncrypt } = await cipher.decryptChecked(stored, key);
    if (reEncrypt) await this.reEncrypt(key, stored, plain, cipher);
    return plain;
  }

  /**
   * Writes a value again under the current OS key, unless it changed meanwhile (another
   * process or call set a new one). A failure leaves the old, still readable value: the
   * next read tries again.
   */
  private async reEncrypt(key: string, stored: string, plain: string, cipher: SecretCipher): Promise<void> {
    try {
      const fresh = await cipher.encrypt(plain, key);
      await this.queue.run(() =>
        withFileLock(this.filePath, async () => {
          const file = await this.read();
          if (file.secrets[key] !== stored) return;
          file.secrets[key] = fresh;
          await this.write(file);
        }),
      );
    } catch (error) {
      // Still readable with the old key; nothing is lost by trying again on the next read.
      diagnostics.debug(`Re-encrypting a secret in ${this.filePath} failed`, error);
    }
  }

  async set(key: string, value: string): Promise<void> {
    const stored = this.options.cipher ? await this.options.cipher.encrypt(value, key) : value;
    await this.queue.run(() =>
      withFileLock(this.filePath, async () => {
        const file = await this.read();
        file.secrets[key] = stored;
        await this.write(file);
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.queue.run(() =>
      withFileLock(this.filePath, async () => {
        const file = await this.read();
        if (!Object.hasOwn(file.secrets, key)) return;
        delete file.secrets[key];
        await this.write(file);
      }),
    );
    await this.options.migrateFrom?.delete(key);
  }

  async keys(): Promise<string[]> {
    const file = await this.queue.run(() => this.read());
    const legacy = (await this.options.migrateFrom?.keys()) ?? [];
    return [...new Set([...Object.keys(file.secrets), ...legacy])];
  }

  /**
   * Moves every secret of this file into `target`, never losing one: each is copied, then
   * read back from the target and compared, and only then is this file removed. Any
   * failure leaves the file as it was. The file's lock is held throughout, so a value
   * written here meanwhile by another process is not removed unmoved. Returns the keys moved.
   */
  async moveAllInto(target: SecretStore): Promise<string[]> {
    return this.queue.run(() =>
      withFileLock(this.filePath, async () => {
        const file = await this.read();
        const cipher = this.options.cipher;
        const entries = Object.entries(file.secrets);
        for (const [key, stored] of entries) await target.set(key, cipher ? await cipher.decrypt(stored, key) : stored);
        for (const [key, stored] of entries) {
          const expected = cipher ? await cipher.decrypt(stored, key) : stored;
          if ((await target.get(key)) !== expected) throw failure('storage', `Moving secrets out of ${this.filePath}: "${key}" did not read back the same; the file was kept.`);
        }
        await fs.rm(this.filePath, { force: true });
        return entries.map(([key]) => key);
      }),
    );
  }

  private async read(): Promise<SecretFile> {
    let text: string;
    try {
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, encrypted: !!this.options.cipher, secrets: {} };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw failure('storage', `The secret store ${this.filePath} is damaged (not valid JSON); it was left as it is. Move it away to start a new one.`);
    }
    const file = parsed as Partial<SecretFile>;
    if (!file || typeof file !== 'object' || typeof file.secrets !== 'object' || file.secrets === null) {
      throw failure('storage', `The secret store ${this.filePath} is damaged (no "secrets" object); it was left as it is.`);
    }
    if (file.encrypted !== !!this.options.cipher) {
      throw failure('storage', `The secret store ${this.filePath} was written ${file.encrypted ? 'encrypted' : 'unencrypted'} and cannot be used this way.`);
    }
    return { version: 1, encrypted: !!file.encrypted, secrets: { ...file.secrets } };
  }

  private async write(file: SecretFile): Promise<void> {
    await fs.mkdir(path.dirname(this.filePath), { recursive: true });
    // Temp files of a write that was killed half way hold secrets: never leave them lying around.
    await removeStaleTempFiles(this.filePath);
    await writeFileAtomic(this.filePath, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    // An existing file keeps its mode through an atomic write: make sure it is private.
    await fs.chmod(this.filePath, 0o600);
  }
}
