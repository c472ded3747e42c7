/**
 * What a hostile or broken client can send the real browser host over real sockets:
 * request targets that do not parse, requests Node cannot parse, bad WebSocket frames,
 * oversized messages, a client that stops reading. Each is answered or closes its own
 * connection; the host goes on serving everyone else. Every refusal carries the same
 * security headers as the page.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppApi } from '../../shared/api';
import type { AppEvent } from '../../shared/events';
import { WS_MAX_MESSAGE_BYTES } from '../../shared/ws-protocol';
import { createDispatcher } from '../core/api/dispatcher';
import { EventBus } from '../core/events/event-bus';
import { MAX_QUEUED_BYTES } from './api-socket';
import { startHost, type RunningHost } from './host-server';
import { LAUNCH_CODE_TTL_MS } from './launch-codes';

let host: RunningHost;
let rendererDir: string;
let clock = 0;
const events = new EventBus();
const api = { listServers: async () => [], onEvent: () => () => undefined } as unknown as AppApi;

beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-renderer-'));
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>ok</title>');
  host = await startHost({ dispatch: createDispatcher(api), events, rendererDir, port: 0, now: () => clock });
});

afterAll(async () => {
  await host.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

const ownHost = () => `127.0.0.1:${host.port}`;

/** Writes raw bytes and resolves with everything the host answers before it closes the connection. */
function raw(bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(host.port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function get(pathname: string, headers: Record<string, string> = { Host: ownHost() }, method = 'GET') {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: pathname, method, headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Raw response text split into its status and lower-cased headers. */
function parseRaw(answer: string): { status: number; headers: Record<string, string> } {
  const [head = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

async function expectStillServing(): Promise<void> {
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>ok</title>');
}

function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string): void {
  expect(headers['content-security-policy'], what).toContain("default-src 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['cache-control'], what).toBe('no-store');
  expect(headers['x-frame-options'], what).toBe('DENY');
}

const upgradeHeaders = (hostHeader: string) =>
  `Host: ${hostHeader}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n`;

/** A real WebSocket handshake on a raw socket, so the test can write any bytes as frames. */
function rawWebSocket(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(host.port, '127.0.0.1', () => socket.write(`GET /api?token=${host.token} HTTP/1.1\r\n${upgradeHeaders(ownHost())}\r\n`));
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101')) reject(new Error(`handshake refused: ${head}`));
      else resolve(socket);
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

/** One client-to-server frame: `first` is the FIN/RSV/opcode byte; masked unless told otherwise. */
function frame(first: number, payload: Buffer, options: { masked?: boolean; declaredLength?: number } = {}): Buffer {
  const masked = options.masked ?? true;
  const length = options.declaredLength ?? payload.length;
  const maskBit = masked ? 0x80 : 0;
  let header: Buffer;
  if (length < 126) header = Buffer.from([first, maskBit | length]);
  else if (length < 65536) header = Buffer.from([first, maskBit | 126, length >> 8, length & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = maskBit | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const key = Buffer.from([1, 2, 3, 4]);
  const body = Buffer.from(payload.map((byte, i) => byte ^ key[i % 4]!));
  return Buffer.concat([header, key, body]);
}

/** Sends the bytes on a fresh API socket; resolves with the close code of the host's close frame once the host ends it. */
async function closeCodeFor(bytes: Buffer): Promise<number | undefined> {
  const socket = await rawWebSocket();
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.write(bytes);
  await new Promise((resolve) => socket.once('close', resolve));
  const closeFrame = received.length >= 4 && (received[0]! & 0x0f) === 0x8;
  return closeFrame ? received.readUInt16BE(2) : undefined;
}

/** An API client on the real `ws` library, the way the page connects. */
function openClient(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${ownHost()}/api?token=${host.token}`);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

describe('browser host: requests that do not parse', () => {
  it('answers a target that URL cannot parse with 400, upgrade or not, and goes on', async () => {
    for (const hostHeader of [ownHost(), 'evil.example']) {
      const plain = parseRaw(await raw(`GET //[ HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`));
      expect(plain.status, hostHeader).toBe(hostHeader === ownHost() ? 400 : 421);
      const upgrade = parseRaw(await raw(`GET //[ HTTP/1.1\r\n${upgradeHeaders(hostHeader)}\r\n`));
      expect(upgrade.status, hostHeader).toBe(400);
      expectSecurityHeaders(upgrade.headers, `upgrade with Host ${hostHeader}`);
    }
    await expectStillServing();
  });

  it('answers a request Node cannot parse with 400, and headers that are too large with 431, with the security headers', async () => {
    const garbage = parseRaw(await raw('NOT A REQUEST\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expectSecurityHeaders(garbage.headers, 'unparsable request');
    const huge = parseRaw(await raw(`GET / HTTP/1.1\r\nHost: ${ownHost()}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe(431);
    expectSecurityHeaders(huge.headers, 'headers too large');
    await expectStillServing();
  });
});

describe('browser host: every answer carries the security headers', () => {
  it('on 404, 405, 410, 421 and 403, as on 200', async () => {
    const answers = {
      200: await get('/'),
      404: await get('/missing.js'),
      405: await get('/', { Host: ownHost() }, 'POST'),
      410: await get('/launch/not-a-code'),
      421: await get('/', { Host: 'evil.example' }),
      403: await get('/', { Host: ownHost(), Origin: 'https://evil.example' }),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status).toBe(Number(status));
      expectSecurityHeaders(answer.headers, status);
    }
    // No Host at all: the guard answers (421), not Node's bare 400.
    const noHost = parseRaw(await raw('GET / HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(noHost.status).toBe(421);
    expectSecurityHeaders(noHost.headers, 'no Host');
  });

  it('on refused WebSocket upgrades: 401, 403, 421, a bad handshake', async () => {
    const refusals: Array<[number, string]> = [
      [401, `GET /api?token=wrong HTTP/1.1\r\n${upgradeHeaders(ownHost())}\r\n`],
      [403, `GET /other HTTP/1.1\r\n${upgradeHeaders(ownHost())}\r\n`],
      [403, `GET /api?token=${host.token} HTTP/1.1\r\n${upgradeHeaders(ownHost())}Origin: https://evil.example\r\n\r\n`],
      [421, `GET /api?token=${host.token} HTTP/1.1\r\n${upgradeHeaders('evil.example')}\r\n`],
      [400, `GET /api?token=${host.token} HTTP/1.1\r\n${upgradeHeaders(ownHost()).replace('dGhlIHNhbXBsZSBub25jZQ==', 'short')}\r\n`],
    ];
    for (const [status, request] of refusals) {
      const answer = parseRaw(await raw(request));
      expect(answer.status, request).toBe(status);
      expectSecurityHeaders(answer.headers, `${status} upgrade`);
    }
    await expectStillServing();
  });
});

describe('browser host: bad WebSocket frames and messages', () => {
  it('closes only the socket that sent a malformed frame, with the protocol close code', async () => {
    const cases: Array<[string, Buffer, number]> = [
      ['invalid UTF-8 in a text frame', frame(0x81, Buffer.from([0xc3, 0x28])), 1007],
      ['an unmasked frame', frame(0x81, Buffer.from('{}'), { masked: false }), 1002],
      ['an unknown opcode', frame(0x83, Buffer.from('x')), 1002],
      ['RSV bits set', frame(0xc1, Buffer.from('x')), 1002],
      ['a declared length of 200 MB', frame(0x82, Buffer.from('x'), { declaredLength: 200 * 1024 * 1024 }), 1009],
    ];
    const bystander = await openClient();
    for (const [what, bytes, code] of cases) {
      expect(await closeCodeFor(bytes), what).toBe(code);
    }
    expect(bystander.readyState, 'another client stays connected').toBe(WebSocket.OPEN);
    const reply = new Promise<string>((resolve) => bystander.once('message', (data) => resolve(data.toString())));
    bystander.send(JSON.stringify({ id: 7, method: 'listServers' }));
    expect(JSON.parse(await reply)).toEqual({ kind: 'response', id: 7, envelope: { ok: true, value: [] } });
    bystander.close();
    await expectStillServing();
  });

  it('closes a message over the size limit with a reason that names the limit, and goes on', async () => {
    const client = await openClient();
    client.on('error', () => undefined);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => client.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    const args = 'x'.repeat(WS_MAX_MESSAGE_BYTES + 1024 * 1024);
    client.send(JSON.stringify({ id: 1, method: 'callTool', payload: { server: 's', tool: 't', arguments: { text: args } } }));
    expect(await closed).toEqual({ code: 1009, reason: 'Message over the 32 MB limit' });
    const next = await openClient();
    expect(next.readyState).toBe(WebSocket.OPEN);
    next.close();
  });
});

describe('browser host: a client that stops reading', () => {
  it('is dropped once its queue passes the bound; a reading client still gets every event', async () => {
    const stalled = await rawWebSocket();
    stalled.pause();
    const reader = await openClient();
    let seen = 0;
    reader.on('message', () => seen++);

    const eventBytes = 1024 * 1024;
    const count = Math.ceil((MAX_QUEUED_BYTES * 1.5) / eventBytes);
    const pad = 'e'.repeat(eventBytes);
    for (let i = 1; i <= count; i++) {
      events.emit({ type: 'servers-changed', pad } as unknown as AppEvent);
      // The reading client keeps up: only the stalled one falls behind.
      while (seen < i) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(seen).toBe(count);

    // Read what the host queued for the stalled client: it ends well before all events arrived.
    let received = 0;
    const total = count * eventBytes;
    const outcome = await new Promise<'ended' | 'got everything'>((resolve) => {
      stalled.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= total) resolve('got everything');
      });
      stalled.once('close', () => resolve('ended'));
      stalled.resume();
    });
    expect(outcome).toBe('ended');
    expect(received).toBeLessThan(total);
    expect(reader.readyState).toBe(WebSocket.OPEN);
    reader.close();
  });
});

describe('browser host: one-time launch URL', () => {
  it('leads to the page with the token once, then is refused', async () => {
    const launch = new URL(host.launchUrl());
    expect(launch.href).not.toContain(host.token);
    expect(launch.pathname).toMatch(/^\/launch\/[\w-]{20,}$/);
    const first = await get(launch.pathname);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`/#token=${host.token}`);
    expectSecurityHeaders(first.headers, 'launch redirect');
    const again = await get(launch.pathname);
    expect(again.status).toBe(410);
    expect(again.body).toMatch(/already used or has expired/);
    expect(again.headers.location).toBeUndefined();
  });

  it('is refused once it has expired, and only on the host itself', async () => {
    const expiring = new URL(host.launchUrl()).pathname;
    clock += LAUNCH_CODE_TTL_MS + 1;
    expect((await get(expiring)).status).toBe(410);
    const fresh = new URL(host.launchUrl()).pathname;
    expect((await get(fresh, { Host: 'evil.example' })).status).toBe(421);
    expect((await get(fresh, { Host: ownHost() }, 'HEAD')).status).toBe(405);
    // Neither a foreign Host nor a HEAD used it up.
    expect((await get(fresh)).status).toBe(302);
  });
});
