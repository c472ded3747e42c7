/** Temporary folders a test file makes and removes after each test (after its cores are disposed). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export class TempDirs {
  private readonly dirs: string[] = [];

  /** A new empty folder under the system's temp folder, by its real path (no links in it). */
  async make(prefix: string): Promise<string> {
    const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
    this.dirs.push(dir);
    return dir;
  }

  async removeAll(): Promise<void> {
    await Promise.all(this.dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  }
}
