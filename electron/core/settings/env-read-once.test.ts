/**
 * The environment overrides (MCP_TIMEOUT, MCP_TOOL_TIMEOUT, MAX_MCP_OUTPUT_TOKENS) are read
 * when the core starts, not on every call. A real core with the basic stdio fixture and an
 * environment that counts every read of those variables: calls read none of them, and the
 * values read at the start still shape each call (a cut result, a call that times out).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { createCore, type Core } from '../api/core-api';

const WATCHED = new Set(['MCP_TIMEOUT', 'MCP_TOOL_TIMEOUT', 'MAX_MCP_OUTPUT_TOKENS']);
const dirs: string[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** An environment that counts how often each watched variable is read. */
function countingEnv(values: Record<string, string>): { env: NodeJS.ProcessEnv; reads: string[] } {
  const reads: string[] = [];
  const env = new Proxy({ ...values } as NodeJS.ProcessEnv, {
    get(target, key, receiver) {
      if (typeof key === 'string' && WATCHED.has(key)) reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
  return { env, reads };
}

describe('environment overrides are read once, at core start', () => {
  it('tool calls read no MCP_* variable, and the values read at start still apply', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-env-once-'));
    dirs.push(dataDir);
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } }));
    const { env, reads } = countingEnv({ MCP_TIMEOUT: '20000', MCP_TOOL_TIMEOUT: '300', MAX_MCP_OUTPUT_TOKENS: '256' });
    const core = await createCore({ dataDir, env, watchConfig: false, shellEnv: async () => ({ env: {} }) });
    cores.push(core);
    expect(reads.length).toBeGreaterThan(0);
    expect(await core.api.connectServer({ name: 'basic' })).toMatchObject({ status: 'connected' });

    reads.length = 0;
    // 256 tokens is 1024 bytes of text: a 5000-character echo is cut.
    const long = await core.api.callTool({ server: 'basic', tool: 'echo', arguments: { text: 'x'.repeat(5000) }, confirmed: true });
    expect(long.content[0]).toMatchObject({ type: 'text', truncated: expect.anything() });
    expect((long.content[0] as { text: string }).text.length).toBeLessThanOrEqual(1024);
    // 100 steps of 10 ms take over a second: MCP_TOOL_TIMEOUT=300 ends the call first
    // (progress does not extend it here).
    await expect(core.api.callTool({ server: 'basic', tool: 'progress', arguments: { steps: 100 }, resetTimeoutOnProgress: false, confirmed: true })).rejects.toThrow(/300 ms|timed out/i);
    const view = await core.api.getSettings();
    expect(view.effective).toMatchObject({ connectTimeoutMs: 20_000, callTimeoutMs: 300, resultTextLimitBytes: 1024 });
    expect(reads).toEqual([]);
  });
});
