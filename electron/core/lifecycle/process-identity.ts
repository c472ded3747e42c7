/**
 * What tells a process apart from a later one that got the same pid: its start time and
 * its command line. Linux reads /proc (start time in clock ticks since boot, plus the
 * boot's id, since ticks restart at every boot); other POSIX systems ask `ps` for the
 * absolute start time. Windows gives nothing: callers then leave processes alone.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';

export interface ProcessIdentity {
  /** When it started, comparable between two readings on the same machine. */
  start: string;
  command: string;
}

/** The identity of a live process, or undefined when it is gone (a zombie counts as gone) or cannot be read. */
export async function processIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (process.platform === 'linux') return linuxIdentity(pid);
  if (process.platform === 'win32') return undefined;
  return psIdentity(pid);
}

export function sameIdentity(a: ProcessIdentity | undefined, b: ProcessIdentity | undefined): boolean {
  return a !== undefined && b !== undefined && a.start === b.start && a.command === b.command;
}

let bootId: Promise<string> | undefined;
/** The current boot's id on Linux (empty elsewhere): start ticks compare only within one boot. */
export function currentBootId(): Promise<string> {
  bootId ??= fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim(),
    () => '',
  );
  return bootId;
}

interface LinuxStat {
  state: string;
  pgid: number;
  sid: number;
  /** Clock ticks after boot. */
  startTicks: number;
}

/** /proc/<pid>/stat after "pid (comm) ": state ppid pgrp session … with starttime the 20th field. */
export function parseStatTail(stat: string): LinuxStat | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 20) return undefined;
  return { state: fields[0]!, pgid: Number(fields[2]), sid: Number(fields[3]), startTicks: Number(fields[19]) };
}

async function readLinuxStat(pid: number): Promise<LinuxStat | undefined> {
  try {
    const stat = parseStatTail(await fs.readFile(`/proc/${pid}/stat`, 'utf8'));
    return stat && stat.state !== 'Z' && stat.state !== 'X' ? stat : undefined;
  } catch {
    return undefined;
  }
}

async function linuxIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  const [stat, cmdline, boot] = await Promise.all([
    readLinuxStat(pid),
    fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined), // no command line: the process ended, or is not ours to read.
    currentBootId(),
  ]);
  if (!stat || cmdline === undefined) return undefined;
  return { start: `${boot}:${stat.startTicks}`, command: cmdline.replace(/\0+$/, '').split('\0').join(' ') };
}

function psIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  return new Promise((resolve) => {
    // -ww: the whole command line, never cut to a terminal's width.
    execFile('ps', ['-ww', '-o', 'lstart=', '-o', 'command=', '-p', String(pid)], { timeout: 2000, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout) => {
      resolve(error ? undefined : parsePsIdentity(stdout));
    });
  });
}

/** `ps -o lstart= -o command=`: "Tue Dec  1 11:15:29 2026 /usr/bin/node server.js". */
export function parsePsIdentity(output: string): ProcessIdentity | undefined {
  const match = /^\s*(\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})\s+(.*\S)\s*$/m.exec(output);
  return match ? { start: match[1]!, command: match[2]! } : undefined;
}

export interface GroupMember {
  pid: number;
  sid: number;
  startTicks: number;
}

/** The live members of process group `pgid` (Linux), with their session and start. */
export async function linuxGroupMembers(pgid: number): Promise<GroupMember[]> {
  let names: string[];
  try {
    names = await fs.readdir('/proc');
  } catch {
    return [];
  }
  const rows = await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await readLinuxStat(Number(name));
        return stat && stat.pgid === pgid ? { pid: Number(name), sid: stat.sid, startTicks: stat.startTicks } : undefined;
      }),
  );
  return rows.filter((row): row is GroupMember => row !== undefined);
}

/** The boot and start ticks a Linux identity's `start` holds. */
export function linuxStartOf(identity: ProcessIdentity): { boot: string; ticks: number } | undefined {
  const cut = identity.start.lastIndexOf(':');
  if (cut === -1) return undefined;
  const ticks = Number(identity.start.slice(cut + 1));
  return Number.isFinite(ticks) ? { boot: identity.start.slice(0, cut), ticks } : undefined;
}

