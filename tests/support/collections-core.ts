/**
 * For the collection tests: a real core with a project folder (whose collections folder the
 * tests write into) and fixture servers run as real stdio processes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppEvent } from '../../shared/events';
import { createCore, type Core } from '../../electron/core/api/core-api';
import { collectionsFolder } from '../../electron/core/collections/collection-folder';

export interface CollectionsCore {
  core: Core;
  project: string;
  folder: string;
  events: AppEvent[];
  /** Writes a collection file into the project's collections folder. */
  write(file: string, text: string): Promise<void>;
  dispose(): Promise<void>;
}

export async function startCollectionsCore(servers: Record<string, { command: string; args: string[] }>, env: Record<string, string> = {}, allowEnv: string[] = Object.keys(env)): Promise<CollectionsCore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-collections-data-'));
  const project = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-collections-project-'));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  // The variables collections may read, as --allow-env would allow them (by default those given).
  const core = await createCore({ dataDir, env, project, watchConfig: false, collectionEnv: allowEnv });
  const events: AppEvent[] = [];
  core.events.subscribe((event) => events.push(event));
  const folder = collectionsFolder(project);
  return {
    core,
    project,
    folder,
    events,
    async write(file, text) {
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(path.join(folder, file), text);
    },
    async dispose() {
      await core.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(project, { recursive: true, force: true });
    },
  };
}
