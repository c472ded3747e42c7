/**
 * Secrets never in clear: a session with secret env values (one holding `"` and `\`), a
 * secret header, a secret `Authorization: Bearer …` header whose bare token is echoed
 * back, typed as an argument and saved in a request, and an OAuth sign-in, on a core
 * whose secret store encrypts (as the desktop app's safeStorage store does), then a
 * search of everything the app wrote or handed out — every file in the data folder
 * (history, saved requests, …), the protocol log export, history, the OAuth view, server
 * states with their crash output, a chat with a model whose key was saved through the API
 * (the model repeats the key), and every event — for each secret in clear text,
 * JSON-escaped, base64 or URL-encoded.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../e2e/fixtures/fixture-process';
import { fixtureServer } from '../e2e/fixtures/paths';
import { isAlive, waitUntil } from '../e2e/support/processes';
import { startProviderFake } from './support/provider-fakes/provider-fake';
import type { AppEvent } from '../shared/events';
import { createCore, type Core } from '../electron/core/api/core-api';
import { diagnostics } from '../electron/core/diagnostics/diagnostics';
import { followAuthorization } from '../electron/core/auth/follow-authorization';
import { FileSecretStore } from '../electron/core/secrets/file-secret-store';
import { MASK } from '../electron/core/secrets/secret-redactor';
import type { SecretCipher } from '../electron/core/secrets/secret-store';

/** AES-256-GCM with a key that lives only in memory: the stand-in for the OS keychain. */
function memoryKeyCipher(): SecretCipher {
  const key = randomBytes(32);
  return {
    description: 'AES-256-GCM, in-memory test key',
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    async decrypt(encoded) {
      const raw = Buffer.from(encoded, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Inside a JSON string, once and twice (JSON text quoted inside JSON, as tools often return). */
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/** Every form a secret could be written in: as is, JSON-escaped, base64 (Basic auth), URL-encoded. */
function spellings(secret: string): string[] {
  return [
    ...new Set([secret, jsonEscaped(secret), jsonEscaped(jsonEscaped(secret)), Buffer.from(secret).toString('base64'), encodeURIComponent(secret)]),
  ];
}

const ENV_SECRET = `env-secret-${randomBytes(8).toString('hex')}`;
const HEADER_SECRET = `header-secret-${randomBytes(8).toString('hex')}`;
/** Stored as the whole header value `Bearer <token>`; the bare token must be masked too. */
const BEARER_TOKEN = `bearer-token-${randomBytes(8).toString('hex')}`;
/** JSON writes it escaped (`\"`, `\\`), so the plain value never occurs in a JSON text. */
const QUOTED_SECRET = `quoted-"secret"\\path-${randomBytes(8).toString('hex')}`;
/** A model provider's API key, typed into the app (Settings → Models). */
const MODEL_KEY = `sk-model-${randomBytes(12).toString('hex')}`;

let dataDir: string;
let core: Core;
let secretStore: FileSecretStore;
let httpFixture: RunningFixture;
let oauthFixture: RunningFixture;
const events: AppEvent[] = [];
/** Every line of the diagnostic log, down to debug. */
const diagnosticLines: string[] = [];

beforeAll(async () => {
  diagnostics.addSink({ level: 'debug', write: (line) => void diagnosticLines.push(line) });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-secrets-'));
  httpFixture = await startFixture('http-server', ['--require-header', `X-Api-Key=${HEADER_SECRET}`, '--bearer', BEARER_TOKEN]);
  oauthFixture = await startFixture('oauth-server');
  secretStore = new FileSecretStore(path.join(dataDir, 'secrets.enc.json'), { cipher: memoryKeyCipher() });
  core = await createCore({
    dataDir,
    env: {},
    watchConfig: false,
    shellEnv: async () => ({ env: {} }),
    secretStore,
    openAuthorizationUrl: async (_server, url) => void followAuthorization(url).catch(() => undefined),
  });
  core.events.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await core?.dispose();
  await Promise.all([httpFixture?.stop(), oauthFixture?.stop()]);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('secrets never in clear', () => {
  it('leave no trace in anything the app wrote or handed out', async () => {
    // 1. A stdio server with a secret env value; it prints the value to stderr.
    const envy = await core.api.addServer({
      name: 'envy',
      config: { command: process.execPath, args: [fixtureServer('env-stdio')], env: { API_KEY: ENV_SECRET, QUOTED: QUOTED_SECRET } },
      secretFields: [
        ['env', 'API_KEY'],
        ['env', 'QUOTED'],
      ],
    });
    expect(envy.status).toBe('connected');
    // The value reached the process (its hash matches); a tool that echoes it is masked.
    const hashed = await core.api.callTool({ server: 'envy', tool: 'env-sha256', arguments: { name: 'API_KEY' }, confirmed: true });
    expect(textOf(hashed)).toBe(createHash('sha256').update(ENV_SECRET).digest('hex'));
    const echoed = await core.api.callTool({ server: 'envy', tool: 'env', arguments: { name: 'API_KEY' }, confirmed: true });
    expect(textOf(echoed)).toBe(MASK);
    // In the protocol log this one is JSON-escaped.
    const quoted = await core.api.callTool({ server: 'envy', tool: 'env', arguments: { name: 'QUOTED' }, confirmed: true });
    expect(textOf(quoted)).toBe(MASK);

    // 2. A remote server with secret headers it requires: an API key and a bearer token.
    const hdr = await core.api.addServer({
      name: 'hdr',
      config: { type: 'http', url: httpFixture.url, headers: { 'X-Api-Key': HEADER_SECRET, Authorization: `Bearer ${BEARER_TOKEN}` } },
      secretFields: [
        ['headers', 'X-Api-Key'],
        ['headers', 'Authorization'],
      ],
    });
    expect(hdr.status).toBe('connected');
    await core.api.callTool({ server: 'hdr', tool: 'echo', arguments: { text: 'hello' }, confirmed: true });
    // The bare token typed as an argument and echoed back; then in a saved request.
    const bare = await core.api.callTool({ server: 'hdr', tool: 'echo', arguments: { text: `token ${BEARER_TOKEN}` }, confirmed: true });
    expect(textOf(bare)).toBe(`token ${MASK}`);
    await core.api.saveRequest({ name: 'echo the token', server: 'hdr', tool: 'echo', arguments: { text: BEARER_TOKEN } });
    // Encoded forms of secrets, typed and echoed: base64, URL-encoded, JSON-escaped.
    const encoded = [Buffer.from(HEADER_SECRET).toString('base64'), encodeURIComponent(QUOTED_SECRET), JSON.stringify({ key: QUOTED_SECRET })].join(' ');
    const echoedForms = await core.api.callTool({ server: 'hdr', tool: 'echo', arguments: { text: encoded }, confirmed: true });
    // A text too long to show is kept whole in a result file: the secret, past the cut, must be masked there too.
    await core.api.updateSettings({ resultTextLimitBytes: 1024 });
    const long = await core.api.callTool({ server: 'hdr', tool: 'echo', arguments: { text: `${'x'.repeat(4096)} ${BEARER_TOKEN}` }, confirmed: true });
    expect(JSON.stringify(long)).toContain('"truncated"');

    /** What the app handed out or wrote, searched at the end. */
    const outputs: Array<[string, string]> = [];

    // 3. An OAuth sign-in; its tokens are what the store holds.
    await core.api.addServer({ name: 'guarded', config: { type: 'http', url: oauthFixture.url } });
    await core.api.signIn({ name: 'guarded' });
    expect((await core.api.listTools({ name: 'guarded' })).length).toBeGreaterThan(0);
    await core.api.callTool({ server: 'guarded', tool: 'echo', arguments: { text: 'signed in' }, confirmed: true });

    // 4. A model provider's key saved through the API, then a chat whose model repeats it in a tool call and its answer.
    const provider = await startProviderFake('openai', {
      turns: [{ toolCalls: [{ name: 'hdr__echo', arguments: { text: `the key is ${MODEL_KEY}` } }] }, { text: `Done: ${MODEL_KEY}` }],
    });
    try {
      expect(JSON.stringify(await core.api.setModelKey({ provider: 'openai', key: MODEL_KEY }))).not.toContain(MODEL_KEY);
      await core.api.setModelBaseUrl({ provider: 'openai', baseUrl: provider.baseUrl });
      const chat = await core.api.runChat({ callId: 'secret-chat', provider: 'openai', model: 'gpt-fake', servers: ['hdr'], prompt: 'Echo the key.', pause: false });
      expect(chat.status).toBe('answered');
      // The key was really used (the search below could find it): the provider received it.
      expect(provider.modelRequests()[0]!.headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
      outputs.push(['chat result', JSON.stringify(chat)]);
    } finally {
      await provider.close();
    }

    // 5. Crash output: the env server dies; its failure carries its last stderr lines.
    const views = await core.api.listServers();
    const envyPid = Number(textOf(await core.api.callTool({ server: 'envy', tool: 'pid', arguments: {}, confirmed: true })));
    process.kill(envyPid, 'SIGKILL');
    await waitUntil(() => !isAlive(envyPid), 'the env server to die');
    await waitUntil(async () => (await core.api.listServers()).find((s) => s.name === 'envy')?.status === 'failed', 'the crash to be noticed');

    // Everything the session's secrets are made of.
    const secrets = [ENV_SECRET, HEADER_SECRET, BEARER_TOKEN, QUOTED_SECRET, MODEL_KEY];
    for (const key of await secretStore.keys()) {
      const value = await secretStore.get(key);
      if (!key.startsWith('oauth:') || !value) continue;
      const parsed = JSON.parse(value) as { value?: { access_token?: string; refresh_token?: string; client_secret?: string } };
      for (const field of ['access_token', 'refresh_token', 'client_secret'] as const) {
        const secret = parsed.value?.[field];
        if (secret) secrets.push(secret);
      }
    }
    expect(secrets.length).toBeGreaterThanOrEqual(6); // env values, headers, access and refresh tokens

    // History lines are appended in the background: wait until every call is on disk.
    const calls = (await core.api.listHistory({})).length;
    const historyLines = async () => (await fs.readFile(path.join(dataDir, 'history.jsonl'), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
    await waitUntil(async () => (await historyLines()) >= calls, 'the history to be written');

    // Everything the app wrote or handed out.
    for (const file of await filesUnder(dataDir)) outputs.push([path.relative(dataDir, file), await fs.readFile(file, 'utf8')]);
    outputs.push(['model providers', JSON.stringify(await core.api.listModelProviders())]);
    for (const server of ['envy', 'hdr', 'guarded']) {
      outputs.push([`protocol log export of ${server}`, (await core.api.exportProtocolLog({ server })).text]);
    }
    outputs.push(['history', JSON.stringify(await core.api.listHistory({}))]);
    outputs.push(['OAuth view', JSON.stringify(await core.api.getOAuthLog({ name: 'guarded' }))]);
    outputs.push(['server list', JSON.stringify([...views, ...(await core.api.listServers())])]);
    outputs.push(['events', JSON.stringify(events)]);
    outputs.push(['diagnostic log', diagnosticLines.join('\n')]);
    outputs.push(['tool results', JSON.stringify([echoed, quoted, bare, echoedForms])]);

    // The search must be able to fail: the env server did print its key, in clear, to its own stderr.
    expect(events.some((event) => event.type === 'server-log' && event.line.includes('API_KEY='))).toBe(true);

    const leaks = outputs.flatMap(([where, text]) =>
      secrets.flatMap((secret) => spellings(secret).filter((form) => text.includes(form)).map(() => `${where}: ${secret.slice(0, 12)}…`)),
    );
    expect(leaks).toEqual([]);
    expect(outputs.map(([where]) => where)).toEqual(expect.arrayContaining(['secrets.enc.json', 'history.jsonl', 'saved-requests.json']));
  });
});

function textOf(result: { content: Array<{ type: string; text?: unknown }> }): string {
  return result.content.map((block) => (typeof block.text === 'string' ? block.text : '')).join('');
}
