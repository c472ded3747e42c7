/** The credential store on a real secret store file: keys by issuer, the move of older entries, deletion. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileSecretStore } from '../secrets/file-secret-store';
import { CredentialStore } from './credential-store';

const URL_ = 'http://127.0.0.1:1/mcp';
const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function stores() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-credentials-'));
  dirs.push(dir);
  const secrets = new FileSecretStore(path.join(dir, 'secrets.json'));
  return { secrets, store: new CredentialStore(secrets) };
}

const discovery = (issuer: string) => ({ authorizationServerUrl: issuer, authorizationServerMetadata: { issuer, authorization_endpoint: `${issuer}authorize`, token_endpoint: `${issuer}token`, response_types_supported: ['code'] } });

describe('CredentialStore', () => {
  it('keeps tokens and clients per issuer; the current one is what the stored discovery names', async () => {
    const { secrets, store } = await stores();
    await store.saveDiscovery('s', URL_, discovery('https://a.example/'));
    await store.saveTokens('s', URL_, { access_token: 'from-a', token_type: 'bearer', issuer: 'https://a.example/' });
    await store.saveClient('s', URL_, { client_id: 'client-a', issuer: 'https://a.example/' });
    expect((await store.tokens('s', URL_))?.tokens.access_token).toBe('from-a');

    await store.saveDiscovery('s', URL_, discovery('https://b.example/'));
    expect(await store.tokens('s', URL_)).toBeUndefined();
    expect(await store.client('s', URL_)).toBeUndefined();
    await store.saveTokens('s', URL_, { access_token: 'from-b', token_type: 'bearer', issuer: 'https://b.example/' });
    expect((await store.tokens('s', URL_))?.tokens.access_token).toBe('from-b');
    // Asked by issuer (the SDK's ctx), with or without the trailing slash.
    expect((await store.tokens('s', URL_, 'https://a.example'))?.tokens.access_token).toBe('from-a');
    expect(await store.issuerOfClient('s', URL_, 'client-a')).toBe('https://a.example/');

    await store.delete('s');
    expect((await secrets.keys()).filter((key) => key.startsWith('oauth:'))).toEqual([]);
  });

  it('moves entries from before issuer keys under the issuer stamped on them, else the current one', async () => {
    const { secrets, store } = await stores();
    await secrets.set('oauth:s:discovery', JSON.stringify({ serverUrl: URL_, value: discovery('https://b.example/') }));
    await secrets.set('oauth:s:tokens', JSON.stringify({ serverUrl: URL_, value: { access_token: 'stamped-a', token_type: 'bearer', issuer: 'https://a.example/' }, receivedAt: 1 }));
    await secrets.set('oauth:s:client', JSON.stringify({ serverUrl: URL_, value: { client_id: 'unstamped' } }));
    // The tokens were issued by a, not the current b: not handed out, but kept under a.
    expect(await store.tokens('s', URL_)).toBeUndefined();
    expect((await secrets.keys()).sort()).toEqual(['oauth:s:client:https://b.example', 'oauth:s:discovery', 'oauth:s:tokens:https://a.example']);
    expect(await store.client('s', URL_)).toEqual({ client_id: 'unstamped' });
    expect((await store.tokens('s', URL_, 'https://a.example/'))?.tokens.access_token).toBe('stamped-a');
  });
});
