/**
 * The real browser host (out/electron/browser-host.cjs, as `npm run web` runs it):
 * loopback by default, a non-loopback --host refused unless --allow-remote is given,
 * and then a loud warning. Needs the build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { pidsWith, waitUntil } from '../../e2e/support/processes';

const ENTRY = path.resolve('out/electron/browser-host.cjs');
const READY = /^MCP Workbench ready at (http:\/\/([^/]+):(\d+)\/#token=(\S+))$/m;
const CRASH_PRELOAD = pathToFileURL(path.resolve('e2e/fixtures/crash-on-signal.mjs')).href;

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the ready line's parts, or with the exit code if it exits first. */
  outcome: Promise<{ ready: RegExpExecArray } | { exitCode: number | null }>;
}

let home: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-bind-'));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

interface StartOptions {
  /** Arguments for node itself, before the entry (e.g. `--import` a preload). */
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
  /** Another app data folder than the shared one. */
  home?: string;
  /** Let the host open the browser (leave out --no-open). */
  open?: boolean;
}

function start(args: string[], options: StartOptions = {}): Run {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ENTRY, ...(options.open ? [] : ['--no-open']), '--port', '0', ...args], {
    env: { ...process.env, MCP_WORKBENCH_HOME: options.home ?? home, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const outcome = new Promise<{ ready: RegExpExecArray } | { exitCode: number | null }>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = READY.exec(stdout);
      if (ready) resolve({ ready });
    });
    child.once('exit', (code) => resolve({ exitCode: code }));
  });
  return { child, stdout: () => stdout, stderr: () => stderr, outcome };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Waits for the host's ready line; fails with its stderr if it exited instead. */
