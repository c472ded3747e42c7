/**
 * For the API tests: a real core on a fresh data folder, its servers real stdio fixture
 * processes, with every event it emits collected.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer, type FixtureName } from '../../../e2e/fixtures/paths';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from './core-api';

export interface RealCore {
  core: Core;
  events: AppEvent[];
  /** Closes the core (and its servers) and removes the data folder. */
  dispose(): Promise<void>;
}

/** `servers` maps each configured name to the fixture it runs. */
export async function startRealCore(name: string, servers: Record<string, FixtureName>): Promise<RealCore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `mcpwb-${name}-`));
  const mcpServers = Object.fromEntries(Object.entries(servers).map(([server, fixture]) => [server, { command: process.execPath, args: [fixtureServer(fixture)] }]));
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers }));
  const core = await createCore({ dataDir, env: {} });
  const events: AppEvent[] = [];
  core.events.subscribe((event) => events.push(event));
  return {
    core,
    events,
    dispose: async () => {
      await core.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
