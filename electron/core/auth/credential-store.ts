/**
 * A server's OAuth credentials in the app's secret store (encrypted with the OS keychain
 * in the desktop app; a 0600 file with a warning in browser mode and the CLI): tokens,
 * client information, the PKCE code verifier of a sign-in under way, and the discovery
 * state. Tokens and client information are kept exactly as the SDK hands them (they
 * carry the `issuer` the SDK checks before presenting them anywhere), wrapped with the
 * server URL they belong to and, for tokens, when they arrived (to know when they expire).
 *
 * Keys: `oauth:<server>:<kind>`. Credentials saved for another URL of the same server
 * name are never used: the server's URL changed, so the user signs in again.
 */
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { ServerName } from '../../../shared/config/server-config';
import type { SecretStore } from '../secrets/secret-store';
import { diagnostics } from '../diagnostics/diagnostics';

export type CredentialKind = 'tokens' | 'client' | 'verifier' | 'discovery';
const KINDS: CredentialKind[] = ['tokens', 'client', 'verifier', 'discovery'];

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

export function credentialKey(server: ServerName, kind: CredentialKind): string {
  return `oauth:${server}:${kind}`;
}

export class CredentialStore {
  constructor(
    private readonly secrets: SecretStore,
    /** Told every credential value read or written, so logs and messages mask it. */
    private readonly onSecret: (value: string) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async tokens(server: ServerName, serverUrl: string): Promise<StoredTokens | undefined> {
    const envelope = await this.read<OAuthTokens>(server, 'tokens', serverUrl);
    if (!envelope) return undefined;
    this.remember(envelope.value);
    return { tokens: envelope.value, receivedAt: envelope.receivedAt ?? this.now() };
  }

  async saveTokens(server: ServerName, serverUrl: string, tokens: OAuthTokens): Promise<StoredTokens> {
    this.remember(tokens);
    const receivedAt = this.now();
    await this.write(server, 'tokens', { serverUrl, value: tokens, receivedAt });
    return { tokens, receivedAt };
  }

  async client(server: ServerName, serverUrl: string): Promise<OAuthClientInformationMixed | undefined> {
    const value = (await this.read<OAuthClientInformationMixed>(server, 'client', serverUrl))?.value;
    if (value?.client_secret) this.onSecret(value.client_secret);
    return value;
  }

  async saveClient(server: ServerName, serverUrl: string, client: OAuthClientInformationMixed): Promise<void> {
    if (client.client_secret) this.onSecret(client.client_secret);
    await this.write(server, 'client', { serverUrl, value: client });
  }

  async verifier(server: ServerName, serverUrl: string): Promise<string | undefined> {
    return (await this.read<string>(server, 'verifier', serverUrl))?.value;
  }

  async saveVerifier(server: ServerName, serverUrl: string, verifier: string): Promise<void> {
    this.onSecret(verifier);
    await this.write(server, 'verifier', { serverUrl, value: verifier });
  }

  async discovery(server: ServerName, serverUrl: string): Promise<OAuthDiscoveryState | undefined> {
    return (await this.read<OAuthDiscoveryState>(server, 'discovery', serverUrl))?.value;
  }

  async saveDiscovery(server: ServerName, serverUrl: string, state: OAuthDiscoveryState): Promise<void> {
    await this.write(server, 'discovery', { serverUrl, value: state });
  }

  async delete(server: ServerName, kinds: readonly CredentialKind[] = KINDS): Promise<void> {
    for (const kind of kinds) await this.secrets.delete(credentialKey(server, kind));
  }

  private async read<T>(server: ServerName, kind: CredentialKind, serverUrl: string): Promise<Envelope<T> | undefined> {
    const text = await this.secrets.get(credentialKey(server, kind));
    if (text === undefined) return undefined;
    try {
      const envelope = JSON.parse(text) as Envelope<T>;
      if (!envelope || typeof envelope !== 'object' || envelope.serverUrl !== serverUrl || envelope.value === undefined) return undefined;
      return envelope;
    } catch (error) {
      // A damaged entry is as good as none: the user signs in again.
      diagnostics.warn(`The stored ${kind} of ${server} could not be read; signing in again replaces it`, error);
      return undefined;
    }
  }

  private async write<T>(server: ServerName, kind: CredentialKind, envelope: Envelope<T>): Promise<void> {
    await this.secrets.set(credentialKey(server, kind), JSON.stringify(envelope));
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
