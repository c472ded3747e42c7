/**
 * Keeps a server's tokens fresh: hands out the stored ones, refreshes them a little before
 * they expire (a timer per server) and when a server refused them, one refresh per server
 * at a time, and stores what arrives — unless the server was signed out or removed since
 * the work began (its epoch moved on). The SDK refreshes only after a 401.
 */
import { discoverOAuthServerInfo, OAuthError, OAuthErrorCode, refreshAuthorization, type OAuthClientInformationMixed, type OAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthSettings, ServerName } from '../../../shared/config/server-config';
import type { AuthContext } from './auth-context';
import { expiresAt, type StoredTokens } from './credential-store';
import { issuerOfDiscovery, sameIssuer } from './issuer';
import { refreshMargin, RefreshTimers } from './refresh-timers';
import { grants } from './workbench-oauth-provider';
import { logFailure } from '../diagnostics/diagnostics';
import { messageOf } from '../../../shared/errors';

/**
 * How long shutting down waits for a refresh already under way. Authorization servers
 * rotate refresh tokens: once the request is sent, the old one is spent, and the new one
 * exists only in the answer. Quitting before it is stored would force a new sign-in.
 */
const SHUTDOWN_REFRESH_WAIT_MS = 5000;

export class TokenKeeper {
  private readonly timers: RefreshTimers;
  private readonly refreshing = new Map<ServerName, Promise<StoredTokens | undefined>>();
  private disposed = false;

  constructor(private readonly ctx: AuthContext) {
    this.timers = new RefreshTimers(ctx.options.timers);
  }

  /** Stored tokens; refreshed first when they are about to expire and can be. */
  async current(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, issuer?: string): Promise<OAuthTokens | undefined> {
    const stored = await this.ctx.store.tokens(server, serverUrl, issuer);
    if (!stored) return undefined;
    const expiry = expiresAt(stored);
    if (expiry !== undefined && stored.tokens.refresh_token) {
      const now = this.ctx.now();
      if (now >= expiry - refreshMargin(expiry - stored.receivedAt)) {
        const fresh = await this.refresh(server, serverUrl, settings, expiry <= now ? 'it has expired' : 'it is about to expire').catch(logFailure(`Refreshing the access token of ${server} failed`));
        if (fresh) return fresh.tokens;
      } else {
        this.schedule(server, serverUrl, settings, stored);
      }
    }
    return stored.tokens;
  }

  /** Refreshes the access token with the refresh token (one refresh per server at a time). */
  refresh(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, why: string): Promise<StoredTokens | undefined> {
    const running = this.refreshing.get(server);
    if (running) return running;
    const { store, logs, epochs } = this.ctx;
    const epoch = epochs.of(server);
    const task = (async () => {
      const stored = await store.tokens(server, serverUrl);
      const refreshToken = stored?.tokens.refresh_token;
      if (!refreshToken) return undefined;
      logs.add(server, 'step', `Refreshing the access token (${why})`);
      const fetchFn = logs.loggingFetch(server, this.ctx.fetch);
      try {
        let discovery = await store.discovery(server, serverUrl);
        if (!discovery?.authorizationServerUrl) {
          discovery = await discoverOAuthServerInfo(serverUrl, { fetchFn });
          if (epochs.of(server) !== epoch) return undefined;
          await store.saveDiscovery(server, serverUrl, discovery);
        }
        const issuer = issuerOfDiscovery(discovery) ?? String(discovery.authorizationServerUrl);
        // The SDK's rule: a refresh token goes only to the authorization server that issued it.
        if (stored.tokens.issuer && !sameIssuer(stored.tokens.issuer, issuer)) throw new Error(`the tokens were issued by ${stored.tokens.issuer}, not ${issuer}`);
        const clientInformation = clientFor(settings, await store.client(server, serverUrl));
        if (!clientInformation) throw new Error('there is no client registration to refresh with');
        const resource = discovery.resourceMetadata?.resource;
        const tokens = await refreshAuthorization(discovery.authorizationServerUrl, {
          ...(discovery.authorizationServerMetadata ? { metadata: discovery.authorizationServerMetadata } : {}),
          clientInformation,
          refreshToken,
          ...(resource ? { resource } : {}),
          fetchFn,
        });
        return await this.save(server, serverUrl, settings, { ...tokens, issuer }, epoch);
      } catch (error) {
        if (epochs.of(server) !== epoch) return undefined;
        logs.add(server, 'error', `The refresh failed: ${messageOf(error)}`);
        // A refresh token the server no longer accepts is worth nothing: sign-in is needed.
        if (error instanceof OAuthError && error.code === OAuthErrorCode.InvalidGrant) await store.delete(server, ['tokens']);
        throw error;
      }
    })().finally(() => this.refreshing.delete(server));
    this.refreshing.set(server, task);
    return task;
  }

  /** Stores tokens, unless the server was signed out or removed since `epoch` (then undefined). */
  async save(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, tokens: OAuthTokens, epoch: number, issuer?: string): Promise<StoredTokens | undefined> {
    const { logs, challenges } = this.ctx;
    if (this.ctx.epochs.of(server) !== epoch) {
      // Discarded tokens are still masked wherever they might show up.
      for (const value of [tokens.access_token, tokens.refresh_token, tokens.id_token]) if (value) this.ctx.options.onSecret?.(value);
      if (logs.get(server)) logs.add(server, 'step', 'Tokens arrived after the sign-out or removal: discarded, not stored');
      return undefined;
    }
    const stored = await this.ctx.store.saveTokens(server, serverUrl, tokens, issuer);
    const wanted = challenges.stepUp(server);
    if (wanted && grants(tokens.scope, wanted)) challenges.stepUpGranted(server);
    this.schedule(server, serverUrl, settings, stored);
    const lifetime = tokens.expires_in !== undefined ? `expires in ${tokens.expires_in} s` : 'no expiry given';
    logs.add(
      server,
      'step',
      `Received an access token (${tokens.token_type}, ${lifetime}${tokens.scope ? `, scope "${tokens.scope}"` : ''}, ${tokens.refresh_token ? 'with' : 'without'} a refresh token)`,
    );
    return stored;
  }

  /** No more refreshes for the server (signed out, removed). */
  cancel(server: ServerName): void {
    this.timers.cancel(server);
  }

  /** Stops every timer and lets a refresh under way store its tokens (see SHUTDOWN_REFRESH_WAIT_MS). */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.timers.cancelAll();
    const underWay = [...this.refreshing.values()];
    if (underWay.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(underWay), new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_REFRESH_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private schedule(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, stored: StoredTokens): void {
    const expiry = expiresAt(stored);
    if (this.disposed || expiry === undefined || !stored.tokens.refresh_token) {
      this.timers.cancel(server);
      return;
    }
    this.timers.schedule(server, stored.receivedAt, expiry, () => {
      void this.refresh(server, serverUrl, settings, 'it is about to expire')
        .then(() => this.ctx.changed(server))
        .catch(logFailure(`Refreshing the access token of ${server} failed`));
    });
  }
}

/** The client to present: the configured pre-registered one, else the stored registration. */
function clientFor(settings: OAuthSettings | undefined, stored: OAuthClientInformationMixed | undefined): OAuthClientInformationMixed | undefined {
  if (settings?.clientId) {
    const configured = { client_id: settings.clientId, ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}) };
    return stored?.client_id === settings.clientId ? { ...stored, ...configured } : configured;
  }
  return stored;
}
