/**
 * Where each stdio command is found on the login shell's PATH is looked up once per
 * config change, not on every listing: the list is asked for many times (each window,
 * each "Add server"), and a PATH scan per stdio entry each time adds up. A real core,
 * a real PATH folder: a command put there is seen after the next config change.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from './core-api';

const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('the PATH scan behind the server list', () => {
  it('runs once per config change: listing again reuses it, a change scans again', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-scan-'));
    const binDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-scan-bin-'));
    dirs.push(dataDir, binDir);
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { tool: { command: 'later-tool' } } }));
    const core = await createCore({ dataDir, env: { PATH: binDir }, watchConfig: false, shellEnv: async () => ({ env: { PATH: binDir } }) });
    cores.push(core);
    const launchOf = async () => (await core.api.listServers()).find((s) => s.name === 'tool')?.launch;

    expect(await launchOf()).toMatchObject({ problem: expect.stringContaining('"later-tool": command not found') });
    const tool = path.join(binDir, 'later-tool');
    await fs.writeFile(tool, '#!/bin/sh\n', { mode: 0o755 });
    // Nothing changed in the config: the scan is not repeated.
    expect(await launchOf()).toMatchObject({ problem: expect.stringContaining('command not found') });

    await core.api.addServer({ name: 'other', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', enabled: false } });
    expect(await launchOf()).toEqual({ commandPath: tool });
  });
});
