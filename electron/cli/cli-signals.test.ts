/**
 * The real CLI (out/electron/cli.cjs) and the server processes it starts: closing the
 * terminal (SIGHUP) closes them as Ctrl+C does; after the CLI is killed (SIGKILL) with a
 * server running that ignores stdin closing, the next run stops it and says so. Linux
 * (reads /proc). Needs the build (`node scripts/build.mjs cli` or `npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { isAlive, pidsWith, waitUntil } from '../../e2e/support/processes';

const CLI = path.resolve('out/electron/cli.cjs');

let home: string;
const markers: string[] = [];
const running: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs cli\` (or npm run build) first.`);
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-signals-'));
});

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of markers.splice(0).flatMap((marker) => pidsWith(marker, CLI))) process.kill(pid, 'SIGKILL');
});

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function cli(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, stderr: () => stderr, exited };
}

/** A server that starts, ignores stdin closing, and never answers initialize (so the CLI waits). */
function silentServer(): { spec: string; marker: string } {
  const marker = `cli-signals-${randomUUID()}`;
  markers.push(marker);
  return { spec: `"${process.execPath}" "${fixtureServer('silent-stdio')}" ${marker}`, marker };
}

describe.runIf(process.platform === 'linux')('CLI: server processes and signals', () => {
  it('SIGHUP closes the servers and exits with 129', async () => {
    const { spec, marker } = silentServer();
    const run = cli(['tools', 'list', '--stdio', spec]);
    await waitUntil(() => pidsWith(marker, CLI).length > 0, 'the silent server to start', 20_000);
    const pids = pidsWith(marker, CLI);

    run.child.kill('SIGHUP');
    expect(await run.exited, run.stderr()).toEqual({ code: 129, signal: null });
    expect(run.stderr()).toMatch(/Stopped: closing servers/);
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it('after a SIGKILL, the next run stops the server the killed one left and says so', async () => {
    const { spec, marker } = silentServer();
    const killed = cli(['tools', 'list', '--stdio', spec]);
    await waitUntil(() => pidsWith(marker, CLI).length > 0, 'the silent server to start', 20_000);
    const [pid] = pidsWith(marker, CLI);
    const record = path.join(home, 'processes', `${killed.child.pid}.json`);
    await waitUntil(() => existsSync(record) && readFileSync(record, 'utf8').includes(`"pid": ${pid}`), 'the record of the server process');

    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(isAlive(pid!)).toBe(true);

    const next = cli(['tools', 'list', '--stdio', `"${process.execPath}" "${fixtureServer('basic-stdio')}"`]);
    expect((await next.exited).code, next.stderr()).toBe(0);
    expect(next.stderr()).toContain('Stopped 1 server process left by an earlier run that ended abruptly');
    expect(isAlive(pid!)).toBe(false);
    expect(existsSync(record)).toBe(false);
  });
});
