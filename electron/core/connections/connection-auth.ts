/**
 * The seam between connections and OAuth sign-in. The connection manager knows nothing
 * of OAuth; it asks these hooks for a remote server's auth (an OAuthClientProvider for
 * the SDK's http and sse transports, a bearer source for claudeai-proxy, and a fetch
 * wrapper that watches WWW-Authenticate challenges), and tells them when a server
 * needs sign-in or connected.
 */
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { BearerSource } from './transports/http-transport';

export interface RemoteAuth {
  /** For http and sse: the SDK sends its token, refreshes after a 401, and reports when sign-in is needed. */
  provider: OAuthClientProvider;
  /** For claudeai-proxy: the bearer token, asked again once after a 401. */
  bearer: BearerSource;
  /** Wraps the transport's fetch to see 401 and 403 challenges (scope, resource metadata). */
  wrapFetch(fetch: FetchLike): FetchLike;
}

export interface ConnectionAuth {
  /** The auth of a remote server about to connect (its config already resolved for launch). */
  remoteAuth(server: ServerName, config: ServerConfig): RemoteAuth | undefined;
  /** The server just entered needs-auth. */
  onNeedsAuth(server: ServerName): void;
  /** The server connected (any earlier needs-auth is over). */
  onConnected(server: ServerName): void;
  /** At start-up: why not to try this server now (it needed sign-in moments ago), or undefined to go ahead. */
  startupHold(server: ServerName, config: ServerConfig): Promise<string | undefined>;
}
