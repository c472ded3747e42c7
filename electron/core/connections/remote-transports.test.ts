/**
 * Every remote transport against real fixture servers on 127.0.0.1: connect, list tools,
 * call one; plus what goes wrong on the wire (expired sessions, dropped connections,
 * dropped event streams, refused tokens) and how the manager recovers.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import type { FixtureName } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { ServerConfig } from '../../../shared/config/server-config';
import { EventBus } from '../events/event-bus';
import { ToolsService } from '../tools/tools-service';
import { ConnectionManager, type ConnectionManagerOptions } from './connection-manager';
import type { TokenProvider } from './token-provider';

const fixtures: RunningFixture[] = [];
const tempDirs: string[] = [];
let manager: ConnectionManager | undefined;
let tools: ToolsService;

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
  await Promise.all(tempDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function fixture(name: FixtureName, args: string[] = []): Promise<RunningFixture> {
  const running = await startFixture(name, args);
  fixtures.push(running);
  return running;
}

function create(extra: Partial<ConnectionManagerOptions> = {}): ConnectionManager {
  const bus = new EventBus();
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, settings: () => ({ connectTimeoutMs: 10_000 }), ...extra });
  tools = new ToolsService(manager, bus);
  return manager;
}

/** A lock file like an IDE extension writes, in a temporary Claude config dir. */
async function ideLockDir(port: number, lock: Record<string, unknown>): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-ide-'));
  tempDirs.push(dir);
  await fs.writeFile(path.join(dir, `${port}.lock`), JSON.stringify({ pid: process.pid, workspaceFolders: ['/work'], ideName: 'Test IDE', ...lock }));
  return dir;
}

const textOf = (result: { content: Array<{ type: string; text?: unknown }> }) => result.content.map((b) => b.text).join('');

interface Case {
  transport: string;
  setup: () => Promise<{ config: ServerConfig; options?: Partial<ConnectionManagerOptions>; serverName: string; check?: () => Promise<void> }>;
}

const cases: Case[] = [
  {
    transport: 'http',
    setup: async () => {
      const f = await fixture('http-server', ['--require-header', 'X-Test=yes']);
      return { config: { type: 'http', url: f.url, headers: { 'X-Test': 'yes' } }, serverName: 'http-fixture' };
    },
  },
  {
    transport: 'sse',
    setup: async () => {
      const f = await fixture('sse-server', ['--require-header', 'X-Test=yes']);
      return { config: { type: 'sse', url: f.url, headers: { 'X-Test': 'yes' } }, serverName: 'sse-fixture' };
    },
  },
  {
    transport: 'ws',
    setup: async () => {
      const f = await fixture('ws-server', ['--require-header', 'X-Test=yes']);
      return { config: { type: 'ws', url: f.url, headers: { 'X-Test': 'yes' } }, serverName: 'ws-fixture' };
    },
  },
  {
    transport: 'ws-ide',
    setup: async () => {
      const f = await fixture('ws-server', ['--require-header', 'X-Claude-Code-Ide-Authorization=ide-token-1']);
      const dir = await ideLockDir(Number(new URL(f.url).port), { transport: 'ws', authToken: 'ide-token-1' });
      return { config: { type: 'ws-ide', url: f.url, ideName: 'Test IDE' }, options: { ideLockDir: dir }, serverName: 'ws-fixture' };
    },
  },
  {
    transport: 'sse-ide',
    setup: async () => {
      const f = await fixture('sse-server', ['--require-header', 'X-Claude-Code-Ide-Authorization=ide-token-2']);
      const dir = await ideLockDir(Number(new URL(f.url).port), { transport: 'sse', authToken: 'ide-token-2' });
      return { config: { type: 'sse-ide', url: f.url, ideName: 'Test IDE' }, options: { ideLockDir: dir }, serverName: 'sse-fixture' };
    },
  },
  {
    transport: 'claudeai-proxy',
    setup: async () => {
      const f = await fixture('http-server', ['--bearer', 'fresh-token']);
      // The first token is stale: the server answers 401, the manager asks again once.
      let refreshed = false;
      const tokenProvider: TokenProvider = {
        getToken: async (_server, options) => {
          if (options?.refresh) refreshed = true;
          return refreshed ? 'fresh-token' : 'stale-token';
        },
      };
      return {
        config: { type: 'claudeai-proxy', url: f.url },
        options: { tokenProvider },
        serverName: 'http-fixture',
        check: async () => {
          const stats = await f.http<{ authorizations: string[] }>('/stats');
          expect(stats.authorizations.slice(0, 2)).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
        },
      };
    },
  },
];

