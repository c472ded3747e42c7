/**
 * The record of the server processes a running app started, kept in the data folder so
 * that a run ending abruptly (SIGKILL, a crash, power kept but the app killed) leaves a
 * note of what it left behind, and the next start stops it.
 *
 * Each running app process writes its own file, `processes/<pid>.json`: its own identity
 * and, for every server process group it started and has not ended yet, the leader's pid
 * (which is the group's id), start time, command line and server name. One file per owner
 * means no two runs (the desktop app and the CLI at once, say) ever write the same file.
 * The file goes away when its owner has no server process left, so it normally exists only
 * while servers run.
 *
 * At start-up, `stopLeftoverProcesses` reads every file whose owner is no longer running
 * (its pid is gone, or is now a different process) and stops what is still there, guarding
 * against pid reuse: a recorded leader is stopped (with its whole tree) only if its start
 * time and command line still match; when the leader itself is gone but its group lives
 * on, the group is stopped only on Linux, and only if every member is in the leader's
 * session and started after it in the same boot. Elsewhere, and on Windows (no identities
 * to compare), nothing that does not match is touched. On Linux every process stopped must
 * also carry, in its environment, the marker the recording run gave its servers
 * (started-processes.ts): start time and command line are anyone's to read and copy into a
 * forged record, the environment of a process only its own user can read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { carriersOfSpawn, liveTree, terminateTree } from './process-tree';
import { currentBootId, linuxGroupMembers, linuxStartOf, processIdentity, sameIdentity, type ProcessIdentity } from './process-identity';
import { ownSpawnMarker, SPAWN_MARKER_VARIABLE, startedProcesses, watchStartedProcesses } from './started-processes';
import { ignoreFailure, logFailure } from '../diagnostics/diagnostics';
import { JsonFile } from '../util/json-file';

export const PROCESSES_DIR = 'processes';

const Identity = z.object({ start: z.string(), command: z.string() });
const LedgerSchema = z.object({
  /** `marker`: what the owner put in its servers' environment (started-processes.ts). */
  owner: Identity.extend({ pid: z.number().int().positive(), marker: z.string().optional() }),
  /** `spawnId`: the server start's id, in the environment of every descendant (started-processes.ts). */
  processes: z.array(Identity.extend({ pid: z.number().int().positive(), server: z.string().optional(), spawnId: z.string().optional() })),
});
type Ledger = z.infer<typeof LedgerSchema>;

/** A process record: one that cannot be read or has not the record's shape counts as none. */
const ledgerFile = (file: string) => new JsonFile<Ledger | undefined>(file, LedgerSchema.optional(), () => undefined, { damaged: 'replace', dirMode: 0o700, flush: false });

/** Keeps this app process's file in `dataDir` in step with the server processes it runs. */
export class ProcessLedger {
  private readonly file: string;
  private readonly record: JsonFile<Ledger | undefined>;
  private unwatch: (() => void) | undefined;
  private dirty = false;
  private writing: Promise<void> | undefined;
  /** Identities read once, right after each spawn, while the process surely is ours. */
  private readonly identities = new Map<number, ProcessIdentity>();
  private readonly owner = processIdentity(process.pid);

  constructor(dataDir: string) {
    this.file = path.join(dataDir, PROCESSES_DIR, `${process.pid}.json`);
    this.record = ledgerFile(this.file);
  }

  get path(): string {
    return this.file;
  }

  start(): void {
    if (process.platform === 'win32' || this.unwatch) return;
    this.unwatch = watchStartedProcesses(() => this.schedule());
    if (startedProcesses().length > 0) this.schedule();
  }

  /** Stops following; what is still running stays recorded (none, after closing every connection). */
  async dispose(): Promise<void> {
    if (!this.unwatch) return;
    this.unwatch();
    this.unwatch = undefined;
    this.schedule();
    await this.writing;
  }

  /** Writes as soon as possible after each change, never two writes at once. */
  private schedule(): void {
    this.dirty = true;
    this.writing ??= this.writeWhileDirty().finally(() => (this.writing = undefined));
  }

  private async writeWhileDirty(): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      // A record that cannot be written costs only the clean-up after a crash, never the app.
      await this.write().catch(logFailure('Writing the record of started processes failed'));
    }
  }

  private async write(): Promise<void> {
    const running = startedProcesses();
    for (const pid of this.identities.keys()) if (!running.some((entry) => entry.pid === pid)) this.identities.delete(pid);
    const processes: Ledger['processes'] = [];
    for (const entry of running) {
      let identity = this.identities.get(entry.pid);
      if (!identity) {
        identity = await processIdentity(entry.pid);
        if (!identity) continue;
        this.identities.set(entry.pid, identity);
      }
      processes.push({ pid: entry.pid, ...identity, ...(entry.server !== undefined ? { server: entry.server } : {}), ...(entry.spawnId !== undefined ? { spawnId: entry.spawnId } : {}) });
    }
    const owner = await this.owner;
    if (processes.length === 0 || !owner) {
      await removeRecord(this.file);
      return;
    }
    await this.record.write({ owner: { pid: process.pid, ...owner, marker: ownSpawnMarker() }, processes });
  }
}

export interface LeftoverReport {
  /** Processes stopped (leaders and the rest of their groups and trees). */
  stopped: number;
  /** How many of them each server had, by server name (unnamed ones are counted only in `stopped`). */
  byServer: Map<string, number>;
}

