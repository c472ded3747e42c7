/**
 * The limits and the housekeeping of config files on disk: one size limit for reading
 * and writing, temp files of killed writes cleaned up, a lock left by a killed process
 * taken over. Real files in a temp folder.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_FILE_BYTES } from './config-file';
import { PROJECT_FILE, ServerRegistry, SERVERS_FILE } from './server-registry';

let dir: string;
let project: string;
const registries: ServerRegistry[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-config-file-'));
  project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-config-project-')));
});
afterEach(async () => {
  for (const registry of registries.splice(0)) registry.close();
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(project, { recursive: true, force: true });
});

async function open(): Promise<ServerRegistry> {
  const registry = new ServerRegistry(dir);
  registries.push(registry);
  await registry.load();
  return registry;
}

const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe('the size limit', () => {
  it('refuses a change that would make the file larger than it may be read, and writes nothing', async () => {
    const registry = await open();
    await registry.add('user', 'small', { command: 'node' });
    const file = path.join(dir, SERVERS_FILE);
    const before = await fs.readFile(file, 'utf8');
    const huge = 'x'.repeat(MAX_CONFIG_FILE_BYTES + 1024);
    await expect(registry.add('user', 'huge', { command: 'node', notes: huge })).rejects.toThrow(
      new RegExp(`^Not saving: the change would make ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 10\\.0 MB, over the 10 MB a config file may hold; nothing was written`),
    );
    expect(await fs.readFile(file, 'utf8')).toBe(before);
    // After a restart every server is still there.
    expect((await open()).list().map(([name]) => name)).toEqual(['small']);
  });

  it('reports a file over the limit with its path, the reason and how to fix it, and never writes to it', async () => {
    const file = path.join(dir, SERVERS_FILE);
    await fs.writeFile(file, JSON.stringify({ mcpServers: { keep: { command: 'node' }, big: { command: 'node', notes: 'y'.repeat(MAX_CONFIG_FILE_BYTES) } } }));
    const { size, mtimeMs } = await fs.stat(file);
    const registry = await open();
    const [status] = registry.status();
    expect(status?.path).toBe(file);
    expect(status?.problem?.message).toMatch(/^it is 10\.0 MB, over the 10 MB a config file may hold, so it was not read\. Open it in a text editor and remove the oversized entry/);
    await expect(registry.add('user', 'other', { command: 'node' })).rejects.toThrow(/Not saving: .*servers\.json cannot be used: it is 10\.0 MB.*nothing was written/);
    expect(await fs.stat(file)).toMatchObject({ size, mtimeMs });
  });
});

describe('temp files of killed writes', () => {
  it('are removed from the project folder at the next start and the next write; younger ones and other files stay', async () => {
    const stale = path.join(project, `${PROJECT_FILE}.1234567890`);
    const live = path.join(project, `${PROJECT_FILE}.42`);
    const others = [path.join(project, `${PROJECT_FILE}.orig`), path.join(project, 'notes.txt.123'), path.join(project, `${PROJECT_FILE}.12ab`)];
    for (const file of [stale, live, ...others]) await fs.writeFile(file, '{"mcpServers": {');
    await fs.utimes(stale, aMinuteAgo(), aMinuteAgo());
    for (const file of others) await fs.utimes(file, aMinuteAgo(), aMinuteAgo());

    const registry = await open();
    await registry.openProject(project);
    const names = async () => (await fs.readdir(project)).sort();
    expect(await names()).toEqual([path.basename(live), ...others.map((f) => path.basename(f))].sort());

    // The younger one may belong to a write still under way; once it is old, the next write removes it.
    await fs.utimes(live, aMinuteAgo(), aMinuteAgo());
    await registry.add('project', 'team', { command: 'node' });
    expect(await names()).toEqual([PROJECT_FILE, ...others.map((f) => path.basename(f))].sort());
  });
});

describe('the cross-process lock', () => {
  it('takes over a lock left by a killed process once it is stale', async () => {
    const registry = await open();
    const lock = path.join(dir, `${SERVERS_FILE}.lock`);
    await fs.mkdir(lock);
    await fs.utimes(lock, aMinuteAgo(), aMinuteAgo());
    await registry.add('user', 'after-crash', { command: 'node' });
    expect((await open()).get('after-crash')).toEqual({ command: 'node' });
    await expect(fs.stat(lock)).rejects.toThrow(/ENOENT/);
  });
});
