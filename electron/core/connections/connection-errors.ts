/**
 * The kinds of failure the connection manager reacts to differently: an expired HTTP
 * session (re-initialize and retry), a server that wants sign-in (needs-auth), and
 * terminal network errors (count them; three in a row close the transport).
 */
import { SdkHttpError, SseError, UnauthorizedError } from '@modelcontextprotocol/client';

/** The server no longer knows our session (HTTP 404 with JSON-RPC code -32001). */
export class SessionExpiredError extends Error {
  constructor(message = 'The server ended the session (HTTP 404, "Session not found").') {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** The server refused us until the user signs in (HTTP 401 or no token to send). */
export class NeedsAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NeedsAuthError';
  }
}

/** A WebSocket upgrade refused with an HTTP status. */
export class WebSocketHandshakeError extends Error {
  constructor(readonly status: number) {
    super(`The server refused the WebSocket connection (HTTP ${status}).`);
    this.name = 'WebSocketHandshakeError';
  }
}

export function isSessionExpiredError(error: unknown): boolean {
  if (error instanceof SessionExpiredError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  // Streamable HTTP reports the status on `.status`, SSE on `.code`; both keep the body in the message.
  const status = error instanceof SdkHttpError ? error.status : code;
  return status === 404 && typeof message === 'string' && /"code"\s*:\s*-32001/.test(message);
}

export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof NeedsAuthError || error instanceof UnauthorizedError) return true;
  if (error instanceof SdkHttpError) return error.status === 401;
  if (error instanceof SseError) return error.code === 401;
  return error instanceof WebSocketHandshakeError && error.status === 401;
}

/** The HTTP transports' own errors (an HTTP status where a JSON-RPC answer was expected). */
export function isHttpTransportError(error: unknown): boolean {
  return error instanceof SdkHttpError || error instanceof SseError || error instanceof WebSocketHandshakeError;
}

/** Error codes that mean the connection itself is broken, not one request. */
const TERMINAL_CODES = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ECONNABORTED',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
/** The same, for errors that only say it in words (undici, the SDK's SSE handling). */
const TERMINAL_MESSAGES = ['socket hang up', 'other side closed', 'terminated', 'SSE stream disconnected', 'Failed to reconnect SSE stream'];

/**
 * The code (or phrase) that makes this a terminal network error, looking through
 * `cause` chains (fetch wraps the socket error as "fetch failed" with a cause).
 */
export function terminalErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && TERMINAL_CODES.has(code)) return code;
    if (typeof message === 'string') {
      const phrase = TERMINAL_MESSAGES.find((p) => message.includes(p));
      if (phrase) return phrase;
    }
    current = cause;
  }
  return undefined;
}
