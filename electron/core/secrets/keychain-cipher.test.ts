import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeychainCipher } from './keychain-cipher';

describe('the keychain cipher', () => {
  it('round-trips values, with a fresh nonce each time so equal values do not look equal', async () => {
    const cipher = createKeychainCipher(randomBytes(32), 'linux');
    const [a, b] = await Promise.all([cipher.encrypt('sk-1234 ünïcode'), cipher.encrypt('sk-1234 ünïcode')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-1234');
    expect(await cipher.decrypt(a)).toBe('sk-1234 ünïcode');
  });

  it('refuses a changed value or another key, and says what to do', async () => {
    const cipher = createKeychainCipher(randomBytes(32), 'darwin');
    const sealed = Buffer.from(await cipher.encrypt('secret'), 'base64');
    sealed[sealed.length - 1]! ^= 1;
    await expect(cipher.decrypt(sealed.toString('base64'))).rejects.toThrow(/cannot be decrypted with the key in the macOS Keychain.*Enter the secret again/);
    const other = createKeychainCipher(randomBytes(32), 'win32');
    await expect(other.decrypt(await cipher.encrypt('secret'))).rejects.toThrow(/Windows Credential Manager/);
    await expect(other.decrypt('')).rejects.toThrow(/cannot be decrypted/);
  });
});
