/**
 * The loopback bridge in front of a real stdio server (the basic fixture, a real process):
 * an MCP client over Streamable HTTP lists and calls tools through it, progress arrives on the
 * call's stream, DELETE and stop() end the server processes, and nothing but this run's own
 * requests gets through (a foreign Host, Origin or path is refused).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { ProcessTransport } from '../connections/transports/stdio-transport';
import { startStdioBridge, type StdioBridge } from './stdio-bridge';

let bridge: StdioBridge | undefined;
const transports: ProcessTransport[] = [];

async function start(): Promise<StdioBridge> {
  bridge = await startStdioBridge(async () => {
    const transport = new ProcessTransport({ command: process.execPath, args: [fixtureServer('basic-stdio')] });
    transports.push(transport);
    return transport;
  });
  return bridge;
}

async function connect(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

/** Whether a process is still there (signal 0 only asks). */
function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
  transports.length = 0;
});

describe('the stdio bridge', () => {
  it('carries a session to the stdio server: initialize, tools/list, a call with progress', async () => {
    const { url } = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/mcp$/);
    const { client } = await connect(url);
    expect(client.getServerVersion()?.name).toBe('basic-fixture');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('echo');
    const echoed = await client.callTool({ name: 'echo', arguments: { text: 'through the bridge' } });
    expect(echoed.content).toEqual([{ type: 'text', text: 'through the bridge' }]);
    const progress: number[] = [];
    await client.callTool({ name: 'progress', arguments: { steps: 3 } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3]);
    await client.close();
  });

  it('gives each session its own server process, and DELETE ends it', async () => {
    const { url } = await start();
    const first = await connect(url);
    const second = await connect(url);
    const pidOf = async (client: Client) => Number(((await client.callTool({ name: 'pid', arguments: {} })).content as Array<{ text: string }>)[0]!.text);
    const [a, b] = [await pidOf(first.client), await pidOf(second.client)];
    expect(a).not.toBe(b);
    expect(bridge!.started()).toBe(2);
    const firstProcess = transports[0]!;
    const bridgeHandler = firstProcess.onclose;
    const exited = new Promise<void>((resolve) => {
      firstProcess.onclose = () => {
        bridgeHandler?.();
        resolve();
      };
    });
    await first.transport.terminateSession();
    await exited;
    expect(alive(a)).toBe(false);
    expect(alive(b)).toBe(true);
    await second.client.close();
  });

  it('ends every server process when it stops', async () => {
    const { url } = await start();
    const { client } = await connect(url);
    const pid = Number(((await client.callTool({ name: 'pid', arguments: {} })).content as Array<{ text: string }>)[0]!.text);
    expect(alive(pid)).toBe(true);
    await bridge!.stop();
    bridge = undefined;
    expect(alive(pid)).toBe(false);
  });

  it('refuses requests that are not its run’s own: another Host, a web page’s Origin, another path', async () => {
    const { url } = await start();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    const post = (target: string, headers: Record<string, string> = {}) => fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
    const { port } = new URL(url);
    expect((await post(url, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(url.replace(/\/[0-9a-f]{32}\//, '/0123456789abcdef0123456789abcdef/'))).status).toBe(404);
    expect((await post(`http://127.0.0.1:${port}/mcp`)).status).toBe(404);
    // DNS rebinding: the request reaches 127.0.0.1 but names another host.
    const rebound = await new Promise<number>((resolve, reject) => {
      void import('node:http').then(({ request }) => {
        const req = request(url, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.end(body);
      });
    });
    expect(rebound).toBe(403);
    expect(bridge!.started()).toBe(0);
  });

  it('answers a body that is not one JSON-RPC message with 400, and an unknown session with 404', async () => {
    const { url } = await start();
    const post = (body: string, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
    expect((await post('not json')).status).toBe(400);
    expect((await post('[1, 2]')).status).toBe(400);
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { 'mcp-session-id': 'nope' })).status).toBe(404);
    expect(bridge!.started()).toBe(0);
  });
});
