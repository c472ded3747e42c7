/** Process helpers for proving that nothing is left running. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Whether the process exists and has not exited. A zombie (exited, waiting for its
 * parent to collect it, which a container's init may never do) counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Polls until `check` holds; throws naming `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Live processes whose command line holds `marker` (fixtures are started with a unique
 * argument), leaving out those whose command line also holds `except` (the program under
 * test, when it carries the marker itself). Linux only: it reads /proc.
 */
export function pidsWith(marker: string, except?: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return command.includes(marker) && (except === undefined || !command.includes(except)) && isAlive(Number(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}
