/**
 * Where data lives per platform, and the one-time move of result files and caches out of
 * the config folder, on real files in temporary HOME / XDG folders: the move itself, its
 * log line, the copy path (across file systems), and starts after a crash at each point
 * of a move (nothing lost, nothing left twice).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from './api/core-api';
import { resolveAppDirs } from './app-data';
import { moveDataOutOfConfig } from './data-move';

const cleanup: string[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function tempHome(): Promise<{ home: string; env: NodeJS.ProcessEnv; dirs: ReturnType<typeof resolveAppDirs> }> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-home-'));
  cleanup.push(home);
  const env = { XDG_CONFIG_HOME: path.join(home, 'cfg'), XDG_DATA_HOME: path.join(home, 'share'), XDG_CACHE_HOME: path.join(home, 'cache') };
  return { home, env, dirs: resolveAppDirs(env, 'linux', home) };
}

/** What an earlier version left in the config folder: three result folders and both caches. */
async function oldLayout(config: string): Promise<void> {
  for (const id of ['r1', 'r2', 'r3']) {
    await fs.mkdir(path.join(config, 'results', id), { recursive: true });
    await fs.writeFile(path.join(config, 'results', id, 'text.txt'), `whole text of ${id}`);
  }
  await fs.writeFile(path.join(config, 'protocol-eras.json'), '{"abc": {"era": "legacy", "at": 1}}');
  await fs.writeFile(path.join(config, 'mcp-needs-auth-cache.json'), '{"srv": {"timestamp": 1}}');
  await fs.writeFile(path.join(config, 'servers.json'), '{"mcpServers": {}}');
}

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (at: string) => {
    for (const entry of await fs.readdir(at, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out[path.relative(dir, full)] = await fs.readFile(full, 'utf8');
    }
  };
  await walk(dir);
  return out;
}

const EXPECTED_DATA = { 'results/r1/text.txt': 'whole text of r1', 'results/r2/text.txt': 'whole text of r2', 'results/r3/text.txt': 'whole text of r3' };
const EXPECTED_CACHE = { 'protocol-eras.json': '{"abc": {"era": "legacy", "at": 1}}', 'mcp-needs-auth-cache.json': '{"srv": {"timestamp": 1}}' };

