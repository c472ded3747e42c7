/**
 * OAuth sign-in through a real core against a real authorization server (the SDK's
 * server pieces, e2e/fixtures/servers/oauth-server.mjs): needs-auth on a 401, sign-in
 * with the browser step done by following the redirects, tokens kept across restarts,
 * refresh before expiry and after a 401, step-up on 403 insufficient_scope, a
 * pre-registered client, the OAuth view, sign-out.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { AppEvent } from '../../../shared/events';
import { followAuthorization } from '../auth/follow-authorization';
import { NEEDS_AUTH_CACHE_FILE } from '../auth/needs-auth-cache';
import { FileSecretStore } from '../secrets/file-secret-store';
import type { SecretCipher } from '../secrets/secret-store';
import { createCore, type Core, type CoreOptions } from './core-api';
import { TempDirs } from '../../../tests/support/temp-dirs';

const temp = new TempDirs();
const fixtures: RunningFixture[] = [];
const cores: Core[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
  await temp.removeAll();
});

interface Stats {
  authorizations: number;
  requestedScopes: Array<string | null>;
  resources: Array<string | null>;
  codeExchanges: number;
  refreshes: number;
  registrations: number;
  registrationBodies: Array<Record<string, unknown>>;
  unauthorized: number;
  insufficientScope: number;
}

async function oauthFixture(args: string[] = []): Promise<RunningFixture & { stats(): Promise<Stats> }> {
  const f = await startFixture('oauth-server', args);
  fixtures.push(f);
  return Object.assign(f, { stats: () => f.http<Stats>('/stats') });
}

const tempDir = () => temp.make('mcpwb-auth-');

/** A core whose "browser" follows the authorization page's redirects (the fixture approves at once). */
async function core(dataDir: string, servers: Record<string, ServerConfig>, extra: Partial<CoreOptions> = {}): Promise<{ core: Core; opened: string[]; events: AppEvent[] }> {
  await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const opened: string[] = [];
  const created = await createCore({
    dataDir,
    env: {},
    watchConfig: false,
    shellEnv: async () => ({ env: {} }),
    openAuthorizationUrl: async (_server, url) => {
      opened.push(url);
      void followAuthorization(url).catch(() => undefined);
    },
    ...extra,
  });
  cores.push(created);
  const events: AppEvent[] = [];
  created.events.subscribe((event) => events.push(event));
  return { core: created, opened, events };
}

const text = (result: { content: Array<{ type: string; text?: unknown }> }) => result.content.map((block) => block.text).join('');

