/**
 * The renderer's client (ws-client.ts with reconnect.ts, as resolve-api.ts wires them)
 * against the real browser host over real sockets, the `ws` client standing in for the
 * browser's WebSocket: a page the host dropped for falling behind reloads (reconnect and
 * resync) once the host takes it again; while the host is gone it keeps trying and says
 * why each attempt failed (the host stopped, or another run refuses its token); calls
 * waiting when the connection drops, and calls made after, fail at once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWebSockets } from './support/recorded-websockets';
import type { AppEvent } from '../shared/events';
import { reloadWhenHostIsBack, type RefusedBecause } from '../renderer/src/api/reconnect';
import { createWsApi, type HostStatus } from '../renderer/src/api/ws-client';
import { createDispatcher } from '../electron/core/api/dispatcher';
import { EventBus } from '../electron/core/events/event-bus';
import { MAX_QUEUED_BYTES } from '../electron/host/api-socket';
import { startHost, type RunningHost } from '../electron/host/host-server';
import { waitUntil } from '../e2e/support/processes';
import { fakeApi } from '../renderer/src/testing/fake-api';

let rendererDir: string;
const api = fakeApi({ listServers: async () => [] });
// The renderer's client opens its sockets through the global WebSocket: `ws`, recorded.
const { sockets, terminateAll } = recordWebSockets();
const running: RunningHost[] = [];

beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-renderer-'));
});

afterAll(async () => {
  terminateAll();
  await Promise.all(running.map((host) => host.close()));
  await fs.rm(rendererDir, { recursive: true, force: true });
});

async function host(options: { port?: number; token?: string; events?: EventBus } = {}): Promise<RunningHost> {
  const started = await startHost({ dispatch: createDispatcher(api), events: options.events ?? new EventBus(), rendererDir, port: options.port ?? 0, ...(options.token ? { token: options.token } : {}) });
  running.push(started);
  return started;
}

/** A page's connection, wired as resolve-api.ts wires it; `reloaded` resolves when the page would reload. */
function page(target: RunningHost) {
  const url = `ws://127.0.0.1:${target.port}/api?token=${target.token}`;
  const statuses: HostStatus[] = [];
  const refusals: RefusedBecause[] = [];
  let reload!: () => void;
  const reloaded = new Promise<void>((resolve) => (reload = resolve));
  const client = createWsApi(url, (status) => {
    statuses.push(status);
    if (status === 'lost') reloadWhenHostIsBack({ socketUrl: url, reload, intervalMs: 20, onRefused: (because) => refusals.push(because) });
  });
  return { client, statuses, refusals, reloaded, socket: () => sockets.at(-1)! };
}

/**
 * Resolves when a stream opened now delivers its first batch. The host's own stream was
 * opened earlier with the same window, and its timer fires first: its batch has gone out too.
 */
function windowClosed(events: EventBus): Promise<void> {
  return new Promise((resolve) => {
    const stream = events.stream(() => {
      stream.close();
      resolve();
    });
  });
}

describe('the page after losing the host', () => {
  it('reloads once the host dropped it for falling behind and takes it again', async () => {
    const events = new EventBus();
    const target = await host({ events });
    const { client, statuses, reloaded } = page(target);
    await expect(client.listServers()).resolves.toEqual([]);
    const pageSocket = sockets.at(-1)! as unknown as { _socket: { pause(): void; resume(): void } };
    pageSocket._socket.pause();
    const pad = 'e'.repeat(1024 * 1024);
    const count = Math.ceil((MAX_QUEUED_BYTES * 1.5) / pad.length);
    for (let i = 0; i < count; i++) {
      // The host sends a batch of events per window: wait for each window to close, so every
      // event goes out as its own frame and the host sees its queue grow with each.
      const sent = windowClosed(events);
      events.emit({ type: 'servers-changed', pad } as unknown as AppEvent);
      await sent;
    }
    pageSocket._socket.resume();
    await reloaded;
    expect(statuses).toEqual(['connecting', 'open', 'lost']);
  });

  it('keeps trying while the host is gone, and reloads when it is back', async () => {
    const first = await host();
    const { client, statuses, reloaded } = page(first);
    await expect(client.listServers()).resolves.toEqual([]);
    let done = false;
    void reloaded.then(() => (done = true));
    await first.close();
    await waitUntil(() => statuses.includes('lost'), 'the page to notice');
    const before = sockets.length;
    await waitUntil(() => sockets.length >= before + 3, 'a few refused attempts');
    expect(done).toBe(false);
    await host({ port: first.port, token: first.token });
    await reloaded;
  });

  it('says the host stopped while nothing answers, and that the token is wrong once another run takes the port', async () => {
    const first = await host();
    const { client, refusals, reloaded } = page(first);
    await expect(client.listServers()).resolves.toEqual([]);
    let done = false;
    void reloaded.then(() => (done = true));
    await first.close();
    await waitUntil(() => refusals.includes('stopped'), 'the page to find the host stopped');
    // The next run of the host on the same port has its own token.
    await host({ port: first.port });
    await waitUntil(() => refusals.at(-1) === 'wrong-token', 'the page to find its token refused');
    expect(done).toBe(false);
  });

  it('fails the calls waiting when the connection drops, and every call after, at once', async () => {
    let answer!: () => void;
    const asked = new Promise<void>((resolve) => (answer = resolve));
    const slow = fakeApi({ listServers: () => (answer(), new Promise<never>(() => undefined)) });
    const target = await startHost({ dispatch: createDispatcher(slow), events: new EventBus(), rendererDir, port: 0 });
    running.push(target);
    const { client, statuses } = page(target);
    const waiting = client.listServers();
    await asked;
    await target.close();
    await expect(waiting).rejects.toThrow('Lost the connection to the MCP Workbench host.');
    await waitUntil(() => statuses.includes('lost'), 'the page to notice');
    await expect(client.listServers()).rejects.toThrow('Lost the connection to the MCP Workbench host.');
    await expect(client.callTool({ server: 's', tool: 't', arguments: {}, callId: 'c' })).rejects.toThrow('Lost the connection to the MCP Workbench host.');
  });
});