describe('where data lives', () => {
  it('Linux: XDG config, data and cache folders (defaults under the home folder); Windows: %LOCALAPPDATA%; macOS: Caches', () => {
    expect(resolveAppDirs({}, 'linux', '/home/u')).toEqual({ config: '/home/u/.config/mcp-workbench', data: '/home/u/.local/share/mcp-workbench', cache: '/home/u/.cache/mcp-workbench' });
    expect(resolveAppDirs({ XDG_DATA_HOME: '/d', XDG_CACHE_HOME: '/c', XDG_CONFIG_HOME: '/x' }, 'linux', '/home/u')).toEqual({ config: '/x/mcp-workbench', data: '/d/mcp-workbench', cache: '/c/mcp-workbench' });
    expect(resolveAppDirs({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32', 'C:\\Users\\u')).toEqual({
      config: 'C:\\Users\\u\\AppData\\Roaming\\mcp-workbench',
      data: 'C:\\Users\\u\\AppData\\Local\\mcp-workbench',
      cache: 'C:\\Users\\u\\AppData\\Local\\mcp-workbench\\Cache',
    });
    expect(resolveAppDirs({}, 'darwin', '/Users/u')).toEqual({
      config: '/Users/u/Library/Application Support/mcp-workbench',
      data: '/Users/u/Library/Application Support/mcp-workbench',
      cache: '/Users/u/Library/Caches/mcp-workbench',
    });
    expect(resolveAppDirs({ MCP_WORKBENCH_HOME: '/tmp/wb' }, 'linux', '/home/u')).toEqual({ config: '/tmp/wb', data: '/tmp/wb', cache: '/tmp/wb' });
  });
});

describe('the one-time move out of the config folder', () => {
  it('moves result folders to data and the caches to cache at start-up, leaves the config, says so once', async () => {
    const { dirs } = await tempHome();
    await oldLayout(dirs.config);
    const notices: string[] = [];
    const core = await createCore({ dataDir: dirs.config, storageDir: dirs.data, cacheDir: dirs.cache, env: {}, watchConfig: false, project: null, notice: (line) => notices.push(line) });
    await core.dispose();
    expect(await tree(dirs.data)).toEqual(EXPECTED_DATA);
    expect(await tree(dirs.cache)).toEqual(EXPECTED_CACHE);
    const config = await tree(dirs.config);
    expect(Object.keys(config).filter((file) => file.startsWith('results') || file.includes('cache') || file.includes('eras'))).toEqual([]);
    expect(config['servers.json']).toBe('{"mcpServers": {}}');
    expect(notices.filter((line) => line.startsWith('MCP Workbench moved its data'))).toEqual([
      `MCP Workbench moved its data out of the config folder ${dirs.config}: 3 result folders to ${path.join(dirs.data, 'results')}; protocol-eras.json to ${dirs.cache}; mcp-needs-auth-cache.json to ${dirs.cache}.`,
    ]);

    // The next start has nothing to move and says nothing.
    const again: string[] = [];
    const next = await createCore({ dataDir: dirs.config, storageDir: dirs.data, cacheDir: dirs.cache, env: {}, watchConfig: false, project: null, notice: (line) => again.push(line) });
    await next.dispose();
    expect(again.filter((line) => line.includes('moved its data'))).toEqual([]);
  });

  it('across file systems it copies, renames the whole copy into place, and only then removes the original', async () => {
    const { dirs } = await tempHome();
    await oldLayout(dirs.config);
    const seen: string[] = [];
    const crossDevice = async (from: string) => {
      // The original is still whole whenever a move begins.
      seen.push(await fs.readFile(path.join(from, 'text.txt'), 'utf8').catch(() => 'file'));
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    };
    await moveDataOutOfConfig({ ...dirs, log: () => undefined, rename: crossDevice });
    expect(seen).toEqual(['whole text of r1', 'whole text of r2', 'whole text of r3', 'file', 'file']);
    expect(await tree(dirs.data)).toEqual(EXPECTED_DATA);
    expect(await tree(dirs.cache)).toEqual(EXPECTED_CACHE);
    expect(await fs.readdir(dirs.config)).toEqual(['servers.json']);
  });

  it('after a crash mid-copy (a partial copy left beside the target) the next start copies afresh; after a crash before the delete it removes the original', async () => {
    const { dirs } = await tempHome();
    await oldLayout(dirs.config);
    // r1 was being copied when the process died: half a copy under a temporary name, by a process that is gone.
    await fs.mkdir(path.join(dirs.data, 'results', 'r1.moving-999999999'), { recursive: true });
    await fs.writeFile(path.join(dirs.data, 'results', 'r1.moving-999999999', 'text.txt'), 'whole te');
    // r2 had been renamed into place, but the original not yet removed.
    await fs.mkdir(path.join(dirs.data, 'results', 'r2'), { recursive: true });
    await fs.writeFile(path.join(dirs.data, 'results', 'r2', 'text.txt'), 'whole text of r2');
    const lines: string[] = [];
    await moveDataOutOfConfig({ ...dirs, log: (line) => lines.push(line) });
    expect(await tree(dirs.data)).toEqual(EXPECTED_DATA);
    expect(await fs.readdir(dirs.config)).toEqual(['servers.json']);
    expect(lines).toHaveLength(1);
  });

  it('with MCP_WORKBENCH_HOME everything stays in that one folder', async () => {
    const { home } = await tempHome();
    const dirs = resolveAppDirs({ MCP_WORKBENCH_HOME: path.join(home, 'wb') }, 'linux', home);
    await oldLayout(dirs.config);
    const before = await tree(dirs.config);
    const lines: string[] = [];
    await moveDataOutOfConfig({ ...dirs, log: (line) => lines.push(line) });
    expect(await tree(dirs.config)).toEqual(before);
    expect(lines).toEqual([]);
  });
});
