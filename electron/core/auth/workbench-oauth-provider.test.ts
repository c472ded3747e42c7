import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { OAuthSettings } from '../../../shared/config/server-config';
import { NeedsAuthError } from '../connections/connection-errors';
import { grants, WorkbenchOAuthProvider, type ProviderSession } from './workbench-oauth-provider';

function session(parts: { settings?: OAuthSettings; client?: OAuthClientInformationMixed; tokens?: OAuthTokens; stepUp?: string } = {}) {
  const notes: string[] = [];
  const saved: { client?: OAuthClientInformationMixed } = {};
  const value: ProviderSession = {
    serverUrl: 'http://127.0.0.1:1/mcp',
    settings: parts.settings,
    currentTokens: async () => parts.tokens,
    saveTokens: async () => undefined,
    storedClient: async () => parts.client,
    issuerOfClient: async () => undefined,
    saveClient: async (client) => void (saved.client = client),
    storedDiscovery: async () => undefined,
    saveDiscovery: async () => undefined,
    invalidate: async () => undefined,
    pendingStepUp: () => parts.stepUp,
    note: (title) => void notes.push(title),
  };
  return { value, notes, saved };
}

const flow = { redirectUrl: 'http://127.0.0.1:5555/callback', state: 'st', openAuthorizationUrl: async () => undefined };

describe('WorkbenchOAuthProvider', () => {
  it('passive: never registers or redirects; it reports that sign-in is needed instead', async () => {
    const provider = new WorkbenchOAuthProvider(session().value);
    await expect(provider.clientInformation()).rejects.toBeInstanceOf(NeedsAuthError);
    await expect(provider.redirectToAuthorization(new URL('http://as/authorize'))).rejects.toThrow(/Press Sign in/);
    expect(provider.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  it('passive: holds back the refresh token while a step-up asks for a scope the tokens lack', async () => {
    const tokens = { access_token: 'a', token_type: 'bearer', refresh_token: 'r', scope: 'mcp:tools' };
    expect(await new WorkbenchOAuthProvider(session({ tokens }).value).tokens()).toEqual(tokens);
    const stepUp = new WorkbenchOAuthProvider(session({ tokens, stepUp: 'mcp:tools mcp:admin' }).value);
    expect(await stepUp.tokens()).toEqual({ access_token: 'a', token_type: 'bearer', scope: 'mcp:tools' });
    await expect(stepUp.redirectToAuthorization(new URL('http://as/authorize'))).rejects.toThrow(/more permissions \(scope "mcp:tools mcp:admin"\)/);
  });

  it('interactive: a new authorization (no stored tokens), our redirect URI and state, the verifier kept by this sign-in alone', async () => {
    const s = session({ tokens: { access_token: 'old', token_type: 'bearer' } });
    const provider = new WorkbenchOAuthProvider(s.value, flow);
    expect(await provider.tokens()).toBeUndefined();
    expect(provider.state()).toBe('st');
    expect(provider.clientMetadata).toMatchObject({ application_type: 'native', redirect_uris: [flow.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' });
    await provider.saveCodeVerifier('verifier');
    expect(provider.codeVerifier()).toBe('verifier');
    // Another sign-in's provider has its own.
    const other = new WorkbenchOAuthProvider(s.value, flow);
    await other.saveCodeVerifier('another');
    expect(provider.codeVerifier()).toBe('verifier');
  });

  it('pre-registered client from the config; a registration for another redirect URI or metadata document is not reused', async () => {
    const pre = new WorkbenchOAuthProvider(session({ settings: { clientId: 'id', clientSecret: 'secret' } }).value);
    expect(await pre.clientInformation()).toEqual({ client_id: 'id', client_secret: 'secret' });
    const stamped = new WorkbenchOAuthProvider(session({ settings: { clientId: 'id' }, client: { client_id: 'id', issuer: 'http://as/' } }).value);
    expect(await stamped.clientInformation()).toEqual({ client_id: 'id', issuer: 'http://as/' });

    const dcr = { client_id: 'dyn', redirect_uris: ['http://127.0.0.1:4444/callback'] };
    expect(await new WorkbenchOAuthProvider(session({ client: dcr }).value, flow).clientInformation()).toBeUndefined();
    expect(await new WorkbenchOAuthProvider(session({ client: { ...dcr, redirect_uris: [flow.redirectUrl] } }).value, flow).clientInformation()).toMatchObject({ client_id: 'dyn' });
    const cimd = { client_id: 'https://example.com/old.json' };
    expect(await new WorkbenchOAuthProvider(session({ client: cimd, settings: { clientMetadataUrl: 'https://example.com/new.json' } }).value, flow).clientInformation()).toBeUndefined();
  });

  it('interactive: a configured Client ID Metadata Document wins over a stored dynamic registration where the authorization server accepts documents', async () => {
    const dcr = { client_id: 'dyn', redirect_uris: [flow.redirectUrl] };
    const settings = { clientMetadataUrl: 'https://example.com/client.json' };
    const metadata = (supported: boolean) => ({
      issuer: 'http://as/',
      authorization_endpoint: 'http://as/authorize',
      token_endpoint: 'http://as/token',
      registration_endpoint: 'http://as/register',
      response_types_supported: ['code'],
      client_id_metadata_document_supported: supported,
    });
    const accepting = session({ client: dcr, settings });
    const provider = new WorkbenchOAuthProvider(accepting.value, flow);
    await provider.saveDiscoveryState({ authorizationServerUrl: 'http://as/', authorizationServerMetadata: metadata(true) });
    expect(await provider.clientInformation({ issuer: 'http://as/' })).toBeUndefined();
    expect(accepting.notes.at(-1)).toMatch(/accepts Client ID Metadata Documents: using https:\/\/example\.com\/client\.json instead of the stored dynamic registration \(dyn\)/);

    const refusing = new WorkbenchOAuthProvider(session({ client: dcr, settings }).value, flow);
    await refusing.saveDiscoveryState({ authorizationServerUrl: 'http://as/', authorizationServerMetadata: metadata(false) });
    expect(await refusing.clientInformation({ issuer: 'http://as/' })).toMatchObject({ client_id: 'dyn' });
  });

  it('grants: every wanted scope must be granted', () => {
    expect(grants('a b c', 'a c')).toBe(true);
    expect(grants('a', 'a b')).toBe(false);
    expect(grants(undefined, 'a')).toBe(false);
  });
});
