/**
 * The browser host's gate. Every HTTP request and WebSocket upgrade must name our own
 * loopback address in Host (defeats DNS rebinding) and, when it carries an Origin, come
 * from our own page (defeats cross-site requests). Anything that can act (the API
 * WebSocket) must also present the per-run token.
 */
import { timingSafeEqual } from 'node:crypto';
import { LOOPBACK_NAMES } from './bind-address';

export interface GuardConfig {
  port: number;
  token: string;
  /** Names allowed in Host, without the port (default: the loopback names; see bind-address.ts). */
  hostNames?: readonly string[];
  /** The one origin the page may frame (the MCP Apps sandbox listener), once it listens. */
  frameSources?: readonly string[];
}

export interface GuardedRequest {
  host: string | undefined;
  origin: string | undefined;
  /** The token the request presented, if any. */
  token?: string | null | undefined;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403 | 421; reason: string };

export function allowedHosts(port: number, names: readonly string[] = LOOPBACK_NAMES): string[] {
  return names.map((name) => `${name}:${port}`);
}

export function allowedOrigins(port: number, names: readonly string[] = LOOPBACK_NAMES): string[] {
  return allowedHosts(port, names).map((host) => `http://${host}`);
}

export function checkHostAndOrigin(request: GuardedRequest, config: GuardConfig): GuardVerdict {
  const host = request.host?.toLowerCase();
  if (!host || !allowedHosts(config.port, config.hostNames).includes(host)) {
    return { ok: false, status: 421, reason: `Host "${request.host ?? ''}" is not this server` };
  }
  if (request.origin !== undefined && !allowedOrigins(config.port, config.hostNames).includes(request.origin.toLowerCase())) {
    return { ok: false, status: 403, reason: `Origin "${request.origin}" is not allowed` };
  }
  return { ok: true };
}

export function checkApiRequest(request: GuardedRequest, config: GuardConfig): GuardVerdict {
  const verdict = checkHostAndOrigin(request, config);
  if (!verdict.ok) return verdict;
  if (!request.token || !tokensEqual(request.token, config.token)) {
    return { ok: false, status: 401, reason: 'Missing or wrong token' };
  }
  return { ok: true };
}

function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
