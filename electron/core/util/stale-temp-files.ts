/**
 * The atomic writer (write-file-atomic) writes `<file>.<number>` beside the file and
 * renames it into place. A write killed half way leaves that temp file behind, in the
 * user's project folder too, where it would get committed. Such files are removed at
 * the next start and the next write: only names of exactly that shape, and only ones
 * older than a live write could be (ours take milliseconds, and run holding the lock).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Younger temp files may belong to a write still under way in another process. */
const STALE_TEMP_AGE_MS = 5_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Removes the stale temp files of `file`; best effort, never throws. */
export async function removeStaleTempFiles(file: string, now = Date.now()): Promise<string[]> {
  const dir = path.dirname(file);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(file))}\\.\\d{1,10}$`);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names.filter((n) => pattern.test(n))) {
    const full = path.join(dir, name);
    try {
      const stat = await fs.lstat(full);
      if (!stat.isFile() || now - stat.mtimeMs < STALE_TEMP_AGE_MS) continue;
      await fs.unlink(full);
      removed.push(full);
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}
