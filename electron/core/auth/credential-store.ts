/**
 * A server's OAuth credentials in the app's secret store (encrypted with the OS keychain
 * in the desktop app; a 0600 file with a warning in browser mode and the CLI): tokens,
 * client information and the discovery state (a sign-in's PKCE code verifier stays with
 * that sign-in, in memory; `verifier` entries earlier versions stored are deleted with the rest). Tokens and client information are kept exactly as the SDK hands them (they
 * carry the `issuer` the SDK checks before presenting them anywhere), wrapped with the
 * server URL they belong to and, for tokens, when they arrived (to know when they expire).
 *
 * Keys: `oauth:<server>:<kind>`; tokens and client information are also keyed by the
 * authorization server that issued them, `oauth:<server>:<kind>:<issuer>` (MCP 2026-07-28:
 * credentials are bound to their issuer and never presented to another). Which issuer is in
 * use is what the stored discovery found; when the server names another authorization
 * server, the credentials of the old one are simply not found. Entries written before
 * (`oauth:<server>:tokens`, `…:client`) move under their issuer when first read.
 * Credentials saved for another URL of the same server name are never used: the server's
 * URL changed, so the user signs in again.
 */
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { ServerName } from '../../../shared/config/server-config';
import type { SecretStore } from '../secrets/secret-store';
import { issuerOfDiscovery } from './issuer';
import { diagnostics } from '../diagnostics/diagnostics';

export type CredentialKind = 'tokens' | 'client' | 'verifier' | 'discovery';
const KINDS: CredentialKind[] = ['tokens', 'client', 'verifier', 'discovery'];
/** The kinds bound to the authorization server that issued them. */
type IssuedKind = 'tokens' | 'client';
const ISSUED: ReadonlySet<CredentialKind> = new Set<CredentialKind>(['tokens', 'client']);

export interface StoredTokens {
  tokens: OAuthTokens;
  /** Epoch ms when they arrived: `expires_in` counts from here. */
  receivedAt: number;
}

interface Envelope<T> {
  serverUrl: string;
  value: T;
  receivedAt?: number;
}

function credentialKey(server: ServerName, kind: CredentialKind, issuer?: string): string {
  // One trailing slash of difference names the same issuer (the SDK's rule): one key for both.
  return issuer === undefined ? `oauth:${server}:${kind}` : `oauth:${server}:${kind}:${issuer.replace(/\/$/, '')}`;
}

export class CredentialStore {
  /** `<server> <kind>` whose entry from before issuer keys is dealt with: each read need not look again. */
  private readonly migrated = new Set<string>();

