/**
 * The mock server on Streamable HTTP, on 127.0.0.1 only. Each POST gets its own
 * stateless transport from the SDK (its rules on Accept, Content-Type and the protocol
 * version header apply) with answers as plain JSON; there is no session and no
 * server-to-client stream, so GET and DELETE answer 405. Requests that do not come to
 * it as loopback are refused from their headers alone, before any body is read, and a
 * body is read up to a limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WebStandardStreamableHTTPServerTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import type { JsonObject } from './exchanges';
import type { MockResponder } from './mock-responder';

const MOCK_PATH = '/mcp';

export interface MockHttpServer {
  url: string;
  close(): Promise<void>;
}

async function answerPost(responder: MockResponder, request: Request): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  transport.onmessage = (message) => {
    const incoming = message as unknown as JsonObject;
    if (typeof incoming.method !== 'string' || !('id' in incoming)) return;
    void transport.send(responder.answer(incoming) as unknown as JSONRPCMessage);
  };
  await transport.start();
  try {
    return await transport.handleRequest(request);
  } finally {
    // The response body is complete (JSON answers): nothing more to send on this request.
    void transport.close();
  }
}

/**
 * Only pages and programs on this machine that name it as loopback: a Host of another
 * name (DNS rebinding) or an Origin of another site is refused, as the browser host does.
 */
function fromLoopback(req: http.IncomingMessage, port: number): boolean {
  const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  if (!allowed.has(req.headers.host ?? '')) return false;
  const origin = req.headers.origin;
  return origin === undefined || allowed.has(origin.replace(/^https?:\/\//, ''));
}

function toWebRequest(req: http.IncomingMessage, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body.length ? { body } : {}) });
}

/** The largest request body the mock reads; a client's request is small, and nothing else may fill its memory. */
export const MOCK_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Reads the body up to the limit; undefined (and the rest left unread) past it. */
function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        return resolve(undefined);
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function serveMockHttp(responder: MockResponder, port = 0): Promise<MockHttpServer> {
  const server = http.createServer((req, res) => {
    // A refusal closes the connection: its body (if any) is never read.
    const refuse = (status: number, headers: Record<string, string>, text: string) => res.writeHead(status, { ...headers, connection: 'close' }).end(text, () => req.destroy());
    // Everything that needs only the headers is checked before a byte of the body is read.
    if (!fromLoopback(req, (server.address() as AddressInfo).port)) return refuse(403, { 'content-type': 'text/plain' }, 'Forbidden: the mock server answers loopback requests only.\n');
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname !== MOCK_PATH) return refuse(404, { 'content-type': 'text/plain' }, `Not found: the mock server is at ${MOCK_PATH}\n`);
    if (req.method !== 'POST') {
      return refuse(405, { allow: 'POST', 'content-type': 'application/json' }, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed: the mock server answers POST only.' } }));
    }
    const tooLarge = () => refuse(413, { 'content-type': 'text/plain' }, `Request too large: the mock server reads at most ${MOCK_MAX_BODY_BYTES / (1024 * 1024)} MB.\n`);
    if (Number(req.headers['content-length'] ?? 0) > MOCK_MAX_BODY_BYTES) return tooLarge();
    void (async () => {
      const body = await readBody(req, MOCK_MAX_BODY_BYTES);
      if (!body) return tooLarge();
      const response = await answerPost(responder, toWebRequest(req, body));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
      else res.end();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`The mock server failed: ${(error as Error).message}\n`);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${bound}${MOCK_PATH}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
