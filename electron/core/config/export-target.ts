/**
 * Where an export may be written. The app's own data folder is refused (an export must
 * never replace servers.json, the secret store or a backup), and so is a symbolic link:
 * the atomic writer follows links, so a link planted in the chosen folder would send the
 * file anywhere.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { AppError } from '../../../shared/envelope';
import { failure } from '../../../shared/errors';

/** The real path of the nearest folder of `target` that exists (the writer creates the rest). */
async function realFolderOf(target: string): Promise<string> {
  let folder = path.dirname(target);
  const missing: string[] = [];
  for (;;) {
    try {
      return path.join(await fs.realpath(folder), ...missing.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(folder) === folder) throw error;
      missing.push(path.basename(folder));
      folder = path.dirname(folder);
    }
  }
}

async function realOrSelf(dir: string): Promise<string> {
  try {
    return await fs.realpath(dir);
  } catch {
    return path.resolve(dir);
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Throws a clear error when `target` may not be written by an export. */
async function checkExportTarget(target: string, dataDir: string): Promise<void> {
  if (!path.isAbsolute(target)) throw new AppError('invalid-request', `"${target}" is not an absolute path.`);
  const [folder, data] = await Promise.all([
    realFolderOf(target).catch((error: Error) => {
      throw failure('storage', `Cannot write ${target}: ${error.message}`);
    }),
    realOrSelf(dataDir),
  ]);
  if (isInside(path.join(folder, path.basename(target)), data)) {
    throw new AppError('invalid-request', `Not exporting to ${target}: it is inside the app's data folder (${data}), where the app keeps its own files. Choose another folder.`);
  }
  let stat;
  try {
    stat = await fs.lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw failure('storage', `Cannot write ${target}: ${(error as Error).message}`);
  }
  if (stat.isSymbolicLink()) {
    throw new AppError('invalid-request', `Not exporting to ${target}: it is a symbolic link, and exports never follow links. Choose another file name.`);
  }
  if (!stat.isFile()) throw new AppError('invalid-request', `Not exporting to ${target}: it is not a regular file.`);
}

/**
 * Writes an export to `target` after the checks above. An existing file is replaced only
 * with `overwrite` (its previous version kept as `<file>.bak`); without it the answer is
 * a conflict the UI turns into a "Replace" button.
 */
export async function writeExportFile(target: string, text: string, options: { dataDir: string; overwrite?: boolean }): Promise<void> {
  await checkExportTarget(target, options.dataDir);
  let existing: string | undefined;
  try {
    existing = await fs.readFile(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw failure('storage', `Cannot write ${target}: ${(error as Error).message}`);
  }
  if (existing !== undefined && !options.overwrite) {
    throw new AppError('conflict', `${target} already exists. Choose to replace it (its current version is kept as ${path.basename(target)}.bak).`);
  }
  if (existing !== undefined) await checkExportTarget(`${target}.bak`, options.dataDir);
  try {
    if (existing !== undefined) await writeFileAtomic(`${target}.bak`, existing, { mode: 0o600 });
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(target, text);
  } catch (error) {
    throw failure('storage', `Cannot write ${target}: ${(error as Error).message}`);
  }
}
