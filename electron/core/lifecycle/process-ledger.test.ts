/**
 * The record of started server processes and the clean-up at the next start, with real
 * processes: what a dead owner left is stopped (whole trees, also processes that ignore
 * SIGINT and SIGTERM, also the rest of a group whose leader is gone); a pid that now
 * belongs to another program, and everything of an owner still running, are left alone;
 * the core says what it stopped. Linux (reads /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { isAlive, pidsWith, waitUntil } from '../../../e2e/support/processes';
import { createCore } from '../api/core-api';
import { processIdentity } from './process-identity';
import { PROCESSES_DIR, ProcessLedger, stopLeftoverProcesses } from './process-ledger';
import { newSpawnId, ownSpawnMarker, processEnded, processStarted, spawnMarkerEnvironment } from './started-processes';

/** Ignores SIGINT and SIGTERM; with `--child`, first starts a child doing the same and prints its pid. */
const STUBBORN = `
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => {});
setInterval(() => {}, 1000);
if (process.argv.includes('--child')) {
  const child = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify("for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => {}); setInterval(() => {}, 1000);")}], { stdio: 'ignore' });
  console.log(child.pid);
  // Ends when told (stdin closes), leaving its child behind in its process group.
  process.stdin.on('end', () => process.exit(0)).resume();
}
`;

let dataDir: string;
const started: number[] = [];

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-ledger-'));
});

afterEach(async () => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * A stubborn process leading its own process group and session, as servers run, with this
 * process's marker in its environment as the stdio transport gives it (`marked: false`: a
 * program we did not start).
 */
async function startGroup(withChild = false, marked = true): Promise<{ leader: ChildProcess; child?: number }> {
  const env = { ...process.env, ...(marked ? spawnMarkerEnvironment(newSpawnId()) : {}) };
  const leader = spawn(process.execPath, ['-e', STUBBORN, ...(withChild ? ['--', '--child'] : [])], { detached: true, stdio: ['pipe', 'pipe', 'ignore'], env });
  await once(leader, 'spawn');
  started.push(leader.pid!);
  if (!withChild) return { leader };
  const [line] = (await once(createInterface({ input: leader.stdout! }), 'line')) as [string];
  return { leader, child: Number(line) };
}

