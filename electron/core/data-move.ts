/**
 * The one-time move of what earlier versions kept in the config folder to the data and
 * cache folders (see app-data.ts): result files to data, the protocol-era and needs-auth
 * caches to cache. It runs at every start and does nothing once the old places are empty.
 *
 * Safe against a crash at any point, and never deleting before a copy is complete:
 * - an item is first renamed (atomic on one file system: either moved or not);
 * - across file systems it is copied to a temporary name beside its target, renamed into
 *   place once the copy is whole, and only then removed from the old folder;
 * - a later start removes leftover temporary copies (their originals are still there), and
 *   removes an original whose target is in place (the crash came between rename and delete).
 * Result folders move one by one, so an interrupted move loses nothing already moved.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ERA_CACHE_FILE } from './connections/era/era-cache';
import { NEEDS_AUTH_CACHE_FILE } from './auth/needs-auth-cache';
import { RESULTS_DIR } from './results/result-files';
import { ignoreFailure } from './diagnostics/diagnostics';

const TEMP_MARK = '.moving-';

export interface DataMoveOptions {
  config: string;
  data: string;
  cache: string;
  /** Told what was moved, once per start that moved anything. */
  log: (line: string) => void;
  /** Injectable to exercise the copy path (a rename across file systems fails with EXDEV). */
  rename?: (from: string, to: string) => Promise<void>;
}

export async function moveDataOutOfConfig(options: DataMoveOptions): Promise<void> {
  const rename = options.rename ?? fs.rename;
  const moved: string[] = [];
  if (path.resolve(options.data) !== path.resolve(options.config)) {
    const count = await moveChildren(path.join(options.config, RESULTS_DIR), path.join(options.data, RESULTS_DIR), rename);
    if (count > 0) moved.push(`${count} result ${count === 1 ? 'folder' : 'folders'} to ${path.join(options.data, RESULTS_DIR)}`);
  }
  if (path.resolve(options.cache) !== path.resolve(options.config)) {
    for (const file of [ERA_CACHE_FILE, NEEDS_AUTH_CACHE_FILE]) {
      if (await moveItem(path.join(options.config, file), path.join(options.cache, file), rename, { keepTarget: true })) moved.push(`${file} to ${options.cache}`);
    }
  }
  if (moved.length > 0) options.log(`MCP Workbench moved its data out of the config folder ${options.config}: ${moved.join('; ')}.`);
}

/** Moves every entry of a folder into another, one at a time; the emptied folder goes. */
async function moveChildren(from: string, to: string, rename: NonNullable<DataMoveOptions['rename']>): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(from);
  } catch {
    return 0;
  }
  await fs.mkdir(to, { recursive: true });
  await removeTemporaryCopies(to);
  let count = 0;
  for (const name of names) {
    if (name.includes(TEMP_MARK)) continue;
    if (await moveItem(path.join(from, name), path.join(to, name), rename, { keepTarget: true })) count++;
  }
  await fs.rmdir(from).catch(ignoreFailure('removing the old data folder: it stays while anything is left in it'));
  return count;
}

/**
 * Moves one file or folder. `keepTarget`: when the target already exists, it is the one
 * kept (a finished earlier move, or newer data), and the original goes.
 */
async function moveItem(from: string, to: string, rename: NonNullable<DataMoveOptions['rename']>, opts: { keepTarget: boolean }): Promise<boolean> {
  if (!(await exists(from))) return false;
  await fs.mkdir(path.dirname(to), { recursive: true });
  await removeTemporaryCopies(path.dirname(to), path.basename(to));
  if (opts.keepTarget && (await exists(to))) {
    await fs.rm(from, { recursive: true, force: true });
    return true;
  }
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
  }
  const temporary = `${to}${TEMP_MARK}${process.pid}`;
  await fs.cp(from, temporary, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
  // Whole now: into place, then (only then) the original goes.
  await fs.rename(temporary, to);
  await fs.rm(from, { recursive: true, force: true });
  return true;
}

/**
 * Copies an interrupted move left behind; their originals are still in the old folder. A
 * copy another running process is still making is left to it.
 */
async function removeTemporaryCopies(dir: string, only?: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const at = name.indexOf(TEMP_MARK);
    if (at === -1 || (only !== undefined && name.slice(0, at) !== only)) continue;
    const owner = Number(name.slice(at + TEMP_MARK.length));
    if (owner !== process.pid && isRunning(owner)) continue;
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
