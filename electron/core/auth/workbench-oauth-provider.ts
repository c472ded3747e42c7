/**
 * Our OAuthClientProvider: the SDK's `auth()` does discovery (RFC 9728, then RFC 8414
 * or OIDC), registration (Client ID Metadata Document where supported, else dynamic),
 * PKCE S256, the `resource` parameter and scope selection (WWW-Authenticate, then
 * scopes_supported, then ours); this provider supplies what it asks for, from the
 * server's credentials, in one of two modes:
 *
 * - passive (every connection): stored tokens, kept fresh; a 401 may refresh them, but
 *   nothing interactive happens — where the SDK would register a client or send the
 *   user to the authorization page, the provider throws NeedsAuthError and the server
 *   shows Needs sign-in. While a step-up (403 insufficient_scope) is pending, the
 *   refresh token is held back, since a refresh cannot widen the scope.
 * - interactive (a sign-in the user started): no stored tokens (a new authorization),
 *   our loopback redirect URL and `state`, and the authorization URL handed to the
 *   front end's opener.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClientInformationContext, OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { OAuthSettings } from '../../../shared/config/server-config';
import { NeedsAuthError } from '../connections/connection-errors';
import type { IssuerExpectation } from './callback-listener';
import { sameIssuer } from './issuer';

/**
 * What the provider needs from the server's auth session (the auth service implements it).
 * Credentials are bound to the authorization server that issued them: an `issuer` argument
 * is the one the SDK resolved (undefined: the one in use, which the stored discovery names).
 */
export interface ProviderSession {
  readonly serverUrl: string;
  readonly settings: OAuthSettings | undefined;
  /** Stored tokens, refreshed first when about to expire (passive mode). */
  currentTokens(issuer?: string): Promise<OAuthTokens | undefined>;
  saveTokens(tokens: OAuthTokens, issuer?: string): Promise<void>;
  storedClient(issuer?: string): Promise<OAuthClientInformationMixed | undefined>;
  saveClient(client: OAuthClientInformationMixed, issuer?: string): Promise<void>;
  /** The issuer a stored registration of this client id is bound to, if one is stored (under any issuer). */
  issuerOfClient(clientId: string): Promise<string | undefined>;
  storedDiscovery(): Promise<OAuthDiscoveryState | undefined>;
  saveDiscovery(state: OAuthDiscoveryState): Promise<void>;
  invalidate(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void>;
  /** The scope a 403 insufficient_scope asked for, until a sign-in grants it. */
  pendingStepUp(): string | undefined;
  /** A sign-in step for the OAuth view. */
  note(title: string, detail?: string): void;
}

export interface InteractiveFlow {
  redirectUrl: string;
  state: string;
  /** Opens the authorization page (system browser, a new tab, or printed by the CLI). */
  openAuthorizationUrl(url: URL): Promise<void>;
}

/** Stands in for the redirect URL outside a sign-in: the SDK only needs to know one exists. */
const PASSIVE_REDIRECT_URL = 'http://127.0.0.1/callback';

const CLIENT_NAME = 'MCP Workbench';
/**
 * What dynamic client registration says we are (MCP 2026-07-28, OpenID Connect Dynamic
 * Registration): a native application, since every front end — the desktop app, the CLI,
 * and browser mode, served on this machine — receives the browser on a loopback redirect.
 * Left out, an OpenID server assumes "web" and may refuse the loopback redirect URI.
 */
const APPLICATION_TYPE = 'native';

export class WorkbenchOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  /** Interactive: what this sign-in found, so the code exchange does not repeat discovery. */
  private discovered: OAuthDiscoveryState | undefined;

  constructor(
    private readonly session: ProviderSession,
    private readonly flow?: InteractiveFlow,
  ) {}

  get redirectUrl(): string {
    return this.flow?.redirectUrl ?? PASSIVE_REDIRECT_URL;
  }