async function ready(run: Run): Promise<{ port: number; token: string }> {
  const outcome = await run.outcome;
  if (!('ready' in outcome)) throw new Error(`the host exited with ${outcome.exitCode}:\n${run.stderr()}`);
  return { port: Number(outcome.ready[3]), token: outcome.ready[4]! };
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Writes raw bytes; resolves with what the host answered before it closed the connection. */
function raw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function get(port: number, pathname: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

function status(port: number, hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/', headers: { Host: hostHeader }, setHost: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-host --host / --allow-remote', () => {
  it('listens on 127.0.0.1 by default and says nothing alarming', async () => {
    const run = start([]);
    const outcome = await run.outcome;
    expect('ready' in outcome, run.stderr()).toBe(true);
    if (!('ready' in outcome)) return;
    expect(outcome.ready[2]).toBe('127.0.0.1');
    expect(run.stderr()).not.toMatch(/WARNING/);
    expect(await status(Number(outcome.ready[3]), `127.0.0.1:${outcome.ready[3]}`)).toBe(200);
  });

  it('refuses a non-loopback --host without --allow-remote, before listening', async () => {
    for (const host of ['0.0.0.0', '192.0.2.10', '::']) {
      const run = start(['--host', host]);
      const outcome = await run.outcome;
      expect(outcome, `${host}: ${run.stdout()}`).toEqual({ exitCode: 2 });
      expect(run.stderr()).toContain(`Refusing to listen on ${host}`);
      expect(run.stderr()).toContain('--allow-remote');
      expect(run.stdout()).not.toMatch(/ready/);
    }
  });

  it('accepts another loopback address without asking', async () => {
    const run = start(['--host', 'localhost']);
    const outcome = await run.outcome;
    expect('ready' in outcome, run.stderr()).toBe(true);
    if ('ready' in outcome) expect(outcome.ready[2]).toBe('127.0.0.1');
    expect(run.stderr()).not.toMatch(/WARNING/);
  });

  it('listens on every interface with --allow-remote, with a loud warning, and keeps its Host check', async () => {
    const run = start(['--host', '0.0.0.0', '--allow-remote']);
    const outcome = await run.outcome;
    expect('ready' in outcome, run.stderr()).toBe(true);
    if (!('ready' in outcome)) return;
    const port = Number(outcome.ready[3]);
    expect(run.stderr()).toMatch(/!{20,}\nWARNING: browser mode is listening on 0\.0\.0\.0:\d+, which is NOT loopback only/);
    // Only the loopback address is contacted; the wildcard bind answers there too.
    expect(await status(port, `127.0.0.1:${port}`)).toBe(200);
    expect(await status(port, `evil.example:${port}`)).toBe(421);
  });
});

describe('browser-host against bad input and its own errors', () => {
  it('answers a request target that does not parse, closes a bad frame and an oversized message, and keeps running', async () => {
    const run = start([]);
    const { port, token } = await ready(run);
    const upgrade = `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n`;
    expect(await raw(port, `GET //[ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw(port, `GET //[ HTTP/1.1\r\nHost: evil.example\r\n${upgrade}\r\n`)).toMatch(/^HTTP\/1\.1 400 /);

    // A text frame that is not UTF-8, after a real handshake.
    const badFrame = Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28]);
    const handshake = `GET /api?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${upgrade}\r\n`;
    const afterBadFrame = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(handshake));
      let answer = '';
      socket.on('data', (chunk) => {
        if (!answer.includes('\r\n\r\n') && (answer + chunk.toString('latin1')).includes('\r\n\r\n')) socket.write(badFrame);
        answer += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(afterBadFrame).toMatch(/^HTTP\/1\.1 101 /);

    // A message over the limit from an authenticated client.
    const client = new WebSocket(`ws://127.0.0.1:${port}/api?token=${token}`);
    client.on('error', () => undefined);
    await new Promise((resolve) => client.once('open', resolve));
    const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
    client.send('x'.repeat(33 * 1024 * 1024));
    expect(await closed).toBe(1009);

    expect(run.child.exitCode).toBeNull();
    expect(await status(port, `127.0.0.1:${port}`)).toBe(200);
  });

  for (const [crash, what] of [
    ['exception', 'uncaught exception'],
    ['rejection', 'unhandled rejection'],
  ] as const) {
    it(`stops every server before it exits on an ${what}`, async () => {
      const crashHome = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-crash-'));
      const marker = `host-crash-${crash}-${process.pid}-${Date.now()}`;
      // A stdio server that ignores its stdin closing: only an explicit stop ends it.
      await fs.writeFile(path.join(crashHome, 'servers.json'), JSON.stringify({ mcpServers: { silent: { command: process.execPath, args: [fixtureServer('silent-stdio'), marker] } } }));
      try {
        const run = start([], { nodeArgs: ['--import', CRASH_PRELOAD], env: { CRASH_WITH: crash }, home: crashHome });
        await ready(run);
        await waitUntil(() => pidsWith(marker).length > 0, 'the server to start', 20_000);
        run.child.kill('SIGUSR2');
        expect(await exited(run.child)).toBe(1);
        expect(run.stderr()).toMatch(new RegExp(`unexpected error \\(${what}\\)[\\s\\S]*test crash: ${what}`));
        expect(run.stderr()).toMatch(/Stopping every server/);
        expect(pidsWith(marker)).toEqual([]);
      } finally {
        for (const pid of pidsWith(marker)) process.kill(pid, 'SIGKILL');
        await fs.rm(crashHome, { recursive: true, force: true });
      }
    });
  }

  it.runIf(process.platform !== 'win32')('says so when no browser could be opened (the opener exits 3, as xdg-open does without a desktop), naming the URL to open', async () => {
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-opener-'));
    const opener = '#!/bin/sh\necho "xdg-open: no method available for opening $1" >&2\nexit 3\n';
    for (const name of ['xdg-open', 'open']) await fs.writeFile(path.join(bin, name), opener, { mode: 0o755 });
    try {
      const run = start([], { open: true, env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
      const { port, token } = await ready(run);
      await waitUntil(() => run.stderr().includes('Could not open a browser'), 'the host to say it could not open a browser');
      expect(run.stderr()).toContain(`Could not open a browser (${process.platform === 'darwin' ? 'open' : 'xdg-open'} exited with code 3): open http://127.0.0.1:${port}/#token=${token} in one yourself.`);
    } finally {
      await fs.rm(bin, { recursive: true, force: true });
    }
  });

  it('opens the browser with a one-time launch URL: the token is never on the opener\'s command line', async () => {
    const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-opener-'));
    const argvFile = path.join(bin, 'argv.txt');
    // Stand-ins for the platform's opener: they record the arguments they were given.
    const opener = `#!/bin/sh\nprintf '%s\\n' "$@" > "${argvFile}.tmp" && mv "${argvFile}.tmp" "${argvFile}"\n`;
    for (const name of ['xdg-open', 'open']) await fs.writeFile(path.join(bin, name), opener, { mode: 0o755 });
    try {
      const run = start([], { open: true, env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
      const { port, token } = await ready(run);
      await waitUntil(() => existsSync(argvFile), 'the opener to run');
      const argv = readFileSync(argvFile, 'utf8');
      expect(argv).not.toContain(token);
      const launch = /^http:\/\/127\.0\.0\.1:(\d+)(\/launch\/[\w-]+)$/m.exec(argv);
      expect(launch, argv).not.toBeNull();
      expect(Number(launch![1])).toBe(port);
      expect(await get(port, launch![2]!)).toEqual({ status: 302, location: `/#token=${token}` });
      expect((await get(port, launch![2]!)).status).toBe(410);
    } finally {
      await fs.rm(bin, { recursive: true, force: true });
    }
  });
});
