/**
 * The MCP spec's backwards-compatibility rule for Streamable HTTP: a client that wants to
 * reach servers of the older HTTP+SSE transport POSTs first, and when that fails with an
 * HTTP 4xx (an SSE-only server answers `Cannot POST /sse` with 404 or 405) it opens the
 * URL as an SSE event stream instead.
 *
 * Only for entries whose transport was inferred (a URL with no `type`, as Cursor writes
 * them, marked `typeInferred` at import): a user who chose Streamable HTTP gets the error.
 */
import { SdkHttpError } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/config/server-config';
import { isSessionExpiredError } from './connection-errors';

/** Whether the entry lets a refused Streamable HTTP connect be tried over SSE. */
export function mayFallBackToSse(config: ServerConfig): boolean {
  return config.type === 'http' && config.typeInferred === true;
}

/**
 * The HTTP status when the error is the server refusing our POST with a 4xx that an
 * SSE-only server gives; undefined otherwise. 401 and 403 are sign-in, and a 404 with
 * JSON-RPC -32001 is an expired session: neither says "not Streamable HTTP".
 */
export function refusedStreamableStatus(error: unknown): number | undefined {
  if (!(error instanceof SdkHttpError)) return undefined;
  const status = error.status;
  if (status < 400 || status >= 500 || status === 401 || status === 403) return undefined;
  return isSessionExpiredError(error) ? undefined : status;
}

export function fallbackLogText(status: number): string {
  return `The server did not accept Streamable HTTP (HTTP ${status}); trying the SSE transport, as the MCP spec says for older servers.`;
}

/** Shown in the server's details while the connection is over SSE. */
export function fallbackNote(status: number): string {
  return `Connected over SSE: the server did not accept Streamable HTTP (HTTP ${status}).`;
}

/** Added to the error of an entry pinned to Streamable HTTP that may be an SSE server. */
export function pinnedHint(status: number): string {
  return ` (HTTP ${status}). If this is an SSE server, set its transport to SSE.`;
}
