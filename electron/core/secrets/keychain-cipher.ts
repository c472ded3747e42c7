/**
 * Encrypts secret values with the key kept in the system keychain (AES-256-GCM, a fresh
 * nonce per value), so the store's file holds nothing readable without that keychain entry
 * and a changed byte is detected rather than decrypted into garbage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/envelope';
import type { SecretCipher } from './secret-store';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function keychainName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'the macOS Keychain' : platform === 'win32' ? 'Windows Credential Manager' : 'the Secret Service keyring';
}

export function createKeychainCipher(key: Buffer, platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    description: `encrypted with a key kept in ${keychainName(platform)}`,
    encrypt: async (plain) => {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt: async (encoded) => {
      const data = Buffer.from(encoded, 'base64');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
        decipher.setAuthTag(data.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(data.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new AppError(
          'failed',
          `A stored secret cannot be decrypted with the key in ${keychainName(platform)}: the keychain entry "MCP Workbench" was replaced or removed, or the file was changed. Enter the secret again.`,
        );
      }
    },
  };
}