/** Stops the server processes that runs which ended abruptly left behind (see the file comment). */
export async function stopLeftoverProcesses(dataDir: string): Promise<LeftoverReport> {
  const report: LeftoverReport = { stopped: 0, byServer: new Map() };
  if (process.platform === 'win32') return report;
  const dir = path.join(dataDir, PROCESSES_DIR);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return report;
  }
  for (const name of names.filter((n) => /^\d+\.json$/.test(n))) {
    const file = path.join(dir, name);
    const ledger = await readLedger(file);
    if (ledger && sameIdentity(await processIdentity(ledger.owner.pid), ledger.owner)) continue; // still running
    for (const entry of ledger?.processes ?? []) {
      const count = await stopLeftover(entry, ledger?.owner.marker);
      if (count === 0) continue;
      report.stopped += count;
      if (entry.server !== undefined) report.byServer.set(entry.server, (report.byServer.get(entry.server) ?? 0) + count);
    }
    await removeRecord(file);
  }
  return report;
}

/** Removes a record, and the folder with it when it was the last (a clean data folder has none). */
async function removeRecord(file: string): Promise<void> {
  await fs.rm(file, { force: true });
  await fs.rmdir(path.dirname(file)).catch(ignoreFailure('removing the ledger folder: it stays while other records are in it'));
}

/** "Stopped 2 server processes left by an earlier run that ended abruptly (github, files)." */
function describeLeftovers(report: LeftoverReport): string | undefined {
  if (report.stopped === 0) return undefined;
  const servers = [...report.byServer.keys()];
  return `Stopped ${report.stopped} server ${report.stopped === 1 ? 'process' : 'processes'} left by an earlier run that ended abruptly${servers.length ? ` (${servers.join(', ')})` : ''}.`;
}

async function readLedger(file: string): Promise<Ledger | undefined> {
  return ledgerFile(file).read();
}

/**
 * Whether the process carries the recording run's marker in its environment. Linux only
 * (elsewhere another process's environment is not readable cheaply: true, and the identity
 * checks alone decide). A record without a marker, or a process whose environment cannot
 * be read, is not ours to stop.
 */
async function carriesMarker(pid: number, marker: string | undefined): Promise<boolean> {
  if (process.platform !== 'linux') return true;
  if (!marker) return false;
  try {
    const environ = await fs.readFile(`/proc/${pid}/environ`, 'latin1');
    return environ.split('\0').includes(`${SPAWN_MARKER_VARIABLE}=${marker}`);
  } catch {
    return false;
  }
}

/** Stops one recorded process group if it is still the one recorded; how many processes that stopped. */
async function stopLeftover(entry: Ledger['processes'][number], marker: string | undefined): Promise<number> {
  const now = await processIdentity(entry.pid);
  if (now) {
    // The pid belongs to another process now: not ours to touch.
    if (!sameIdentity(now, entry)) return 0;
    // Start time and command line are anyone's to read: only the marker proves we started it.
    if (!(await carriesMarker(entry.pid, marker))) return 0;
    const { all } = await liveTree(entry.pid, false, entry.spawnId);
    await terminateTree(entry.pid, entry.spawnId ? { spawnId: entry.spawnId } : {});
    return all.size;
  }
  // The leader is gone; its group (grandchildren that ignored it ending) may not be, nor what
  // left the group carrying the start's spawn id.
  if (process.platform !== 'linux') return 0;
  return (await stopLeftoverGroup(entry, marker)) + (await stopStrays(entry, marker));
}

async function stopLeftoverGroup(entry: Ledger['processes'][number], marker: string | undefined): Promise<number> {
  const recorded = linuxStartOf(entry);
  if (!recorded || recorded.boot !== (await currentBootId())) return 0;
  const members = await linuxGroupMembers(entry.pid);
  if (members.length === 0) return 0;
  // A group whose id was reused after ours ended would have a member that fails this.
  if (!members.every((member) => member.sid === entry.pid && member.startTicks >= recorded.ticks)) return 0;
  // Our servers' children inherit the marker; a group with one member that lacks it is left alone.
  for (const member of members) if (!(await carriesMarker(member.pid, marker))) return 0;
  await terminateTree(entry.pid, { leaderExited: true });
  return members.length;
}

/**
 * Descendants of a recorded server that left its group and session (setsid, a double fork):
 * found by the start's spawn id and stopped with their own groups when they also carry the
 * dead run's marker. Each is the leader of the group it made, so its group is its own.
 */
async function stopStrays(entry: Ledger['processes'][number], marker: string | undefined): Promise<number> {
  if (!entry.spawnId || !marker) return 0;
  let stopped = 0;
  for (const pid of await carriersOfSpawn(entry.spawnId)) {
    if (!(await carriesMarker(pid, marker))) continue;
    const { all } = await liveTree(pid, false, entry.spawnId);
    await terminateTree(pid, { spawnId: entry.spawnId });
    stopped += all.size;
  }
  return stopped;
}

export interface LeftoverNotices {
  /** One line for the user (default: the process's stderr). */
  notice?: (line: string) => void;
  /** A line in a server's console. */
  console?: (server: string, text: string) => void;
}

/**
 * At start-up, before any server starts: stops what earlier runs that ended abruptly
 * left behind, says so, and from then on records this run's server processes.
 */
export async function openProcessLedger(dataDir: string, notices: LeftoverNotices = {}): Promise<ProcessLedger> {
  const report = await stopLeftoverProcesses(dataDir).catch((): LeftoverReport => ({ stopped: 0, byServer: new Map() }));
  const line = describeLeftovers(report);
  if (line) {
    (notices.notice ?? ((text) => process.stderr.write(`${text}\n`)))(line);
    for (const [server, count] of report.byServer) {
      notices.console?.(server, `Stopped ${count} ${count === 1 ? 'process' : 'processes'} of this server left by an earlier run that ended abruptly.`);
    }
  }
  const ledger = new ProcessLedger(dataDir);
  ledger.start();
  return ledger;
}
