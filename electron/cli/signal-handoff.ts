/**
 * Who answers a stop signal. By default the CLI closes its servers and exits; a command
 * that stands between a client and a server (`record`) takes the signals over and passes
 * them on to its server, ending only when the server does.
 */
import type { StopSignal } from '../core/lifecycle/stop-signals';

let owner: ((signal: StopSignal) => void) | undefined;

export function takeOverStopSignals(handler: (signal: StopSignal) => void): void {
  owner = handler;
}

/** The command's handler, when one took the signals over. */
export function stopSignalOwner(): ((signal: StopSignal) => void) | undefined {
  return owner;
}
