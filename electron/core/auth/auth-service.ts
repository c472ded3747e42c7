/**
 * OAuth for remote servers (sse, http, claudeai-proxy), end to end:
 *
 * - Connections get a passive provider (stored tokens, refreshed before they expire and
 *   after a 401; never anything interactive) and a fetch wrapper that notes each 401 or
 *   403 challenge (its scope and resource metadata URL), via the ConnectionAuth hooks.
 * - A 401 nobody could fix puts the server in needs-auth and into the needs-auth cache,
 *   so start-up leaves it alone for 15 minutes.
 * - Sign-in (the user pressed Sign in): a loopback listener, the SDK's `auth()` with an
 *   interactive provider (discovery, registration, PKCE, the authorization URL handed
 *   to the front end's opener), the callback with our `state` checked, then `auth()`
 *   again with the code — what `transport.finishAuth(code)` does. The caller then
 *   connects on a new transport.
 * - Every step and HTTP exchange of a sign-in (and of refreshes) goes to the OAuth view.
 */
import { randomBytes } from 'node:crypto';
import {
  discoverOAuthServerInfo,
  extractWWWAuthenticateParams,
  LATEST_PROTOCOL_VERSION,
  OAuthError,
  OAuthErrorCode,
  auth as sdkAuth,
  refreshAuthorization,
  type FetchLike,
  type OAuthClientInformationMixed,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import type { AuthStatus } from '../../../shared/api/auth';
import { AppError } from '../../../shared/envelope';
import { transportOf, type OAuthSettings, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { ConnectionAuth, RemoteAuth } from '../connections/connection-auth';
import { fetchWithTimeout } from '../connections/transports/timeout-fetch';
import type { SecretStore } from '../secrets/secret-store';
import { CallbackError, startCallbackListener, type CallbackListener } from './callback-listener';
import { CredentialStore, expiresAt, type StoredTokens } from './credential-store';
import { NeedsAuthCache } from './needs-auth-cache';
import { refreshMargin, RefreshTimers, type TimerApi } from './refresh-timers';
import { SignInLogs } from './sign-in-log';
import { grants, WorkbenchOAuthProvider, type ProviderSession } from './workbench-oauth-provider';

/** The transports that sign in with OAuth. */
export const OAUTH_TRANSPORTS = new Set(['sse', 'http', 'claudeai-proxy']);
/** Each OAuth request (discovery, registration, token) gets this long to answer. */
const OAUTH_REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long shutting down waits for a refresh already under way. Authorization servers
 * rotate refresh tokens: once the request is sent, the old one is spent, and the new one
 * exists only in the answer. Quitting before it is stored would force a new sign-in.
 */
export const SHUTDOWN_REFRESH_WAIT_MS = 5000;

/** Opens the authorization page for the user: each front end supplies its own. */
export type AuthorizationUrlOpener = (server: ServerName, url: string) => Promise<void>;

export interface AuthServiceOptions {
  secrets: SecretStore;
  dataDir: string;
  /** Where the needs-auth cache lives (default: dataDir). */
  cacheDir?: string;
  openAuthorizationUrl: AuthorizationUrlOpener;
  /** A server's sign-in state or OAuth log changed. */
  onChange?: (server: ServerName) => void;
  /** Told every credential value, so logs and messages elsewhere mask it. */
  onSecret?: (value: string) => void;
  /** Masks known secret values in log text. */
  redact?: (text: string) => string;
  /** How long a sign-in waits for the browser (default 5 minutes). */
  callbackTimeoutMs?: number;
  needsAuthTtlMs?: number;
  timers?: TimerApi;
  /** The fetch OAuth requests go through (default: fetch with a 30 s limit per request). */
  fetch?: FetchLike;
}

interface Challenge {
  status: number;
  scope?: string;
  resourceMetadataUrl?: URL;
  error?: string;
}

interface SignInFlow {
  listener?: CallbackListener;
  cancelled: boolean;
}

export class AuthService implements ConnectionAuth {
  readonly logs: SignInLogs;
  readonly cache: NeedsAuthCache;
  readonly store: CredentialStore;
  private readonly timers: RefreshTimers;
  private readonly now: () => number;
  private readonly fetch: FetchLike;
  private readonly challenges = new Map<ServerName, Challenge>();
  private readonly stepUps = new Map<ServerName, string>();
  private readonly flows = new Map<ServerName, SignInFlow>();
  private readonly refreshing = new Map<ServerName, Promise<StoredTokens | undefined>>();
  /**
   * Bumped by sign-out and removal. Work that began before (a refresh waiting for the
   * authorization server, a connection's provider) must not write tokens back after.
   */
  private readonly epochs = new Map<ServerName, number>();
  private disposed = false;

  constructor(private readonly options: AuthServiceOptions) {
    this.now = options.timers?.now ?? Date.now;
    this.logs = new SignInLogs((server) => this.changed(server), options.redact);
    this.cache = new NeedsAuthCache(options.cacheDir ?? options.dataDir, { now: this.now, ...(options.needsAuthTtlMs ? { ttlMs: options.needsAuthTtlMs } : {}) });
    this.store = new CredentialStore(options.secrets, options.onSecret, this.now);
    this.timers = new RefreshTimers(options.timers);
    this.fetch = options.fetch ?? fetchWithTimeout(() => OAUTH_REQUEST_TIMEOUT_MS);
  }

  // ── ConnectionAuth: what every connection uses ─────────────────────────────

  remoteAuth(server: ServerName, config: ServerConfig): RemoteAuth | undefined {
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) return undefined;
    const session = this.session(server, serverUrl, config.oauth);
    return {
      provider: new WorkbenchOAuthProvider(session),
      bearer: {
        token: async (refresh) => {
          const tokens = refresh ? (await this.refresh(server, serverUrl, config.oauth, 'the server refused the access token').catch(() => undefined))?.tokens : await session.currentTokens();
          return tokens?.access_token;
        },
      },
      wrapFetch: (fetch) => this.watchingFetch(server, serverUrl, fetch),
    };
  }

  onNeedsAuth(server: ServerName): void {
    void this.cache
      .record(server)
      .catch(() => undefined)
      .then(() => this.changed(server));
  }

  onConnected(server: ServerName): void {
    void this.cache
      .clear(server)
      .catch(() => undefined)
      .then(() => this.changed(server));
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
  async signIn(server: ServerName, config: ServerConfig, open: AuthorizationUrlOpener = this.options.openAuthorizationUrl): Promise<void> {
    const serverUrl = oauthUrlOf(config);
    if (!serverUrl) {
      throw new AppError('invalid-request', `${server} is a ${transportOf(config)} server; only sse, http and claudeai-proxy servers sign in with OAuth.`);
    }
    this.cancelSignIn(server, 'A new sign-in was started.');
    const flow: SignInFlow = { cancelled: false };
    this.flows.set(server, flow);
    this.logs.begin(server);
    const note = (title: string, detail?: string) => this.logs.add(server, 'step', title, detail);
    note(`Signing in to ${serverUrl}`);
    try {
      // The state travels in the authorization URL; the listener accepts only a callback that brings it back.
      const state = randomBytes(32).toString('base64url');
      const listener = await this.listen(server, serverUrl, config.oauth, state);
      flow.listener = listener;
      if (flow.cancelled) listener.cancel();
      note(`Waiting for the browser's callback at ${listener.redirectUrl}`);
      const fetchFn = this.logs.loggingFetch(server, this.fetch);
      const challenge = this.challenges.get(server) ?? (await this.probe(server, config, fetchFn));
      const scope = this.stepUps.get(server) ?? challenge?.scope;
      const provider = new WorkbenchOAuthProvider(this.session(server, serverUrl, config.oauth), {
        redirectUrl: listener.redirectUrl,
        state,
        openAuthorizationUrl: async (url) => {
          this.throwIfCancelled(flow);
          await open(server, url.href);
        },
      });
      const base = { serverUrl, fetchFn, ...(scope ? { scope } : {}), ...(challenge?.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}) };
      let result = await sdkAuth(provider, base);
      if (result === 'REDIRECT') {
        note('Waiting for you to approve the sign-in in the browser');
        const { code, iss } = await listener.response;
        note('The browser came back with an authorization code and the expected state');
        this.throwIfCancelled(flow);
        // What transport.finishAuth(code, iss) does: check `iss` against the issuer (RFC 9207), then exchange the code for tokens.
        result = await sdkAuth(provider, { ...base, authorizationCode: code, ...(iss !== undefined ? { iss } : {}) });
      }
      if (result !== 'AUTHORIZED') throw new Error('The authorization server did not issue tokens.');
      listener.cancel('Signed in.');
      this.challenges.delete(server);
      await this.cache.clear(server).catch(() => undefined);
      note('Signed in');
      this.logs.finish(server, 'signed-in');
    } catch (error) {
      flow.listener?.cancel();
      const cancelled = flow.cancelled || (error instanceof CallbackError && error.reason === 'cancelled');
      const message = signInFailure(error, config.oauth);
      this.logs.add(server, 'error', cancelled ? 'The sign-in was cancelled' : `The sign-in failed: ${message}`);
      this.logs.finish(server, cancelled ? 'cancelled' : 'failed');
      throw new AppError('failed', cancelled ? `${server}: the sign-in was cancelled.` : `${server}: sign-in failed: ${message}`);
    } finally {
      if (this.flows.get(server) === flow) this.flows.delete(server);
      this.changed(server);
    }
  }

  cancelSignIn(server: ServerName, message?: string): void {
    const flow = this.flows.get(server);
    if (!flow) return;
    flow.cancelled = true;
    flow.listener?.cancel(message);
  }

  /** Forgets every credential of the server (tokens, client registration, verifier, discovery). */
  async signOut(server: ServerName): Promise<void> {
    this.endEpoch(server);
    this.cancelSignIn(server, 'Signed out.');
    this.timers.cancel(server);
    this.challenges.delete(server);
    this.stepUps.delete(server);
    await this.store.delete(server);
    if (this.logs.get(server)) this.logs.add(server, 'step', 'Signed out: tokens, client registration and discovery state deleted');
    this.changed(server);
  }

  /** The server was removed: its credentials, timers and log go. */
  async forget(server: ServerName): Promise<void> {
    this.endEpoch(server);
    this.cancelSignIn(server, 'The server was removed.');
    this.timers.cancel(server);
    this.challenges.delete(server);
    this.stepUps.delete(server);
    this.logs.forget(server);
    await this.store.delete(server);
    await this.cache.clear(server).catch(() => undefined);
  }

  async status(server: ServerName, config: ServerConfig): Promise<AuthStatus> {
    const storage = this.options.secrets.info();
    const serverUrl = oauthUrlOf(config);
    const supported = serverUrl !== undefined;
    const base: AuthStatus = {
      server,
      supported,
      signedIn: false,
      refreshable: false,
      signingIn: this.flows.has(server),
      storage: { encrypted: storage.encrypted, location: storage.location, ...(storage.warning ? { warning: storage.warning } : {}) },
    };
    const recorded = await this.cache.recordedAt(server).catch(() => undefined);
    if (recorded !== undefined) base.needsAuthUntil = this.cache.expiresAt(recorded);
    if (!serverUrl) return base;
    const [stored, client, discovery] = await Promise.all([this.store.tokens(server, serverUrl), this.store.client(server, serverUrl), this.store.discovery(server, serverUrl)]);
    const expiry = stored ? expiresAt(stored) : undefined;
    const clientId = config.oauth?.clientId ?? client?.client_id;
    return {
      ...base,
      signedIn: stored !== undefined,
      refreshable: stored?.tokens.refresh_token !== undefined,
      ...(expiry !== undefined ? { expiresAt: expiry } : {}),
      ...(stored?.tokens.scope ? { scope: stored.tokens.scope } : {}),
      ...(discovery?.authorizationServerUrl ? { authorizationServer: discovery.authorizationServerUrl } : {}),
      ...(clientId
        ? { clientId, clientRegistration: config.oauth?.clientId ? 'pre-registered' : /^https:\/\//.test(clientId) ? 'metadata-document' : 'dynamic' }
        : {}),
    };
  }

  /** Cancels sign-ins and timers, and lets a refresh under way store its tokens (see SHUTDOWN_REFRESH_WAIT_MS). */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const server of [...this.flows.keys()]) this.cancelSignIn(server, 'MCP Workbench is shutting down.');
    this.timers.cancelAll();
    const underWay = [...this.refreshing.values()];
    if (underWay.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(underWay), new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_REFRESH_WAIT_MS)))]);
    clearTimeout(timer);
  }

  // ── Tokens: fresh ones, refreshed ones ──────────────────────────────────────

  /** Stored tokens; refreshed first when they are about to expire and can be. */
  private async currentTokens(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined): Promise<OAuthTokens | undefined> {
    const stored = await this.store.tokens(server, serverUrl);
    if (!stored) return undefined;
    const expiry = expiresAt(stored);
    if (expiry !== undefined && stored.tokens.refresh_token) {
      if (this.now() >= expiry - refreshMargin(expiry - stored.receivedAt)) {
        const fresh = await this.refresh(server, serverUrl, settings, expiry <= this.now() ? 'it has expired' : 'it is about to expire').catch(() => undefined);
        if (fresh) return fresh.tokens;
      } else {
        this.scheduleRefresh(server, serverUrl, settings, stored);
      }
    }
    return stored.tokens;
  }

  /** Refreshes the access token with the refresh token (one refresh per server at a time). */
  private refresh(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, why: string): Promise<StoredTokens | undefined> {
    const running = this.refreshing.get(server);
    if (running) return running;
    const epoch = this.epochOf(server);
    const task = (async () => {
      const stored = await this.store.tokens(server, serverUrl);
      const refreshToken = stored?.tokens.refresh_token;
      if (!refreshToken) return undefined;
      this.logs.add(server, 'step', `Refreshing the access token (${why})`);
      const fetchFn = this.logs.loggingFetch(server, this.fetch);
      try {
        let discovery = await this.store.discovery(server, serverUrl);
        if (!discovery?.authorizationServerUrl) {
          discovery = await discoverOAuthServerInfo(serverUrl, { fetchFn });
          if (this.epochOf(server) !== epoch) return undefined;
          await this.store.saveDiscovery(server, serverUrl, discovery);
        }
        const issuer = String(discovery.authorizationServerUrl);
        // The SDK's rule: a refresh token goes only to the authorization server that issued it.
        if (stored.tokens.issuer && !sameIssuer(stored.tokens.issuer, issuer)) throw new Error(`the tokens were issued by ${stored.tokens.issuer}, not ${issuer}`);
        const clientInformation = clientFor(settings, await this.store.client(server, serverUrl));
        if (!clientInformation) throw new Error('there is no client registration to refresh with');
        const resource = discovery.resourceMetadata?.resource;
        const tokens = await refreshAuthorization(issuer, {
          ...(discovery.authorizationServerMetadata ? { metadata: discovery.authorizationServerMetadata } : {}),
          clientInformation,
          refreshToken,
          ...(resource ? { resource } : {}),
          fetchFn,
        });
        return await this.saveTokens(server, serverUrl, settings, { ...tokens, issuer }, epoch);
      } catch (error) {
        if (this.epochOf(server) !== epoch) return undefined;
        this.logs.add(server, 'error', `The refresh failed: ${error instanceof Error ? error.message : String(error)}`);
        // A refresh token the server no longer accepts is worth nothing: sign-in is needed.
        if (error instanceof OAuthError && error.code === OAuthErrorCode.InvalidGrant) await this.store.delete(server, ['tokens']);
        throw error;
      }
    })().finally(() => this.refreshing.delete(server));
    this.refreshing.set(server, task);
    return task;
  }

  /** Stores tokens, unless the server was signed out or removed since `epoch` (then undefined). */
  private async saveTokens(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, tokens: OAuthTokens, epoch: number): Promise<StoredTokens | undefined> {
    if (this.epochOf(server) !== epoch) {
      this.remember(tokens);
      if (this.logs.get(server)) this.logs.add(server, 'step', 'Tokens arrived after the sign-out or removal: discarded, not stored');
      return undefined;
    }
    const stored = await this.store.saveTokens(server, serverUrl, tokens);
    const wanted = this.stepUps.get(server);
    if (wanted && grants(tokens.scope, wanted)) this.stepUps.delete(server);
    this.scheduleRefresh(server, serverUrl, settings, stored);
    const lifetime = tokens.expires_in !== undefined ? `expires in ${tokens.expires_in} s` : 'no expiry given';
    this.logs.add(
      server,
      'step',
      `Received an access token (${tokens.token_type}, ${lifetime}${tokens.scope ? `, scope "${tokens.scope}"` : ''}, ${tokens.refresh_token ? 'with' : 'without'} a refresh token)`,
    );
    return stored;
  }

  private scheduleRefresh(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, stored: StoredTokens): void {
    const expiry = expiresAt(stored);
    if (this.disposed || expiry === undefined || !stored.tokens.refresh_token) {
      this.timers.cancel(server);
      return;
    }
    this.timers.schedule(server, stored.receivedAt, expiry, () => {
      void this.refresh(server, serverUrl, settings, 'it is about to expire')
        .then(() => this.changed(server))
        .catch(() => undefined);
    });
  }

  // ── Pieces ─────────────────────────────────────────────────────────────────

  private session(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined): ProviderSession {
    const store = this.store;
    // A provider made before a sign-out or removal never stores what it gets after.
    const epoch = this.epochOf(server);
    return {
      serverUrl,
      settings,
      currentTokens: () => this.currentTokens(server, serverUrl, settings),
      saveTokens: async (tokens) => {
        if (await this.saveTokens(server, serverUrl, settings, tokens, epoch)) this.changed(server);
      },
      storedClient: () => store.client(server, serverUrl),
      saveClient: (client) => store.saveClient(server, serverUrl, client),
      saveVerifier: (verifier) => store.saveVerifier(server, serverUrl, verifier),
      storedDiscovery: () => store.discovery(server, serverUrl),
      saveDiscovery: async (state: OAuthDiscoveryState) => {
        await store.saveDiscovery(server, serverUrl, state);
        if (this.flows.has(server)) this.noteDiscovery(server, state);
      },
      invalidate: async (scope) => {
        const kinds = scope === 'all' ? undefined : ([scope === 'client' ? 'client' : scope] as const);
        await store.delete(server, kinds);
      },
      pendingStepUp: () => this.stepUps.get(server),
      note: (title, detail) => this.logs.add(server, 'step', title, detail),
    };
  }

  private noteDiscovery(server: ServerName, state: OAuthDiscoveryState): void {
    if (state.resourceMetadata) {
      this.logs.add(server, 'step', 'Found the protected resource metadata (RFC 9728)', JSON.stringify(state.resourceMetadata, null, 2));
    } else {
      this.logs.add(server, 'step', 'The server publishes no protected resource metadata: its own origin is taken as the authorization server');
    }
    if (state.authorizationServerMetadata) {
      this.logs.add(server, 'step', `Found the authorization server metadata of ${state.authorizationServerUrl}`, JSON.stringify(state.authorizationServerMetadata, null, 2));
    } else {
      this.logs.add(server, 'step', `${state.authorizationServerUrl} publishes no metadata (RFC 8414 or OpenID): using its default /authorize, /token and /register`);
    }
  }

  /** The loopback listener: the configured port, else the one the stored registration names (if free), else any. */
  private async listen(server: ServerName, serverUrl: string, settings: OAuthSettings | undefined, state: string): Promise<CallbackListener> {
    const onRequest = (event: { path: string; accepted: boolean; reason?: string }) => {
      if (!event.accepted) this.logs.add(server, 'error', `Refused a request to the callback listener (${event.reason ?? 'refused'}): ${event.path}`);
    };
    const timeoutMs = this.options.callbackTimeoutMs;
    const common = { state, onRequest, ...(timeoutMs ? { timeoutMs } : {}) };
    if (settings?.callbackPort) {
      try {
        return await startCallbackListener({ ...common, port: settings.callbackPort });
      } catch (error) {
        throw new Error(`could not listen on 127.0.0.1:${settings.callbackPort} (the server's oauth.callbackPort): ${(error as Error).message}`, { cause: error });
      }
    }
    const previous = registeredPort(await this.store.client(server, serverUrl));
    if (previous) {
      try {
        return await startCallbackListener({ ...common, port: previous });
      } catch {
        // Taken: any port, and the client registers again with the new redirect URI.
      }
    }
    return startCallbackListener({ ...common, port: 0 });
  }

  /** Asks the server, without a token, what it requires: its 401 names the scope and the resource metadata. */
  private async probe(server: ServerName, config: ServerConfig, fetchFn: FetchLike): Promise<Challenge | undefined> {
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
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 401 || response.status === 403) return this.noteChallenge(server, response);
    } catch {
      // Discovery goes on without the hints.
    }
    return undefined;
  }

  private watchingFetch(server: ServerName, serverUrl: string, fetch: FetchLike): FetchLike {
    const logged = this.logs.loggingFetch(server, fetch);
    const origin = originOf(serverUrl);
    return async (url, init) => {
      // JSON-RPC traffic goes to the protocol log; the OAuth requests the SDK makes on a 401 go to the OAuth view.
      const mcp = (typeof init?.body === 'string' && init.body.includes('"jsonrpc"')) || samePath(url, serverUrl);
      const response = await (mcp ? fetch : logged)(url, init);
      if ((response.status === 401 || response.status === 403) && originOf(url) === origin) this.noteChallenge(server, response);
      return response;
    };
  }

  private noteChallenge(server: ServerName, response: Response): Challenge | undefined {
    const header = response.headers.get('www-authenticate');
    if (!header || !/^bearer\b/i.test(header.trim())) return undefined;
    const { scope, resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
    const challenge: Challenge = { status: response.status, ...(scope ? { scope } : {}), ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(error ? { error } : {}) };
    this.challenges.set(server, challenge);
    if (response.status === 403 && error === 'insufficient_scope' && scope) this.stepUps.set(server, scope);
    this.logs.add(server, 'step', `The server answered HTTP ${response.status}${error ? ` (${error})` : ''}`, `WWW-Authenticate: ${header}`);
    return challenge;
  }

  private epochOf(server: ServerName): number {
    return this.epochs.get(server) ?? 0;
  }

  private endEpoch(server: ServerName): void {
    this.epochs.set(server, this.epochOf(server) + 1);
  }

  /** Discarded tokens are still masked wherever they might show up. */
  private remember(tokens: OAuthTokens): void {
    for (const value of [tokens.access_token, tokens.refresh_token, tokens.id_token]) if (value) this.options.onSecret?.(value);
  }

  private throwIfCancelled(flow: SignInFlow): void {
    if (flow.cancelled) throw new CallbackError('The sign-in was cancelled.', 'cancelled');
  }

  private changed(server: ServerName): void {
    this.options.onChange?.(server);
  }
}

