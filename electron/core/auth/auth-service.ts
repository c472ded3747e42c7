/**
 * OAuth for remote servers (sse, http, claudeai-proxy), end to end. The service is the
 * one object the core and its front ends hold; each job is its own piece:
 *
 * - Connections get a passive provider (stored tokens, kept fresh by the token keeper;
 *   never anything interactive) and a fetch watched for 401 and 403 challenges
 *   (challenges.ts), via the ConnectionAuth hooks.
 * - A 401 nobody could fix puts the server in needs-auth and into the needs-auth cache,
 *   so start-up leaves it alone for 15 minutes.
 * - Sign-in through the browser: sign-in-flow.ts. Sign-out and removal:
 *   credential-lifecycle.ts. The sign-in state shown: auth-status.ts.
 * - Every step and HTTP exchange of a sign-in (and of refreshes) goes to the OAuth view
 *   (sign-in-log.ts).
 */
import type { AuthStatus } from '../../../shared/api/auth';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ConnectionAuth, RemoteAuth } from '../connections/connection-auth';
import { fetchWithTimeout } from '../connections/transports/timeout-fetch';
import type { AuthContext, AuthorizationUrlOpener, AuthServiceOptions } from './auth-context';
import { readAuthStatus } from './auth-status';
import { Challenges } from './challenges';
import { CredentialEpochs } from './credential-epochs';
import { CredentialLifecycle } from './credential-lifecycle';
import { CredentialStore } from './credential-store';
import { NeedsAuthCache } from './needs-auth-cache';
import { oauthUrlOf } from './oauth-url';
import { providerSession } from './provider-session';
import { SignInFlows } from './sign-in-flow';
import { SignInLogs } from './sign-in-log';
import { TokenKeeper } from './token-keeper';
import { WorkbenchOAuthProvider } from './workbench-oauth-provider';
import { logFailure } from '../diagnostics/diagnostics';

export type { AuthorizationUrlOpener, AuthServiceOptions } from './auth-context';
;
;

/** Each OAuth request (discovery, registration, token) gets this long to answer. */
const OAUTH_REQUEST_TIMEOUT_MS = 30_000;

export class AuthService implements ConnectionAuth {
  readonly logs: SignInLogs;
  readonly cache: NeedsAuthCache;
  readonly store: CredentialStore;
  private readonly ctx: AuthContext;
  private readonly keeper: TokenKeeper;
  private readonly flows: SignInFlows;
  private readonly lifecycle: CredentialLifecycle;

  constructor(private readonly options: AuthServiceOptions) {
    const now = options.timers?.now ?? Date.now;
    this.logs = new SignInLogs((server) => this.ctx.changed(server), options.redact);
    this.cache = new NeedsAuthCache(options.cacheDir ?? options.dataDir, { now, ...(options.needsAuthTtlMs ? { ttlMs: options.needsAuthTtlMs } : {}) });
    this.store = new CredentialStore(options.secrets, options.onSecret, now);
    this.ctx = {
      options,
      logs: this.logs,
      cache: this.cache,
      store: this.store,
      epochs: new CredentialEpochs(),
      challenges: new Challenges(this.logs),
      fetch: options.fetch ?? fetchWithTimeout(() => OAUTH_REQUEST_TIMEOUT_MS),
      now,
      changed: (server) => options.onChange?.(server),
    };
    this.keeper = new TokenKeeper(this.ctx);
    this.flows = new SignInFlows(this.ctx, this.keeper);
    this.lifecycle = new CredentialLifecycle(this.ctx, this.flows, this.keeper);
  }

  // ── ConnectionAuth: what every connection uses ─────────────────────────────

  remoteAuth(server: ServerName, config: ServerConfig): RemoteAuth | undefined {
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) return undefined;
    const session = providerSession(this.ctx, this.keeper, server, serverUrl, config.oauth, () => this.flows.has(server));
    return {
      provider: new WorkbenchOAuthProvider(session),
      bearer: {
        token: async (refresh) => {
          const tokens = refresh
            ? (await this.keeper.refresh(server, serverUrl, config.oauth, 'the server refused the access token').catch(logFailure(`Refreshing the access token of ${server} failed`)))?.tokens
            : await session.currentTokens();
          return tokens?.access_token;
        },
      },
      wrapFetch: (fetch) => this.ctx.challenges.watchingFetch(server, serverUrl, fetch),
    };
  }

  onNeedsAuth(server: ServerName): void {
    void this.cache
      .record(server)
      .catch(logFailure(`Recording that ${server} needs sign-in failed`))
      .then(() => this.ctx.changed(server));
  }

  onConnected(server: ServerName): void {
    void this.cache
      .clear(server)
      .catch(logFailure(`Clearing the needs-sign-in record of ${server} failed`))
      .then(() => this.ctx.changed(server));
  }

  async startupHold(server: ServerName, config: ServerConfig): Promise<string | undefined> {
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) return undefined;
    const recorded = await this.cache.recordedAt(server);
    if (recorded === undefined) return undefined;
    // Signed in since (in another window or mode): go ahead.
    if (await this.store.tokens(server, serverUrl)) return undefined;
    return `It needed sign-in at ${clock(recorded)}, so start-up does not try it again until ${clock(this.cache.expiresAt(recorded))}. Press Sign in (or Connect to try now).`;
  }

  // ── Sign-in, sign-out, status ──────────────────────────────────────────────

  /**
   * Signs the server in through the browser. `config` is the entry resolved for launch
   * (its client secret filled in). Resolves once tokens are stored; the caller reconnects.
   */
  signIn(server: ServerName, config: ServerConfig, open: AuthorizationUrlOpener = this.options.openAuthorizationUrl): Promise<void> {
    return this.flows.signIn(server, config, open);
  }

  cancelSignIn(server: ServerName, message?: string): void {
    this.flows.cancel(server, message);
  }

  /** Forgets every credential of the server (tokens, client registration, verifier, discovery). */
  signOut(server: ServerName): Promise<void> {
    return this.lifecycle.signOut(server);
  }

  /** The server was removed: its credentials, timers and log go. */
  forget(server: ServerName): Promise<void> {
    return this.lifecycle.forget(server);
  }

  status(server: ServerName, config: ServerConfig): Promise<AuthStatus> {
    return readAuthStatus(this.ctx, server, config, this.flows.has(server));
  }

  /**
   * Cancels sign-ins and timers, lets a refresh under way store its tokens, and waits for
   * the needs-sign-in records still being written (nothing writes into the data folder
   * after the core is gone).
   */
  async dispose(): Promise<void> {
    this.flows.cancelAll('MCP Workbench is shutting down.');
    await this.keeper.dispose();
    await this.cache.settled();
  }
}

function clock(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
