import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppApi } from '../../shared/api';
import type { WsServerMessage } from '../../shared/ws-protocol';
import { createDispatcher } from '../core/api/dispatcher';
import { EventBus } from '../core/events/event-bus';
import { startHost, type RunningHost } from './host-server';

let host: RunningHost;
let rendererDir: string;
const events = new EventBus();

/** getSettings answers once the test opens the gate: calls held there resolve in one tick. */
const gate = { calls: 0, arrived: () => undefined as void, open: () => undefined as void, opened: Promise.resolve() };
const api = {
  listServers: async () => [],
  getSettings: () => {
    gate.calls++;
    gate.arrived();
    return gate.opened;
  },
  onEvent: () => () => undefined,
} as unknown as AppApi;

beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-renderer-'));
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>ok</title>');
  await fs.writeFile(path.join(os.tmpdir(), 'mcpwb-secret.txt'), 'secret');
  host = await startHost({ dispatch: createDispatcher(api), events, rendererDir, port: 0 });
});

afterAll(async () => {
  await host.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

/** A raw HTTP GET where the test controls every header, as an attacker's page or a rebinding DNS would. */
function get(pathname: string, headers: Record<string, string>) {
  return getFrom(host.port, pathname, headers);
}

function getFrom(port: number, pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: 'GET', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The messages of one frame: a batch frame holds several, in order. */
function unpack(data: WebSocket.RawData): WsServerMessage[] {
  const message = JSON.parse(data.toString()) as WsServerMessage;
  return message.kind === 'batch' ? message.messages : [message];
}

/** Opens the API WebSocket; resolves with the socket once open, or the HTTP status it was refused with. */
function openWs(query: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api${query}`, { headers });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ status: -1 }));
  });
}

describe('browser host', () => {
  it('serves the renderer with a strict CSP to its own Host', async () => {
    const res = await get('/', { Host: `127.0.0.1:${host.port}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>ok</title>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/', { Host: `localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    // A rebinding attack resolves the attacker's own name to 127.0.0.1: the request
    // arrives here with that name in Host.
    const foreign = [
      `evil.example:${host.port}`,
      'evil.example',
      `127.0.0.1.evil.example:${host.port}`,
      `localhost.evil.example:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      `0.0.0.0:${host.port}`,
      `[::1]:${host.port}`,
      `127.0.0.1:${host.port}.evil.example`,
      '127.0.0.1',
    ];
    for (const hostHeader of foreign) {
      const res = await get('/', { Host: hostHeader });
      expect(res.status, hostHeader).toBe(421);
      expect(res.body, hostHeader).not.toContain('<title>ok</title>');
    }
    // Node itself answers 400 to an HTTP/1.1 request without Host; either way it is refused.
    expect([400, 421]).toContain((await get('/', {})).status);
    // The same name in another case is the same host.
    expect((await get('/', { Host: `LOCALHOST:${host.port}` })).status).toBe(200);
  });

  it('refuses a foreign Origin', async () => {
    const res = await get('/', { Host: `127.0.0.1:${host.port}`, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('says at /health that a host runs here, without the token, and nothing more; still behind Host and Origin', async () => {
    const res = await get('/health', { Host: `127.0.0.1:${host.port}`, Origin: `http://127.0.0.1:${host.port}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ app: 'mcp-workbench' });
    expect(res.body).not.toContain(host.token);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await get('/health', { Host: `evil.example:${host.port}` })).status).toBe(421);
    expect((await get('/health', { Host: `127.0.0.1:${host.port}`, Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    const res = await get('/..%2fmcpwb-secret.txt', { Host: `127.0.0.1:${host.port}` });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('refuses an API WebSocket without the token, with a wrong token, or from a foreign Origin or Host', async () => {
    expect((await openWs('')).status).toBe(401);
    expect((await openWs('?token=')).status).toBe(401);
    expect((await openWs('?token=wrong')).status).toBe(401);
    expect((await openWs(`?token=${host.token}x`)).status).toBe(401);
    expect((await openWs(`?token=${host.token.slice(0, -1)}`)).status).toBe(401);
    // Same length, one character different: compared in constant time, still refused.
    const flipped = host.token.slice(0, -1) + (host.token.endsWith('A') ? 'B' : 'A');
    expect((await openWs(`?token=${flipped}`)).status).toBe(401);
    // The token only counts under its own name.
    expect((await openWs(`?Token=${host.token}`)).status).toBe(401);
    expect((await openWs('', { Authorization: `Bearer ${host.token}` })).status).toBe(401);
    expect((await openWs(`?token=${host.token}`, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await openWs(`?token=${host.token}`, { Host: `evil.example:${host.port}` })).status).toBe(421);
  });

  it('refuses a cross-site WebSocket even when the page knows the token', async () => {
    // A page elsewhere cannot forge Origin: the browser sets it. Each of these is a site
    // other than the host's own page, including look-alikes and opaque origins.
    const foreignOrigins = [
      'https://evil.example',
      `http://evil.example:${host.port}`,
      `http://127.0.0.1:${host.port + 1}`,
      `https://127.0.0.1:${host.port}`,
      `http://localhost.evil.example:${host.port}`,
      `http://127.0.0.1:${host.port}.evil.example`,
      'null',
      'file://',
    ];
    for (const origin of foreignOrigins) {
      expect((await openWs(`?token=${host.token}`, { Origin: origin })).status, origin).toBe(403);
    }
    for (const origin of [`http://127.0.0.1:${host.port}`, `http://localhost:${host.port}`]) {
      const { ws } = await openWs(`?token=${host.token}`, { Origin: origin });
      expect(ws, origin).toBeDefined();
      ws!.close();
    }
  });

  it('refuses an upgrade on any path but the API', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/other?token=${host.token}`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });

  it('answers AppApi calls and pushes events over the WebSocket with the right token and Origin', async () => {
    const { ws } = await openWs(`?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` });
    expect(ws).toBeDefined();
    const messages: WsServerMessage[] = [];
    let arrived = () => undefined as void;
    /** Resolves once `count` messages have come. */
    const received = (count: number) =>
      new Promise<void>((resolve) => {
        arrived = () => messages.length >= count && resolve();
        arrived();
      });
    ws!.on('message', (data) => {
      messages.push(...unpack(data));
      arrived();
    });
    ws!.send(JSON.stringify({ id: 1, method: 'listServers' }));
    ws!.send(JSON.stringify({ id: 2, method: 'callTool', payload: { nope: true } }));
    ws!.send(JSON.stringify({ id: 3, method: 'spawnShell', payload: {} }));
    ws!.send('not json');
    await received(4);
    events.emit({ type: 'servers-changed', servers: [] });
    await received(5);
    expect(messages).toContainEqual({ kind: 'response', id: 1, envelope: { ok: true, value: [] } });
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: 2, envelope: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'invalid-request' }) }) }));
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: 3, envelope: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'unknown-method' }) }) }));
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: -1 }));
    expect(messages).toContainEqual({ kind: 'events', events: [{ type: 'servers-changed', servers: [] }] });
    ws!.close();
  });

  it('declines permessage-deflate when the client offers it, as browsers do: frames go uncompressed', async () => {
    const offers: string[] = [];
    const { ws } = await new Promise<{ ws: WebSocket }>((resolve) => {
      // The ws client offers permessage-deflate by default, as every browser does.
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/api?token=${host.token}`, { perMessageDeflate: true });
      socket.on('upgrade', (res) => offers.push(String(res.headers['sec-websocket-extensions'] ?? '')));
      socket.on('open', () => resolve({ ws: socket }));
    });
    expect(offers).toEqual(['']);
    expect(ws.extensions).toBe('');
    ws.close();
  });

  it('sends a burst of events in fewer frames than events, each frame a batch in emit order', async () => {
    const { ws } = await openWs(`?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` });
    const count = 200;
    const frames: WsServerMessage[] = [];
    const lines: string[] = [];
    const all = new Promise<void>((resolve) => {
      ws!.on('message', (data) => {
        frames.push(JSON.parse(data.toString()) as WsServerMessage);
        for (const message of unpack(data)) if (message.kind === 'events') for (const event of message.events) if (event.type === 'server-log') lines.push(event.line);
        if (lines.length === count) resolve();
      });
    });
    // The answer proves the socket is subscribed before the burst starts.
    const answered = new Promise<void>((resolve) => ws!.once('message', () => resolve()));
    ws!.send(JSON.stringify({ id: 1, method: 'listServers' }));
    await answered;
    frames.length = 0;
    for (let i = 0; i < count; i++) events.emit({ type: 'server-log', server: 'burst', stream: 'stderr', line: `line ${i}`, time: i });
    await all;
    expect(frames.length).toBeLessThan(count / 10);
    expect(frames.every((frame) => frame.kind === 'events')).toBe(true);
    expect(lines).toEqual(Array.from({ length: count }, (_, i) => `line ${i}`));
    ws!.close();
  });

  it('sends the events still waiting when an answer is ready in that answer, ahead of it, in one frame', async () => {
    const { ws } = await openWs(`?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` });
    const frames: string[][] = [];
    const answered = new Promise<void>((resolve) => {
      ws!.on('message', (data) => {
        const messages = unpack(data);
        frames.push(messages.map((message) => (message.kind === 'response' ? `response:${message.id}${message.events ? ` after ${message.events.length} events` : ''}` : message.kind)));
        if (messages.some((message) => message.kind === 'response' && message.id === 2)) resolve();
      });
    });
    ws!.send(JSON.stringify({ id: 1, method: 'listServers' }));
    await new Promise<void>((resolve) => ws!.once('message', () => resolve()));
    events.emit({ type: 'servers-changed', servers: [] });
    events.emit({ type: 'servers-changed', servers: [] });
    ws!.send(JSON.stringify({ id: 2, method: 'listServers' }));
    await answered;
    expect(frames).toEqual([['response:1'], ['response:2 after 2 events']]);
    ws!.close();
  });

  it('sends the answers ready in the same tick as one frame, in order', async () => {
    const { ws } = await openWs(`?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` });
    const frames: number[][] = [];
    const answered = new Promise<void>((resolve) => {
      ws!.on('message', (data) => {
        frames.push(unpack(data).map((message) => (message.kind === 'response' ? message.id : 0)));
        if (frames.flat().length === 3) resolve();
      });
    });
    gate.calls = 0;
    gate.opened = new Promise<void>((resolve) => (gate.open = resolve));
    const allArrived = new Promise<void>((resolve) => (gate.arrived = () => gate.calls === 3 && resolve()));
    for (const id of [1, 2, 3]) ws!.send(JSON.stringify({ id, method: 'getSettings' }));
    await allArrived;
    gate.open();
    await answered;
    expect(frames).toEqual([[1, 2, 3]]);
    ws!.close();
  });

  it('listens on 127.0.0.1 only by default', () => {
    expect(host.address).toBe('127.0.0.1');
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/#token=`));
  });
});

describe('browser host bound to every interface (--host 0.0.0.0 --allow-remote)', () => {
  let wide: RunningHost;
  beforeAll(async () => {
    wide = await startHost({ dispatch: createDispatcher(api), events, rendererDir, port: 0, host: '0.0.0.0' });
  });
  afterAll(async () => {
    await wide.close();
  });

  it('binds as asked, prints a loopback URL, and still refuses foreign names and origins', async () => {
    expect(wide.address).toBe('0.0.0.0');
    expect(wide.url.startsWith(`http://127.0.0.1:${wide.port}/`)).toBe(true);
    // Only loopback is ever contacted here; the interface addresses are checked as Host values.
    const at = (pathname: string, headers: Record<string, string>) => getFrom(wide.port, pathname, headers);
    expect((await at('/', { Host: `127.0.0.1:${wide.port}` })).status).toBe(200);
    expect((await at('/', { Host: `evil.example:${wide.port}` })).status).toBe(421);
    expect((await at('/', { Host: `127.0.0.1:${wide.port}`, Origin: 'https://evil.example' })).status).toBe(403);
  });
});
