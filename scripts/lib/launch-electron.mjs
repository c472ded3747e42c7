// Starts Electron from a terminal so that each signal reaches it exactly once.
//
// A terminal's Ctrl+C sends SIGINT to its whole foreground process group. Were Electron in
// the launcher's group it would get that one and the one the launcher forwards: Chromium
// quits gracefully on the first and reinstalls the default handler, so the second kills it
// before the app has closed its servers. On POSIX, Electron therefore runs in a process
// group (and session) of its own (`detached`), which no terminal signals, and the launcher
// forwards every SIGINT, SIGTERM and SIGHUP it receives, once each; when the terminal goes
// away the launcher gets SIGHUP and so does the app, once.
//
// One keypress can still reach the launcher twice: `npm start` runs its script through
// `sh -c`, and where that shell is bash 5 it replaces itself with the last command — the
// launcher — which then gets the terminal's SIGINT and the one npm forwards to its child
// (@npmcli/run-script's signal manager). So a signal that repeats within a second of the
// last one forwarded is the same keypress and is not forwarded again; a Ctrl+C pressed
// again later is (Chromium's default handler, back after the first, then ends the app).
//
// Windows has no process-group signals: Ctrl+C reaches every process attached to the
// console, Electron included, by the console itself, and `child.kill()` there is
// TerminateProcess — no graceful stop. So on Windows the child stays in the console
// (`detached` would give it a console window of its own), nothing is forwarded, and the
// launcher only ignores the signals so that it lives to report the app's exit status.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { failToLaunch } from './electron-binary.mjs';
import { SandboxAbortWatch, sandboxRemedy } from './linux-sandbox.mjs';

/** @type {NodeJS.Signals[]} */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How long to wait, after Electron exits, for the rest of its stderr (a helper process may still hold the pipe). */
const STDERR_GRACE_MS = 2000;
/**
 * A repeat of a signal within this long of forwarding it is the same delivery twice.
 * MCPWB_SIGNAL_REPEAT_MS sets it for the tests, which force one interleaving or the other.
 */
const REPEAT_MS = Number(process.env.MCPWB_SIGNAL_REPEAT_MS ?? 1000);

/**
 * Launches Electron and exits with its status once it has exited: its exit code, or
 * 128 + the signal's number when a signal ended it (as a shell reports it).
 * @param {string} binary the Electron executable
 * @param {string[]} args
 * @param {{ platform?: NodeJS.Platform }} [options] the platform to behave as (tests pass one)
 */
export function launchElectron(binary, args, { platform = process.platform } = {}) {
  const posix = platform !== 'win32';
  // Only Linux has the sandbox abort to recognise; elsewhere stderr stays the terminal's.
  const watch = platform === 'linux' ? new SandboxAbortWatch() : undefined;
  const child = spawn(binary, args, { stdio: ['inherit', 'inherit', watch ? 'pipe' : 'inherit'], detached: posix });

  if (watch && child.stderr) {
    // The terminal may be gone by the time Electron writes: losing a line beats dying on EPIPE.
    process.stderr.on('error', () => {});
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => {
      process.stderr.write(chunk);
      watch.feed(chunk);
    });
    child.stderr.on('end', () => watch.end());
  }

  /** @type {Map<NodeJS.Signals, number>} when each signal was last forwarded */
  const forwardedAt = new Map();
  for (const signal of FORWARDED) {
    process.on(signal, () => {
      if (!posix || child.exitCode !== null || child.signalCode !== null) return;
      const now = performance.now();
      if (now - (forwardedAt.get(signal) ?? -Infinity) < REPEAT_MS) return;
      forwardedAt.set(signal, now);
      child.kill(signal);
    });
  }

  child.on('error', (error) => failToLaunch(binary, error));
  child.on('exit', (code, signal) => {
    const status = signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 0);
    const finish = () => {
      if (watch?.seen && status !== 0) console.error(sandboxRemedy(binary));
      process.exit(status);
    };
    if (!child.stderr || child.stderr.readableEnded) return finish();
    const timer = setTimeout(finish, STDERR_GRACE_MS);
    child.stderr.once('end', () => {
      clearTimeout(timer);
      finish();
    });
  });
}
