/**
 * The server processes this app process started and has not finished ending: the stdio
 * transport adds each one when it spawns (as the leader of its own process group) and
 * removes it once the whole group is gone. Process-wide, like the processes themselves;
 * each core's ledger (process-ledger.ts) writes the list to its data folder, so a later
 * run can stop what an abrupt end left behind.
 */

import { randomBytes } from 'node:crypto';

/**
 * Every server process this app process starts carries this variable in its environment,
 * with a value random per app process and written in the record of started processes. A
 * later run stops a recorded process only when its environment (/proc/<pid>/environ on
 * Linux, readable by its own user only) still carries it: a record written by someone
 * else, naming another program, stops nothing.
 */
export const SPAWN_MARKER_VARIABLE = 'MCP_WORKBENCH_STARTED_BY';
const spawnMarker = randomBytes(16).toString('hex');

/** This app process's marker, as recorded. */
export function ownSpawnMarker(): string {
  return spawnMarker;
}

/**
 * Each server process gets a second variable, random per start: its descendants inherit it,
 * also those that left its process group and its parent chain (`setsid`, a double fork that
 * leaves the child to init), so stopping the server finds them by it (process-tree.ts, Linux).
 */
export const SPAWN_ID_VARIABLE = 'MCP_WORKBENCH_SPAWN';

/** A new value for one server start's SPAWN_ID_VARIABLE. */
export function newSpawnId(): string {
  return randomBytes(12).toString('hex');
}

/** What a spawned server's environment gets (the stdio transport adds it). */
export function spawnMarkerEnvironment(spawnId: string): Record<string, string> {
  return { [SPAWN_MARKER_VARIABLE]: spawnMarker, [SPAWN_ID_VARIABLE]: spawnId };
}

export interface StartedProcess {
  pid: number;
  /** The server it runs, for messages. */
  server?: string;
  /** Its SPAWN_ID_VARIABLE, which its descendants carry. */
  spawnId?: string;
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