describe('OAuth sign-in on a real core', () => {
  it('401 → needs-auth; sign-in through the browser flow; tools; the tokens survive a restart', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const { core: first, opened } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    const api = first.api;

    expect(await api.connectServer({ name: 'guarded' })).toMatchObject({ status: 'needs-auth', error: expect.stringContaining('Press Sign in') });
    // No client was registered and no page opened by a mere connect.
    expect((await f.stats()).registrations).toBe(0);
    expect(opened).toEqual([]);
    const cacheFile = path.join(dataDir, NEEDS_AUTH_CACHE_FILE);
    await expect.poll(async () => (JSON.parse(await fs.readFile(cacheFile, 'utf8').catch(() => '{}')) as Record<string, { timestamp: number }>).guarded?.timestamp).toBeGreaterThan(Date.now() - 60_000);

    const view = await api.signIn({ name: 'guarded' });
    expect(view.status).toBe('connected');
    expect(opened).toHaveLength(1);
    const authorizationUrl = new URL(opened[0]!);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(f.url);
    expect(authorizationUrl.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect((await api.listTools({ name: 'guarded' })).map((tool) => tool.name)).toContain('echo');
    expect(text(await api.callTool({ server: 'guarded', tool: 'echo', arguments: { text: 'hi' }, confirmed: true }))).toBe('hi');
    // A successful sign-in ends the needs-auth record.
    await expect.poll(async () => JSON.parse(await fs.readFile(cacheFile, 'utf8'))).toEqual({});

    const status = await api.getAuthStatus({ name: 'guarded' });
    expect(status).toMatchObject({ signedIn: true, refreshable: true, clientRegistration: 'dynamic', scope: 'mcp:tools', storage: { encrypted: false } });

    // The OAuth view: every step, secrets masked.
    const log = await api.getOAuthLog({ name: 'guarded' });
    expect(log?.outcome).toBe('signed-in');
    const titles = log!.entries.map((entry) => entry.title).join('\n');
    expect(titles).toMatch(/protected resource metadata/);
    expect(titles).toMatch(/authorization server metadata/);
    expect(titles).toMatch(/Registered as a new client/);
    expect(titles).toMatch(/Opening the authorization page/);
    expect(titles).toMatch(/POST 127\.0\.0\.1:\d+\/token → 200/);
    const tokenExchange = log!.entries.find((entry) => entry.http?.url.endsWith('/token'))!.http!;
    expect(tokenExchange.requestBody).toMatch(/code=••••••/);
    expect(tokenExchange.requestBody).toMatch(/code_verifier=••••••/);
    expect(tokenExchange.responseBody).toMatch(/"access_token": "••••••"/);
    const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> };
    const issuer = new URL(f.url).origin + '/';
    // Keyed by the authorization server that issued them (its issuer, without the trailing slash).
    const tokens = JSON.parse(secrets.secrets[`oauth:guarded:tokens:${new URL(f.url).origin}`]!) as { value: { access_token: string; refresh_token: string; issuer: string } };
    expect(tokens.value.issuer).toBe(issuer);
    expect(JSON.stringify(log)).not.toContain(tokens.value.access_token);
    expect(JSON.stringify(log)).not.toContain(tokens.value.refresh_token);

    // A restart with the same data folder: still signed in, no prompt.
    await first.dispose();
    const { core: second, opened: openedAgain } = await core(dataDir, { guarded: { type: 'http', url: f.url } }, { autoConnect: true });
    await expect.poll(async () => (await second.api.listServers()).find((s) => s.name === 'guarded')?.status, { timeout: 10_000 }).toBe('connected');
    expect(openedAgain).toEqual([]);
    expect((await f.stats()).authorizations).toBe(1);
  });

  it('a load run\'s clients use the saved sign-in; before it, the run cannot start and no page opens', async () => {
    const f = await oauthFixture();
    const { core: running, opened } = await core(await tempDir(), { guarded: { type: 'http', url: f.url } });
    const request = { server: 'guarded', workload: { tool: 'echo', arguments: { text: 'hi' } }, clients: 2, concurrency: 2, requests: 20, allowDestructive: true } as const;
    await expect(running.api.startLoadRun(request)).rejects.toThrow(/could not connect/);
    expect(opened).toEqual([]);
    await running.api.signIn({ name: 'guarded' });
    const unauthorized = (await f.stats()).unauthorized;
    const ended = new Promise<Extract<AppEvent, { type: 'load-ended' }>>((resolve) => {
      const stop = running.events.subscribe((event) => {
        if (event.type !== 'load-ended') return;
        stop();
        resolve(event);
      });
    });
    await running.api.startLoadRun(request);
    expect((await ended).summary).toMatchObject({ status: 'completed', requests: 20, errors: 0 });
    // Every client sent the token: the server refused none of their requests.
    expect((await f.stats()).unauthorized).toBe(unauthorized);
    expect(opened).toHaveLength(1);
  });

  it('dynamic client registration says the client is a native application with a loopback redirect URI', async () => {
    const f = await oauthFixture();
    const { core: c } = await core(await tempDir(), { guarded: { type: 'http', url: f.url } });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    const [body] = (await f.stats()).registrationBodies;
    expect(body).toMatchObject({ application_type: 'native', client_name: 'MCP Workbench', redirect_uris: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)] });
  });

  it('refreshes before expiry (timer) and after a 401 (expired token), never prompting', async () => {
    const f = await oauthFixture(['--access-ttl', '3']);
    const dataDir = await tempDir();
    const { core: c, opened } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    await c.api.connectServer({ name: 'guarded' });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');

    // The timer refreshes a little before the 3 s lifetime ends.
    await expect.poll(async () => (await f.stats()).refreshes, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(text(await c.api.callTool({ server: 'guarded', tool: 'echo', arguments: { text: 'after refresh' }, confirmed: true }))).toBe('after refresh');

    // The server drops every token: the next request gets a 401, the SDK refreshes, the call goes through.
    const before = (await f.stats()).refreshes;
    await f.http('/control/expire-tokens', 'POST');
    expect(text(await c.api.callTool({ server: 'guarded', tool: 'echo', arguments: { text: 'after 401' }, confirmed: true }))).toBe('after 401');
    const after = await f.stats();
    expect(after.refreshes).toBeGreaterThan(before);
    expect(after.authorizations).toBe(1);
    expect(opened).toHaveLength(1);
    expect((await c.api.getOAuthLog({ name: 'guarded' }))!.entries.some((entry) => /Refreshing the access token/.test(entry.title))).toBe(true);
  });

  it('shutting down during a refresh keeps the rotated tokens: the next start needs no sign-in', async () => {
    // The server answers refreshes late, after it has already spent the old refresh token.
    const f = await oauthFixture(['--access-ttl', '3', '--refresh-delay', '1500']);
    const dataDir = await tempDir();
    const { core: first } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    await first.api.connectServer({ name: 'guarded' });
    expect((await first.api.signIn({ name: 'guarded' })).status).toBe('connected');
    await expect.poll(async () => (await f.stats()).refreshes, { timeout: 10_000, interval: 50 }).toBe(1);
    await first.dispose();

    const { core: second, opened } = await core(dataDir, { guarded: { type: 'http', url: f.url } }, { autoConnect: true });
    await expect.poll(async () => (await second.api.listServers()).find((s) => s.name === 'guarded')?.status, { timeout: 10_000 }).toBe('connected');
    expect(opened).toEqual([]);
    expect((await f.stats()).authorizations).toBe(1);
  });

  it('step-up: a 403 insufficient_scope needs a new sign-in with the wider scope', async () => {
    const f = await oauthFixture(['--scopes', 'mcp:tools mcp:admin', '--resource-scopes', 'mcp:tools', '--step-up-tool', 'admin_action']);
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    await c.api.connectServer({ name: 'guarded' });
    await c.api.signIn({ name: 'guarded' });
    await expect(c.api.callTool({ server: 'guarded', tool: 'admin_action', arguments: {}, confirmed: true })).rejects.toThrow(/more permissions \(scope "mcp:tools mcp:admin"\)/);
    expect((await c.api.listServers()).find((s) => s.name === 'guarded')?.status).toBe('needs-auth');

    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    expect((await f.stats()).requestedScopes.at(-1)).toBe('mcp:tools mcp:admin');
    expect(text(await c.api.callTool({ server: 'guarded', tool: 'admin_action', arguments: {}, confirmed: true }))).toBe('admin action done');
  });

  it('a pre-registered client: no registration, its secret sent to the token endpoint and masked in the log', async () => {
    const f = await oauthFixture(['--no-registration', '--client-id', 'workbench-test', '--client-secret', 'pre-shared-secret']);
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url, oauth: { clientId: 'workbench-test', clientSecret: 'pre-shared-secret' } } });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    expect(await c.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ signedIn: true, clientRegistration: 'pre-registered', clientId: 'workbench-test' });
    expect((await f.stats()).registrations).toBe(0);
    const tokenExchange = (await c.api.getOAuthLog({ name: 'guarded' }))!.entries.find((entry) => entry.http?.url.endsWith('/token'))!.http!;
    // The fixture's metadata lists client_secret_post: the secret goes in the (masked) body.
    expect(tokenExchange.requestBody).toMatch(/client_id=workbench-test&?.*client_secret=••••••/);
    expect(JSON.stringify(await c.api.getOAuthLog({ name: 'guarded' }))).not.toContain('pre-shared-secret');
  });

  it('shutting down waits for the needs-sign-in record: nothing is written into the data folder after the core is gone', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    cores.splice(cores.indexOf(c), 1);
    expect((await c.api.connectServer({ name: 'guarded' })).status).toBe('needs-auth');
    await c.dispose();
    const cache = JSON.parse(await fs.readFile(path.join(dataDir, NEEDS_AUTH_CACHE_FILE), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(cache)).toEqual(['guarded']);
  });

  it('sign-out forgets every credential and disconnects; the next connect needs sign-in again', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    await c.api.signIn({ name: 'guarded' });
    expect((await c.api.signOut({ name: 'guarded' })).status).toBe('disconnected');
    expect(await c.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ signedIn: false });
    const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> };
    expect(Object.keys(secrets.secrets).filter((key) => key.startsWith('oauth:'))).toEqual([]);
    expect((await c.api.connectServer({ name: 'guarded' })).status).toBe('needs-auth');
  });

  it('renaming or removing a signed-in server by editing the file deletes its OAuth entries', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const { core: c, events } = await core(dataDir, { kept: { type: 'http', url: f.url }, renamed: { type: 'http', url: f.url }, removed: { type: 'http', url: f.url } }, { watchConfig: true });
    for (const name of ['kept', 'renamed', 'removed']) expect((await c.api.signIn({ name })).status).toBe('connected');
    const oauthKeys = async () => Object.keys((JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> }).secrets).filter((key) => key.startsWith('oauth:')).map((key) => key.split(':')[1]);
    expect(new Set(await oauthKeys())).toEqual(new Set(['kept', 'renamed', 'removed']));

    // Another program renames one entry and deletes another.
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { kept: { type: 'http', url: f.url }, 'new-name': { type: 'http', url: f.url } } }));
    await expect.poll(() => events.some((e) => e.type === 'config-changed' && e.external), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => new Set(await oauthKeys()), { timeout: 10_000 }).toEqual(new Set(['kept']));
    expect(await c.api.getAuthStatus({ name: 'new-name' })).toMatchObject({ signedIn: false });
    expect(await c.api.getAuthStatus({ name: 'kept' })).toMatchObject({ signedIn: true });
  });

  it('a refresh that finishes after sign-out does not write its tokens back', async () => {
    // The authorization server answers the refresh late: the user signs out meanwhile.
    const f = await oauthFixture(['--access-ttl', '3', '--refresh-delay', '1500']);
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    await expect.poll(async () => (await f.stats()).refreshes, { timeout: 10_000, interval: 50 }).toBe(1);
    await c.api.signOut({ name: 'guarded' });
    await expect
      .poll(async () => (await c.api.getOAuthLog({ name: 'guarded' }))?.entries.some((entry) => /arrived after the sign-out or removal: discarded/.test(entry.title)), { timeout: 10_000, interval: 50 })
      .toBe(true);
    const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> };
    expect(Object.keys(secrets.secrets).filter((key) => key.startsWith('oauth:'))).toEqual([]);
    expect(await c.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ signedIn: false });
  });

  it('credentials are bound to the authorization server: when the server names another one, it registers there and signs in again', async () => {
    const f = await oauthFixture();
    const other = await oauthFixture();
    const [first, second] = [new URL(f.url).origin, new URL(other.url).origin];
    const dataDir = await tempDir();
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    await c.api.disconnectServer({ name: 'guarded' });

    // The MCP server moves to the other authorization server: the tokens of the first no longer count.
    await f.http(`/control/authorization-server?url=${encodeURIComponent(second)}`, 'POST');
    expect((await c.api.connectServer({ name: 'guarded' })).status).toBe('needs-auth');
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    // Registered with the new one; the first one's registration was not presented there.
    expect((await other.stats()).registrations).toBe(1);
    expect((await other.stats()).authorizations).toBe(1);
    expect((await f.stats()).registrations).toBe(1);
    const whoami = JSON.parse(text(await c.api.callTool({ server: 'guarded', tool: 'whoami', arguments: {}, confirmed: true }))) as { clientId: string };
    const secrets = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> };
    const clientOf = (origin: string) => (JSON.parse(secrets.secrets[`oauth:guarded:client:${origin}`]!) as { value: { client_id: string } }).value.client_id;
    expect(whoami.clientId).toBe(clientOf(second));
    expect(clientOf(first)).not.toBe(clientOf(second));
    expect(Object.keys(secrets.secrets).filter((key) => key.startsWith('oauth:guarded:tokens:'))).toEqual([`oauth:guarded:tokens:${first}`, `oauth:guarded:tokens:${second}`]);
    expect(await c.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ signedIn: true, authorizationServer: `${second}/` });
    const titles = (await c.api.getOAuthLog({ name: 'guarded' }))!.entries.map((entry) => entry.title);
    expect(titles).toContain(`The server now names another authorization server: ${second}/ (before: ${first}/)`);
    expect(titles.some((title) => /Registered as a new client/.test(title))).toBe(true);

    // Sign-out forgets the credentials of both.
    await c.api.signOut({ name: 'guarded' });
    const after = JSON.parse(await fs.readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { secrets: Record<string, string> };
    expect(Object.keys(after.secrets).filter((key) => key.startsWith('oauth:'))).toEqual([]);
  });

  it('a pre-registered client is not sent to another authorization server: the sign-in says so; after sign-out it may be used there', async () => {
    const pre = ['--no-registration', '--client-id', 'workbench-test'];
    const f = await oauthFixture(pre);
    const other = await oauthFixture(pre);
    const { core: c } = await core(await tempDir(), { guarded: { type: 'http', url: f.url, oauth: { clientId: 'workbench-test' } } });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    await c.api.disconnectServer({ name: 'guarded' });
    const second = new URL(other.url).origin;
    await f.http(`/control/authorization-server?url=${encodeURIComponent(second)}`, 'POST');
    expect((await c.api.connectServer({ name: 'guarded' })).status).toBe('needs-auth');
    await expect(c.api.signIn({ name: 'guarded' })).rejects.toThrow(
      `guarded: sign-in failed: the pre-registered client workbench-test belongs to the authorization server ${new URL(f.url).origin}/, but the server now names ${second}/.`,
    );
    expect((await other.stats()).authorizations).toBe(0);
    await c.api.signOut({ name: 'guarded' });
    expect((await c.api.signIn({ name: 'guarded' })).status).toBe('connected');
    expect((await other.stats()).authorizations).toBe(1);
  });

  it('credentials stored before they were keyed by issuer move under their issuer when read: still signed in, no new sign-in', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const { core: first } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    expect((await first.api.signIn({ name: 'guarded' })).status).toBe('connected');
    await first.dispose();
    // Rewrite the store the way earlier versions kept it: one entry per kind, no issuer in the key.
    const file = path.join(dataDir, 'secrets.json');
    const store = JSON.parse(await fs.readFile(file, 'utf8')) as { secrets: Record<string, string> };
    const origin = new URL(f.url).origin;
    for (const kind of ['tokens', 'client']) {
      store.secrets[`oauth:guarded:${kind}`] = store.secrets[`oauth:guarded:${kind}:${origin}`]!;
      delete store.secrets[`oauth:guarded:${kind}:${origin}`];
    }
    await fs.writeFile(file, JSON.stringify(store));

    const { core: second, opened } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    expect((await second.api.connectServer({ name: 'guarded' })).status).toBe('connected');
    expect(opened).toEqual([]);
    expect((await f.stats()).authorizations).toBe(1);
    const keys = Object.keys((JSON.parse(await fs.readFile(file, 'utf8')) as { secrets: Record<string, string> }).secrets).filter((key) => key.startsWith('oauth:guarded:'));
    // A sign-in's PKCE verifier stays with that sign-in: never stored.
    expect(keys.sort()).toEqual([`oauth:guarded:client:${origin}`, 'oauth:guarded:discovery', `oauth:guarded:tokens:${origin}`]);
  });

  it('prefers a Client ID Metadata Document to dynamic registration where the authorization server offers both, even over a stored registration', async () => {
    const f = await oauthFixture(['--cimd']);
    const dataDir = await tempDir();
    const { core: first } = await core(dataDir, { guarded: { type: 'http', url: f.url } });
    expect((await first.api.signIn({ name: 'guarded' })).status).toBe('connected');
    expect(await first.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ clientRegistration: 'dynamic' });
    await first.dispose();

    // Now a metadata document is configured: the next sign-in uses it, not the stored registration.
    const document = 'https://workbench.example/oauth/client.json';
    const { core: second } = await core(dataDir, { guarded: { type: 'http', url: f.url, oauth: { clientMetadataUrl: document } } });
    expect((await second.api.signIn({ name: 'guarded' })).status).toBe('connected');
    expect((await f.stats()).registrations).toBe(1);
    expect(await second.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ clientRegistration: 'metadata-document', clientId: document });
    expect(JSON.parse(text(await second.api.callTool({ server: 'guarded', tool: 'whoami', arguments: {}, confirmed: true })))).toMatchObject({ clientId: document });
    const titles = (await second.api.getOAuthLog({ name: 'guarded' }))!.entries.map((entry) => entry.title);
    expect(titles.some((title) => title.includes(`accepts Client ID Metadata Documents: using ${document} instead of the stored dynamic registration`))).toBe(true);
    expect(titles).toContain(`Using the Client ID Metadata Document as client id: ${document}`);
  });

  it("an authorization error: shown plainly when its iss is the authorization server's, refused as a mix-up when it names another", async () => {
    const honest = await oauthFixture(['--deny']);
    const mixedUp = await oauthFixture(['--deny', '--response-iss', 'https://attacker.example/']);
    const { core: c } = await core(await tempDir(), { honest: { type: 'http', url: honest.url }, mixed: { type: 'http', url: mixedUp.url } });
    await expect(c.api.signIn({ name: 'honest' })).rejects.toThrow('honest: sign-in failed: The authorization server did not grant access: access_denied: The user declined.');
    const mixedIssuer = `${new URL(mixedUp.url).origin}/`;
    await expect(c.api.signIn({ name: 'mixed' })).rejects.toThrow(
      `mixed: sign-in failed: The authorization response names the issuer "https://attacker.example/", not ${mixedIssuer} that this sign-in went to (RFC 9207, a mix-up): refused, nothing in it used.`,
    );
    const log = (await c.api.getOAuthLog({ name: 'mixed' }))!;
    expect(log.outcome).toBe('failed');
    expect(log.entries.map((entry) => entry.title)).toContain('Refused a request to the callback listener (wrong iss): /callback');
    expect(JSON.stringify(log)).not.toContain('The user declined');
    expect(await c.api.getAuthStatus({ name: 'mixed' })).toMatchObject({ signedIn: false });
  });

  it('with an encrypting secret store, no token reaches the disk in clear', async () => {
    const f = await oauthFixture();
    const dataDir = await tempDir();
    const cipher: SecretCipher = {
      description: 'test cipher',
      encrypt: async (plain) => Buffer.from([...plain].reverse().join('')).toString('base64'),
      decrypt: async (encoded) => [...Buffer.from(encoded, 'base64').toString()].reverse().join(''),
    };
    const secretStore = new FileSecretStore(path.join(dataDir, 'secrets.enc.json'), { cipher });
    const { core: c } = await core(dataDir, { guarded: { type: 'http', url: f.url } }, { secretStore });
    await c.api.signIn({ name: 'guarded' });
    const stored = JSON.parse((await secretStore.get(`oauth:guarded:tokens:${new URL(f.url).origin}`))!) as { value: { access_token: string; refresh_token: string } };
    const onDisk = await fs.readFile(path.join(dataDir, 'secrets.enc.json'), 'utf8');
    expect(onDisk).not.toContain(stored.value.access_token);
    expect(onDisk).not.toContain(stored.value.refresh_token);
    expect(await c.api.getAuthStatus({ name: 'guarded' })).toMatchObject({ storage: { encrypted: true } });
  });
});
