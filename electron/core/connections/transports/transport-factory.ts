/**
 * Picks and builds the transport for a server entry (already resolved for launch). A
 * transport is single-use: build one per connect.
 */
import type { Transport } from '@modelcontextprotocol/client';
import { isStdioConfig, OAUTH_TRANSPORTS as OAUTH_TYPES, transportOf, type ServerConfig, type ServerName } from '../../../../shared/config/server-config';
import type { ProcessExit } from '../../../../shared/domain';
import type { RemoteAuth } from '../connection-auth';
import { NeedsAuthError } from '../connection-errors';
import type { TokenProvider } from '../token-provider';
import { McpHeaderTap } from './header-tap';
import { StreamableHttpTransport } from './http-transport';
import { IDE_AUTH_HEADER, ideTokenFor } from './ide-lockfiles';
import { SseTransport } from './sse-transport';
import { ProcessTransport, type StdioTransportHooks } from './stdio-transport';
import { fetchWithTimeout } from './timeout-fetch';
import type { WebSocketTransport } from './ws-transport';

export interface TransportContext {
  server: ServerName;
  /** Time limit for each HTTP request to get its response headers (and for a WebSocket handshake). */
  requestTimeoutMs: () => number;
  /** The longer limit for a POST carrying tools/call: a server answering with plain JSON sends no headers before the result. */
  toolCallTimeoutMs: () => number;
  tokenProvider?: TokenProvider;
  /** OAuth for sse, http and claudeai-proxy servers (the sign-in feature's hooks). */
  remoteAuth?: RemoteAuth;
  /** Where IDE lock files are read from. */
  ideLockDir: string;
  stdio?: StdioTransportHooks;
}

export interface BuiltTransport {
  transport: Transport;
  /** stdio servers are local processes; everything else is remote. */
  remote: boolean;
  /** Why the transport closed, when the other side or a guard ended it. */
  closeReason(): string | undefined;
  /** How a stdio server's process ended. */
  exit(): ProcessExit | undefined;
  /** Whether the server ended our HTTP session. */
  sessionExpired(): boolean;
  /** Streamable HTTP: the Mcp-* headers each request is sent with (for the protocol log). */
  headerTap?: McpHeaderTap;
}

/** The WebSocket transport, and the ws library under it, load for a WebSocket server only. */
async function webSocketTransport(...args: ConstructorParameters<typeof WebSocketTransport>) {
  const { WebSocketTransport } = await import('./ws-transport');
  return new WebSocketTransport(...args);
}

/** A stdio server's transport as the connection sees it (also one launched early: early-stdio-start.ts). */
export function builtStdio(transport: ProcessTransport): BuiltTransport {
  return {
    transport,
    remote: false,
    closeReason: () => transport.closeReason,
    exit: () => transport.exit,
    sessionExpired: () => false,
  };
}

export async function createTransport(config: ServerConfig, ctx: TransportContext): Promise<BuiltTransport> {
  const type = transportOf(config);
  if (isStdioConfig(config)) return builtStdio(new ProcessTransport(config, ctx.stdio, ctx.server));
  if (!('url' in config)) throw new Error(`A ${type} server needs a url.`);
  const url = parseUrl(config.url, type);
  const timed = fetchWithTimeout((init) => (isToolCall(init) ? Math.max(ctx.toolCallTimeoutMs(), ctx.requestTimeoutMs()) : ctx.requestTimeoutMs()));
  const oauth = ctx.remoteAuth;
  const fetch = oauth && OAUTH_TYPES.has(type) ? oauth.wrapFetch(timed) : timed;
  const authProvider = oauth ? { authProvider: oauth.provider } : {};
  const remote = (transport: Transport & { closeReason?: string; sessionExpired?: boolean }): BuiltTransport => ({
    transport,
    remote: true,
    closeReason: () => transport.closeReason,
    exit: () => undefined,
    sessionExpired: () => transport.sessionExpired === true,
  });

  const tap = new McpHeaderTap();
  switch (config.type) {
    case 'http':
      return { ...remote(new StreamableHttpTransport({ url, fetch: tap.wrap(fetch), ...headersOf(config.headers), ...authProvider })), headerTap: tap };
    case 'sse':
      return remote(new SseTransport({ url, fetch, ...headersOf(config.headers), ...authProvider }));
    case 'ws':
      return remote(await webSocketTransport(url, { ...headersOf(config.headers), handshakeTimeoutMs: ctx.requestTimeoutMs() }));
    case 'sse-ide':
    case 'ws-ide': {
      const token = config.authToken ?? (await ideTokenFor(url, ctx.ideLockDir));
      const headers = token ? { [IDE_AUTH_HEADER]: token } : undefined;
      return config.type === 'ws-ide'
        ? remote(await webSocketTransport(url, { ...headersOf(headers), handshakeTimeoutMs: ctx.requestTimeoutMs() }))
        : remote(new SseTransport({ url, fetch, ...headersOf(headers) }));
    }
    case 'claudeai-proxy': {
      const provider = ctx.tokenProvider;
      const bearer = provider ? { token: (refresh: boolean) => provider.getToken(ctx.server, refresh ? { refresh } : {}) } : oauth?.bearer;
      // Fail fast, before any request, when there is no token at all.
      if (!bearer || !(await bearer.token(false))) throw new NeedsAuthError('there is no access token for it yet. Press Sign in.');
      return { ...remote(new StreamableHttpTransport({ url, fetch: tap.wrap(fetch), bearer })), headerTap: tap };
    }
    default:
      throw new Error(`The ${type} transport is not supported.`);
  }
}

/** The SDK serializes with JSON.stringify, so the method appears exactly like this. */
function isToolCall(init: RequestInit): boolean {
  return init.method === 'POST' && typeof init.body === 'string' && init.body.includes('"method":"tools/call"');
}

function headersOf(headers: Record<string, string> | undefined): { headers?: Record<string, string> } {
  return headers && Object.keys(headers).length > 0 ? { headers } : {};
}

function parseUrl(text: string, type: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a valid URL.`);
  }
  const schemes = type === 'ws' || type === 'ws-ide' ? ['ws:', 'wss:'] : ['http:', 'https:'];
  if (!schemes.includes(url.protocol)) {
    throw new Error(`A ${type} server's URL must start with ${schemes.map((s) => `${s}//`).join(' or ')}; got ${url.protocol}//.`);
  }
  return url;
}

/** The URL without credentials, query or fragment: safe to log and to show. */
export function safeUrl(url: URL): string {
  const copy = new URL(url.href);
  const hadQuery = copy.search !== '';
  copy.username = copy.password = copy.search = copy.hash = '';
  return `${copy.href}${hadQuery ? '?…' : ''}`;
}