  constructor(
    private readonly secrets: SecretStore,
    /** Told every credential value read or written, so logs and messages mask it. */
    private readonly onSecret: (value: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** The authorization server whose credentials are in use: the one the stored discovery found. */
  async currentIssuer(server: ServerName, serverUrl: string): Promise<string | undefined> {
    return issuerOfDiscovery(await this.discovery(server, serverUrl));
  }

  /** The tokens `issuer` gave (default: the current authorization server's). */
  async tokens(server: ServerName, serverUrl: string, issuer?: string): Promise<StoredTokens | undefined> {
    const envelope = await this.readIssued<OAuthTokens>(server, 'tokens', serverUrl, issuer);
    if (!envelope) return undefined;
    this.remember(envelope.value);
    return { tokens: envelope.value, receivedAt: envelope.receivedAt ?? this.now() };
  }

  /** Stores tokens under the issuer the SDK stamped on them (else `issuer`, else the current one). */
  async saveTokens(server: ServerName, serverUrl: string, tokens: OAuthTokens, issuer?: string): Promise<StoredTokens> {
    this.remember(tokens);
    const receivedAt = this.now();
    await this.writeIssued(server, 'tokens', tokens.issuer ?? issuer, { serverUrl, value: tokens, receivedAt });
    return { tokens, receivedAt };
  }

  /** The client registration with `issuer` (default: the current authorization server). */
  async client(server: ServerName, serverUrl: string, issuer?: string): Promise<OAuthClientInformationMixed | undefined> {
    const value = (await this.readIssued<OAuthClientInformationMixed>(server, 'client', serverUrl, issuer))?.value;
    if (value?.client_secret) this.onSecret(value.client_secret);
    return value;
  }

  async saveClient(server: ServerName, serverUrl: string, client: OAuthClientInformationMixed, issuer?: string): Promise<void> {
    if (client.client_secret) this.onSecret(client.client_secret);
    await this.writeIssued(server, 'client', client.issuer ?? issuer, { serverUrl, value: client });
  }

  /** The issuer a stored client registration with this id is bound to, whichever authorization server that is. */
  async issuerOfClient(server: ServerName, serverUrl: string, clientId: string): Promise<string | undefined> {
    const prefix = `${credentialKey(server, 'client')}:`;
    for (const key of await this.secrets.keys()) {
      if (!key.startsWith(prefix)) continue;
      const value = (await this.read<OAuthClientInformationMixed>(key, serverUrl))?.value;
      if (value?.client_id === clientId) return value.issuer ?? key.slice(prefix.length);
    }
    return undefined;
  }

  async discovery(server: ServerName, serverUrl: string): Promise<OAuthDiscoveryState | undefined> {
    return (await this.read<OAuthDiscoveryState>(credentialKey(server, 'discovery'), serverUrl))?.value;
  }

  async saveDiscovery(server: ServerName, serverUrl: string, state: OAuthDiscoveryState): Promise<void> {
    await this.write(credentialKey(server, 'discovery'), { serverUrl, value: state });
  }

  /** Deletes the kinds (default: all), for every authorization server. */
  async delete(server: ServerName, kinds: readonly CredentialKind[] = KINDS): Promise<void> {
    const keys = kinds.some((kind) => ISSUED.has(kind)) ? await this.secrets.keys() : [];
    for (const kind of kinds) {
      await this.secrets.delete(credentialKey(server, kind));
      if (!ISSUED.has(kind)) continue;
      const prefix = `${credentialKey(server, kind)}:`;
      for (const key of keys) if (key.startsWith(prefix)) await this.secrets.delete(key);
    }
  }

  private async readIssued<T>(server: ServerName, kind: IssuedKind, serverUrl: string, issuer: string | undefined): Promise<Envelope<T> | undefined> {
    const current = issuer ?? (await this.currentIssuer(server, serverUrl));
    // Tokens and their client registration move together: a refresh needs both under one issuer.
    for (const issued of ['tokens', 'client'] as const) await this.migrate(server, issued, serverUrl, current);
    if (current !== undefined) return this.read<T>(credentialKey(server, kind, current), serverUrl);
    // No discovery to say which authorization server is in use: the one entry there is, if just one.
    const prefix = `${credentialKey(server, kind)}:`;
    const keys = (await this.secrets.keys()).filter((key) => key.startsWith(prefix));
    return keys.length === 1 ? this.read<T>(keys[0]!, serverUrl) : undefined;
  }

  private async writeIssued<T>(server: ServerName, kind: IssuedKind, issuer: string | undefined, envelope: Envelope<T>): Promise<void> {
    const bound = issuer ?? (await this.currentIssuer(server, envelope.serverUrl));
    // Without any issuer it waits under the plain key and moves once one is known.
    if (bound === undefined) this.migrated.delete(`${server} ${kind}`);
    await this.write(credentialKey(server, kind, bound), envelope);
  }

  /** An entry from before credentials were keyed by issuer moves under the issuer stamped on it (else the current one). */
  private async migrate(server: ServerName, kind: IssuedKind, serverUrl: string, current: string | undefined): Promise<void> {
    const done = `${server} ${kind}`;
    if (this.migrated.has(done)) return;
    const legacyKey = credentialKey(server, kind);
    const envelope = await this.read<{ issuer?: unknown }>(legacyKey, serverUrl);
    const issuer = typeof envelope?.value.issuer === 'string' ? envelope.value.issuer : current;
    if (envelope && issuer === undefined) return;
    if (envelope && issuer !== undefined) {
      const target = credentialKey(server, kind, issuer);
      if ((await this.secrets.get(target)) === undefined) await this.write(target, envelope);
      await this.secrets.delete(legacyKey);
    }
    this.migrated.add(done);
  }

  private async read<T>(key: string, serverUrl: string): Promise<Envelope<T> | undefined> {
    const text = await this.secrets.get(key);
    if (text === undefined) return undefined;
    try {
      const envelope = JSON.parse(text) as Envelope<T>;
      if (!envelope || typeof envelope !== 'object' || envelope.serverUrl !== serverUrl || envelope.value === undefined) return undefined;
      return envelope;
    } catch (error) {
      // A damaged entry is as good as none: the user signs in again.
      diagnostics.warn(`The stored credential ${key} could not be read; signing in again replaces it`, error);
      return undefined;
    }
  }

  private async write<T>(key: string, envelope: Envelope<T>): Promise<void> {
    await this.secrets.set(key, JSON.stringify(envelope));
  }

  private remember(tokens: OAuthTokens): void {
    for (const value of [tokens.access_token, tokens.refresh_token, tokens.id_token]) if (value) this.onSecret(value);
  }
}

/** When the access token expires (epoch ms), if the server said. */
export function expiresAt(stored: StoredTokens): number | undefined {
  const seconds = stored.tokens.expires_in;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? stored.receivedAt + seconds * 1000 : undefined;
}
