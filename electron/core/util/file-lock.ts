/**
 * A lock shared by every process that writes a file: the app, a browser host and the CLI
 * may all use one data folder (and one project's .mcp.json). Each read-modify-write runs
 * holding `<file>.lock`, so one process's change is read and kept by the next instead of
 * being overwritten. The lock is a directory (made atomically) whose age is refreshed
 * while it is held; one left by a killed process counts as stale after STALE_MS.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { failure } from '../../../shared/errors';
import { logFailure } from '../diagnostics/diagnostics';

const STALE_MS = 10_000;
/** Enough tries to outlast a stale lock of a killed writer (about 30 s in all). */
const RETRIES = { retries: 330, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true };

function lockPathOf(file: string): string {
  return `${file}.lock`;
}

/** Runs `task` while holding the file's cross-process lock. */
export async function withFileLock<T>(file: string, task: () => Promise<T>): Promise<T> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: STALE_MS,
      retries: RETRIES,
      // Losing the lock (its folder removed by hand, a frozen machine) must not end the
      // process: the write under way still replaces the file atomically.
      onCompromised: () => undefined,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw failure('unavailable', `Not saving: ${file} is being changed by another program, which holds ${lockPathOf(file)}. Try again; if no other MCP Workbench is running, remove that folder.`);
    }
    throw failure('storage', `Not saving: cannot lock ${file} (${(error as Error).message}).`);
  }
  try {
    return await task();
  } finally {
    await release().catch(logFailure(`Releasing the lock on ${file} failed; the next save waits until it is stale`));
  }
}
