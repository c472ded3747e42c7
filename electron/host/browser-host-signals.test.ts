/**
 * The real browser host (out/electron/browser-host.cjs) and its servers' processes, with
 * a server that ignores SIGINT, SIGTERM, SIGHUP and stdin closing and has a grandchild:
 * closing the terminal (SIGHUP) stops them as quitting does; after the host is killed
 * (SIGKILL), the next start on the same data folder stops what was left, and says so.
 * Linux (reads /proc). Needs the build (`npm test` builds first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../e2e/fixtures/paths';
import { isAlive, waitUntil } from '../../e2e/support/processes';

const ENTRY = path.resolve('out/electron/browser-host.cjs');
const READY = /^MCP Workbench ready at http/m;

interface Host {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const homes: string[] = [];
const running: ChildProcess[] = [];
/** The markers of every fixture started, so none of its processes outlives the tests whatever happens. */
const markers: string[] = [];

beforeAll(() => {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first.`);
});

afterEach(async () => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of markers.splice(0).flatMap(fixtureProcesses)) process.kill(pid, 'SIGKILL');
});

afterAll(async () => {
  await Promise.all(homes.map((home) => fs.rm(home, { recursive: true, force: true })));
});

/** A data folder whose one server is the stubborn fixture, marked so its processes can be found. */
async function homeWithStubbornServer(marker: string): Promise<string> {
  markers.push(marker);
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-signals-'));
  homes.push(home);
  const config = { mcpServers: { stubborn: { command: process.execPath, args: [fixtureServer('stubborn-stdio'), marker] } } };
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify(config));
  return home;
}

async function startHost(home: string): Promise<Host> {
  const child = spawn(process.execPath, [ENTRY, '--no-open', '--port', '0'], { env: { ...process.env, MCP_WORKBENCH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (READY.test(stdout)) resolve();
    });
    void exited.then(() => reject(new Error(`the host exited before it was ready:\n${stderr}`)));
  });
  return { child, stderr: () => stderr, exited };
}

/** The fixture's processes: the server (its command line holds the marker) and every member of its process group. */
function fixtureProcesses(marker: string): number[] {
  const stats = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return [{ pid: Number(entry), pgid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8') }];
      } catch {
        return [];
      }
    });
  const leaders = stats.filter((row) => row.command.includes(marker)).map((row) => row.pid);
  return stats.filter((row) => leaders.includes(row.pid) || leaders.includes(row.pgid)).map((row) => row.pid).filter(isAlive);
}

/** Waits for the server and its grandchild. */
async function serverRunning(marker: string): Promise<number[]> {
  await waitUntil(() => fixtureProcesses(marker).length === 2, 'the stubborn server and its grandchild', 20_000);
  return fixtureProcesses(marker);
}

/** Waits for the server and its grandchild, and for the host's record of them in the data folder. */
async function serverRecorded(home: string, host: Host, marker: string): Promise<number[]> {
  const pids = await serverRunning(marker);
  const record = path.join(home, 'processes', `${host.child.pid}.json`);
  await waitUntil(() => existsSync(record) && pids.some((pid) => readFileSync(record, 'utf8').includes(`"pid": ${pid}`)), 'the record of the server process');
  return pids;
}

describe.runIf(process.platform === 'linux')('browser host: server processes and signals', () => {
  it('SIGHUP (the terminal closing) stops every server process, as SIGTERM does', async () => {
    const marker = `sighup-${randomUUID()}`;
    const home = await homeWithStubbornServer(marker);
    const host = await startHost(home);
    const pids = await serverRunning(marker);

    host.child.kill('SIGHUP');
    const exit = await host.exited;
    expect(exit, host.stderr()).toEqual({ code: 0, signal: null });
    await waitUntil(() => pids.every((pid) => !isAlive(pid)), 'the server processes to be gone', 5_000);
    expect(fixtureProcesses(marker)).toEqual([]);
    // A clean stop leaves no record behind.
    expect(existsSync(path.join(home, 'processes', `${host.child.pid}.json`))).toBe(false);
  });

  it('after the host is killed (SIGKILL), the next start stops the servers it left and says so', async () => {
    const marker = `sigkill-${randomUUID()}`;
    const home = await homeWithStubbornServer(marker);
    const first = await startHost(home);
    const left = await serverRecorded(home, first, marker);

    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing stopped them: they ignore stdin closing and every polite signal.
    expect(left.every(isAlive)).toBe(true);

    const second = await startHost(home);
    // Stopped before the new run started anything (it was ready only after).
    expect(left.filter(isAlive)).toEqual([]);
    const notice = 'Stopped 2 server processes left by an earlier run that ended abruptly (stubborn).';
    await waitUntil(() => second.stderr().includes(notice), 'the notice on stderr');
    expect(existsSync(path.join(home, 'processes', `${first.child.pid}.json`))).toBe(false);

    // The new run's own server is recorded, and stopped when it quits.
    const current = await serverRecorded(home, second, marker);
    expect(current.some((pid) => left.includes(pid))).toBe(false);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    await waitUntil(() => current.every((pid) => !isAlive(pid)), 'the new server processes to be gone', 5_000);
  });
});
