/**
 * The OAuth view's data: for each server, every step and HTTP exchange of its last
 * sign-in (discovery, registration, the authorization URL, the callback, the token
 * response), then the token refreshes that followed, with every credential masked.
 * Kept in memory per server, bounded; a new sign-in starts a new log.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import type { OAuthHttpExchange, OAuthLog, OAuthLogEntry, OAuthLogKind } from '../../../shared/api/auth';
import type { ServerName } from '../../../shared/config/server-config';
import { maskBody, maskHeaders, maskUrl } from './oauth-masking';
import { messageOf } from '../../../shared/errors';

const MAX_ENTRIES = 300;

export class SignInLogs {
  private readonly logs = new Map<ServerName, OAuthLog>();
  private seq = 0;

  /** `onChange` runs after every change (the core turns it into an `auth-changed` event). */
  constructor(
    private readonly onChange: (server: ServerName) => void = () => undefined,
    private readonly redact: (text: string) => string = (text) => text,
  ) {}

  get(server: ServerName): OAuthLog | null {
    const log = this.logs.get(server);
    return log ? { ...log, entries: [...log.entries] } : null;
  }

  /** Starts a new log for a sign-in, replacing the last one. */
  begin(server: ServerName): void {
    this.logs.set(server, { server, startedAt: Date.now(), entries: [] });
    this.onChange(server);
  }

  finish(server: ServerName, outcome: NonNullable<OAuthLog['outcome']>): void {
    const log = this.logs.get(server);
    if (!log) return;
    log.finishedAt = Date.now();
    log.outcome = outcome;
    this.onChange(server);
  }

  add(server: ServerName, kind: OAuthLogKind, title: string, detail?: string, http?: OAuthHttpExchange): void {
    let log = this.logs.get(server);
    if (!log) {
      // Refreshes after a sign-in of an earlier run still get a log.
      log = { server, startedAt: Date.now(), entries: [] };
      this.logs.set(server, log);
    }
    log.entries.push({
      seq: ++this.seq,
      time: Date.now(),
      kind,
      title: this.redact(title),
      ...(detail !== undefined ? { detail: this.redact(detail) } : {}),
      ...(http ? { http: redactExchange(http, this.redact) } : {}),
    } satisfies OAuthLogEntry);
    if (log.entries.length > MAX_ENTRIES) log.entries.splice(0, log.entries.length - MAX_ENTRIES);
    this.onChange(server);
  }

  forget(server: ServerName): void {
    if (this.logs.delete(server)) this.onChange(server);
  }

  /** fetch that records each request and its answer (credentials masked) in the server's log. */
  loggingFetch(server: ServerName, base: FetchLike): FetchLike {
    return async (url, init = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const requestHeaders = new Headers(init.headers);
      const exchange: OAuthHttpExchange = {
        method,
        url: maskUrl(url),
        requestHeaders: maskHeaders(requestHeaders),
        ...(typeof init.body === 'string' || init.body instanceof URLSearchParams
          ? { requestBody: maskBody(String(init.body), requestHeaders.get('content-type') ?? (init.body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : undefined)) }
          : {}),
      };
      const started = performance.now();
      let response: Response;
      try {
        response = await base(url, init);
      } catch (error) {
        exchange.durationMs = Math.round(performance.now() - started);
        exchange.error = messageOf(error);
        this.add(server, 'http', `${method} ${shortUrl(url)} failed: ${exchange.error}`, undefined, exchange);
        throw error;
      }
      exchange.durationMs = Math.round(performance.now() - started);
      exchange.status = response.status;
      exchange.responseHeaders = maskHeaders(response.headers);
      // Read a copy: the caller reads the original.
      const text = await response
        .clone()
        .text()
        .catch(() => undefined); // an unreadable body: the exchange is logged without it.
      if (text) exchange.responseBody = maskBody(text, response.headers.get('content-type'));
      this.add(server, 'http', `${method} ${shortUrl(url)} → ${response.status}`, undefined, exchange);
      return response;
    };
  }
}

function shortUrl(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return String(url);
  }
}

function redactExchange(http: OAuthHttpExchange, redact: (text: string) => string): OAuthHttpExchange {
  const headers = (record: Record<string, string> | undefined) => (record ? Object.fromEntries(Object.entries(record).map(([k, v]) => [k, redact(v)])) : undefined);
  return {
    ...http,
    url: redact(http.url),
    requestHeaders: headers(http.requestHeaders)!,
    ...(http.requestBody !== undefined ? { requestBody: redact(http.requestBody) } : {}),
    ...(http.responseHeaders ? { responseHeaders: headers(http.responseHeaders)! } : {}),
    ...(http.responseBody !== undefined ? { responseBody: redact(http.responseBody) } : {}),
    ...(http.error !== undefined ? { error: redact(http.error) } : {}),
  };
}
