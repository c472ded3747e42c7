/** Remembers the last project folder, so the app opens it again on the next start. */
import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from '../util/json-file';

const STATE_FILE = 'workbench-state.json';

const StateSchema = z.looseObject({ lastProject: z.string().optional() });

export class ProjectMemory {
  // Missing or damaged: nothing to reopen, and nothing worth showing the user.
  private readonly file: JsonFile<z.infer<typeof StateSchema>>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, STATE_FILE), StateSchema, () => ({}), { damaged: 'replace' });
  }

  async lastProject(): Promise<string | undefined> {
    return (await this.file.read()).lastProject;
  }

  async remember(project: string | undefined): Promise<void> {
    await this.file.write(project ? { lastProject: project } : {});
  }
}
