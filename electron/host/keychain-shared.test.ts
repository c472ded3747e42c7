/**
 * One secret store for every front end, end to end: a secret entered in the real browser
 * host (out/electron/browser-host.cjs) is kept in the system keychain's store and reaches
 * the server when the real CLI (out/electron/cli.cjs) runs it, on the same data folder,
 * against a real Secret Service (GNOME Keyring on a private D-Bus session bus). Without a
 * bus, both say where secrets are kept instead. Needs the build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { KEYCHAIN_SECRETS_FILE } from '../core/secrets/create-secret-store';
import { PLAIN_SECRETS_FILE } from '../core/secrets/file-secret-store';
import { envWithoutBus, startSecretService, type SecretService } from '../core/secrets/secret-service.testing';
import { BUILT_CLI, runBuiltCli, type CliRun } from '../../tests/support/built-cli';

const HOST = path.resolve('out/electron/browser-host.cjs');
const CLI = BUILT_CLI;
const READY = /^MCP Workbench ready at http:\/\/127\.0\.0\.1:(\d+)\/#token=(\S+)$/m;
const SECRET = 'sk-shared-9e8d7c6b5a';

let service: SecretService | undefined;
let unavailable = '';
let home: string;
const hosts: ChildProcess[] = [];

beforeAll(async () => {
  for (const file of [HOST, CLI]) if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  const started = await startSecretService();
  if ('unavailable' in started) {
    unavailable = started.unavailable;
    console.warn(`Keychain end-to-end tests skipped: ${unavailable}`);
  } else service = started;
}, 30_000);
afterAll(async () => {
  await service?.stop();
});
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-keychain-e2e-'));
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map(stopHost));
  await fs.rm(home, { recursive: true, force: true });
});

async function startHost(env: NodeJS.ProcessEnv): Promise<{ port: string; token: string; stderr: () => string; child: ChildProcess }> {
  const child = spawn(process.execPath, [HOST, '--no-open', '--port', '0'], { env: { ...env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  hosts.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = READY.exec(stdout);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`the browser host exited (${code}) before it was ready:\n${stderr}`)));
  });
  return { port: ready[1]!, token: ready[2]!, stderr: () => stderr, child };
}

async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** One call over the host's WebSocket API, as the page makes it. */
async function call(port: string, token: string, method: string, payload: unknown): Promise<{ ok: boolean; error?: { message: string } }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api?token=${token}`, { headers: { Origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    return await new Promise((resolve) => {
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { kind: string; id: number; envelope: { ok: boolean; error?: { message: string } } };
        if (message.kind === 'response' && message.id === 1) resolve(message.envelope);
      });
      socket.send(JSON.stringify({ id: 1, method, payload }));
    });
  } finally {
    socket.close();
  }
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return runBuiltCli(args, { home, env });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const keyedServer = { command: process.execPath, args: [fixtureServer('env-stdio')], env: { API_KEY: SECRET } };

describe.skipIf(process.platform !== 'linux')('secrets shared between browser mode and the CLI through the keychain', { timeout: 60_000 }, () => {
  it('is tested against a running Secret Service, or the reason it cannot is printed', () => {
    expect(service !== undefined || unavailable.length > 0).toBe(true);
  });

  it('a secret entered in browser mode reaches the server the CLI starts', async (context) => {
    if (!service) return context.skip(unavailable);
    const host = await startHost(service.env);
    expect(host.stderr()).not.toContain('not encrypted');
    const added = await call(host.port, host.token, 'addServer', { name: 'keyed', config: keyedServer, secretFields: [['env', 'API_KEY']] });
    expect(added).toMatchObject({ ok: true });
    await stopHost(host.child);

    expect(await fs.readFile(path.join(home, KEYCHAIN_SECRETS_FILE), 'utf8')).not.toContain(SECRET);
    expect(existsSync(path.join(home, PLAIN_SECRETS_FILE))).toBe(false);
    expect(await fs.readFile(path.join(home, 'servers.json'), 'utf8')).not.toContain(SECRET);

    const run = await cli(['tools', 'call', 'keyed', 'env-sha256', '--arg', 'name=API_KEY'], service.env);
    expect(run.stderr).not.toContain('not encrypted');
    expect(run.stdout).toContain(sha256(SECRET));
    expect(run.code).toBe(0);
  });

  it('the CLI without a keychain says where the secret is that it cannot read', async (context) => {
    if (!service) return context.skip(unavailable);
    const host = await startHost(service.env);
    expect(await call(host.port, host.token, 'addServer', { name: 'keyed', config: keyedServer, secretFields: [['env', 'API_KEY']] })).toMatchObject({ ok: true });
    await stopHost(host.child);

    const run = await cli(['tools', 'call', 'keyed', 'env-sha256', '--arg', 'name=API_KEY'], envWithoutBus());
    expect(run.code).not.toBe(0);
    expect(run.stdout).not.toContain(sha256(SECRET));
    expect(run.stderr).toContain(`Secrets saved while the system keychain answered are in ${KEYCHAIN_SECRETS_FILE}, which needs the keychain`);
  });

  it('without a D-Bus session both keep secrets in the 0600 file and say so', async () => {
    const env = envWithoutBus();
    const host = await startHost(env);
    // The store opens with the first secret saved, and the terminal hears then where it went.
    expect(host.stderr()).not.toContain('Note: ');
    expect(await call(host.port, host.token, 'addServer', { name: 'keyed', config: keyedServer, secretFields: [['env', 'API_KEY']] })).toMatchObject({ ok: true });
    await new Promise<void>((resolve) => {
      const check = () => (host.stderr().includes('Note: ') ? resolve() : host.child.stderr!.once('data', check));
      check();
    });
    expect(host.stderr()).toContain('no system keychain answered');
    await stopHost(host.child);
    expect(Object.values(JSON.parse(await fs.readFile(path.join(home, PLAIN_SECRETS_FILE), 'utf8')).secrets)).toEqual([SECRET]);

    const run = await cli(['tools', 'call', 'keyed', 'env-sha256', '--arg', 'name=API_KEY'], env);
    expect(run.stdout).toContain(sha256(SECRET));
  });
});
