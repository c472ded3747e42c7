/**
 * `npm start` and signals: each signal the launcher gets reaches Electron exactly once.
 * Chromium quits gracefully on the first SIGINT and then reinstalls the default handler
 * (so a second one kills the app before it has closed its servers); a terminal's Ctrl+C
 * goes to its whole foreground process group, and a hang-up to that group too. The
 * stand-in Electron prints each signal it receives; the launcher is started as a shell
 * starts a job, as the leader of a process group, which the test signals as a terminal does.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startLauncher, writeStandInElectron, type LauncherRun } from './support/stand-in-electron';

const temp = mkdtempSync(path.join(os.tmpdir(), 'launcher-signals-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Prints "ready <pid>", then "received <SIGNAL>" for each signal; SIGTERM ends it with 7 unless `terminate` is false. */
function recorder(terminate = true): string {
  return `
for (const signal of ['SIGINT', 'SIGHUP'${terminate ? ", 'SIGTERM'" : ''}]) {
  process.on(signal, () => {
    console.log('received ' + signal);
    if (signal === 'SIGTERM') process.exit(7);
  });
}
console.log('ready ' + process.pid);
setInterval(() => {}, 60_000);
`;
}

const runs: Array<{ run: LauncherRun; app?: number }> = [];
afterEach(() => {
  // Whatever a failed test left running: the launcher's group and the app's own.
  for (const { run, app } of runs.splice(0)) {
    for (const group of [run.child.pid, app]) {
      try {
        if (group) process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

/** A process's process group, as `ps` reports it. */
function processGroup(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

async function started(terminate = true): Promise<{ run: LauncherRun; launcher: number; app: number }> {
  const dist = path.join(temp, `dist-${runs.length}-${terminate}`);
  writeStandInElectron(dist, recorder(terminate));
  const run = startLauncher(dist, { detached: true });
  const entry: { run: LauncherRun; app?: number } = { run };
  runs.push(entry);
  const ready = await run.line((line) => line.startsWith('ready '));
  entry.app = Number(ready.split(' ')[1]);
  return { run, launcher: run.child.pid ?? 0, app: entry.app };
}

/**
 * Sends SIGTERM to the launcher alone: it forwards it after every signal it forwarded
 * before, so once the app has it (and exits 7) every earlier signal has arrived too.
 */
async function finish(run: LauncherRun, launcher: number) {
  process.kill(launcher, 'SIGTERM');
  return run.done;
}

const windows = process.platform === 'win32';
if (windows) console.log('Skipping the signal tests: Windows has no process-group signals (the console delivers Ctrl+C to the app itself)');

describe.skipIf(windows)('npm start forwards each signal once (POSIX process groups)', () => {
  it("Ctrl+C in the terminal (SIGINT to the launcher's process group) reaches the app once", async () => {
    const { run, launcher, app } = await started();
    // Outside the group the terminal signals (two SIGINTs sent close together may merge into
    // one in the kernel, so the count below alone could miss a second delivery).
    expect(processGroup(app)).not.toBe(processGroup(launcher));
    process.kill(-launcher, 'SIGINT');
    await run.line((line) => line === 'received SIGINT');
    const result = await finish(run, launcher);
    expect(run.lines.filter((line) => line === 'received SIGINT')).toEqual(['received SIGINT']);
    expect(result.code).toBe(7);
  });

  it('a terminal that goes away (SIGHUP to the group) still reaches the app, once', async () => {
    const { run, launcher } = await started();
    process.kill(-launcher, 'SIGHUP');
    await run.line((line) => line === 'received SIGHUP');
    const result = await finish(run, launcher);
    expect(run.lines.filter((line) => line === 'received SIGHUP')).toEqual(['received SIGHUP']);
    expect(result.code).toBe(7);
  });

  it('a signal sent to the launcher alone (kill <pid>) is forwarded, and its exit code is the app’s', async () => {
    const { run, launcher } = await started();
    process.kill(launcher, 'SIGINT');
    await run.line((line) => line === 'received SIGINT');
    const result = await finish(run, launcher);
    expect(run.lines.filter((line) => line.startsWith('received '))).toEqual(['received SIGINT', 'received SIGTERM']);
    expect(result.code).toBe(7);
  });

  it('exits with 128 + the signal number when a signal ended the app, as a shell reports it', async () => {
    const { run, launcher } = await started(false);
    const result = await finish(run, launcher);
    expect(result.code).toBe(128 + os.constants.signals.SIGTERM);
  });
});
