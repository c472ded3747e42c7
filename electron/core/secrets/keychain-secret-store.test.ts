/**
 * The keychain-backed secret store against a real Secret Service (GNOME Keyring on a
 * private D-Bus session bus), and its fallback to the 0600 file where no keychain answers:
 * no bus at all, a bus that never answers, or the keychain switched off.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSecretService, withSilentBus } from '../../../tests/support/secret-service';
import { createSecretStore, KEYCHAIN_SECRETS_FILE } from './create-secret-store';
import { ENCRYPTED_SECRETS_FILE, FileSecretStore, PLAIN_SECRETS_FILE } from './file-secret-store';
import { KEYCHAIN_HELPER_PATH, nodeKeychainRunner } from './keychain-runner';
import { envWithoutBus } from './secret-service.testing';
import type { SecretCipher } from './secret-store';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-keychain-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const SECRET = 'sk-live-4f9a1c7e2b';

const keychain = useSecretService('Keychain tests');

/** Each test its own keychain entry, so tests do not share a key. */
let entry = 0;
const serviceName = () => `MCP Workbench test ${process.pid}-${++entry}`;

describe.skipIf(process.platform !== 'linux')('a real Secret Service', () => {
  it('is running for these tests, or the reason it cannot is printed', () => {
    expect(keychain.service !== undefined || keychain.unavailable.length > 0).toBe(true);
  });

  it('keeps the values encrypted with a key in the keychain, readable by another process', async (context) => {
    const service = keychain.require(context);
    const name = serviceName();
    const first = await createSecretStore({ dataDir: dir, env: service.env, service: name });
    expect(first.info()).toMatchObject({ encrypted: true, location: expect.stringContaining('Secret Service') });
    expect(first.info().warning).toBeUndefined();
    await first.set('server:github:env:TOKEN', SECRET);

    const text = await fs.readFile(path.join(dir, KEYCHAIN_SECRETS_FILE), 'utf8');
    expect(text).toContain('server:github:env:TOKEN');
    expect(text).not.toContain(SECRET);
    expect((await fs.stat(path.join(dir, KEYCHAIN_SECRETS_FILE))).mode & 0o777).toBe(0o600);

    // A second front end: its own helper process reads the same keychain entry.
    const second = await createSecretStore({ dataDir: dir, env: service.env, service: name });
    expect(await second.get('server:github:env:TOKEN')).toBe(SECRET);
    expect(await second.keys()).toEqual(['server:github:env:TOKEN']);
    await second.delete('server:github:env:TOKEN');
    expect(await first.get('server:github:env:TOKEN')).toBeUndefined();
  });

  it('agrees on one key when processes on different data folders start on a new keychain at once', async (context) => {
    const service = keychain.require(context);
    const name = serviceName();
    const dirs = [path.join(dir, 'one'), path.join(dir, 'two'), path.join(dir, 'three')];
    const stores = await Promise.all(dirs.map((dataDir) => createSecretStore({ dataDir, env: service.env, service: name })));
    await stores[0]!.set('k', SECRET);
    // The keychain entry is the user's, not the folder's: every folder's store has the same key.
    for (const other of dirs.slice(1)) await fs.copyFile(path.join(dirs[0]!, KEYCHAIN_SECRETS_FILE), path.join(other, KEYCHAIN_SECRETS_FILE));
    expect(await stores[1]!.get('k')).toBe(SECRET);
    expect(await stores[2]!.get('k')).toBe(SECRET);
  });

  it('moves the plain file into the keychain store once, then removes it', async (context) => {
    const service = keychain.require(context);
    const plain = new FileSecretStore(path.join(dir, PLAIN_SECRETS_FILE));
    await plain.set('a', SECRET);
    await plain.set('b', 'second value');

    const store = await createSecretStore({ dataDir: dir, env: service.env, service: serviceName() });
    expect(await store.get('a')).toBe(SECRET);
    expect(await store.get('b')).toBe('second value');
    await expect(fs.access(path.join(dir, PLAIN_SECRETS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await fs.readFile(path.join(dir, KEYCHAIN_SECRETS_FILE), 'utf8')).not.toContain(SECRET);
  });

  it('moves an encrypted store of the desktop app in too (decrypted with its own cipher)', async (context) => {
    const service = keychain.require(context);
    const reversing: SecretCipher = {
      description: 'reversing',
      encrypt: async (plain) => [...plain].reverse().join(''),
      decrypt: async (encoded) => [...encoded].reverse().join(''),
    };
    const older = new FileSecretStore(path.join(dir, ENCRYPTED_SECRETS_FILE), { cipher: reversing });
    await older.set('oauth:remote:tokens', SECRET);

    const store = await createSecretStore({ dataDir: dir, env: service.env, service: serviceName(), moveFrom: [older] });
    expect(await store.get('oauth:remote:tokens')).toBe(SECRET);
    await expect(fs.access(path.join(dir, ENCRYPTED_SECRETS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves a plain file it cannot move where it is, and says so', async (context) => {
    const service = keychain.require(context);
    const plainFile = path.join(dir, PLAIN_SECRETS_FILE);
    await fs.writeFile(plainFile, '{"version":1,"encrypted":false,"secrets":{"a":"' + SECRET);
    const notices: string[] = [];
    const store = await createSecretStore({ dataDir: dir, env: service.env, service: serviceName(), notice: (line) => notices.push(line) });
    expect(notices).toEqual([expect.stringContaining(`Secrets in ${plainFile} stay there for now`)]);
    expect(await fs.readFile(plainFile, 'utf8')).toContain(SECRET);
    expect(store.info().encrypted).toBe(true);
  });

  it('a value written to the plain file by a run without a keychain wins over the older keychain value', async (context) => {
    const service = keychain.require(context);
    const name = serviceName();
    const store = await createSecretStore({ dataDir: dir, env: service.env, service: name });
    await store.set('a', 'old');
    // Later, a run with no keychain saved a new value in the plain file.
    await new FileSecretStore(path.join(dir, PLAIN_SECRETS_FILE)).set('a', 'new');
    const next = await createSecretStore({ dataDir: dir, env: service.env, service: name });
    expect(await next.get('a')).toBe('new');
  });
});

describe('moving a file store never loses a secret', () => {
  it('keeps the source file when the target cannot be written', async () => {
    const source = new FileSecretStore(path.join(dir, PLAIN_SECRETS_FILE));
    await source.set('a', SECRET);
    // The target's folder is a file: every write to it fails.
    await fs.writeFile(path.join(dir, 'not-a-folder'), '');
    const target = new FileSecretStore(path.join(dir, 'not-a-folder', KEYCHAIN_SECRETS_FILE));
    await expect(source.moveAllInto(target)).rejects.toThrow();
    expect(await new FileSecretStore(path.join(dir, PLAIN_SECRETS_FILE)).get('a')).toBe(SECRET);
  });

  it('removes the source only after every value reads back from the target', async () => {
    const source = new FileSecretStore(path.join(dir, PLAIN_SECRETS_FILE));
    await source.set('a', SECRET);
    const target = new FileSecretStore(path.join(dir, 'target.json'));
    expect(await source.moveAllInto(target)).toEqual(['a']);
    expect(await target.get('a')).toBe(SECRET);
    await expect(fs.access(path.join(dir, PLAIN_SECRETS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('where no keychain answers', () => {
  it.skipIf(process.platform !== 'linux')('uses the 0600 file with a warning when there is no D-Bus session', async () => {
    const store = await createSecretStore({ dataDir: dir, env: envWithoutBus(), service: serviceName() });
    expect(store.info()).toMatchObject({ encrypted: false, warning: expect.stringContaining('no system keychain answered') });
    await store.set('a', SECRET);
    expect(JSON.parse(await fs.readFile(path.join(dir, PLAIN_SECRETS_FILE), 'utf8')).secrets.a).toBe(SECRET);
  });

  it.skipIf(process.platform !== 'linux')('gives up on a bus that never answers, within the timeout', async () => {
    // The keychain call blocks on a bus that says nothing.
    await withSilentBus(dir, async (env) => {
      const store = await createSecretStore({ dataDir: dir, env, service: serviceName(), timeoutMs: 1_500 });
      expect(store.info().warning).toContain('did not answer within 1.5 s');
      await store.set('a', SECRET);
      expect(await store.get('a')).toBe(SECRET);
    });
  });

  it('says so when the keychain library cannot be loaded (no binary for this platform)', async () => {
    // A copy of the helper where no node_modules can be found above it.
    const helperPath = path.join(dir, 'keychain-helper.cjs');
    await fs.copyFile(KEYCHAIN_HELPER_PATH, helperPath);
    const store = await createSecretStore({ dataDir: dir, env: {}, runner: nodeKeychainRunner({ helperPath, env: envWithoutBus() }) });
    expect(store.info().warning).toContain("the keychain library could not be loaded (Cannot find module '@napi-rs/keyring')");
  });

  it('uses the file without asking any keychain when switched off', async () => {
    let asked = false;
    const store = await createSecretStore({
      dataDir: dir,
      env: { MCP_WORKBENCH_KEYCHAIN: 'off' },
      runner: async () => {
        asked = true;
        return '{}';
      },
    });
    expect(asked).toBe(false);
    expect(store.info().warning).toContain('MCP_WORKBENCH_KEYCHAIN=off');
  });

  it('says that secrets kept in the keychain store cannot be read meanwhile', async () => {
    await fs.writeFile(path.join(dir, KEYCHAIN_SECRETS_FILE), '{"version":1,"encrypted":true,"secrets":{}}\n');
    const store = await createSecretStore({ dataDir: dir, env: { MCP_WORKBENCH_KEYCHAIN: 'off' } });
    expect(store.info().warning).toContain(`cannot be read until it answers again`);
  });

  it('hands the reason to the caller’s fallback (the desktop app’s safeStorage store)', async () => {
    const fallback = new FileSecretStore(path.join(dir, 'fallback.json'));
    const store = await createSecretStore({
      dataDir: dir,
      env: {},
      runner: async () => JSON.stringify({ ok: false, message: 'locked' }),
      fallback: async (reason) => {
        expect(reason).toBe('locked');
        return fallback;
      },
    });
    expect(store).toBe(fallback);
  });
});
