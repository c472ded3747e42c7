import { createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from './file-secret-store';
import { createKeychainCipher } from './keychain-cipher';

describe('the keychain cipher', () => {
  it('round-trips values, with a fresh nonce each time so equal values do not look equal', async () => {
    const cipher = createKeychainCipher(randomBytes(32), 'linux');
    const [a, b] = await Promise.all([cipher.encrypt('sk-1234 ünïcode', 'github'), cipher.encrypt('sk-1234 ünïcode', 'github')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-1234');
    expect(await cipher.decrypt(a, 'github')).toBe('sk-1234 ünïcode');
  });

  it('refuses a changed value or another key, and says what to do', async () => {
    const cipher = createKeychainCipher(randomBytes(32), 'darwin');
    const sealed = await cipher.encrypt('secret', 'x');
    const bytes = Buffer.from(sealed.slice(sealed.indexOf(':') + 1), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    await expect(cipher.decrypt(`n1:${bytes.toString('base64')}`, 'x')).rejects.toThrow(/"x" cannot be decrypted with the key in the macOS Keychain.*Enter the secret again/);
    const other = createKeychainCipher(randomBytes(32), 'win32');
    await expect(other.decrypt(await cipher.encrypt('secret', 'x'), 'x')).rejects.toThrow(/Windows Credential Manager/);
    await expect(other.decrypt('', 'x')).rejects.toThrow(/cannot be decrypted/);
  });

  it('binds each value to its name: a value moved under another name in the file does not decrypt', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cipher-'));
    try {
      const file = path.join(dir, 'secrets.keychain.json');
      const store = new FileSecretStore(file, { cipher: createKeychainCipher(randomBytes(32), 'linux') });
      await store.set('prod-db', 'prod-password');
      await store.set('scratch', 'scratch-password');
      // Someone who can write the file swaps the two values.
      const written = JSON.parse(await fs.readFile(file, 'utf8')) as { secrets: Record<string, string> };
      await fs.writeFile(file, JSON.stringify({ ...written, secrets: { 'prod-db': written.secrets.scratch, scratch: written.secrets['prod-db'] } }));
      await expect(store.get('scratch')).rejects.toThrow(/"scratch" cannot be decrypted.*moved under another name/);
      await expect(store.get('prod-db')).rejects.toThrow(/"prod-db" cannot be decrypted/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('reads a value written before names were bound, and writes it again bound to its name', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cipher-'));
    try {
      const key = randomBytes(32);
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update('old-value', 'utf8'), cipher.final()]);
      const legacy = Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
      const file = path.join(dir, 'secrets.keychain.json');
      await fs.writeFile(file, JSON.stringify({ version: 1, encrypted: true, secrets: { old: legacy } }));
      const store = new FileSecretStore(file, { cipher: createKeychainCipher(key, 'linux') });
      expect(await store.get('old')).toBe('old-value');
      const rewritten = (JSON.parse(await fs.readFile(file, 'utf8')) as { secrets: Record<string, string> }).secrets.old!;
      expect(rewritten).toMatch(/^n1:/);
      expect(await store.get('old')).toBe('old-value');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
