import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from './file-secret-store';
import type { SecretCipher } from './secret-store';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-secrets-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A reversible stand-in for safeStorage: enough to prove no clear text reaches the file. */
const reversingCipher: SecretCipher = {
  description: 'test cipher',
  encrypt: async (plain) => Buffer.from([...plain].reverse().join('')).toString('base64'),
  decrypt: async (encoded) => [...Buffer.from(encoded, 'base64').toString()].reverse().join(''),
};

describe('FileSecretStore', () => {
  it('sets, gets and deletes values in a 0600 file, and warns that it is not encrypted', async () => {
    const file = path.join(dir, 'secrets.json');
    const store = new FileSecretStore(file);
    expect(await store.get('a')).toBeUndefined();
    await store.set('a', 'one');
    await store.set('b', 'two');
    expect(await store.get('a')).toBe('one');
    expect(await store.keys()).toEqual(['a', 'b']);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    await store.delete('a');
    expect(await new FileSecretStore(file).get('a')).toBeUndefined();
    expect(await new FileSecretStore(file).get('b')).toBe('two');
    expect(store.info()).toMatchObject({ encrypted: false, warning: expect.stringContaining('not encrypted') });
  });

  it('keeps a loosened file private on the next write', async () => {
    const file = path.join(dir, 'secrets.json');
    await fs.writeFile(file, JSON.stringify({ version: 1, encrypted: false, secrets: {} }), { mode: 0o644 });
    await fs.chmod(file, 0o644);
    await new FileSecretStore(file).set('k', 'v');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('with a cipher, never writes a value in clear, and takes over values from an older plain store', async () => {
    const plain = new FileSecretStore(path.join(dir, 'secrets.json'));
    await plain.set('legacy', 'old-secret-value');
    const store = new FileSecretStore(path.join(dir, 'secrets.enc.json'), { cipher: reversingCipher, migrateFrom: plain });
    await store.set('fresh', 'new-secret-value');
    expect(await store.get('fresh')).toBe('new-secret-value');
    expect(await store.get('legacy')).toBe('old-secret-value');
    const onDisk = await fs.readFile(path.join(dir, 'secrets.enc.json'), 'utf8');
    expect(onDisk).not.toContain('secret-value');
    expect(await plain.get('legacy')).toBeUndefined();
    expect(store.info()).toMatchObject({ encrypted: true });
  });

  it('leaves a damaged file alone and says so', async () => {
    const file = path.join(dir, 'secrets.json');
    await fs.writeFile(file, '{ not json');
    const store = new FileSecretStore(file);
    await expect(store.set('a', 'b')).rejects.toThrow(/damaged/);
    expect(await fs.readFile(file, 'utf8')).toBe('{ not json');
  });
});

describe('FileSecretStore on disk', () => {
  it('removes the temp files a killed write left beside it at the next write, never a young one', async () => {
    const file = path.join(dir, 'secrets.json');
    const stale = `${file}.3735928559`;
    const young = `${file}.7`;
    await fs.writeFile(stale, '{"secrets": {"half": "written"}}');
    await fs.writeFile(young, '{}');
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(stale, old, old);
    await new FileSecretStore(file).set('a', 'one');
    expect((await fs.readdir(dir)).sort()).toEqual(['secrets.json', 'secrets.json.7']);
  });
});
