/**
 * Another process's CPU time so far (user + system), in milliseconds, from
 * /proc/<pid>/stat; undefined where there is no /proc (macOS, Windows) or the process has
 * gone. The kernel counts in clock ticks (USER_HZ, 100 a second on Linux), so one reading
 * is coarse: sum the differences over many operations.
 */
import { readFileSync } from 'node:fs';

const USER_HZ = 100;

export function processCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces; the fields after it are plain numbers.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined;
}
