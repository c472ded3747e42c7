/**
 * The renderer's own AppApi client (renderer/src/api/ws-client.ts) against the real
 * browser host over a real socket, with the `ws` package's client standing in for the
 * browser's WebSocket: a call over the message limit is refused before it is sent, with
 * a message that names the limit, and the connection stays up; if the host ever closes
 * a socket for a message too big, the calls waiting on it say so.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWebSockets } from './support/recorded-websockets';
import type { AppApi } from '../shared/api';
import type { ToolRunResult } from '../shared/tool-results';
import { WS_MAX_MESSAGE_BYTES } from '../shared/ws-protocol';
import { createWsApi, type HostStatus } from '../renderer/src/api/ws-client';
import { createDispatcher } from '../electron/core/api/dispatcher';
import { EventBus } from '../electron/core/events/event-bus';
import { waitUntil } from '../e2e/support/processes';
import { startHost, type RunningHost } from '../electron/host/host-server';
import { fakeApi } from '../renderer/src/testing/fake-api';

let host: RunningHost;
let rendererDir: string;
const calls: string[] = [];
let hang = false;
const api = fakeApi({
  listServers: async () => {
    calls.push('listServers');
    return hang ? new Promise<never>(() => undefined) : [];
  },
  callTool: async ({ server, tool }) => {
    calls.push('callTool');
    return { callId: 'c', server, tool, content: [], outputCheck: { status: 'not-checked', reason: 'none' }, isError: false, durationMs: 0, sizeBytes: 0 } satisfies ToolRunResult;
  },
});

// The renderer's client opens its sockets through the global WebSocket: `ws`, recorded.
const { sockets, terminateAll } = recordWebSockets();

beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-renderer-'));
  host = await startHost({ dispatch: createDispatcher(api), events: new EventBus(), rendererDir, port: 0 });
});

afterAll(async () => {
  terminateAll();
  await host.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

function connect(): { api: AppApi; status: () => HostStatus } {
  let status: HostStatus = 'connecting';
  const client = createWsApi(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, (next) => (status = next));
  return { api: client, status: () => status };
}

describe('the renderer client and the message limit', () => {
  it('refuses to send tool arguments over the limit, says so, and keeps the connection', async () => {
    const { api: client, status } = connect();
    await expect(client.listServers()).resolves.toEqual([]);
    const big = 'x'.repeat(WS_MAX_MESSAGE_BYTES + 1024 * 1024);
    await expect(client.callTool({ server: 's', tool: 't', arguments: { text: big }, callId: 'c1' })).rejects.toThrow(
      /^Too large to send: 33\.0 MB, over the 32 MB limit of a message to the MCP Workbench host/,
    );
    expect(calls).not.toContain('callTool');
    // Multi-byte text counts in bytes: 12 M three-byte characters are 36 MB.
    await expect(client.callTool({ server: 's', tool: 't', arguments: { text: '€'.repeat(12 * 1024 * 1024) }, callId: 'c2' })).rejects.toThrow(/over the 32 MB limit/);
    expect(status()).toBe('open');
    await expect(client.listServers()).resolves.toEqual([]);
  });

  it('tells the waiting calls when the host closed the connection over a message too big', async () => {
    const { api: client, status } = connect();
    await expect(client.listServers()).resolves.toEqual([]);
    hang = true;
    const before = calls.length;
    const waiting = client.listServers();
    await waitUntil(() => calls.length > before, 'the host to receive the call');
    // Past the client's own check, as an older page or another client could send it.
    sockets.at(-1)!.send('x'.repeat(WS_MAX_MESSAGE_BYTES + 1));
    await expect(waiting).rejects.toThrow('The MCP Workbench host refused a message (Message over the 32 MB limit) and closed the connection.');
    expect(status()).toBe('lost');
    hang = false;
  });
});
