/**
 * Browser mode's server: the built renderer over HTTP and the AppApi over one
 * WebSocket, on 127.0.0.1 only, behind the request guard.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_PATH, type WsRequest, type WsServerMessage } from '../../shared/ws-protocol';
import type { Dispatch } from '../core/api/dispatcher';
import type { EventBus } from '../core/events/event-bus';
import { rendererCsp } from '../core/security/csp';
import { DEFAULT_BIND_HOST, hostHeaderNames, urlHost } from './bind-address';
import { allowedHosts, checkApiRequest, checkHostAndOrigin, type GuardConfig } from './request-guard';
import { serveStatic } from './static-files';

export interface HostOptions {
  dispatch: Dispatch;
  events: EventBus;
  rendererDir: string;
  /** 0 picks any free port. */
  port: number;
  /**
   * The address to listen on; loopback by default. Callers decide whether a
   * non-loopback address is allowed (bind-address.ts: decideBind) before passing it.
   */
  host?: string;
  token?: string;
}

export interface RunningHost {
  /** The address the server is bound to, as the operating system reports it. */
  address: string;
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

/** Large enough for big tool arguments, small enough that one message cannot exhaust memory. */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const bindHost = options.host ?? DEFAULT_BIND_HOST;
  const guard: GuardConfig = { port: options.port, token, hostNames: hostHeaderNames(bindHost) };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const server = http.createServer((req, res) => {
    const verdict = checkHostAndOrigin({ host: req.headers.host, origin: req.headers.origin }, guard);
    if (!verdict.ok) {
      res.writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(verdict.reason);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    void serveStatic(options.rendererDir, url.pathname, res, securityHeaders(guard));
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const verdict =
      url.pathname === WS_PATH
        ? checkApiRequest({ host: req.headers.host, origin: req.headers.origin, token: url.searchParams.get('token') }, guard)
        : ({ ok: false, status: 403, reason: 'Unknown path' } as const);
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} ${http.STATUS_CODES[verdict.status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveApi(ws, options));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindHost, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  guard.port = bound.port;

  return {
    address: bound.address,
    port: guard.port,
    token,
    url: `http://${urlHost(bindHost)}:${guard.port}/#token=${token}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveApi(ws: WebSocket, options: HostOptions): void {
  const send = (message: WsServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = options.events.subscribe((event) => send({ kind: 'event', event }));
  ws.on('close', unsubscribe);
  ws.on('message', (data, isBinary) => {
    const request = parseRequest(isBinary ? undefined : data.toString());
    if (!request) {
      send({ kind: 'response', id: -1, envelope: { ok: false, error: { code: 'invalid-request', message: 'Malformed message' } } });
      return;
    }
    void options.dispatch(request.method, request.payload).then((envelope) => send({ kind: 'response', id: request.id, envelope }));
  });
}

function parseRequest(text: string | undefined): WsRequest | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && Number.isSafeInteger((value as WsRequest).id) && typeof (value as WsRequest).method === 'string') {
      return value as WsRequest;
    }
  } catch {
    // fall through: malformed
  }
  return undefined;
}

function securityHeaders(guard: GuardConfig): Record<string, string> {
  return {
    'Content-Security-Policy': rendererCsp(allowedHosts(guard.port, guard.hostNames).map((host) => `ws://${host}`)),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}
