/**
 * For the tests of `npm start`'s launcher (scripts/start-electron.mjs): a stand-in for the
 * Electron binary — an executable that runs a small Node program in its own process (`exec`,
 * so the signals sent to it reach that program) — and a run of the launcher with its output
 * collected line by line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LAUNCHER = path.resolve(__dirname, '..', '..', 'scripts', 'start-electron.mjs');

/**
 * Writes `<dist>/electron` running `program` (the body of an ES module) under this Node.
 * @returns the executable's path
 */
export function writeStandInElectron(dist: string, program: string): string {
  mkdirSync(dist, { recursive: true });
  const script = path.join(dist, 'stand-in.mjs');
  writeFileSync(script, program);
  const binary = path.join(dist, 'electron');
  writeFileSync(binary, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)} "$@"\n`);
  chmodSync(binary, 0o755);
  return binary;
}

export interface LauncherRun {
  child: ChildProcess;
  /** Resolves with the first stdout line that passes the test (lines seen so far included). */
  line(test: (line: string) => boolean): Promise<string>;
  /** Every stdout line so far. */
  readonly lines: string[];
  /** Resolves when the process has exited, with everything it printed. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** Follows a child's output line by line (its stdio must be piped). */
export function watchOutput(child: ChildProcess): LauncherRun {
  const lines: string[] = [];
  const waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  let stdout = '';
  let stderr = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return {
    child,
    lines,
    done,
    line: (test) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(test);
        if (seen !== undefined) return resolve(seen);
        waiters.push({ test, resolve });
        void done.then(() => reject(new Error(`the process ended before printing the line awaited; it printed:\n${stdout}\n${stderr}`)));
      }),
  };
}

/**
 * Starts the launcher on the stand-in in `dist`. `detached` makes it the leader of a process
 * group of its own, as a shell makes each job, so that a test can signal the group the way a
 * terminal does.
 */
export function startLauncher(dist: string, { detached = false, args = [] as string[], launcher = LAUNCHER, env = {} as NodeJS.ProcessEnv } = {}): LauncherRun {
  const child = spawn(process.execPath, [launcher, ...args], {
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dist, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  return watchOutput(child);
}
