import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../core/secrets/file-secret-store';
import { createSafeStorageSecretStore, type SafeStorageLike } from './safe-storage-secrets';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-safe-storage-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Stands in for safeStorage: XOR with a key, so the output is bytes, not the input. */
function fakeSafeStorage(available: boolean): SafeStorageLike & { calls: number } {
  const xor = (buffer: Buffer) => Buffer.from(buffer.map((b) => b ^ 0x5a));
  const fake = {
    calls: 0,
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (plain: string) => {
      fake.calls++;
      return xor(Buffer.from(plain, 'utf8'));
    },
    decryptStringAsync: async (encrypted: Buffer) => ({ shouldReEncrypt: false, result: xor(encrypted).toString('utf8') }),
  };
  return fake;
}

describe('the desktop secret store', () => {
  it('encrypts every value with safeStorage and takes over plain values browser mode saved', async () => {
    await new FileSecretStore(path.join(dir, 'secrets.json')).set('old', 'plain-secret');
    const safe = fakeSafeStorage(true);
    const store = await createSafeStorageSecretStore(safe, dir, 'darwin');
    await store.set('new', 'fresh-secret');
    expect(await store.get('new')).toBe('fresh-secret');
    expect(await store.get('old')).toBe('plain-secret');
    const onDisk = await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8');
    expect(onDisk).not.toMatch(/plain-secret|fresh-secret/);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'secrets.json'), 'utf8')).secrets).toEqual({});
    expect(store.info()).toMatchObject({ encrypted: true, location: expect.stringContaining('macOS Keychain') });
    expect(store.info().warning).toBeUndefined();
  });

  it('on Linux (used only when no Secret Service answered) says the encryption is weak, and falls back to the plain file when encryption is unavailable', async () => {
    // docs/api/safe-storage.md, "Asynchronous API": without a secret service, a fallback provider (a fixed key) is used.
    const linux = (await createSafeStorageSecretStore(fakeSafeStorage(true), dir, 'linux')).info();
    expect(linux.location).not.toMatch(/system keyring \(/);
    expect(linux.warning).toMatch(/No system keyring answered.*fallback key/);
    const plain = await createSafeStorageSecretStore(fakeSafeStorage(false), dir, 'linux');
    expect(plain.info()).toMatchObject({ encrypted: false, warning: expect.stringContaining('not encrypted') });
  });

  it('encrypts a value again when safeStorage says its OS key was replaced, and then reads it without that flag', async () => {
    const oldKey = (buffer: Buffer) => Buffer.from(buffer.map((b) => b ^ 0x21));
    const newKey = (buffer: Buffer) => Buffer.from(buffer.map((b) => b ^ 0x42));
    let rotated = false;
    const safe: SafeStorageLike = {
      isAsyncEncryptionAvailable: async () => true,
      encryptStringAsync: async (plain: string) => (rotated ? Buffer.concat([Buffer.from('N'), newKey(Buffer.from(plain))]) : Buffer.concat([Buffer.from('O'), oldKey(Buffer.from(plain))])),
      // Like the OS: values under the old key still decrypt after a rotation, flagged for re-encryption.
      decryptStringAsync: async (encrypted: Buffer) => {
        const underOld = encrypted[0] === 'O'.charCodeAt(0);
        const result = (underOld ? oldKey : newKey)(encrypted.subarray(1)).toString('utf8');
        return { result, shouldReEncrypt: rotated && underOld };
      },
    };
    const store = await createSafeStorageSecretStore(safe, dir, 'linux');
    await store.set('token', 'the-secret');
    const stored = async () => Buffer.from(JSON.parse(await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8')).secrets.token as string, 'base64')[0];
    expect(await stored()).toBe('O'.charCodeAt(0));
    rotated = true;
    expect(await store.get('token')).toBe('the-secret');
    expect(await stored()).toBe('N'.charCodeAt(0));
    expect(await store.get('token')).toBe('the-secret');
  });
});
