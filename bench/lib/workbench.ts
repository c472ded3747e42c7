/**
 * What the benchmarks start: our core on a temporary app data folder with the servers
 * they name, and, as the baseline, a bare SDK Client on the same fixture server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { StdioServerConfig } from '../../shared/config/server-config';
import { createCore, type Core, type CoreOptions } from '../../electron/core/api/core-api';
import { SERVERS_FILE } from '../../electron/core/config/server-registry';
import { MAX_LINE_BYTES } from '../../electron/core/connections/transports/json-line-reader';
import { everythingServer, fixtureServer, type FixtureName } from '../../e2e/fixtures/paths';

export { fixtureServer, type FixtureName };
export { waitUntil } from '../../e2e/support/processes';

/** A stdio entry that runs a fixture server with this Node. */
export function fixtureEntry(name: FixtureName, args: string[] = []): StdioServerConfig {
  return { command: process.execPath, args: [fixtureServer(name), ...args] };
}

export interface TempDir {
  path: string;
  remove(): Promise<void>;
}

export async function tempDir(prefix: string): Promise<TempDir> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `mcpwb-bench-${prefix}-`));
  return { path: dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Writes the user scope's servers.json, as a user who configured these servers would have it. */
export async function writeServers(dataDir: string, servers: Record<string, StdioServerConfig>): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify({ mcpServers: servers }, null, 2));
}

export interface BenchCore extends Core {
  dataDir: string;
  /** Closes every server and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The core as the app builds it, on its own data folder. The login shell is not asked
 * for its PATH (every benchmark runs `node` by its absolute path, and the shell's start
 * time is not what is measured).
 */
export async function startCore(servers: Record<string, StdioServerConfig>, options: Partial<CoreOptions> = {}): Promise<BenchCore> {
  const dir = await tempDir('core');
  await writeServers(dir.path, servers);
  const core = await startCoreIn(dir.path, options);
  return {
    ...core,
    close: async () => {
      await core.close();
      await dir.remove();
    },
  };
}

/** The core on a data folder that is already there (one an earlier core used, say): closing it leaves the folder. */
export async function startCoreIn(dataDir: string, options: Partial<CoreOptions> = {}): Promise<BenchCore> {
  const core = await createCore({ dataDir, shellEnv: async () => ({ env: {} }), ...options });
  return { ...core, dataDir, close: () => core.dispose() };
}

/**
 * The SDK reads at most 10 MB per message unless told otherwise; the baseline is given
 * the same room our transport has (MAX_LINE_BYTES), so it can take the 20 MB result.
 */
const BASELINE_MAX_MESSAGE_BYTES = MAX_LINE_BYTES;

/** The baseline client: the SDK's Client on the SDK's StdioClientTransport, nothing else (options: the era to speak, say). */
export async function bareClient(name: FixtureName, args: string[] = [], options?: ClientOptions): Promise<Client> {
  return bareClientOf({ command: process.execPath, args: [fixtureServer(name), ...args] }, options);
}

/** The baseline client on any stdio server (the reference server, say): the same entry the core is given. */
export async function bareClientOf(entry: StdioServerConfig, options?: ClientOptions): Promise<Client> {
  const client = new Client({ name: 'bench-baseline', version: '1.0.0' }, options);
  await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args ?? [], stderr: 'ignore', maxBufferSize: BASELINE_MAX_MESSAGE_BYTES }));
  return client;
}

/** The reference server, `@modelcontextprotocol/server-everything`, as the tests run it: `node <its dist/index.js> stdio`. */
export function everythingEntry(): StdioServerConfig {
  return { command: process.execPath, args: [everythingServer, 'stdio'] };
}
