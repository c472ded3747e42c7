/**
 * The mock server on Streamable HTTP, on 127.0.0.1 only. Each POST gets its own
 * stateless transport from the SDK (its rules on Accept, Content-Type and the protocol
 * version header apply) with answers as plain JSON; there is no session and no
 * server-to-client stream, so GET and DELETE answer 405. Requests that do not come to
 * it as loopback are refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { WebStandardStreamableHTTPServerTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import type { JsonObject } from './exchanges';
import type { MockResponder } from './mock-responder';

export const MOCK_PATH = '/mcp';

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

export function serveMockHttp(responder: MockResponder, port = 0): Promise<MockHttpServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (!fromLoopback(req, (server.address() as AddressInfo).port)) {
          res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden: the mock server answers loopback requests only.\n');
          return;
        }
        const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
        if (pathname !== MOCK_PATH) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the mock server is at ${MOCK_PATH}\n`);
          return;
        }
        if (req.method !== 'POST') {
          res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Method not allowed: the mock server answers POST only.' } }));
          return;
        }
        const response = await answerPost(responder, toWebRequest(req, Buffer.concat(chunks)));
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
        else res.end();
      })().catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`The mock server failed: ${(error as Error).message}\n`);
      });
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
