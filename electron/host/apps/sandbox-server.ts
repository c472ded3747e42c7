/**
 * Browser mode's app sandbox: a second loopback listener on a port of its own, so a
 * different origin from the workbench page. It serves the sandbox proxy page and its
 * script and nothing else: no token, no API, no renderer files. Host is checked as on the
 * main listener (DNS rebinding), and the page may only be framed by the workbench's page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerSandboxRequest } from '../../core/apps/sandbox-page';
import { urlHost } from '../bind-address';

export interface SandboxServerOptions {
  /** The address to listen on: the main listener's. */
  host: string;
  /** The origins allowed to frame the sandbox (the workbench page's), read per request. */
  parentOrigins: () => readonly string[];
  /** Names allowed in Host, without the port. */
  hostNames: readonly string[];
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`: what the page's frame-src allows, exactly. */
  origin: string;
  /** The proxy page's URL. */
  url: string;
  close(): Promise<void>;
}

export async function startSandboxServer(options: SandboxServerOptions): Promise<RunningSandbox> {
  let port = 0;
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    const refuse = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", 'Cache-Control': 'no-store' });
      res.end(`${text}\n`);
    };
    const host = req.headers.host?.toLowerCase();
    if (!host || !options.hostNames.some((name) => host === `${name}:${port}`)) return refuse(421, 'Not this server');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, 'Only GET and HEAD');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sandbox');
    } catch {
      return refuse(400, 'Bad request target');
    }
    const answer = answerSandboxRequest(url, options.parentOrigins());
    res.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(answer.body) });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${urlHost(options.host)}:${port}`;
  return {
    origin,
    url: `${origin}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
