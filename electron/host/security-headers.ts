/**
 * The headers every answer of the browser host carries, refusals included: a 404 or a
 * 421 is a page too (a browser renders it), so it gets the same CSP, no sniffing, no
 * referrer, no caching and no framing as the app itself.
 */
import http from 'node:http';
import { rendererCsp } from '../core/security/csp';
import { allowedHosts, type GuardConfig } from './request-guard';

export function securityHeaders(guard: GuardConfig): Record<string, string> {
  return {
    'Content-Security-Policy': rendererCsp(
      allowedHosts(guard.port, guard.hostNames).map((host) => `ws://${host}`),
      guard.frameSources,
    ),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
}

/**
 * A complete plain-text HTTP answer as bytes, for sockets that no ServerResponse owns
 * (a refused WebSocket upgrade, a request Node could not parse). Closes the connection.
 */
export function rawResponse(status: number, text: string, headers: Record<string, string>): string {
  const body = Buffer.from(text ? `${text}\n` : '');
  const lines = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}`,
    ...Object.entries({ ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(body.length), Connection: 'close' }).map(
      ([name, value]) => `${name}: ${value}`,
    ),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body.toString()}`;
}
