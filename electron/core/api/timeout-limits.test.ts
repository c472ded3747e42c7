/**
 * Timeouts larger than a timer can hold: Node replaces any delay above 2^31 − 1 ms
 * (about 24.8 days) with 1 ms, so a huge timeout would end every connect or call at once.
 * A real core with the basic stdio fixture: MCP_TIMEOUT and MCP_TOOL_TIMEOUT above the
 * most allowed are capped (and the settings view says so); a server entry with such a
 * timeout is refused with a message naming the field and the limit.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from './core-api';

const HUGE = String(2 ** 31 + 1000);
const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function start(env: NodeJS.ProcessEnv, servers: Record<string, unknown> = {}): Promise<Core> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-timeouts-'));
  dirs.push(dataDir);
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const core = await createCore({ dataDir, env, watchConfig: false, shellEnv: async () => ({ env: {} }) });
  cores.push(core);
  return core;
}

const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };

describe('timeouts larger than a timer can hold', () => {
  it('MCP_TIMEOUT and MCP_TOOL_TIMEOUT above the limit are capped: connects and calls still wait', async () => {
    const core = await start({ MCP_TIMEOUT: HUGE, MCP_TOOL_TIMEOUT: HUGE }, { basic });
    expect(await core.api.connectServer({ name: 'basic' })).toMatchObject({ status: 'connected' });
    const result = await core.api.callTool({ server: 'basic', tool: 'progress', arguments: { steps: 3, delayMs: 20 }, confirmed: true });
    expect(result.content[0]).toMatchObject({ type: 'text', text: 'done after 3 steps' });
    const settings = await core.api.getSettings();
    expect(settings.effective.connectTimeoutMs).toBe(10 * 60 * 1000);
    expect(settings.effective.callTimeoutMs).toBe(24 * 60 * 60 * 1000);
    expect(settings.overrides.connectTimeoutMs).toMatch(`MCP_TIMEOUT=${HUGE} is more than the most allowed (600000 ms): using 600000 ms`);
    expect(settings.overrides.callTimeoutMs).toMatch(`MCP_TOOL_TIMEOUT=${HUGE} is more than the most allowed (86400000 ms): using 86400000 ms`);
  });

  it('a server entry with a huge connect or call timeout is refused, naming the field and the limit', async () => {
    const core = await start({}, { slowStart: { ...basic, connectTimeoutMs: Number(HUGE) }, slowCalls: { ...basic, callTimeoutMs: Number(HUGE) } });
    expect((await core.api.listServers()).map((s) => s.name)).toEqual([]);
    const problems = (await core.api.getConfigStatus()).files.flatMap((file) => file.entryProblems.map((p) => p.message));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/"slowStart": connectTimeoutMs: must be at most 86400000 ms \(1 day\)/),
        expect.stringMatching(/"slowCalls": callTimeoutMs: must be at most 86400000 ms \(1 day\)/),
      ]),
    );
    await expect(core.api.addServer({ name: 'added', config: { ...basic, connectTimeoutMs: Number(HUGE) } })).rejects.toThrow(/connectTimeoutMs.*at most 86400000 ms/);
  });
});
