/**
 * The protocol-era matrix on real servers: 2025-only, dual-era and 2026-only servers
 * (stdio and Streamable HTTP, on SDK v1 and v2), each connected with Protocol auto,
 * legacy and 2026-07-28; what Auto found is remembered, and a quiet or exiting 2025
 * server is detected without hanging.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../../e2e/fixtures/fixture-process';
import { pidsWith, waitUntil } from '../../../../e2e/support/processes';
import { fixtureServer } from '../../../../e2e/fixtures/paths';
import type { ProtocolSetting, ServerConfig } from '../../../../shared/config/server-config';
import { EventBus } from '../../events/event-bus';
import { ToolsService } from '../../tools/tools-service';
import { ConnectionManager, connectionKey } from '../connection-manager';
import { EraCache } from './era-cache';

const stdio = (fixture: Parameters<typeof fixtureServer>[0], ...args: string[]): ServerConfig => ({ command: process.execPath, args: [fixtureServer(fixture), ...args] });

let dataDir: string;
let manager: ConnectionManager | undefined;
let tools: ToolsService;
let cache: EraCache;
const remote: Record<string, RunningFixture> = {};

beforeAll(async () => {
  const [legacy, dual, modern] = await Promise.all([startFixture('http-server'), startFixture('v2-http'), startFixture('v2-http', ['--modern-only'])]);
  Object.assign(remote, { legacy, dual, modern });
});
afterAll(async () => {
  await Promise.all(Object.values(remote).map((fixture) => fixture.stop()));
});

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function create(settings: { eraProbeTimeoutMs?: number; connectTimeoutMs?: number } = {}): Promise<ConnectionManager> {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-era-'));
  cache = new EraCache(dataDir);
  const bus = new EventBus();
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, eraCache: cache, settings: () => settings });
  tools = new ToolsService(manager, bus);
  return manager;
}

/** Each server kind, its config, and a tool call that works on it. */
function servers(): Array<{ kind: 'legacy' | 'dual' | 'modern'; transport: 'stdio' | 'http'; config: ServerConfig; tool: string; args: Record<string, unknown> }> {
  const echo = { tool: 'echo', args: { text: 'hi' } };
  const weather = { tool: 'weather', args: { city: 'Oslo' } };
  return [
    { kind: 'legacy', transport: 'stdio', config: stdio('basic-stdio'), ...echo },
    { kind: 'dual', transport: 'stdio', config: stdio('v2-stdio'), ...weather },
    { kind: 'modern', transport: 'stdio', config: stdio('v2-stdio', '--modern-only'), ...weather },
    { kind: 'legacy', transport: 'http', config: { type: 'http', url: remote.legacy!.url }, ...echo },
    { kind: 'dual', transport: 'http', config: { type: 'http', url: remote.dual!.url }, ...weather },
    { kind: 'modern', transport: 'http', config: { type: 'http', url: remote.modern!.url }, ...weather },
  ];
}

/** What each Protocol setting gives on each kind of server: the era, or the words of the failure. */
const EXPECTED: Record<'auto' | 'legacy' | 'modern', Record<'legacy' | 'dual' | 'modern', 'legacy' | 'modern' | RegExp>> = {
  auto: { legacy: 'legacy', dual: 'modern', modern: 'modern' },
  legacy: { legacy: 'legacy', dual: 'legacy', modern: /only speaks MCP 2026-07-28 .*-32022.*set Protocol to Auto/ },
  modern: { legacy: /does not speak MCP 2026-07-28.*Set Protocol to Auto or Legacy/, dual: 'modern', modern: 'modern' },
};
const SETTINGS: Record<keyof typeof EXPECTED, ProtocolSetting> = { auto: 'auto', legacy: 'legacy', modern: '2026-07-28' };

describe('the era matrix', () => {
  for (const mode of ['auto', 'legacy', 'modern'] as const) {
    it(`Protocol ${SETTINGS[mode]} on 2025-only, dual-era and 2026-only servers, stdio and HTTP`, async () => {
      const m = await create();
      for (const server of servers()) {
        const config = { ...server.config, protocol: SETTINGS[mode] };
        const name = `${server.kind}-${server.transport}`;
        const expected = EXPECTED[mode][server.kind];
        if (expected instanceof RegExp) {
          await expect(m.connect(name, config), name).rejects.toThrow(expected);
          expect(m.state(name).status, name).toBe('failed');
          continue;
        }
        await m.connect(name, config);
        expect(m.state(name), name).toMatchObject({
          status: 'connected',
          protocolEra: expected,
          protocolVersion: expected === 'modern' ? '2026-07-28' : expect.stringMatching(/^2025-/),
          protocolSource: mode === 'auto' ? 'detected' : 'configured',
        });
        const result = await tools.call(name, config, server.tool, server.args);
        expect(result.isError, name).toBe(false);
        if (server.tool === 'weather') expect(result.structuredContent, name).toMatchObject({ city: 'Oslo', era: expected });
      }
    });
  }

  it('a version before 2026 pins initialize to it', async () => {
    const m = await create();
    const config = { ...stdio('v2-stdio'), protocol: '2025-06-18' };
    await m.connect('pinned', config);
    expect(m.state('pinned')).toMatchObject({ status: 'connected', protocolEra: 'legacy', protocolVersion: '2025-06-18', protocolSource: 'configured' });
  });
});

