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

const api = {
  listServers: async () => [],
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
function get(pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: pathname, method: 'GET', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
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
    for (const hostHeader of [`evil.example:${host.port}`, 'evil.example', `127.0.0.1:${host.port + 1}`, `0.0.0.0:${host.port}`]) {
      expect((await get('/', { Host: hostHeader })).status, hostHeader).toBe(421);
    }
    // Node itself answers 400 to an HTTP/1.1 request without Host; either way it is refused.
    expect([400, 421]).toContain((await get('/', {})).status);
  });

  it('refuses a foreign Origin', async () => {
    const res = await get('/', { Host: `127.0.0.1:${host.port}`, Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    const res = await get('/..%2fmcpwb-secret.txt', { Host: `127.0.0.1:${host.port}` });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('refuses an API WebSocket without the token, with a wrong token, or from a foreign Origin or Host', async () => {
    expect((await openWs('')).status).toBe(401);
    expect((await openWs('?token=wrong')).status).toBe(401);
    expect((await openWs(`?token=${host.token}x`)).status).toBe(401);
    expect((await openWs(`?token=${host.token}`, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await openWs(`?token=${host.token}`, { Host: `evil.example:${host.port}` })).status).toBe(421);
  });

  it('answers AppApi calls and pushes events over the WebSocket with the right token and Origin', async () => {
    const { ws } = await openWs(`?token=${host.token}`, { Origin: `http://127.0.0.1:${host.port}` });
    expect(ws).toBeDefined();
    const messages: WsServerMessage[] = [];
    ws!.on('message', (data) => messages.push(JSON.parse(data.toString()) as WsServerMessage));
    ws!.send(JSON.stringify({ id: 1, method: 'listServers' }));
    ws!.send(JSON.stringify({ id: 2, method: 'callTool', payload: { nope: true } }));
    ws!.send(JSON.stringify({ id: 3, method: 'spawnShell', payload: {} }));
    ws!.send('not json');
    await new Promise((r) => setTimeout(r, 100));
    events.emit({ type: 'servers-changed' });
    for (let i = 0; i < 100 && messages.length < 5; i++) await new Promise((r) => setTimeout(r, 20));
    expect(messages).toContainEqual({ kind: 'response', id: 1, envelope: { ok: true, value: [] } });
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: 2, envelope: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'invalid-request' }) }) }));
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: 3, envelope: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'unknown-method' }) }) }));
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'response', id: -1 }));
    expect(messages).toContainEqual({ kind: 'event', event: { type: 'servers-changed' } });
    ws!.close();
  });

  it('listens on 127.0.0.1 only', async () => {
    const nonLoopback = Object.values(os.networkInterfaces())
      .flat()
      .find((addr) => addr && addr.family === 'IPv4' && !addr.internal);
    if (!nonLoopback) {
      console.log('skipping the non-loopback probe: this machine has no non-loopback IPv4 address');
      return;
    }
    const refused = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: nonLoopback.address, port: host.port, path: '/' }, () => resolve(false));
      req.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });
});
