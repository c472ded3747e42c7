/**
 * Ending a server's whole process tree, not just its direct child: `npx` and `sh -c`
 * wrappers leave the real server as a grandchild, which the SDK's transport orphans.
 *
 * POSIX: the server runs as the leader of its own process group, so one signal to the
 * group reaches every descendant that did not leave it; descendants that did (setsid)
 * are found by walking parent ids, and on Linux also by the spawn id in their environment
 * (started-processes.ts), which finds those whose parent ended too (a double fork leaves
 * them to init). Windows: `taskkill /T` ends the tree. Where neither reaches — on macOS a
 * descendant that left the group and whose parent ended, on Windows one whose parent ended,
 * on every system one that cleared its environment — a process can outlive the stop; the
 * docs say so (docs/servers.md, "What a stop reaches").
 *
 * Escalation, as in the seed: SIGINT, wait up to 100 ms, SIGTERM, wait up to 400 ms,
 * SIGKILL, all within 600 ms; each wait ends early once every process is gone.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { SPAWN_ID_VARIABLE } from './started-processes';

const SIGINT_GRACE_MS = 100;
const SIGTERM_GRACE_MS = 400;
const POLL_MS = 10;

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** A zombie has exited; it only waits for its parent to collect it. */
  zombie: boolean;
  /** When it started, in clock ticks since boot (Linux; undefined from `ps`). */
  start?: number;
}

/** Every process on the machine (POSIX), or undefined when it cannot be read. */
async function processTable(): Promise<ProcInfo[] | undefined> {
  if (process.platform === 'linux') return linuxProcessTable();
  return psProcessTable();
}

async function linuxProcessTable(): Promise<ProcInfo[] | undefined> {
  let names: string[];
  try {
    names = await fs.readdir('/proc');
  } catch {
    return psProcessTable();
  }
  const rows = await Promise.all(names.filter((n) => /^\d+$/.test(n)).map((n) => readLinuxStat(Number(n))));
  return rows.filter((row): row is ProcInfo => row !== undefined);
}

async function readLinuxStat(pid: number): Promise<ProcInfo | undefined> {
  try {
    return parseLinuxStat(pid, await fs.readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** /proc/<pid>/stat: "pid (comm) state ppid pgrp … starttime …"; comm may contain spaces and parentheses. */
function parseLinuxStat(pid: number, stat: string): ProcInfo | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 3) return undefined;
  const start = Number(fields[19]);
  return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), zombie: fields[0] === 'Z' || fields[0] === 'X', ...(Number.isFinite(start) ? { start } : {}) };
}

function psProcessTable(): Promise<ProcInfo[] | undefined> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], { timeout: 1000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const rows: ProcInfo[] = [];
      for (const line of stdout.split('\n')) {
        const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
        if (pid && ppid && pgid) rows.push({ pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), zombie: stat?.startsWith('Z') ?? false });
      }
      resolve(rows);
    });
  });
}

/**
 * Processes (Linux) whose environment carries this server start's spawn id. Only our own
 * user's environments are readable, and only our own processes can carry the id.
 */