describe('Protocol auto remembers what it found', () => {
  it('per entry: the next connect skips the probe; Reconnect detects again; a changed entry is new', async () => {
    const m = await create();
    const dual = stdio('v2-stdio');
    await m.connect('dual', dual);
    expect(m.state('dual')).toMatchObject({ protocolEra: 'modern', protocolSource: 'detected' });
    expect(await cache.get(connectionKey('dual', dual))).toMatchObject({ era: 'modern', version: '2026-07-28', discover: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
    // The file holds hashes of the entries, not their command lines.
    expect(await fs.readFile(cache.filePath, 'utf8')).not.toContain('v2-stdio');

    await m.disconnect('dual');
    await m.connect('dual', dual);
    expect(m.state('dual')).toMatchObject({ status: 'connected', protocolEra: 'modern', protocolSource: 'remembered' });
    expect(m.protocolLog.entries('dual').filter((entry) => entry.method === 'server/discover' && entry.kind === 'request')).toHaveLength(1);
    expect((await tools.call('dual', dual, 'weather', { city: 'Rome' })).structuredContent).toMatchObject({ era: 'modern' });

    await m.reconnect('dual', dual);
    expect(m.state('dual')).toMatchObject({ protocolEra: 'modern', protocolSource: 'detected' });
    expect(m.protocolLog.entries('dual').filter((entry) => entry.method === 'server/discover' && entry.kind === 'request')).toHaveLength(2);

    const changed = { ...dual, env: { CHANGED: '1' } };
    await m.connect('dual', changed);
    expect(m.state('dual')).toMatchObject({ protocolSource: 'detected' });
  });

  it('a 2025 server that ignores server/discover is found within the probe wait, and is not probed again', async () => {
    const m = await create({ eraProbeTimeoutMs: 500 });
    const quiet = stdio('legacy-quiet-stdio');
    const started = performance.now();
    await m.connect('quiet', quiet);
    const took = performance.now() - started;
    expect(m.state('quiet')).toMatchObject({ status: 'connected', protocolEra: 'legacy', protocolSource: 'detected' });
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(5000);
    expect(await cache.get(connectionKey('quiet', quiet))).toMatchObject({ era: 'legacy' });

    await m.disconnect('quiet');
    await m.connect('quiet', quiet);
    expect(m.state('quiet')).toMatchObject({ status: 'connected', protocolEra: 'legacy', protocolSource: 'remembered' });
    expect(m.protocolLog.entries('quiet').filter((entry) => entry.method === 'server/discover' && entry.kind === 'request')).toHaveLength(1);
  });

  it('a 2025 server that exits on server/discover is started again with initialize', async () => {
    const m = await create();
    const exiting = stdio('legacy-quiet-stdio', '--exit-on-probe');
    await m.connect('exiting', exiting);
    expect(m.state('exiting')).toMatchObject({ status: 'connected', protocolEra: 'legacy', protocolSource: 'detected' });
    expect((await tools.call('exiting', exiting, 'echo', { text: 'again' })).content).toEqual([{ type: 'text', text: 'again' }]);
    expect(await cache.get(connectionKey('exiting', exiting))).toMatchObject({ era: 'legacy' });
  });

  it('closing while the probe waits ends the server and the connect at once, even one that ignores its stdin closing', async () => {
    // Bounds far beyond the test's own timeout: only closing the transport can end this connect in time.
    const m = await create({ eraProbeTimeoutMs: 120_000, connectTimeoutMs: 120_000 });
    const marker = `era-close-${process.pid}-${Date.now()}`;
    const silent: ServerConfig = { command: process.execPath, args: [fixtureServer('silent-stdio'), marker] };
    const connecting = m.connect('silent', silent);
    try {
      await waitUntil(() => pidsWith(marker).length > 0, 'the server to start', 20_000);
      await m.closeAll();
      await expect(connecting).rejects.toThrow();
      await waitUntil(() => pidsWith(marker).length === 0, 'the server to be stopped', 5_000);
    } finally {
      for (const pid of pidsWith(marker)) process.kill(pid, 'SIGKILL');
    }
  });
});
