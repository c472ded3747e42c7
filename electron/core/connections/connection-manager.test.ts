import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { AppEvent } from '../../../shared/events';
import type { ServerConfig } from '../../../shared/config/server-config';
import { EventBus } from '../events/event-bus';
import { ConnectionManager, connectTimeoutFromEnv, type ConnectionManagerOptions } from './connection-manager';

const basic: ServerConfig = { command: process.execPath, args: [fixtureServer('basic-stdio')] };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
}

/** The fixture's `pid` tool answers with its own process id. */
async function pidOf(m: ConnectionManager): Promise<number> {
  const block = (await m.callTool('basic', basic, 'pid', {})).content[0];
  return Number(block && 'text' in block ? block.text : NaN);
}

let manager: ConnectionManager;
let events: AppEvent[];

function create(connectTimeoutMs?: number, extra: Partial<ConnectionManagerOptions> = {}): ConnectionManager {
  const bus = new EventBus();
  events = [];
  bus.subscribe((event) => events.push(event));
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, ...(connectTimeoutMs ? { connectTimeoutMs } : {}), ...extra });
  return manager;
}

afterEach(async () => {
  await manager?.closeAll();
});

describe('ConnectionManager with a real stdio server', () => {
  it('connects, reports server info, lists tools with their mcp__ names', async () => {
    const m = create();
    await m.connect('basic', basic);
    expect(m.state('basic')).toMatchObject({ status: 'connected', serverInfo: { name: 'basic-fixture', version: '1.2.3' }, instructions: 'A fixture server for tests.' });
    const tools = await m.listTools('basic', basic);
    expect(tools.map((t) => t.name).sort()).toEqual(['add', 'echo', 'fail', 'pid', 'progress']);
    expect(tools.find((t) => t.name === 'echo')).toMatchObject({ fullName: 'mcp__basic__echo', title: 'Echo', annotations: { readOnlyHint: true } });
    expect(events.some((e) => e.type === 'server-log' && e.line === 'basic-fixture: started')).toBe(true);
  });

  it('calls tools: text, structured content, tool errors apart from protocol errors', async () => {
    const m = create();
    const echo = await m.callTool('basic', basic, 'echo', { text: 'hello' });
    expect(echo).toMatchObject({ isError: false, content: [{ type: 'text', text: 'hello' }] });
    expect(echo.durationMs).toBeGreaterThan(0);
    const add = await m.callTool('basic', basic, 'add', { a: 2, b: 40 });
    expect(add).toMatchObject({ isError: false, structuredContent: { sum: 42 } });
    const fail = await m.callTool('basic', basic, 'fail', {});
    expect(fail.isError).toBe(true);
    expect(fail.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('always fails') });
    // The SDK's server reports an unknown tool as a tool error, not a protocol error.
    expect(await m.callTool('basic', basic, 'no-such-tool', {})).toMatchObject({ isError: true });
    // A protocol-level failure (here a timeout) rejects with a message naming the server.
    await expect(m.callTool('basic', basic, 'progress', { steps: 50 }, { timeoutMs: 50 })).rejects.toThrow(/^basic: The call timed out after 50 ms/);
  });

  it('forwards progress notifications', async () => {
    const m = create();
    const seen: number[] = [];
    await m.callTool('basic', basic, 'progress', { steps: 3 }, { onProgress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('memoizes by name and config: same config shares a connection, a changed one replaces it', async () => {
    const m = create();
    const first = await m.connect('basic', basic);
    expect(await m.connect('basic', basic)).toBe(first);
    const pid = await pidOf(m);
    const changed: ServerConfig = { ...basic, env: { CHANGED: '1' } };
    const second = await m.connect('basic', changed);
    expect(second).not.toBe(first);
    await waitUntil(() => !isAlive(pid), 'the old server process to exit');
    expect(m.state('basic').status).toBe('connected');
  });

  it('disconnects cleanly: the server process is gone', async () => {
    const m = create();
    const pid = await pidOf(m);
    expect(isAlive(pid)).toBe(true);
    await m.disconnect('basic');
    await waitUntil(() => !isAlive(pid), 'the server process to exit');
    expect(m.state('basic').status).toBe('disconnected');
  });

  it('a server that exits at start fails with the reason and its last stderr lines', async () => {
    const m = create();
    await expect(m.connect('crash', { command: process.execPath, args: [fixtureServer('crash-on-start')] })).rejects.toThrow(/crash: /);
    const state = m.state('crash');
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/closed the connection/);
    expect(state.stderrTail).toContain('crash-fixture: missing API_KEY, giving up');
  });

  it('a missing command fails with "command not found"', async () => {
    const m = create();
    await expect(m.connect('ghost', { command: 'mcp-workbench-no-such-command' })).rejects.toThrow(/command not found/);
    expect(m.state('ghost')).toMatchObject({ status: 'failed', error: expect.stringContaining('mcp-workbench-no-such-command') });
  });

  it('a server that never answers initialize fails at the connect timeout', async () => {
    const m = create(500);
    const silent: ServerConfig = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] };
    await expect(m.connect('silent', silent)).rejects.toThrow(/Timed out after 500 ms/);
    expect(m.state('silent').status).toBe('failed');
  });

  it('notices a server that exits on its own', async () => {
    const m = create();
    const pid = await pidOf(m);
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => m.state('basic').status === 'failed', 'the failure to be noticed');
    expect(m.state('basic').error).toMatch(/process exited/);
    // The next call reconnects.
    expect((await m.callTool('basic', basic, 'echo', { text: 'back' })).content[0]).toMatchObject({ text: 'back' });
  });
});

describe('launch config resolution', () => {
  it('launches the resolved entry, and a resolution error fails the connection with its message', async () => {
    const stored: ServerConfig = { command: '${NODE}', args: [fixtureServer('basic-stdio')] };
    const m = create(undefined, {
      resolveLaunchConfig: async (name, config) => {
        if (name === 'broken') throw new Error('broken: env.API_KEY: variable API_KEY is not set');
        return { ...config, command: process.execPath };
      },
    });
    await m.connect('basic', stored);
    expect(m.state('basic').status).toBe('connected');
    await expect(m.connect('broken', stored)).rejects.toThrow(/API_KEY is not set/);
    expect(m.state('broken')).toMatchObject({ status: 'failed', error: expect.stringContaining('API_KEY is not set') });
  });
});

describe('connectTimeoutFromEnv', () => {
  it('reads MCP_TIMEOUT in milliseconds and defaults to 30 s', () => {
    expect(connectTimeoutFromEnv({ MCP_TIMEOUT: '1500' })).toBe(1500);
    expect(connectTimeoutFromEnv({})).toBe(30_000);
    expect(connectTimeoutFromEnv({ MCP_TIMEOUT: 'soon' })).toBe(30_000);
  });
});
