/**
 * The desktop app shares one secret store with browser mode and the CLI: the keychain
 * store, reached through a utility process (here a stand-in: a Node child with the same
 * parent-port messaging), against a real Secret Service where one can be started.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSecretService, withSilentBus } from '../../tests/support/secret-service';
import { createSecretStore } from '../core/secrets/create-secret-store';
import { ENCRYPTED_SECRETS_FILE, FileSecretStore } from '../core/secrets/file-secret-store';
import { envWithoutBus } from '../core/secrets/secret-service.testing';
import { createDesktopSecretStore } from './desktop-secret-store';
import { utilityProcessKeychainRunner, type ForkUtilityProcess } from './keychain-utility-process';
import { createSafeStorageCipher, type SafeStorageLike } from './safe-storage-secrets';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-desktop-secrets-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const keychain = useSecretService('Desktop keychain tests');

const SECRET = 'gho_desktop_3b7c9d1e';
let entry = 0;
const serviceName = () => `MCP Workbench desktop test ${process.pid}-${++entry}`;

/** Stands in for safeStorage: XOR with a key, so the output is bytes, not the input. */
function fakeSafeStorage(available = true): SafeStorageLike {
  const xor = (buffer: Buffer) => Buffer.from(buffer.map((b) => b ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (plain: string) => xor(Buffer.from(plain, 'utf8')),
    decryptStringAsync: async (encrypted: Buffer) => ({ shouldReEncrypt: false, result: xor(encrypted).toString('utf8') }),
  };
}

/**
 * Electron's utilityProcess.fork, played by Node: the child gets `process.parentPort`
 * (messages arrive as `{ data }`, answers go back with postMessage), as in Electron.
 */
async function standInFork(env: NodeJS.ProcessEnv, forked: { pid?: number; killed: boolean }[]): Promise<ForkUtilityProcess> {
  const shim = path.join(dir, 'parent-port.cjs');
  await fs.writeFile(shim, "process.parentPort = { on: (_event, listener) => process.on('message', (data) => listener({ data })), postMessage: (message) => process.send(message) };\n");
  return (modulePath, args) => {
    const child = fork(modulePath, args, { execArgv: ['-r', shim], env, silent: true });
    const record = { pid: child.pid, killed: false };
    forked.push(record);
    return {
      postMessage: (message: unknown) => void child.send(message as string),
      kill: () => (record.killed = child.kill()),
      on: (event: 'message' | 'exit' | 'error', listener: (...values: never[]) => void) => child.on(event, listener as (...values: unknown[]) => void),
    } as ReturnType<ForkUtilityProcess>;
  };
}

describe.skipIf(process.platform !== 'linux')('the desktop app’s secret store', () => {
  it('is tested against a running Secret Service, or the reason it cannot is printed', () => {
    expect(keychain.service !== undefined || keychain.unavailable.length > 0).toBe(true);
  });

  it('is the store the CLI and browser mode use, and takes over the safeStorage file once', async (context) => {
    const service = keychain.require(context);
    const safeStorage = fakeSafeStorage();
    const older = new FileSecretStore(path.join(dir, ENCRYPTED_SECRETS_FILE), { cipher: createSafeStorageCipher(safeStorage, 'linux') });
    await older.set('oauth:remote:tokens', SECRET);

    const forked: { pid?: number; killed: boolean }[] = [];
    const name = serviceName();
    const desktop = await createDesktopSecretStore({ safeStorage, dataDir: dir, runner: utilityProcessKeychainRunner(await standInFork(service.env, forked)), env: service.env, service: name, platform: 'linux' });
    expect(desktop.info()).toMatchObject({ encrypted: true, location: expect.stringContaining('secrets.keychain.json') });
    expect(await desktop.get('oauth:remote:tokens')).toBe(SECRET);
    await expect(fs.access(path.join(dir, ENCRYPTED_SECRETS_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    // The helper is ended once it has answered.
    expect(forked).toHaveLength(1);
    expect(forked[0]?.killed).toBe(true);

    // The CLI's and browser mode's store (a Node child process) reads the app's sign-in, and the app reads theirs.
    const cli = await createSecretStore({ dataDir: dir, env: service.env, service: name });
    expect(await cli.get('oauth:remote:tokens')).toBe(SECRET);
    await cli.set('server:github:env:TOKEN', 'from the CLI');
    expect(await desktop.get('server:github:env:TOKEN')).toBe('from the CLI');
  });

  it('keeps its safeStorage store where no keychain answers', async () => {
    const forked: { pid?: number; killed: boolean }[] = [];
    const store = await createDesktopSecretStore({
      safeStorage: fakeSafeStorage(),
      dataDir: dir,
      runner: utilityProcessKeychainRunner(await standInFork(envWithoutBus(), forked)),
      env: envWithoutBus(),
      service: serviceName(),
      platform: 'linux',
    });
    expect(store.info()).toMatchObject({ encrypted: true, location: expect.stringContaining(ENCRYPTED_SECRETS_FILE), warning: expect.stringContaining('fallback key') });
    await store.set('a', SECRET);
    expect(await fs.readFile(path.join(dir, ENCRYPTED_SECRETS_FILE), 'utf8')).not.toContain(SECRET);
  });

  it('kills a helper whose keychain hangs, and falls back', async () => {
    await withSilentBus(dir, async (env) => {
      const forked: { pid?: number; killed: boolean }[] = [];
      const store = await createDesktopSecretStore({
        safeStorage: fakeSafeStorage(false),
        dataDir: dir,
        runner: utilityProcessKeychainRunner(await standInFork(env, forked)),
        env,
        service: serviceName(),
        platform: 'linux',
        timeoutMs: 1_500,
      });
      expect(store.info()).toMatchObject({ encrypted: false, warning: expect.stringContaining('did not answer within 1.5 s') });
      expect(forked[0]?.killed).toBe(true);
    });
  });
});
