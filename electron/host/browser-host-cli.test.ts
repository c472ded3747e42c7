/**
 * The real browser host (out/electron/browser-host.cjs, as `npm run web` runs it):
 * loopback by default, a non-loopback --host refused unless --allow-remote is given,
 * and then a loud warning. Needs the build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const ENTRY = path.resolve('out/electron/browser-host.cjs');
const READY = /^MCP Workbench ready at (http:\/\/([^/]+):(\d+)\/#token=\S+)$/m;

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

function start(args: string[]): Run {
  const child = spawn(process.execPath, [ENTRY, '--no-open', '--port', '0', ...args], {
    env: { ...process.env, MCP_WORKBENCH_HOME: home },
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
