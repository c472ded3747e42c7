/**
 * Streamable HTTP (types http and claudeai-proxy) on the SDK's transport, with what it
 * leaves to the caller:
 * - every request goes through fetchWithTimeout (own timer and AbortController);
 * - an expired session (404 + JSON-RPC -32001) becomes a SessionExpiredError, and the
 *   transport is not reused (the SDK keeps the stale session id);
 * - close() sends DELETE (terminateSession) first, which client.close() does not;
 * - SSE resumption: the SDK reconnects a dropped stream with Last-Event-ID, waiting the
 *   server's `retry` when it sent one; when its attempts run out it only calls onerror,
 *   so we close the transport, and the connection manager reconnects;
 * - claudeai-proxy: a bearer token from the token provider, asked again once after a 401;
 * - http with OAuth: the SDK's own handling (token, refresh after a 401, step-up on 403).
 */
import {
  StreamableHTTPClientTransport,
  type FetchLike,
  type JSONRPCMessage,
  type OAuthClientProvider,
  type TransportSendOptions,
} from '@modelcontextprotocol/client';
import { delay } from '../../util/delay';
import { isSessionExpiredError, NeedsAuthError, SessionExpiredError } from '../connection-errors';
import { ForwardingTransport } from './forwarding-transport';
import { ignoreFailure } from '../../diagnostics/diagnostics';

/** How long close() waits for the DELETE that ends the session. */
const TERMINATE_SESSION_WAIT_MS = 1000;

/** Reconnecting a dropped SSE stream; the server's `retry` field replaces the delay. */
const SSE_RECONNECTION = {
  initialReconnectionDelay: 1000,
  maxReconnectionDelay: 30_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 5,
};

export interface BearerSource {
  /** The token to send; `refresh` after the server refused the last one. Undefined: sign-in needed. */
  token(refresh: boolean): Promise<string | undefined>;
}

export interface HttpTransportOptions {
  url: URL;
  headers?: Record<string, string>;
  fetch: FetchLike;
  bearer?: BearerSource;
  /** OAuth (http servers): the SDK sends the provider's token and handles 401 and 403 insufficient_scope with it. */
  authProvider?: OAuthClientProvider;
}

export class StreamableHttpTransport extends ForwardingTransport {
  /** Set once the server said it no longer knows our session. */
  sessionExpired = false;
  closeReason: string | undefined;
  private closing: Promise<void> | undefined;

  constructor(options: HttpTransportOptions) {
    super(
      new StreamableHTTPClientTransport(options.url, {
        ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
        fetch: options.bearer ? withBearer(options.fetch, options.bearer) : options.fetch,
        reconnectionOptions: SSE_RECONNECTION,
        ...(options.authProvider ? { authProvider: options.authProvider } : {}),
      }),
    );
  }

  private get http(): StreamableHTTPClientTransport {
    return this.inner as StreamableHTTPClientTransport;
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await super.send(message, options);
    } catch (error) {
      // Without a session there is none to expire: a 2025 server may answer Protocol Auto's
      // server/discover probe (sent before initialize) with 404, which means "not modern".
      if (isSessionExpiredError(error) && this.http.sessionId !== undefined) {
        this.sessionExpired = true;
        throw new SessionExpiredError();
      }
      throw error;
    }
  }

  override close(): Promise<void> {
    this.closing ??= (async () => {
      // A session the server already dropped needs no DELETE.
      if (!this.sessionExpired && this.http.sessionId) {
        await Promise.race([this.http.terminateSession().catch(ignoreFailure('ending the HTTP session (DELETE): the server drops a session it is not told about when it expires')), delay(TERMINATE_SESSION_WAIT_MS)]);
      }
      await this.http.close();
    })();
    return this.closing;
  }

  protected override handleError(error: Error): void {
    super.handleError(error);
    if (isSessionExpiredError(error) && !this.sessionExpired && this.http.sessionId !== undefined) {
      // Seen on the event stream, outside any request: nothing will retry, so end here.
      this.sessionExpired = true;
      this.closeReason = 'The server ended the session.';
      void this.close();
    } else if (/^Maximum reconnection attempts/.test(error.message)) {
      this.closeReason = `The server's event stream dropped and could not be resumed (${error.message})`;
      void this.close();
    }
  }
}

/** Adds `Authorization: Bearer …`; after a 401, asks for a fresh token and tries once more. */
function withBearer(base: FetchLike, bearer: BearerSource): FetchLike {
  const attempt = async (url: string | URL, init: RequestInit | undefined, refresh: boolean) => {
    const token = await bearer.token(refresh);
    if (!token) throw new NeedsAuthError('there is no access token for it. Press Sign in.');
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return base(url, { ...init, headers });
  };
  return async (url, init) => {
    const response = await attempt(url, init, false);
    if (response.status !== 401) return response;
    await response.body?.cancel().catch(ignoreFailure('the body of a 401 nobody reads'));
    return attempt(url, init, true);
  };
}