  get clientMetadataUrl(): string | undefined {
    return this.session.settings?.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const scopes = this.session.settings?.scopes;
    return {
      client_name: CLIENT_NAME,
      application_type: APPLICATION_TYPE,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(scopes && scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }

  state(): string {
    return this.flow?.state ?? randomBytes(32).toString('base64url');
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<OAuthClientInformationMixed | undefined> {
    const settings = this.session.settings;
    const stored = await this.session.storedClient(ctx?.issuer);
    if (settings?.clientId) {
      // Pre-registered: the configured id (and secret); the stored copy only adds the issuer the SDK stamped on it.
      const configured = { client_id: settings.clientId, ...(settings.clientSecret ? { client_secret: settings.clientSecret } : {}) };
      if (stored?.client_id === settings.clientId) return { ...stored, ...configured };
      // Pre-registered credentials belong to one authorization server: when the server names another, say so instead of sending them there.
      const boundTo = ctx?.issuer ? await this.session.issuerOfClient(settings.clientId) : undefined;
      if (boundTo && ctx && !sameIssuer(boundTo, ctx.issuer)) {
        throw new Error(
          `the pre-registered client ${settings.clientId} belongs to the authorization server ${boundTo}, but the server now names ${ctx.issuer}. Enter the client registered with ${ctx.issuer} under OAuth sign-in in the server's settings, or sign out to use this one there`,
        );
      }
      return configured;
    }
    const unfit = stored && this.flow ? this.unfitForThisSignIn(stored) : undefined;
    if (unfit) {
      // Undefined makes the SDK choose afresh: the metadata document where the server accepts one, else registration.
      this.session.note(unfit);
      return undefined;
    }
    if (!stored && !this.flow) throw new NeedsAuthError('it answered HTTP 401 and MCP Workbench has no sign-in for it yet. Press Sign in.');
    return stored;
  }

  async saveClientInformation(client: OAuthClientInformationMixed, ctx?: OAuthClientInformationContext): Promise<void> {
    await this.session.saveClient(client, ctx?.issuer);
    const how = this.session.settings?.clientId
      ? 'Using the pre-registered client'
      : client.client_id === this.clientMetadataUrl
        ? 'Using the Client ID Metadata Document as client id'
        : 'Registered as a new client (dynamic client registration)';
    this.session.note(`${how}: ${client.client_id}`);
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<OAuthTokens | undefined> {
    // A sign-in asks for a new authorization, whatever is stored.
    if (this.flow) return undefined;
    const tokens = await this.session.currentTokens(ctx?.issuer);
    const wanted = this.session.pendingStepUp();
    if (tokens?.refresh_token && wanted && !grants(tokens.scope, wanted)) {
      const { refresh_token: _held, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    await this.session.saveTokens(tokens, ctx?.issuer);
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    if (!this.flow) {
      const wanted = this.session.pendingStepUp();
      throw new NeedsAuthError(
        wanted
          ? `it needs more permissions (scope "${wanted}") than the current sign-in grants. Press Sign in to grant them.`
          : 'its sign-in has expired or was revoked. Press Sign in.',
      );
    }
    this.session.note('Opening the authorization page', authorizationUrl.href);
    await this.flow.openAuthorizationUrl(authorizationUrl);
  }

  /**
   * The PKCE verifier belongs to this one sign-in (its provider), never to the server: a
   * second sign-in started meanwhile has its own, and nothing outside this run could finish
   * the exchange anyway (the loopback listener goes with it), so it is never stored.
   */
  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier: the sign-in was not started by this app run.');
    return this.verifier;
  }

  /** The issuer this sign-in's authorization response must name (RFC 9207), from what its discovery found. */
  issuerExpectation(): IssuerExpectation {
    const metadata = this.discovered?.authorizationServerMetadata;
    return { issuer: metadata?.issuer, issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true };
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    if (this.flow) this.discovered = state;
    await this.session.saveDiscovery(state);
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    // A sign-in discovers afresh (the OAuth view shows each step, and a moved authorization server is found).
    if (this.flow) return this.discovered;
    return this.session.storedDiscovery();
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all' || scope === 'discovery') this.discovered = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    this.session.note(`The authorization server refused the stored ${scope === 'all' ? 'credentials' : scope}; they were dropped.`);
    await this.session.invalidate(scope);
  }

  /**
   * Why a stored client does not do for this sign-in, if it does not. The order MCP
   * 2026-07-28 asks for: a Client ID Metadata Document where the authorization server
   * accepts them (`client_id_metadata_document_supported`) and one is configured, before
   * dynamic registration, even when a registration from earlier is stored. A metadata-document
   * client must be the configured document; a registered one must list our redirect URI.
   */
  private unfitForThisSignIn(client: OAuthClientInformationMixed): string | undefined {
    const documentAccepted = this.discovered?.authorizationServerMetadata?.client_id_metadata_document_supported === true;
    if (/^https:\/\//.test(client.client_id)) {
      if (client.client_id !== this.clientMetadataUrl) return 'The stored client is another Client ID Metadata Document than the configured one; choosing the client again.';
      if (this.discovered?.authorizationServerMetadata && !documentAccepted) return 'The authorization server no longer accepts Client ID Metadata Documents; registering instead.';
      return undefined;
    }
    if (this.clientMetadataUrl && documentAccepted) {
      return `The authorization server accepts Client ID Metadata Documents: using ${this.clientMetadataUrl} instead of the stored dynamic registration (${client.client_id}).`;
    }
    const uris = 'redirect_uris' in client && Array.isArray(client.redirect_uris) ? client.redirect_uris.map(String) : undefined;
    if (uris && !uris.includes(this.redirectUrl)) return 'The stored client registration names another redirect URI; registering again.';
    return undefined;
  }
}

/** Whether a granted scope string covers every scope in `wanted`. */
export function grants(granted: string | undefined, wanted: string): boolean {
  const have = new Set((granted ?? '').split(/\s+/).filter(Boolean));
  return wanted
    .split(/\s+/)
    .filter(Boolean)
    .every((scope) => have.has(scope));
}
