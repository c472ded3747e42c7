/**
 * `npm start` and signals: each signal the launcher gets reaches Electron exactly once.
 * Chromium quits gracefully on the first SIGINT and then reinstalls the default handler
 * (so a second one kills the app before it has closed its servers); a terminal's Ctrl+C
 * goes to its whole foreground process group, and a hang-up to that group too. The
 * stand-in Electron prints each signal it receives; the launcher is started as a shell
 * starts a job, as the leader of a process group, which the test signals as a terminal does.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LAUNCHER, startLauncher, watchOutput, writeStandInElectron, type LauncherRun } from './support/stand-in-electron';

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

/**
 * The launcher on a recording stand-in, as a group leader. `repeatMs` is how soon a repeat of
 * a signal counts as the same delivery (the tests set it so that the interleaving they force
 * counts as one or as two, however slow the machine).
 */
async function started(terminate = true, repeatMs = 1000): Promise<{ run: LauncherRun; launcher: number; app: number }> {
  const dist = path.join(temp, `dist-${runs.length}-${terminate}`);
  writeStandInElectron(dist, recorder(terminate));
  const run = startLauncher(dist, { detached: true, env: { MCPWB_SIGNAL_REPEAT_MS: String(repeatMs) } });
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

  it("Ctrl+C that reaches the launcher twice (the terminal's, then npm's forward, where bash ran the launcher in its place) reaches the app once", async () => {
    const { run, launcher } = await started(true, 600_000);
    process.kill(-launcher, 'SIGINT');
    await run.line((line) => line === 'received SIGINT');
    process.kill(launcher, 'SIGINT'); // npm's forward, after the launcher forwarded the terminal's
    const result = await finish(run, launcher);
    expect(run.lines.filter((line) => line.startsWith('received '))).toEqual(['received SIGINT', 'received SIGTERM']);
    expect(result.code).toBe(7);
  });

  it('Ctrl+C pressed again later is forwarded again (it ends an app that did not quit)', async () => {
    const { run, launcher } = await started(true, 0);
    process.kill(-launcher, 'SIGINT');
    await run.line((line) => line === 'received SIGINT');
    process.kill(-launcher, 'SIGINT');
    await run.line((line) => run.lines.filter((seen) => seen === 'received SIGINT').length === 2 && line === 'received SIGINT');
    const result = await finish(run, launcher);
    expect(run.lines.filter((line) => line.startsWith('received '))).toEqual(['received SIGINT', 'received SIGINT', 'received SIGTERM']);
    expect(result.code).toBe(7);
  });

  it('through npm start with bash as the script shell (bash runs the launcher in its own place, so npm forwards Ctrl+C to it too), the app gets one SIGINT', async (context) => {
    if (!existsSync('/bin/bash')) context.skip('no /bin/bash here');
    const root = path.resolve(LAUNCHER, '..', '..');
    const checkout = path.join(temp, 'npm-start');
    cpSync(path.join(root, 'scripts'), path.join(checkout, 'scripts'), { recursive: true });
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    writeFileSync(path.join(checkout, 'package.json'), JSON.stringify({ name: 'npm-start-signals', private: true, scripts: { start: scripts.start, build: 'node -e ""' } }));
    const dist = path.join(temp, 'dist-npm');
    writeStandInElectron(dist, recorder());
    // npm in a process group of its own, as a shell runs a job; the terminal signals that group.
    const npm = watchOutput(
      spawn('npm', ['start', '--silent', '--script-shell=/bin/bash'], {
        cwd: checkout,
        detached: true,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dist },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    runs.push({ run: npm });
    const group = npm.child.pid ?? 0;
    await npm.line((line) => line.startsWith('ready '));
    // bash ran the launcher in its own place: it is npm's child, which npm forwards signals to.
    const launcher = Number(execFileSync('pgrep', ['-P', String(group)], { encoding: 'utf8' }).trim().split('\n')[0]);
    expect(execFileSync('ps', ['-o', 'args=', '-p', String(launcher)], { encoding: 'utf8' })).toContain('start-electron.mjs');
    process.kill(-group, 'SIGINT');
    await npm.line((line) => line === 'received SIGINT');
    process.kill(launcher, 'SIGTERM'); // forwarded after any SIGINT the launcher forwarded
    await npm.done;
    expect(npm.lines.filter((line) => line.startsWith('received '))).toEqual(['received SIGINT', 'received SIGTERM']);
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
