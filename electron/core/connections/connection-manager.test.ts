import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { isAlive, waitUntil } from '../../../e2e/support/processes';
import type { AppEvent } from '../../../shared/events';
import type { ServerConfig } from '../../../shared/config/server-config';
import { EventBus } from '../events/event-bus';
import { toolNotifications } from '../tools/tool-notifications';
import { ToolsService } from '../tools/tools-service';
import { ConnectionManager, type ConnectionManagerOptions } from './connection-manager';

const basic: ServerConfig = { command: process.execPath, args: [fixtureServer('basic-stdio')] };

/** The fixture's `pid` tool answers with its own process id. */
async function pidOf(): Promise<number> {
  const block = (await tools.call('basic', basic, 'pid', {})).content[0];
  return Number(block && 'text' in block ? block.text : NaN);
}

let manager: ConnectionManager;
/** Tool listing and calling, on the manager's connections. */
let tools: ToolsService;
let events: AppEvent[];

function create(connectTimeoutMs?: number, extra: Partial<ConnectionManagerOptions> = {}): ConnectionManager {
  const bus = new EventBus();
  events = [];
  bus.subscribe((event) => events.push(event));
  manager = new ConnectionManager({
    events: bus,
    clientInfo: { name: 'test', version: '0' },
    clientFeatures: [toolNotifications(bus)],
    ...(connectTimeoutMs ? { settings: () => ({ connectTimeoutMs }) } : {}),
    ...extra,
  });
  tools = new ToolsService(manager, bus);
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
    const listed = await tools.list('basic', basic);
    expect(listed.map((t) => t.name).sort()).toEqual(['add', 'client-capabilities', 'echo', 'fail', 'pid', 'progress']);
    expect(listed.find((t) => t.name === 'echo')).toMatchObject({ fullName: 'mcp__basic__echo', title: 'Echo', annotations: { readOnlyHint: true } });
    expect(events.some((e) => e.type === 'server-log' && e.line === 'basic-fixture: started')).toBe(true);
  });

  it('calls tools: text, structured content, tool errors apart from protocol errors', async () => {
    create();
    const echo = await tools.call('basic', basic, 'echo', { text: 'hello' });
    expect(echo).toMatchObject({ isError: false, content: [{ type: 'text', text: 'hello' }] });
    expect(echo.durationMs).toBeGreaterThan(0);
    const add = await tools.call('basic', basic, 'add', { a: 2, b: 40 });
    expect(add).toMatchObject({ isError: false, structuredContent: { sum: 42 } });
    const fail = await tools.call('basic', basic, 'fail', {});
    expect(fail.isError).toBe(true);
    expect(fail.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('always fails') });
    // The SDK's server reports an unknown tool as a tool error, not a protocol error.
    expect(await tools.call('basic', basic, 'no-such-tool', {})).toMatchObject({ isError: true });
    // A protocol-level failure (here a timeout) rejects with a message naming the server.
    await expect(tools.call('basic', basic, 'progress', { steps: 50 }, { timeoutMs: 50, resetTimeoutOnProgress: false })).rejects.toThrow(
      /^basic: The call timed out after 50 ms/,
    );
  });

  it('forwards progress notifications', async () => {
    create();
    const seen: number[] = [];
    await tools.call('basic', basic, 'progress', { steps: 3 }, { onProgress: (p) => seen.push(p.progress) });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('delivers the last progress of a call when the server writes it and the result in one write', async () => {
    create();
    const burst: ServerConfig = { command: process.execPath, args: [fixtureServer('progress-burst')] };
    for (let round = 0; round < 3; round++) {
      const seen: number[] = [];
      const result = await tools.call('burst', burst, 'burst', {}, { onProgress: (p) => seen.push(p.progress) });
      expect(result.content[0]).toMatchObject({ type: 'text', text: 'burst done' });
      expect(seen).toEqual([1, 2, 3]);
    }
  });

  it('memoizes by name and config: same config shares a connection, a changed one replaces it', async () => {
    const m = create();
    const first = await m.connect('basic', basic);
    expect(await m.connect('basic', basic)).toBe(first);
    const pid = await pidOf();
    const changed: ServerConfig = { ...basic, env: { CHANGED: '1' } };
    const second = await m.connect('basic', changed);
    expect(second).not.toBe(first);
    await waitUntil(() => !isAlive(pid), 'the old server process to exit');
    expect(m.state('basic').status).toBe('connected');
  });

  it('disconnects cleanly: the server process is gone', async () => {
    const m = create();
    const pid = await pidOf();
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

  it('a server that never answers initialize fails at the connect timeout, with a clear message', async () => {
    const m = create(500);
    const silent: ServerConfig = { command: process.execPath, args: [fixtureServer('silent-stdio')] };
    const started = Date.now();
    await expect(m.connect('silent', silent)).rejects.toThrow('silent: Timed out after 500 ms waiting for the server to answer initialize.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(m.state('silent')).toMatchObject({ status: 'failed', stderrTail: ['silent-fixture: listening, but never answering'] });
    // A server's own connectTimeoutMs wins over the global one.
    await expect(m.connect('silent', { ...silent, connectTimeoutMs: 200 })).rejects.toThrow(/Timed out after 200 ms/);
  });

  it('notices a server that exits on its own', async () => {
    const m = create();
    const pid = await pidOf();
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => m.state('basic').status === 'failed', 'the failure to be noticed');
    expect(m.state('basic')).toMatchObject({ error: 'The server process was killed by SIGKILL.', exit: { code: null, signal: 'SIGKILL' } });
    // The next call reconnects.
    expect((await tools.call('basic', basic, 'echo', { text: 'back' })).content[0]).toMatchObject({ text: 'back' });
  });
});

describe('stdio process handling', () => {
  it('a server that ignores SIGINT and SIGTERM is gone, grandchild included, within 700 ms of disconnect', async () => {
    const m = create();
    const stubborn: ServerConfig = { command: process.execPath, args: [fixtureServer('stubborn-stdio')] };
    const block = (await tools.call('stubborn', stubborn, 'pids', {})).content[0];
    const { pid, grandchild } = JSON.parse(block && 'text' in block ? String(block.text) : '{}') as { pid: number; grandchild: number };
    expect(isAlive(pid) && isAlive(grandchild)).toBe(true);

    const started = Date.now();
    await m.disconnect('stubborn');
    await waitUntil(() => !isAlive(pid) && !isAlive(grandchild), 'both processes to end', 5000);
    // The bound: SIGINT, 100 ms, SIGTERM, 400 ms, SIGKILL, done within 700 ms.
    expect(Date.now() - started).toBeLessThan(700);
    const log = m.protocolLog.entries('stubborn').map((e) => e.text);
    expect(log).toEqual(expect.arrayContaining(['Sent SIGINT to the server\'s processes.', 'Sent SIGTERM to the server\'s processes.', 'Sent SIGKILL to the server\'s processes.']));
  });

  it('a crash in the middle of a call fails that call with the reason, and the next call reconnects', async () => {
    const m = create();
    const crashy: ServerConfig = { command: process.execPath, args: [fixtureServer('crash-mid-call')] };
    const before = await tools.call('crashy', crashy, 'pid', {});
    await expect(tools.call('crashy', crashy, 'crash', {})).rejects.toThrow(
      'crashy: The connection closed during the call: The server process exited with code 7.',
    );
    expect(m.state('crashy')).toMatchObject({
      status: 'failed',
      exit: { code: 7, signal: null },
      stderrTail: expect.arrayContaining(['crash-fixture: out of memory in the middle of a call']),
    });
    const after = await tools.call('crashy', crashy, 'pid', {});
    expect(after.content[0]).not.toEqual(before.content[0]);
    expect(m.state('crashy').status).toBe('connected');
  });

  it('garbage lines on stdout are logged and crash nothing', async () => {
    const m = create();
    const noisy: ServerConfig = { command: process.execPath, args: [fixtureServer('garbage-stdout')] };
    expect((await tools.call('noisy', noisy, 'noisy', {})).content).toEqual([{ type: 'text', text: 'still fine' }]);
    expect((await tools.call('noisy', noisy, 'echo', { text: 'after the noise' })).content).toEqual([{ type: 'text', text: 'after the noise' }]);
    const noise = m.protocolLog.entries('noisy').filter((e) => e.kind === 'noise').map((e) => e.text);
    expect(noise).toEqual(['Garbage fixture v1 starting…', '[1, 2, 3]', 'debug: inside noisy', '{"half": ']);
    expect(events.filter((e) => e.type === 'server-log' && e.stream === 'stdout').map((e) => e.type === 'server-log' && e.line)).toContain('debug: inside noisy');
    expect(m.state('noisy').status).toBe('connected');
  });
});

describe('a command that is not an MCP server', () => {
  it('writes only text that is not MCP to stdout: given up within seconds, well before the connect timeout, saying what it wrote', async () => {
    const m = create(60_000);
    const chatty: ServerConfig = { command: process.execPath, args: [fixtureServer('not-mcp-stdout')] };
    await expect(m.connect('chatty', chatty)).rejects.toThrow('chatty: The server wrote text that is not MCP: "my-tool 0.1: type a command"');
    expect(m.state('chatty', chatty)).toMatchObject({ status: 'failed', error: expect.stringContaining('not MCP') });
  });
});

describe('states, memoization and timeouts', () => {
  it('a disabled server shows as disabled and is not connected', async () => {
    const m = create();
    const disabled: ServerConfig = { ...basic, enabled: false };
    expect(m.state('off', disabled).status).toBe('disabled');
    await expect(m.connect('off', disabled)).rejects.toThrow('off is disabled; enable it to connect.');
    await m.connectAtStartup([['off', disabled]]);
    expect(m.state('off', disabled).status).toBe('disabled');
    expect(events.some((e) => e.type === 'server-log' && e.server === 'off')).toBe(false);
  });

  it('reconnect replaces even a healthy connection', async () => {
    const m = create();
    const first = await m.connect('basic', basic);
    const pid = await pidOf();
    const second = await m.reconnect('basic', basic);
    expect(second).not.toBe(first);
    expect(isAlive(pid)).toBe(false);
    expect(await pidOf()).not.toBe(pid);
  });

  it('progress resets the call timeout, up to the maximum total', async () => {
    create();
    // 20 steps of 30 ms: far longer than the 150 ms timeout, but progress keeps it alive.
    const done = await tools.call('basic', basic, 'progress', { steps: 20, delayMs: 30 }, { timeoutMs: 150 });
    expect(done.content[0]).toMatchObject({ text: 'done after 20 steps' });
    await expect(tools.call('basic', basic, 'progress', { steps: 50, delayMs: 30 }, { timeoutMs: 150, maxTotalTimeoutMs: 300 })).rejects.toThrow(
      /^basic: The call took longer than the maximum total of 300 ms\./,
    );
    // The connection survives a timed-out call.
    expect((await tools.call('basic', basic, 'echo', { text: 'ok' })).isError).toBe(false);
  });

  it('a cancelled call says so, and a reused signal leaves no listener behind', async () => {
    const m = create();
    const reused = new AbortController();
    for (let i = 0; i < 3; i++) await tools.call('basic', basic, 'echo', { text: String(i) }, { signal: reused.signal });
    expect(getEventListeners(reused.signal, 'abort')).toHaveLength(0);

    const controller = new AbortController();
    const call = tools.call('basic', basic, 'progress', { steps: 50, delayMs: 20 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toThrow('basic: The call was cancelled.');
    const cancelled = m.protocolLog.entries('basic').find((e) => e.method === 'notifications/cancelled');
    expect(cancelled?.direction).toBe('out');
  });

  it('records every message with direction, method, id, size and latency', async () => {
    const m = create();
    await tools.call('basic', basic, 'echo', { text: 'logged' });
    const entries = m.protocolLog.entries('basic');
    const request = entries.find((e) => e.kind === 'request' && e.method === 'tools/call');
    const response = entries.find((e) => e.kind === 'response' && e.method === 'tools/call');
    expect(request).toMatchObject({ direction: 'out', id: expect.any(Number) });
    expect(response).toMatchObject({ direction: 'in', id: request?.id, latencyMs: expect.any(Number) });
    expect(response!.size).toBe(Buffer.byteLength(response!.text));
    expect(entries.some((e) => e.kind === 'notification' && e.method === 'notifications/initialized' && e.direction === 'out')).toBe(true);
    expect(entries.find((e) => e.method === 'initialize' && e.kind === 'response')?.text).toContain('basic-fixture');
  });
});

describe('client features', () => {
  it('declare their capabilities in initialize and install their handlers before connecting', async () => {
    const installed: string[] = [];
    create(undefined, {
      clientFeatures: [
        { capabilities: () => ({ elicitation: { form: {} } }), install: (server) => void installed.push(`elicitation:${server}`) },
        { capabilities: () => ({ sampling: {} }), install: (server, _config, client) => void installed.push(`sampling:${server}:${typeof client.setRequestHandler}`) },
      ],
    });
    const result = await tools.call('basic', basic, 'client-capabilities', {});
    const block = result.content[0];
    const declared = JSON.parse(block && 'text' in block ? String(block.text) : '{}');
    expect(declared).toMatchObject({ elicitation: { form: {} }, sampling: {} });
    expect(installed).toEqual(['elicitation:basic', 'sampling:basic:function']);
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
