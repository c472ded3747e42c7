/** Remembers the last project folder, so the app opens it again on the next start. */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { diagnostics } from '../diagnostics/diagnostics';

export const STATE_FILE = 'workbench-state.json';

export class ProjectMemory {
  constructor(private readonly dataDir: string) {}

  private get file(): string {
    return path.join(this.dataDir, STATE_FILE);
  }

  async lastProject(): Promise<string | undefined> {
    try {
      const state = JSON.parse(await fs.readFile(this.file, 'utf8')) as { lastProject?: unknown };
      return typeof state.lastProject === 'string' ? state.lastProject : undefined;
    } catch (error) {
      // Missing or damaged: nothing to reopen, and nothing worth showing the user.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') diagnostics.info(`${this.file} could not be read; no project is reopened`, error);
      return undefined;
    }
  }

  async remember(project: string | undefined): Promise<void> {
    await fs.mkdir(this.dataDir, { recursive: true });
    await writeFileAtomic(this.file, `${JSON.stringify(project ? { lastProject: project } : {}, null, 2)}\n`, { mode: 0o600 });
  }
}
