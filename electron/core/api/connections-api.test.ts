/** The connections area through a real core: states, reconnect, running IDEs, shutdown. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { isAlive } from '../../../e2e/support/processes';
import type { AppEvent } from '../../../shared/events';
import { createCore, type Core } from './core-api';
import { TempDirs } from '../../../tests/support/temp-dirs';

const temp = new TempDirs();
let core: Core | undefined;
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await temp.removeAll();
});

const tempDir = (prefix: string) => temp.make(prefix);

describe('connections API on a real core', () => {
  it('start-up connects enabled servers only; disabled shows as disabled; reconnect starts a new process', async () => {
    const dataDir = await tempDir('mcpwb-core-');
    const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { basic, off: { ...basic, enabled: false } } }));
    core = await createCore({ dataDir, env: {}, autoConnect: true });
    const events: AppEvent[] = [];
    core.events.subscribe((event) => events.push(event));
    const api = core.api;

    await expect.poll(async () => (await api.listServers()).find((s) => s.name === 'basic')?.status, { timeout: 10_000 }).toBe('connected');
    expect((await api.listServers()).find((s) => s.name === 'off')?.status).toBe('disabled');
    expect(await api.connectServer({ name: 'off' })).toMatchObject({ status: 'disabled' });

    const pidOf = async () => {
      const block = (await api.callTool({ server: 'basic', tool: 'pid', arguments: {}, confirmed: true })).content[0];
      return Number(block && 'text' in block ? block.text : NaN);
    };
    const first = await pidOf();
    expect(await api.reconnectServer({ name: 'basic' })).toMatchObject({ status: 'connected', serverInfo: { name: 'basic-fixture' } });
    expect(isAlive(first)).toBe(false);
    expect(await pidOf()).not.toBe(first);
    expect(events.some((e) => e.type === 'server-state' && e.server.name === 'basic' && e.server.status === 'pending')).toBe(true);
    await expect.poll(() => events.some((e) => e.type === 'protocol-log' && e.entries.some((entry) => entry.method === 'tools/call'))).toBe(true);

    const exported = await api.exportProtocolLog({ server: 'basic', filter: { kind: 'request', search: 'tools/call' } });
    expect(exported.count).toBe(2);
    expect(exported.text.trim().split('\n').map((line) => (JSON.parse(line) as { method: string }).method)).toEqual(['tools/call', 'tools/call']);

    // After shutdown nothing connects any more, so nothing is left running.
    const last = await pidOf();
    await core.dispose();
    expect(isAlive(last)).toBe(false);
    await expect(api.callTool({ server: 'basic', tool: 'pid', arguments: {}, confirmed: true })).rejects.toThrow(/shutting down/);
  });

  it('says what kind each failure is: a timeout, a connection failure, a disabled server', async () => {
    const dataDir = await tempDir('mcpwb-core-');
    const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
    await fs.writeFile(
      path.join(dataDir, 'servers.json'),
      JSON.stringify({
        mcpServers: {
          basic,
          silent: { command: process.execPath, args: [fixtureServer('silent-stdio')], connectTimeoutMs: 300 },
          crash: { command: process.execPath, args: [fixtureServer('crash-on-start')] },
          off: { ...basic, enabled: false },
        },
      }),
    );
    core = await createCore({ dataDir, env: {}, shellEnv: async () => ({ env: {} }) });
    const api = core.api;
    expect(await api.connectServer({ name: 'silent' })).toMatchObject({ status: 'failed', errorKind: 'timeout' });
    expect(await api.connectServer({ name: 'crash' })).toMatchObject({ status: 'failed', errorKind: 'connection' });
    await expect(api.listTools({ name: 'silent' })).rejects.toMatchObject({ kind: 'timeout' });
    await expect(api.listTools({ name: 'crash' })).rejects.toMatchObject({ kind: 'connection' });
    await expect(api.listTools({ name: 'off' })).rejects.toMatchObject({ kind: 'disabled' });
    // Progress comes every 10 ms; a 2 ms limit runs out between two of them.
    await expect(api.callTool({ server: 'basic', tool: 'progress', arguments: { steps: 50 }, callId: 'c1', timeoutMs: 2, confirmed: true })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringMatching(/^basic: The call timed out/),
    });
    await expect(api.listTools({ name: 'nosuch' })).rejects.toMatchObject({ code: 'not-found' });
  });

  it('offers the IDEs found in Claude Code\'s lock files', async () => {
    const config = await tempDir('mcpwb-claude-');
    await fs.mkdir(path.join(config, 'ide'));
    await fs.writeFile(
      path.join(config, 'ide', '43210.lock'),
      JSON.stringify({ pid: process.pid, workspaceFolders: ['/src/app'], ideName: 'Visual Studio Code', transport: 'ws', authToken: 'secret' }),
    );
    core = await createCore({ dataDir: await tempDir('mcpwb-core-'), env: { CLAUDE_CONFIG_DIR: config } });
    const offers = await core.api.listIdeServers();
    expect(offers).toEqual([
      {
        suggestedName: 'ide-visual-studio-code',
        ideName: 'Visual Studio Code',
        config: { type: 'ws-ide', url: 'ws://127.0.0.1:43210', ideName: 'Visual Studio Code' },
        workspaceFolders: ['/src/app'],
        pid: process.pid,
        port: 43210,
      },
    ]);
    expect(JSON.stringify(offers)).not.toContain('secret');
  });
});
