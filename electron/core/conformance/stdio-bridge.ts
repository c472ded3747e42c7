/**
 * A loopback Streamable HTTP endpoint in front of a stdio server, so the conformance suite
 * (which speaks HTTP only) can test it. Each 2025-era session (an `initialize` POST) gets a
 * server process of its own, ended by DELETE or when the bridge stops; requests that carry no
 * session (the 2026-07-28 era is sessionless) share one process. JSON-RPC passes through
 * unchanged: a request's answer, and whatever the server sends while it is pending (progress,
 * log messages, its own requests), go back on that request's event stream; anything else goes
 * to the session's GET stream.
 *
 * Only this run can use it: it listens on 127.0.0.1, answers only under a random path, refuses
 * a Host that is not its own and an Origin that is not loopback, caps bodies and processes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { messageOf } from '../../../shared/errors';
import { ignoreFailure } from '../diagnostics/diagnostics';

/** Starts a fresh server process (one per session) and hands back its transport, not yet started. */
export type OpenServer = () => Promise<Transport>;

export interface StdioBridge {
  /** Where the suite reaches the server: http://127.0.0.1:<port>/<secret>/mcp. */
  url: string;
  /** How many server processes the bridge started (for the report and tests). */
  started(): number;
  /** Ends every server process and stops listening. */
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Server processes alive at once. The suite runs its scenarios one after another, each with a
 * session of its own that its client leaves open (the SDK sends no DELETE), so past this the
 * session used longest ago with nothing pending is ended to make room.
 */
const MAX_SESSIONS = 8;
/** Messages kept for a session's GET stream before one is open (older ones are dropped). */
const MAX_QUEUED = 200;

type Message = JSONRPCMessage & { id?: string | number; method?: string; params?: { _meta?: { progressToken?: unknown } } };

/** A POST whose request waits for its answer, with its event stream (or its JSON answer). */
interface Pending {
  id: string | number;
  progressToken?: unknown;
  /** Writes one message to the POST's response; `last` ends it. */
  write(message: JSONRPCMessage, last: boolean): void;
}

class Session {
  readonly pending: Pending[] = [];
  /** When a request last came in (to end the idlest session when there are too many). */
  lastUsed = Date.now();
  private stream: ServerResponse | undefined;
  private queued: JSONRPCMessage[] = [];
  private closed = false;

  constructor(
    readonly id: string | undefined,
    readonly transport: Transport,
    private readonly onGone: (session: Session) => void,
  ) {
    transport.onmessage = (message) => this.route(message as Message);
    transport.onclose = () => this.gone('The server process ended.');
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.transport.send(message);
  }

  /** The server's answer goes to its request's POST; what it sends meanwhile goes to the POST it most likely belongs to. */
  private route(message: Message): void {
    const isResponse = message.id !== undefined && message.method === undefined;
    if (isResponse) {
      const index = this.pending.findIndex((p) => p.id === message.id);
      if (index >= 0) {
        const [owner] = this.pending.splice(index, 1);
        owner!.write(message, true);
        return;
      }
    }
    const token = message.method === 'notifications/progress' ? (message.params as { progressToken?: unknown } | undefined)?.progressToken : undefined;
    const owner = (token !== undefined ? this.pending.find((p) => p.progressToken === token) : undefined) ?? this.pending.at(-1);
    if (owner) owner.write(message, false);
    else this.toStream(message);
  }

  private toStream(message: JSONRPCMessage): void {
    if (this.stream) {
      this.stream.write(sseEvent(message));
      return;
    }
    this.queued.push(message);
    if (this.queued.length > MAX_QUEUED) this.queued.shift();
  }

  openStream(res: ServerResponse): void {
    this.stream?.end();
    this.stream = res;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...(this.id ? { 'mcp-session-id': this.id } : {}) });
    res.flushHeaders();
    for (const message of this.queued.splice(0)) res.write(sseEvent(message));
    res.on('close', () => {
      if (this.stream === res) this.stream = undefined;
    });
  }

  /** The process is gone: each waiting request gets an error answer, the stream ends. */
  gone(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const pending of this.pending.splice(0)) pending.write({ jsonrpc: '2.0', id: pending.id, error: { code: -32603, message: reason } } as JSONRPCMessage, true);
    this.stream?.end();
    this.onGone(this);
  }

  async close(): Promise<void> {
    this.gone('The bridge closed the session.');
    await this.transport.close().catch(ignoreFailure('closing the transport of a bridge session'));
  }
}

