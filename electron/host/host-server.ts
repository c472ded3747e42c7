/**
 * Browser mode's server: the built renderer over HTTP and the AppApi over one
 * WebSocket, on 127.0.0.1 only, behind the request guard. No request can stop it: a
 * target that does not parse, a request Node cannot parse, a bad handshake or a bad
 * frame is answered (400, 405, 1002…) and only that connection ends.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { HEALTH_PATH, WS_MAX_MESSAGE_BYTES, WS_PATH, type HealthAnswer } from '../../shared/ws-protocol';
import type { Dispatch } from '../core/api/dispatcher';
import type { EventBus } from '../core/events/event-bus';
import { HostWebSocket, serveApi } from './api-socket';
import { DEFAULT_BIND_HOST, hostHeaderNames, urlHost } from './bind-address';
import { LAUNCH_CODE_TTL_MS, LAUNCH_PATH_PREFIX, LaunchCodes } from './launch-codes';
import { checkPeerUser, type PeerLookup } from './peer-user';
import { checkApiRequest, checkHostAndOrigin, type GuardConfig } from './request-guard';
import { rawResponse, securityHeaders } from './security-headers';
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
  /** The origins the page may frame: the MCP Apps sandbox listener's (apps/sandbox-server.ts). */
  frameSources?: readonly string[];
  /** The clock launch codes expire by (tests move it). */
  now?: () => number;
  /** Where the peer's owner is looked up (peer-user.ts); tests stand in another user. */
  peerLookup?: PeerLookup & { ownUid?: number };
}

export interface RunningHost {
  /** The address the server is bound to, as the operating system reports it. */
  address: string;
  port: number;
  token: string;
  /** The page's URL with the token in its fragment: for the user's own eyes (stdout). */
  url: string;
  /**
   * A URL without the token, for handing to another program (the browser opener): it
   * leads to `url` once, within a minute, and is refused after that.
   */
  launchUrl(): string;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const bindHost = options.host ?? DEFAULT_BIND_HOST;
  const guard: GuardConfig = { port: options.port, token, hostNames: hostHeaderNames(bindHost), ...(options.frameSources ? { frameSources: options.frameSources } : {}) };
  const launchCodes = new LaunchCodes(LAUNCH_CODE_TTL_MS, options.now);
  // No permessage-deflate, though browsers offer it: on loopback it saves no time, and would
  // cost both ends a zlib pass per frame (ws's default, said here so it stays so). Nagle is
  // off on every socket `ws` takes over (it calls setNoDelay), so an answer leaves at once.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES, perMessageDeflate: false, WebSocket: HostWebSocket });

  // Without a Host header Node would answer 400 itself, bare; the guard answers 421 with our headers.
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    const headers = securityHeaders(guard);
    const answer = (status: number, text: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
      res.end(text ? `${text}\n` : '');
    };
    const verdict = checkHostAndOrigin({ host: req.headers.host, origin: req.headers.origin }, guard);
    if (!verdict.ok) return answer(verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'Only GET and HEAD', { Allow: 'GET, HEAD' });
    const pathname = requestPath(req.url);
    if (pathname === undefined) return answer(400, 'Bad request target');
    // Behind the same Host and Origin checks as everything else; no token: it only says a host runs here.
    if (pathname === HEALTH_PATH) {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ app: 'mcp-workbench' } satisfies HealthAnswer));
    }
    if (pathname.startsWith(LAUNCH_PATH_PREFIX)) {
      if (req.method !== 'GET') return answer(405, 'Only GET', { Allow: 'GET' });
      // The link is on the opener's command line, which every local user can read: only a
      // program of our own user may redeem it, and another's attempt leaves it usable.
      return void checkPeerUser(req.socket, options.peerLookup).then((peer) => {
        if (!peer.ok) return answer(403, peer.reason);
        if (!launchCodes.redeem(pathname.slice(LAUNCH_PATH_PREFIX.length))) {
          return answer(410, 'This launch link was already used or has expired. Open the URL MCP Workbench printed when it started.');
        }
        return answer(302, '', { Location: `/#token=${token}` });
      }, () => res.destroy());
    }
    // A failure while answering ends this response, never the host.
    serveStatic(options.rendererDir, pathname, res, headers).catch(() => res.destroy());
  });

  // A request Node cannot parse at all (bad request line, huge headers): answer it like the others.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(rawResponse(status, http.STATUS_CODES[status] ?? 'Bad request', securityHeaders(guard)));
  });

  const refuse = (socket: Duplex, status: number, reason: string) => socket.end(rawResponse(status, reason, securityHeaders(guard)));

  // The WebSocket handshake's own checks (method, Sec-WebSocket-Key, version…): refused with our headers.
  wss.on('wsClientError', (error: Error, socket: Duplex) => {
    refuse(socket, error.message === 'Invalid HTTP method' ? 405 : 400, error.message);
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands the socket over without an error listener: a reset must not be thrown.
    socket.on('error', () => socket.destroy());
    const target = requestTarget(req.url);
    if (!target) return refuse(socket, 400, 'Bad request target');
    const verdict =
      target.pathname === WS_PATH
        ? checkApiRequest({ host: req.headers.host, origin: req.headers.origin, token: target.searchParams.get('token') }, guard)
        : ({ ok: false, status: 403, reason: 'Unknown path' } as const);
    if (!verdict.ok) return refuse(socket, verdict.status, verdict.reason);
    // A token seen on a command line (a printed URL opened from a terminal) is no use to another user.
    void checkPeerUser(req.socket, options.peerLookup).then((peer) => {
      if (!peer.ok) return refuse(socket, 403, peer.reason);
      if (socket.destroyed) return;
      wss.handleUpgrade(req, socket, head, (ws) => serveApi(ws, options.dispatch, options.events));
    }, () => socket.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindHost, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  guard.port = bound.port;
  const origin = `http://${urlHost(bindHost)}:${guard.port}`;

  return {
    address: bound.address,
    port: guard.port,
    token,
    url: `${origin}/#token=${token}`,
    launchUrl: () => `${origin}${LAUNCH_PATH_PREFIX}${launchCodes.issue()}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The request target as a URL, or undefined when it does not parse (`//[`, `http://[`…). */
function requestTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? '/', 'http://placeholder');
  } catch {
    return undefined;
  }
}

function requestPath(target: string | undefined): string | undefined {
  return requestTarget(target)?.pathname;
}
