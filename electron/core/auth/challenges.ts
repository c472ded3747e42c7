/**
 * What the server said when it refused a request: each 401 or 403 with a Bearer
 * challenge names the scope it wants and where its resource metadata is (RFC 9728).
 * Connections' fetches are watched for them; a sign-in without one asks the server first
 * (a request without a token). A 403 insufficient_scope is a step-up: the scope it names
 * is wanted until a sign-in grants it.
 */
import { extractWWWAuthenticateParams, LATEST_PROTOCOL_VERSION, type FetchLike } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import { oauthUrlOf } from './oauth-url';
import type { SignInLogs } from './sign-in-log';
import { ignoreFailure } from '../diagnostics/diagnostics';

export interface Challenge {
  status: number;
  scope?: string;
  resourceMetadataUrl?: URL;
  error?: string;
}

export class Challenges {
  private readonly challenges = new Map<ServerName, Challenge>();
  private readonly stepUps = new Map<ServerName, string>();

  constructor(private readonly logs: SignInLogs) {}

  /** The last challenge the server sent, if a sign-in has not used it up. */
  last(server: ServerName): Challenge | undefined {
    return this.challenges.get(server);
  }

  /** A sign-in used the challenge up. */
  used(server: ServerName): void {
    this.challenges.delete(server);
  }

  /** The scope a 403 insufficient_scope asked for, until a sign-in grants it. */
  stepUp(server: ServerName): string | undefined {
    return this.stepUps.get(server);
  }

  stepUpGranted(server: ServerName): void {
    this.stepUps.delete(server);
  }

  forget(server: ServerName): void {
    this.challenges.delete(server);
    this.stepUps.delete(server);
  }

  /** A connection's fetch, watched for challenges; the OAuth requests the SDK makes on a 401 go to the OAuth view. */
  watchingFetch(server: ServerName, serverUrl: string, fetch: FetchLike): FetchLike {
    const logged = this.logs.loggingFetch(server, fetch);
    const origin = originOf(serverUrl);
    return async (url, init) => {
      // JSON-RPC traffic goes to the protocol log, not the OAuth view.
      const mcp = (typeof init?.body === 'string' && init.body.includes('"jsonrpc"')) || samePath(url, serverUrl);
      const response = await (mcp ? fetch : logged)(url, init);
      if ((response.status === 401 || response.status === 403) && originOf(url) === origin) this.note(server, response);
      return response;
    };
  }

  /** Asks the server, without a token, what it requires: its 401 names the scope and the resource metadata. */
  async probe(server: ServerName, config: ServerConfig, fetchFn: FetchLike): Promise<Challenge | undefined> {
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) return undefined;
    this.logs.add(server, 'step', 'Asking the server what it requires (a request without a token)');
    const sse = config.type === 'sse';
    const headers: Record<string, string> = {
      ...('headers' in config && config.headers ? config.headers : {}),
      accept: sse ? 'text/event-stream' : 'application/json, text/event-stream',
      ...(sse ? {} : { 'content-type': 'application/json' }),
    };
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-workbench-sign-in', version: '0' } },
    });
    try {
      const response = await fetchFn(serverUrl, sse ? { method: 'GET', headers } : { method: 'POST', headers, body });
      await response.body?.cancel().catch(ignoreFailure('the body of a probe nobody reads'));
      if (response.status === 401 || response.status === 403) return this.note(server, response);
    } catch {
      // Discovery goes on without the hints.
    }
    return undefined;
  }

  private note(server: ServerName, response: Response): Challenge | undefined {
    const header = response.headers.get('www-authenticate');
    if (!header || !/^bearer\b/i.test(header.trim())) return undefined;
    const { scope, resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
    const challenge: Challenge = { status: response.status, ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(error ? { error } : {}) };
    this.challenges.set(server, challenge);
    if (response.status === 403 && error === 'insufficient_scope' && scope) this.stepUps.set(server, scope);
    this.logs.add(server, 'step', `The server answered HTTP ${response.status}${error ? ` (${error})` : ''}`, `WWW-Authenticate: ${header}`);
    return challenge;
  }
}

function originOf(url: string | URL): string {
  try {
    return new URL(String(url)).origin;
  } catch {
    return '';
  }
}

function samePath(a: string | URL, b: string | URL): boolean {
  try {
    const x = new URL(String(a));
    const y = new URL(String(b));
    return x.origin === y.origin && x.pathname === y.pathname;
  } catch {
    return false;
  }
}
