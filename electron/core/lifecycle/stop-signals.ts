/**
 * The signals that mean "stop": Ctrl+C (SIGINT), a kill or a service manager (SIGTERM),
 * and the terminal closing (SIGHUP, sent to everything started from it). Node's default
 * for each is to exit at once, which would leave every server process running, re-parented
 * to init; the entry points stop their servers first instead.
 */
import os from 'node:os';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The exit status a shell reports for a process ended by `signal` (128 + its number). */
export function signalExitCode(signal: StopSignal): number {
  return 128 + (os.constants.signals[signal] ?? 0);
}

/**
 * Calls `stop` on each stop signal (every time: the caller decides what a second one
 * means). After SIGHUP the terminal is gone, and writing to it fails (EIO, EPIPE): those
 * errors are dropped, so a message about stopping cannot crash the process before its
 * servers are stopped.
 */
export function onStopSignals(stop: (signal: StopSignal) => void): void {
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (signal === 'SIGHUP') for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
      stop(signal);
    });
  }
}