async function linuxCarriersOf(spawnId: string, table: ProcInfo[]): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = `${SPAWN_ID_VARIABLE}=${spawnId}`;
  const carriers = await Promise.all(
    table.map(async ({ pid }) => {
      if (pid === process.pid) return undefined;
      try {
        const environ = await fs.readFile(`/proc/${pid}/environ`, 'latin1');
        return environ.split('\0').includes(needle) ? pid : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return carriers.filter((pid): pid is number => pid !== undefined);
}

/** Every live process (Linux) carrying a server start's spawn id. */
export async function carriersOfSpawn(spawnId: string): Promise<number[]> {
  const table = await processTable();
  return table ? linuxCarriersOf(spawnId, table.filter((row) => !row.zombie)) : [];
}

/**
 * The processes that may carry a server start's spawn id: only what the leader started,
 * so none older than the leader (`since`, its start in ticks since boot), and the
 * environment of an older one is not read. On a desktop that is nearly every process: one
 * file read each, per server stop. Without the leader's start (it had exited, or the system
 * has no /proc) every process may be one.
 */
function possibleCarriers(table: ProcInfo[], since: number | undefined): ProcInfo[] {
  return since === undefined ? table : table.filter((row) => row.start === undefined || row.start >= since);
}

/** When a live process started, in clock ticks since boot (Linux); undefined when that cannot be read. */
function startTicksOf(pid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    // Synchronous on purpose: read just before the leader is signalled, while it surely still runs.
    const row = parseLinuxStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return row && !row.zombie ? row.start : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The live members of `root`'s tree: its process group plus every descendant, and (with
 * `spawnId`, on Linux) every process carrying that server start's spawn id, among those
 * started since `rootStart` when the leader's start is known. Once the leader has exited
 * (`groupOnly`), the parent chain no longer counts (its pid may be reused): only the group
 * and the spawn id do.
 */
export async function liveTree(root: number, groupOnly = false, spawnId?: string, rootStart?: number): Promise<{ all: Set<number>; outsideGroup: Set<number> }> {
  const table = await processTable();
  if (!table) return { all: new Set(!groupOnly && isRunning(root) ? [root] : []), outsideGroup: new Set() };
  const found = new Set<number>(table.filter((row) => row.pgid === root).map((row) => row.pid));
  if (spawnId) for (const pid of await linuxCarriersOf(spawnId, possibleCarriers(table, rootStart))) found.add(pid);
  if (!groupOnly) {
    const children = new Map<number, number[]>();
    for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row.pid]);
    const queue = [root];
    while (queue.length > 0) {
      const pid = queue.pop()!;
      found.add(pid);
      for (const child of children.get(pid) ?? []) if (!found.has(child)) queue.push(child);
    }
  }
  const live = new Map(table.filter((row) => !row.zombie).map((row) => [row.pid, row.pgid]));
  const all = new Set([...found].filter((pid) => live.has(pid)));
  return { all, outsideGroup: new Set([...all].filter((pid) => live.get(pid) !== root)) };
}

/** Whether a process exists and has not exited (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    // Synchronous on purpose: a tiny procfs read, polled only while a server shuts down.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !parseLinuxStat(pid, stat)?.zombie;
  } catch {
    return false;
  }
}

/** Signals the process group `root` (when given) and each of `members` on its own. */
function signalTree(root: number | undefined, members: Iterable<number>, signal: NodeJS.Signals): void {
  if (root !== undefined) {
    try {
      process.kill(-root, signal);
    } catch {
      // The group may be gone already; members that left it are signalled one by one.
    }
  }
  for (const pid of members) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

async function waitUntilGone(pids: Set<number>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    for (const pid of pids) if (!isRunning(pid)) pids.delete(pid);
    if (pids.size === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, deadline - Date.now()))));
  }
}

export interface TerminateOptions {
  /** The leader already exited: end what is left of its process group only. */
  leaderExited?: boolean;
  /** Called just before each escalation step (for the protocol log). */
  onSignal?: (signal: NodeJS.Signals | 'taskkill' | 'taskkill /F') => void;
  /** The server start's spawn id (in its environment): descendants that carry it go too. */
  spawnId?: string;
}

/** Ends `root` and everything it started; resolves when they are gone or SIGKILL was sent. */
export async function terminateTree(root: number, options: TerminateOptions = {}): Promise<void> {
  if (process.platform === 'win32') {
    if (!options.leaderExited) await terminateWindowsTree(root, options);
    return;
  }
  const started = Date.now();
  // Read before the signal, while the leader surely runs: what it started is no older.
  const rootStart = options.leaderExited || !options.spawnId ? undefined : startTicksOf(root);
  // The group gets SIGINT at once; finding members that left the group takes a moment.
  if (!options.leaderExited) {
    options.onSignal?.('SIGINT');
    signalTree(root, [], 'SIGINT');
  }
  const { all: members, outsideGroup } = await liveTree(root, options.leaderExited, options.spawnId, rootStart);
  if (members.size === 0) return;
  if (options.leaderExited) {
    options.onSignal?.('SIGINT');
    signalTree(root, [], 'SIGINT');
  }
  signalTree(undefined, outsideGroup, 'SIGINT');
  if (await waitUntilGone(members, started + SIGINT_GRACE_MS - Date.now())) return;
  options.onSignal?.('SIGTERM');
  signalTree(root, outsideGroup, 'SIGTERM');
  if (await waitUntilGone(members, started + SIGINT_GRACE_MS + SIGTERM_GRACE_MS - Date.now())) return;
  options.onSignal?.('SIGKILL');
  // Anything that joined the group meanwhile goes too.
  signalTree(root, members, 'SIGKILL');
  await waitUntilGone(members, 50);
}

async function terminateWindowsTree(root: number, options: TerminateOptions): Promise<void> {
  const members = new Set([root]);
  const taskkill = (force: boolean) =>
    new Promise<void>((resolve) => {
      execFile('taskkill', ['/pid', String(root), '/T', ...(force ? ['/F'] : [])], { windowsHide: true, timeout: 2000 }, () => resolve());
    });
  options.onSignal?.('taskkill');
  await taskkill(false);
  if (await waitUntilGone(members, SIGINT_GRACE_MS + SIGTERM_GRACE_MS)) return;
  options.onSignal?.('taskkill /F');
  await taskkill(true);
}