describe('each transport connects, lists tools and calls one', () => {
  it.each(cases)('$transport', async ({ setup }) => {
    const { config, options, serverName, check } = await setup();
    const m = create(options);
    await m.connect('remote', config);
    expect(m.state('remote')).toMatchObject({ status: 'connected', serverInfo: { name: serverName }, protocolVersion: expect.any(String) });
    const listed = await tools.list('remote', config);
    expect(listed.map((t) => t.fullName)).toEqual(expect.arrayContaining(['mcp__remote__echo', 'mcp__remote__add']));
    expect(textOf(await tools.call('remote', config, 'echo', { text: 'over the wire' }))).toBe('over the wire');
    await check?.();
  });
});

describe('remote connections', () => {
  it('http: disconnect ends the session with DELETE', async () => {
    const f = await fixture('http-server');
    const m = create();
    const config: ServerConfig = { type: 'http', url: f.url };
    await m.connect('http', config);
    await m.disconnect('http');
    expect(await f.http('/stats')).toMatchObject({ deletes: 1, sessions: 0 });
  });

  it('an expired HTTP session is re-initialized and the call retried transparently', async () => {
    const f = await fixture('http-expiring', ['--calls', '1']);
    const m = create();
    const config: ServerConfig = { type: 'http', url: f.url };
    for (const text of ['one', 'two', 'three']) expect(textOf(await tools.call('expiring', config, 'echo', { text }))).toBe(text);
    expect(await f.http('/stats')).toMatchObject({ initializations: 3, expired: 2 });
    expect(m.protocolLog.entries('expiring').filter((e) => e.text.startsWith('The server ended the session;'))).toHaveLength(2);
    expect(m.state('expiring').status).toBe('connected');
  });

  it('a session that keeps expiring is retried with backoff, then given up', async () => {
    const f = await fixture('http-expiring', ['--calls', '0']);
    create();
    await expect(tools.call('expiring', { type: 'http', url: f.url }, 'echo', { text: 'never' })).rejects.toThrow(
      'expiring: The server ended the session again after 3 new sessions; giving up.',
    );
    // The first session plus three retries, then no more.
    expect(await f.http('/stats')).toMatchObject({ initializations: 4, expired: 4 });
  });

  it('three dropped connections in a row close the transport, and it reconnects', async () => {
    const f = await fixture('http-dropping');
    const m = create();
    const config: ServerConfig = { type: 'http', url: f.url };
    expect(textOf(await tools.call('dropping', config, 'echo', { text: 'before' }))).toBe('before');
    await f.http('/control/drop?count=3', 'POST');
    for (let i = 0; i < 3; i++) await expect(tools.call('dropping', config, 'echo', { text: 'lost' })).rejects.toThrow(/dropping: The connection to the server failed/);
    await waitUntil(async () => (await f.http<{ initializations: number }>('/stats')).initializations === 2, 'a new session');
    await waitUntil(() => m.state('dropping').status === 'connected', 'the reconnect');
    expect(m.protocolLog.entries('dropping').some((e) => /failed 3 times in a row/.test(e.text))).toBe(true);
    expect(textOf(await tools.call('dropping', config, 'echo', { text: 'after' }))).toBe('after');
    expect(await f.http('/stats')).toMatchObject({ dropped: 3, initializations: 2 });
  });

  it('a dropped response stream is resumed with Last-Event-ID after the server\'s retry', async () => {
    const f = await fixture('http-server', ['--retry-ms', '50']);
    create();
    const result = await tools.call('resumable', { type: 'http', url: f.url }, 'interrupt', {});
    expect(textOf(result)).toBe('answered after the stream was closed');
    const stats = await f.http<{ lastEventIds: string[] }>('/stats');
    expect(stats.lastEventIds.length).toBeGreaterThan(0);
  });

  it('sse: a dropped event stream closes the transport and it reconnects', async () => {
    const f = await fixture('sse-server');
    const m = create();
    const config: ServerConfig = { type: 'sse', url: f.url };
    await m.connect('sse', config);
    await f.http('/control/drop-streams', 'POST');
    await waitUntil(async () => (await f.http<{ streams: number }>('/stats')).streams === 2 && m.state('sse').status === 'connected', 'the reconnect');
    expect(textOf(await tools.call('sse', config, 'echo', { text: 'again' }))).toBe('again');
  });

  it('a background reconnect uses the entry as the config says now: disabled stays away, edited reconnects as edited', async () => {
    const first = await fixture('sse-server');
    const second = await fixture('sse-server');
    const original: ServerConfig = { type: 'sse', url: first.url };
    let current: ServerConfig | undefined = original;
    /** What the config file says once the connection has dropped (an edit made while it was away). */
    let afterDrop: ServerConfig | undefined;
    const m = create({ currentConfig: () => current });
    m.onStateChange = (name) => {
      if (m.state(name).status === 'failed') current = afterDrop;
    };
    const streams = async (f: RunningFixture) => (await f.http<{ streams: number }>('/stats')).streams;

    afterDrop = { ...original, enabled: false };
    await m.connect('sse', original);
    await first.http('/control/drop-streams', 'POST');
    await waitUntil(() => m.protocolLog.entries('sse').some((e) => e.text === 'Not reconnecting: the server was disabled.'), 'the reconnect declined');
    expect(m.state('sse').status).toBe('failed');
    expect(await streams(first)).toBe(1);

    current = original;
    afterDrop = { type: 'sse', url: second.url };
    await m.connect('sse', original);
    await first.http('/control/drop-streams', 'POST');
    await waitUntil(async () => m.state('sse').status === 'connected' && (await streams(second)) === 1, 'the reconnect to the edited entry');
    expect(await streams(first)).toBe(2);
    expect(textOf(await tools.call('sse', afterDrop, 'echo', { text: 'edited' }))).toBe('edited');
  });

  it('ws-ide: a wrong token in the lock file is refused with a clear message', async () => {
    const f = await fixture('ws-server', ['--require-header', 'X-Claude-Code-Ide-Authorization=right']);
    const dir = await ideLockDir(Number(new URL(f.url).port), { transport: 'ws', authToken: 'wrong' });
    const m = create({ ideLockDir: dir });
    await expect(m.connect('ide', { type: 'ws-ide', url: f.url, ideName: 'Test IDE' })).rejects.toThrow(/refused the WebSocket connection \(HTTP 401\)/);
    expect(m.state('ide').status).toBe('needs-auth');
  });

  it('claudeai-proxy: no token, or a token refused twice, means needs-auth', async () => {
    const f = await fixture('http-server', ['--bearer', 'right']);
    const none = create({ tokenProvider: { getToken: async () => undefined } });
    await expect(none.connect('proxy', { type: 'claudeai-proxy', url: f.url })).rejects.toThrow(/requires sign-in: there is no access token for it yet/);
    expect(none.state('proxy').status).toBe('needs-auth');
    await none.closeAll();

    const wrong = create({ tokenProvider: { getToken: async () => 'wrong' } });
    await expect(wrong.connect('proxy', { type: 'claudeai-proxy', url: f.url })).rejects.toThrow(/requires sign-in/);
    expect(wrong.state('proxy').status).toBe('needs-auth');
    // One try and exactly one retry.
    expect((await f.http<{ authorizations: string[] }>('/stats')).authorizations).toEqual(['Bearer wrong', 'Bearer wrong']);
  });

  it('a server that is not running fails with "connection refused"', async () => {
    const f = await fixture('http-server');
    await f.stop();
    const m = create();
    await expect(m.connect('gone', { type: 'http', url: f.url })).rejects.toThrow(/connection refused/);
    expect(m.state('gone').status).toBe('failed');
  });
});
