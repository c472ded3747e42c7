/**
 * The server processes this app process started and has not finished ending: the stdio
 * transport adds each one when it spawns (as the leader of its own process group) and
 * removes it once the whole group is gone. Process-wide, like the processes themselves;
 * each core's ledger (process-ledger.ts) writes the list to its data folder, so a later
 * run can stop what an abrupt end left behind.
 */

export interface StartedProcess {
  pid: number;
  /** The server it runs, for messages. */
  server?: string;
}

const live = new Map<number, StartedProcess>();
const listeners = new Set<() => void>();

export function processStarted(entry: StartedProcess): void {
  live.set(entry.pid, entry);
  for (const listener of listeners) listener();
}

export function processEnded(pid: number): void {
  if (!live.delete(pid)) return;
  for (const listener of listeners) listener();
}

export function startedProcesses(): StartedProcess[] {
  return [...live.values()];
}

/** Calls `listener` after every change; returns the unsubscribe. */
export function watchStartedProcesses(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
