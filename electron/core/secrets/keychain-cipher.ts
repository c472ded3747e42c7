/**
 * Encrypts secret values with the key kept in the system keychain (AES-256-GCM, a fresh
 * nonce per value), so the store's file holds nothing readable without that keychain entry
 * and a changed byte is detected rather than decrypted into garbage. Each value is bound
 * to its secret's name (the name is the cipher's additional authenticated data): a value
 * moved under another name in the file fails to decrypt instead of handing one server's
 * secret to another.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { failure } from '../../../shared/errors';
import type { SecretCipher } from './secret-store';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Values bound to their name start with this; earlier versions wrote bare base64 (never containing ":"). */
const BOUND_PREFIX = 'n1:';

function keychainName(platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? 'the macOS Keychain' : platform === 'win32' ? 'Windows Credential Manager' : 'the Secret Service keyring';
}

const boundTo = (name: string) => Buffer.from(`mcp-workbench-secret:${name}`, 'utf8');

export function createKeychainCipher(key: Buffer, platform: NodeJS.Platform = process.platform): SecretCipher {
  const open = (encoded: string, name: string): { plain: string; reEncrypt: boolean } => {
    const bound = encoded.startsWith(BOUND_PREFIX);
    const data = Buffer.from(bound ? encoded.slice(BOUND_PREFIX.length) : encoded, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(data.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      if (bound) decipher.setAAD(boundTo(name));
      const plain = Buffer.concat([decipher.update(data.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      // A value from before names were bound is written again, bound, at its first read.
      return { plain, reEncrypt: !bound };
    } catch {
      throw failure(
        'unavailable',
        `The stored secret "${name}" cannot be decrypted with the key in ${keychainName(platform)}: the keychain entry "MCP Workbench" was replaced or removed, or the file was changed (a value moved under another name, say). Enter the secret again.`,
      );
    }
  };
  return {
    description: `encrypted with a key kept in ${keychainName(platform)}`,
    encrypt: async (plain, name) => {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(boundTo(name));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${BOUND_PREFIX}${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt: async (encoded, name) => open(encoded, name).plain,
    decryptChecked: async (encoded, name) => open(encoded, name),
  };
}