function sseEvent(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

function isLoopbackHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || host === `[::1]:${port}`;
}

function isLoopbackOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function rpcError(res: ServerResponse, status: number, message: string, id: unknown = null): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32600, message } }));
}

export async function startStdioBridge(openServer: OpenServer): Promise<StdioBridge> {
  const secret = randomBytes(16).toString('hex');
  const endpoint = `/${secret}/mcp`;
  const sessions = new Map<string, Session>();
  let shared: Promise<Session> | undefined;
  let started = 0;
  let stopping = false;

  const open = async (id: string | undefined): Promise<Session> => {
    if (sessions.size >= MAX_SESSIONS) {
      const idlest = [...sessions.values()].filter((s) => s.pending.length === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!idlest) throw new Error(`The bridge keeps at most ${MAX_SESSIONS} server processes at once, and each is busy.`);
      await idlest.close();
    }
    started++;
    const transport = await openServer();
    const session = new Session(id, transport, (s) => {
      if (s.id) sessions.delete(s.id);
      else shared = undefined;
    });
    await transport.start();
    if (id) sessions.set(id, session);
    return session;
  };

  const handlePost = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (body === undefined) return plain(res, 413, `A request body may be at most ${MAX_BODY_BYTES} bytes.`);
    let message: Message;
    try {
      message = JSON.parse(body) as Message;
    } catch {
      return rpcError(res, 400, 'Parse error: the body is not JSON.');
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message) || message.jsonrpc !== '2.0') return rpcError(res, 400, 'The body must be one JSON-RPC 2.0 message.');

    const sessionId = req.headers['mcp-session-id'];
    let session: Session;
    if (message.method === 'initialize') {
      session = await open(randomUUID());
    } else if (typeof sessionId === 'string') {
      const found = sessions.get(sessionId);
      if (!found) return rpcError(res, 404, 'Session not found.', message.id ?? null);
      session = found;
    } else {
      shared ??= open(undefined);
      session = await shared;
    }

    session.lastUsed = Date.now();
    const isRequest = message.method !== undefined && message.id !== undefined;
    if (!isRequest) {
      await session.send(message);
      res.writeHead(202, session.id ? { 'mcp-session-id': session.id } : {});
      return res.end();
    }

    const asStream = String(req.headers.accept ?? '').includes('text/event-stream');
    const headers = session.id ? { 'mcp-session-id': session.id } : {};
    let headed = false;
    const pending: Pending = {
      id: message.id!,
      progressToken: message.params?._meta?.progressToken,
      write(out, last) {
        if (res.writableEnded) return;
        if (!asStream) {
          // A JSON answer carries the response alone; what came before it goes to the GET stream.
          if (last) {
            res.writeHead(200, { 'content-type': 'application/json', ...headers });
            res.end(JSON.stringify(out));
          }
          return;
        }
        if (!headed) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
          headed = true;
        }
        res.write(sseEvent(out));
        if (last) res.end();
      },
    };
    session.pending.push(pending);
    await session.send(message);
  };

  const server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    if (!isLoopbackHost(req.headers.host, port) || !isLoopbackOrigin(req.headers.origin)) return plain(res, 403, 'Forbidden: this bridge serves its own run only.');
    if ((req.url ?? '').split('?')[0] !== endpoint) return plain(res, 404, 'Not found.');
    if (stopping) return plain(res, 503, 'The bridge is stopping.');
    const sessionId = req.headers['mcp-session-id'];
    const work = async () => {
      if (req.method === 'POST') return handlePost(req, res);
      if (req.method === 'GET') {
        const session = typeof sessionId === 'string' ? sessions.get(sessionId) : await shared;
        if (!session) return plain(res, typeof sessionId === 'string' ? 404 : 405, 'No session to stream.');
        return session.openStream(res);
      }
      if (req.method === 'DELETE') {
        const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
        if (!session) return plain(res, 404, 'Session not found.');
        await session.close();
        res.writeHead(200);
        return res.end();
      }
      res.writeHead(405, { allow: 'GET, POST, DELETE' });
      res.end();
    };
    work().catch((error: unknown) => {
      if (!res.headersSent) rpcError(res, 500, messageOf(error));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${endpoint}`,
    started: () => started,
    async stop() {
      stopping = true;
      const all = [...sessions.values(), ...(shared ? [await shared.catch(() => undefined)] : [])].filter((s): s is Session => s !== undefined); // a shared session that never started has nothing to stop.
      await Promise.all(all.map((session) => session.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