/** A pid whose process has exited: an owner that is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

async function writeLedger(owner: { pid: number; start: string; command: string; marker?: string }, processes: Array<{ pid: number; start: string; command: string; server?: string; spawnId?: string }>): Promise<string> {
  const file = path.join(dataDir, PROCESSES_DIR, `${owner.pid}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify({ owner, processes }));
  return file;
}

async function identityOf(pid: number) {
  const identity = await processIdentity(pid);
  if (!identity) throw new Error(`no identity for ${pid}`);
  return identity;
}

describe.runIf(process.platform === 'linux')('process ledger', () => {
  it('records each started process while it runs, and removes its file once none is left', async () => {
    const { leader } = await startGroup();
    const ledger = new ProcessLedger(dataDir);
    ledger.start();
    processStarted({ pid: leader.pid!, server: 'alpha' });
    await waitUntil(() => existsSync(ledger.path), 'the record');
    const record = JSON.parse(readFileSync(ledger.path, 'utf8'));
    expect(record.owner).toEqual({ pid: process.pid, ...(await identityOf(process.pid)), marker: ownSpawnMarker() });
    expect(record.processes).toEqual([{ pid: leader.pid, ...(await identityOf(leader.pid!)), server: 'alpha' }]);
    expect(record.processes[0].command).toContain(process.execPath);

    processEnded(leader.pid!);
    await waitUntil(() => !existsSync(ledger.path), 'the record to go');
    await ledger.dispose();
  });

  it('stops what a dead owner left: the whole tree, though it ignores SIGINT and SIGTERM', async () => {
    const { leader, child } = await startGroup(true);
    const file = await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, ...(await identityOf(leader.pid!)), server: 'alpha' }]);

    const report = await stopLeftoverProcesses(dataDir);
    expect(report.stopped).toBe(2);
    expect([...report.byServer]).toEqual([['alpha', 2]]);
    expect([leader.pid!, child!].filter(isAlive)).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  it('a forged record naming a program we did not start stops nothing, though its start time and command line match', async () => {
    // Another program of the user's (its identity is anyone's to read), and a record claiming it.
    const { leader, child } = await startGroup(true, false);
    const forged = await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, ...(await identityOf(leader.pid!)), server: 'victim' }]);
    const markerless = await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone' }, [{ pid: leader.pid!, ...(await identityOf(leader.pid!)) }]);

    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(0);
    expect([leader.pid!, child!].every(isAlive)).toBe(true);
    // The records are spent all the same.
    expect([forged, markerless].filter((file) => existsSync(file))).toEqual([]);
  });

  it('stops the rest of a group whose leader is gone', async () => {
    const { leader, child } = await startGroup(true);
    const identity = await identityOf(leader.pid!);
    leader.stdin!.end();
    await once(leader, 'exit');
    expect(isAlive(child!)).toBe(true);
    await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, ...identity }]);

    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(1);
    expect(isAlive(child!)).toBe(false);
  });

  it('stops what left the group and was left to init (setsid, parent ended), by the start\'s spawn id, once its leader is gone', async () => {
    const marker = `ledger-stray-${process.pid}-${Date.now()}`;
    const spawnId = newSpawnId();
    const leader = spawn(process.execPath, [fixtureServer('setsid-stray'), marker], { detached: true, stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...spawnMarkerEnvironment(spawnId) } });
    await once(leader, 'spawn');
    started.push(leader.pid!);
    await waitUntil(() => pidsWith(`${marker}-stray`).length === 1, 'the stray to start');
    const [stray] = pidsWith(`${marker}-stray`);
    started.push(stray!);
    const identity = await identityOf(leader.pid!);
    leader.kill('SIGKILL');
    await once(leader, 'exit');
    expect(isAlive(stray!)).toBe(true);
    await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, ...identity, spawnId }]);

    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(1);
    expect(isAlive(stray!)).toBe(false);
  });

  it('leaves alone a pid that now belongs to another program, and everything of an owner still running', async () => {
    const { leader } = await startGroup();
    const identity = await identityOf(leader.pid!);
    // Same pid, another program (or the same program started later).
    const reused = await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [
      { pid: leader.pid!, start: identity.start, command: 'some-other-program --flag' },
    ]);
    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(0);
    expect(isAlive(leader.pid!)).toBe(true);
    expect(existsSync(reused)).toBe(false);

    await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, start: `${identity.start}1`, command: identity.command }]);
    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(0);
    expect(isAlive(leader.pid!)).toBe(true);

    // This process is alive: its record stays, and so do its processes.
    const mine = await writeLedger({ pid: process.pid, ...(await identityOf(process.pid)) }, [{ pid: leader.pid!, ...identity }]);
    expect((await stopLeftoverProcesses(dataDir)).stopped).toBe(0);
    expect(isAlive(leader.pid!)).toBe(true);
    expect(existsSync(mine)).toBe(true);
  });

  it('a core starting on the data folder stops the leftovers before anything else and says so, on stderr and in the server\'s console', async () => {
    const { leader, child } = await startGroup(true);
    await writeLedger({ pid: await deadPid(), start: 'x', command: 'gone', marker: ownSpawnMarker() }, [{ pid: leader.pid!, ...(await identityOf(leader.pid!)), server: 'alpha' }]);
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { alpha: { command: process.execPath, args: ['-e', ''], enabled: false } } }));
    const notices: string[] = [];
    const core = await createCore({ dataDir, env: {}, watchConfig: false, shellEnv: async () => ({ env: {} }), notice: (line) => notices.push(line) });
    try {
      expect(notices).toEqual(['Stopped 2 server processes left by an earlier run that ended abruptly (alpha).']);
      expect([leader.pid!, child!].filter(isAlive)).toEqual([]);
      const { entries } = await core.api.getServerConsole({ server: 'alpha' });
      expect(entries.map((entry) => [entry.source, entry.text])).toContainEqual(['event', 'Stopped 2 processes of this server left by an earlier run that ended abruptly.']);
    } finally {
      await core.dispose();
    }
  });
});