/** The URL of a server that signs in with OAuth, or undefined for other transports. */
export function oauthUrlOf(config: ServerConfig): string | undefined {
  const url = (config as { url?: unknown }).url;
  return OAUTH_TRANSPORTS.has(transportOf(config)) && typeof url === 'string' ? url : undefined;
}

/** The client to present: the configured pre-registered one, else the stored registration. */
function clientFor(settings: OAuthSettings | undefined, stored: OAuthClientInformationMixed | undefined): OAuthClientInformationMixed | undefined {
  if (settings?.clientId) {
    const configured = { client_id: settings.clientId, ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}) };
    return stored?.client_id === settings.clientId ? { ...stored, ...configured } : configured;
  }
  return stored;
}

/** The loopback port a dynamically registered client's redirect URI names. */
function registeredPort(client: OAuthClientInformationMixed | undefined): number | undefined {
  const uri = client && 'redirect_uris' in client && Array.isArray(client.redirect_uris) ? String(client.redirect_uris[0] ?? '') : '';
  const match = /^http:\/\/127\.0\.0\.1:(\d+)\//.exec(uri);
  return match ? Number(match[1]) : undefined;
}

function sameIssuer(a: string, b: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, '');
  try {
    return strip(new URL(a).href) === strip(new URL(b).href);
  } catch {
    return strip(a) === strip(b);
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

function clock(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** A sign-in failure in words that name what went wrong. */
function signInFailure(error: unknown, settings: OAuthSettings | undefined): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/does not support dynamic client registration/.test(message) && !settings?.clientId) {
    return `${message}. Enter a pre-registered client id (and secret) under OAuth sign-in in the server's settings.`;
  }
  return message;
}
