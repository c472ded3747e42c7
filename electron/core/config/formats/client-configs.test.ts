/**
 * Other clients' files as they write them (./fixtures, one per client, in the shapes their
 * documentation gives), read in, written out in every client's format, and read back.
 * Every export is held to the client's own schema (./schemas).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ExportFormat } from '../../../../shared/api/transfer';
import { validateAgainstSchema } from '../../../../shared/json-schema';
import type { ServerConfig } from '../../../../shared/config/server-config';
import { expandConfig } from '../expand-variables';
import { parseJsonText } from '../json-text';
import type { ClientFormat } from './client-fields';
import { exportServers, type ExportEntry } from './export';
import { parseMcpServers } from './parse-mcp-servers';
import { parseCline, parseCodexToml, parseContinueYaml, parseGemini, parseZed } from './parse-other-clients';
import { parseVsCode } from './parse-vscode';
import type { ParsedSource } from './types';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const json = (text: string) => {
  const parsed = parseJsonText(text, { jsonc: true });
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.value;
};
const entriesOf = (source: ParsedSource) => Object.fromEntries(source.entries.map((e) => [e.key, e.raw]));

const SCHEMAS: Record<ClientFormat, string> = {
  'claude-code': 'claude-code-mcp.schema.json',
  'claude-desktop': 'claude-desktop.schema.json',
  cursor: 'cursor-mcp.schema.json',
  vscode: 'vscode-mcp.schema.json',
  windsurf: 'windsurf-mcp.schema.json',
  cline: 'cline-mcp.schema.json',
  zed: 'zed-settings.schema.json',
  gemini: 'gemini-settings.schema.json',
  codex: 'codex-config.schema.json',
  continue: 'continue-mcp.schema.json',
};
const CLIENTS = Object.keys(SCHEMAS) as ClientFormat[];

/** The exported text as the client reads it: TOML for Codex, YAML for Continue, JSON (with comments) for the rest. */
function fileValue(format: ExportFormat, text: string): Record<string, unknown> {
  if (format === 'codex') return parseToml(text) as Record<string, unknown>;
  if (format === 'continue') return parseYaml(text) as Record<string, unknown>;
  return json(text);
}

function expectValid(format: ExportFormat, text: string): void {
  if (format === 'mcp-servers') return;
  const schema = JSON.parse(readFileSync(path.join(__dirname, 'schemas', SCHEMAS[format]), 'utf8'));
  expect(validateAgainstSchema(schema, fileValue(format, text)).issues).toEqual([]);
}

/** Reads an export back with the importer for that client. */
function reimport(format: ExportFormat, text: string): Record<string, unknown> {
  switch (format) {
    case 'codex':
      return entriesOf(parseCodexToml(text, {}));
    case 'continue':
      return entriesOf(parseContinueYaml(text, {}));
    case 'zed':
      return entriesOf(parseZed(json(text), {}));
    case 'gemini':
      return entriesOf(parseGemini(json(text), {}));
    case 'vscode':
      return entriesOf(parseVsCode(json(text), {}));
    case 'cline':
      return entriesOf(parseCline(json(text), {}));
    default:
      return entriesOf(parseMcpServers(json(text), {}));
  }
}

/** The note that Zed's, Gemini CLI's and Codex's files hold other settings (checked on its own below). */
const MERGE_NOTE = /holds its other settings too: copy these servers into it rather than replacing the file/;

const exported = (entries: ExportEntry[], format: ExportFormat, options = {}) => {
  const result = exportServers(entries, format, options);
  expectValid(format, result.text);
  return { ...result, warnings: result.warnings.filter((w) => !MERGE_NOTE.test(w)), all: result.warnings };
};

describe("Cursor's static OAuth client (auth)", () => {
  it('becomes our oauth settings: client id, secret and scopes, variables included', () => {
    const servers = entriesOf(parseMcpServers(json(fixture('cursor-mcp.json')), {}));
    expect(servers.pipes).toEqual({ type: 'http', typeInferred: true, url: 'https://pipes.example.com/mcp', oauth: { clientId: 'pipes-client', clientSecret: 'pcs_live_7f3a9b2c', scopes: ['openid', 'kb:read'] } });
    expect(servers.partner).toEqual({ type: 'http', typeInferred: true, url: 'https://partner.example.com/mcp', oauth: { clientId: '${PARTNER_CLIENT_ID}', clientSecret: '${PARTNER_CLIENT_SECRET}' } });
  });

  it('fills in the client id and secret from the environment when the server connects', async () => {
    const { partner } = entriesOf(parseMcpServers(json(fixture('cursor-mcp.json')), {}));
    const env = { PARTNER_CLIENT_ID: 'partner-id', PARTNER_CLIENT_SECRET: 'partner-secret' };
    const expanded = await expandConfig(partner as ServerConfig, { server: 'partner', env, secret: async () => undefined });
    expect(expanded.oauth).toEqual({ clientId: 'partner-id', clientSecret: 'partner-secret' });
  });

  it('never writes a client secret into an export, stored or typed in: a variable takes its place and the warning names it', () => {
    const clear: ExportEntry = { name: 'pipes', config: { type: 'http', url: 'https://pipes.example.com/mcp', oauth: { clientId: 'pipes-client', clientSecret: 'pcs_live_7f3a9b2c', scopes: ['kb:read'] } } };
    const stored: ExportEntry = { name: 'partner', config: { type: 'http', url: 'https://partner.example.com/mcp', oauth: { clientId: 'p', clientSecret: '${secret:partner.oauth.clientSecret.0123456789abcdef}' } } };
    for (const format of ['mcp-servers', ...CLIENTS] as ExportFormat[]) {
      const result = exported([clear, stored], format);
      expect(result.text, format).not.toContain('pcs_live');
      expect(result.text, format).not.toContain('secret:');
    }
    const cursor = exported([clear], 'cursor');
    expect(JSON.parse(cursor.text).mcpServers.pipes.auth).toEqual({ CLIENT_ID: 'pipes-client', CLIENT_SECRET: '${env:PIPES_CLIENT_SECRET}', scopes: ['kb:read'] });
    expect(cursor.warnings.join('\n')).toMatch(/Cursor reads them from environment variables: set PIPES_CLIENT_SECRET/);
    const all = exported([clear], 'mcp-servers');
    expect(JSON.parse(all.text).mcpServers.pipes.oauth).toEqual({ clientId: 'pipes-client', clientSecret: '${PIPES_CLIENT_SECRET}', scopes: ['kb:read'] });
    const gemini = exported([clear], 'gemini');
    expect(JSON.parse(gemini.text).mcpServers.pipes.oauth).toEqual({ clientId: 'pipes-client', clientSecret: '${PIPES_CLIENT_SECRET}', scopes: ['kb:read'] });
    expect(exported([clear], 'claude-code').warnings).toContain('"pipes": the OAuth client secret is not exported; enter it in Claude Code.');
  });

  it('round-trips through Cursor: the auth block comes back as the same oauth settings', () => {
    const entry: ExportEntry = { name: 'pipes', config: { type: 'http', url: 'https://pipes.example.com/mcp', oauth: { clientId: 'pipes-client', scopes: ['openid'] } } };
    expect(reimport('cursor', exported([entry], 'cursor').text)).toEqual({ pipes: { ...entry.config, typeInferred: true } });
  });
});

describe("Gemini CLI's variables and transports", () => {
  it('reads $VAR as ${VAR} in env, args and headers, keeps ${VAR:-default}, and leaves a $ that names nothing as text', () => {
    const servers = entriesOf(parseGemini(json(fixture('gemini-settings.json')), {}));
    expect(servers.github).toEqual({
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PAT}', GITHUB_HOST: '${GH_HOST:-github.com}', PRICE: '5$' },
      callTimeoutMs: 30000,
      disabledTools: ['delete_repository'],
    });
    expect(servers.docs).toEqual({ type: 'http', typeInferred: true, url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } });
    expect(servers.pinned).toEqual({ type: 'http', url: 'https://pinned.example.com/mcp' });
    expect(servers.events).toEqual({ type: 'sse', url: 'https://events.example.com/sse' });
  });

  it('expands them at launch from the environment, as Gemini CLI does when it loads its settings', async () => {
    const { github } = entriesOf(parseGemini(json(fixture('gemini-settings.json')), {}));
    const expanded = await expandConfig(github as ServerConfig, { server: 'github', env: { GITHUB_PAT: 'ghp_from_env' }, secret: async () => undefined });
    expect((expanded as { env?: Record<string, string> }).env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_from_env', GITHUB_HOST: 'github.com', PRICE: '5$' });
  });
});

describe('per-server timeouts', () => {
  const timed: ExportEntry = { name: 'slow', config: { command: 'slow-mcp', connectTimeoutMs: 20000, callTimeoutMs: 45500 } };

  it.each([
    ['claude-code', 'Claude Code'],
    ['claude-desktop', 'Claude Desktop'],
    ['cursor', 'Cursor'],
    ['vscode', 'VS Code'],
    ['windsurf', 'Windsurf'],
    ['zed', 'Zed'],
  ] as const)('%s has no place for them: the warning says what was lost', (format, client) => {
    expect(exported([timed], format).warnings).toContain(`"slow": ${client} has no per-server setting for the connect timeout (20000 ms) or the tool call timeout (45500 ms); they were left out.`);
  });

  it('Codex, Gemini CLI, Cline and Continue get them in their own fields and units; what has no field is named', () => {
    expect(parseToml(exported([timed], 'codex').text)).toMatchObject({ mcp_servers: { slow: { startup_timeout_sec: 20, tool_timeout_sec: 46 } } });
    const gemini = exported([timed], 'gemini');
    expect(JSON.parse(gemini.text).mcpServers.slow.timeout).toBe(45500);
    expect(gemini.warnings).toContain('"slow": Gemini CLI has no per-server setting for the connect timeout (20000 ms); it was left out.');
    const cline = exported([timed], 'cline');
    expect(JSON.parse(cline.text).mcpServers.slow.timeout).toBe(46);
    expect(cline.warnings).toContain('"slow": Cline has no per-server setting for the connect timeout (20000 ms); it was left out.');
    const cont = exported([timed], 'continue');
    expect((parseYaml(cont.text) as { mcpServers: unknown[] }).mcpServers[0]).toMatchObject({ name: 'slow', connectionTimeout: 20000 });
    expect(cont.warnings).toContain('"slow": Continue has no per-server setting for the tool call timeout (45500 ms); it was left out.');
  });
});

describe('a URL-only entry (Streamable HTTP, else SSE)', () => {
  const urlOnly: ExportEntry = { name: 'either', config: { type: 'http', typeInferred: true, url: 'https://either.example.com/mcp' } };

  it.each(['claude-code', 'vscode', 'cline', 'zed', 'codex'] as const)('%s pins one transport: never connected here, the export says that SSE is lost', (format) => {
    const result = exported([urlOnly], format);
    expect(result.warnings.join('\n')).toMatch(/"either" has only a URL, and it has not connected here yet.*will not fall back to SSE/);
  });

  it('once it connected over SSE here, clients that pin a transport get SSE', () => {
    const options = { reachedOver: () => 'sse' as const };
    const code = exported([urlOnly], 'claude-code', options);
    expect(JSON.parse(code.text).mcpServers.either).toEqual({ type: 'sse', url: 'https://either.example.com/mcp' });
    expect(code.warnings).toEqual([]);
    expect(JSON.parse(exported([urlOnly], 'vscode', options).text).servers.either.type).toBe('sse');
    expect(JSON.parse(exported([urlOnly], 'cline', options).text).mcpServers.either.type).toBe('sse');
    expect(exported([urlOnly], 'codex', options).warnings).toContain('"either" was left out: Codex does not support the sse transport.');
    // Connected over Streamable HTTP: pinning it loses nothing.
    expect(exported([urlOnly], 'claude-code', { reachedOver: () => 'http' as const }).warnings).toEqual([]);
  });

  it.each(['cursor', 'windsurf', 'gemini', 'continue'] as const)('%s reads a URL alone the same way: it comes back as a URL-only entry', (format) => {
    const result = exported([urlOnly], format);
    expect(result.warnings).toEqual([]);
    expect(reimport(format, result.text)).toEqual({ either: urlOnly.config });
  });
});

describe('the new export targets', () => {
  const stdio: ExportEntry = { name: 'files', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/docs'], env: { LOG: 'debug' } } };
  const http: ExportEntry = { name: 'remote', config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } } };
  const sse: ExportEntry = { name: 'legacy', config: { type: 'sse', url: 'https://mcp.example.com/sse', headers: { 'X-Team': 'core' } } };
  const map = (entries: ExportEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e.config]));

  it.each([
    ['windsurf', [stdio, http, sse], map([stdio, { ...http, config: { ...http.config, typeInferred: true } }, { ...sse, config: { type: 'http', typeInferred: true, url: 'https://mcp.example.com/sse', headers: { 'X-Team': 'core' } } }])],
    ['cline', [stdio, http, sse], map([stdio, http, sse])],
    // Zed's url entry names no transport: it reads back as a URL-only entry.
    ['zed', [stdio, http], map([stdio, { ...http, config: { ...http.config, typeInferred: true } }])],
    ['gemini', [stdio, http, sse], map([stdio, http, sse])],
    ['codex', [stdio, http], map([stdio, http])],
    ['continue', [stdio, http, sse], map([stdio, http, sse])],
  ] as const)("%s: the export passes the client's schema, and importing it gives the same entries", (format, entries, back) => {
    const result = exported([...entries], format);
    expect(reimport(format, result.text)).toEqual(back);
  });

  it('Windsurf cannot say which transport a remote server speaks: an SSE server is written as serverUrl, and the warning says so', () => {
    const result = exported([sse], 'windsurf');
    expect(JSON.parse(result.text).mcpServers.legacy).toEqual({ serverUrl: 'https://mcp.example.com/sse', headers: { 'X-Team': 'core' } });
    expect(result.warnings.join('\n')).toMatch(/"legacy": Windsurf's file has no transport field/);
  });

  it('writes each client’s own spelling', () => {
    expect(JSON.parse(exported([stdio, http], 'zed').text)).toEqual({
      context_servers: { files: { source: 'custom', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/docs'], env: { LOG: 'debug' } }, remote: { url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } } },
    });
    expect(exported([sse], 'zed').warnings).toContain('"legacy" was left out: Zed does not support the sse transport.');
    for (const [format, file] of [
      ['zed', "Zed's settings.json"],
      ['gemini', "Gemini CLI's settings.json"],
      ['codex', "Codex's config.toml"],
    ] as const) {
      expect(exported([stdio], format).all).toContain(`${file} holds its other settings too: copy these servers into it rather than replacing the file.`);
    }
    expect(exported([stdio], 'cline').all.join('\n')).not.toMatch(MERGE_NOTE);
    expect(JSON.parse(exported([http, sse], 'cline').text).mcpServers).toEqual({
      remote: { type: 'streamableHttp', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } },
      legacy: { type: 'sse', url: 'https://mcp.example.com/sse', headers: { 'X-Team': 'core' } },
    });
    expect(JSON.parse(exported([http], 'gemini').text).mcpServers.remote).toEqual({ url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' }, type: 'http' });
    expect((parseYaml(exported([http], 'continue').text) as { mcpServers: unknown[] }).mcpServers).toEqual([
      { name: 'remote', type: 'streamable-http', url: 'https://mcp.example.com/mcp', requestOptions: { headers: { 'X-Team': 'core' } } },
    ]);
  });

  it('Codex: secrets and ${VAR} headers become env_vars, bearer_token_env_var and env_http_headers; a switched-off server stays switched off', () => {
    const entries: ExportEntry[] = [
      { name: 'gh', config: { command: 'gh-mcp', env: { GITHUB_TOKEN: '${secret:gh.env.GITHUB_TOKEN.0123456789abcdef}', MODE: 'ro' }, enabled: false } },
      { name: 'figma', config: { type: 'http', url: 'https://mcp.figma.com/mcp', headers: { Authorization: 'Bearer ${FIGMA_OAUTH_TOKEN}', 'X-Org-Id': '${FIGMA_ORG_ID}', 'X-Region': 'us-east-1' } } },
    ];
    const result = exported(entries, 'codex');
    expect(parseToml(result.text)).toEqual({
      mcp_servers: {
        gh: { command: 'gh-mcp', env: { MODE: 'ro' }, env_vars: ['GITHUB_TOKEN'], enabled: false },
        figma: { url: 'https://mcp.figma.com/mcp', bearer_token_env_var: 'FIGMA_OAUTH_TOKEN', env_http_headers: { 'X-Org-Id': 'FIGMA_ORG_ID' }, http_headers: { 'X-Region': 'us-east-1' } },
      },
    });
    expect(result.warnings).toEqual(['Secret values are not exported. Codex reads them from environment variables: set GITHUB_TOKEN before starting it.']);
  });

  it('Continue: variables become ${{ secrets.NAME }}, as Continue’s own converter writes them', () => {
    const entry: ExportEntry = { name: 'db', config: { command: 'db-mcp', env: { DB_PASSWORD: '${secret:db.env.DB_PASSWORD.0123456789abcdef}', PORT: '${PORT:-5432}' } } };
    const result = exported([entry], 'continue');
    expect((parseYaml(result.text) as { mcpServers: unknown[] }).mcpServers).toEqual([{ name: 'db', type: 'stdio', command: 'db-mcp', env: { DB_PASSWORD: '${{ secrets.DB_PASSWORD }}', PORT: '${{ secrets.PORT }}' } }]);
    expect(result.warnings).toEqual([
      'Secret values are not exported. Continue reads them as ${{ secrets.NAME }}: set DB_PASSWORD in ~/.continue/.env (or the workspace\'s .continue/.env).',
      'Continue has no ${VAR:-default}: the defaults of PORT were dropped.',
    ]);
    expect(reimport('continue', result.text)).toEqual({ db: { command: 'db-mcp', env: { DB_PASSWORD: '${DB_PASSWORD}', PORT: '${PORT}' } } });
  });

  it('Cline and Zed expand no variables: the warning says so', () => {
    const entry: ExportEntry = { name: 'v', config: { command: 'x', args: ['${HOME}/data'] } };
    for (const [format, client] of [
      ['cline', 'Cline'],
      ['zed', 'Zed'],
    ] as const) {
      expect(exported([entry], format).warnings).toEqual([`${client} does not expand \${VAR}: values that use one reach the server as written. Replace them with the real values.`]);
    }
  });
});

describe("each client's own file, read in, written out for that client, and read back", () => {
  it.each([
    ['cursor', 'cursor-mcp.json', (text: string) => parseMcpServers(json(text), {})],
    ['windsurf', 'windsurf-mcp_config.json', (text: string) => parseMcpServers(json(text), {})],
    ['cline', 'cline_mcp_settings.json', (text: string) => parseCline(json(text), {})],
    ['zed', 'zed-settings.json', (text: string) => parseZed(json(text), {})],
    ['gemini', 'gemini-settings.json', (text: string) => parseGemini(json(text), {})],
    ['codex', 'codex-config.toml', (text: string) => parseCodexToml(text, {})],
    ['continue', 'continue-config.yaml', (text: string) => parseContinueYaml(text, {})],
  ] as const)('%s', (format, file, read) => {
    const first = read(fixture(file)).entries.filter((entry) => !entry.problem);
    const entries = first.map((entry) => ({ name: entry.key, config: entry.raw as ServerConfig }));
    const result = exported(entries, format);
    const again = reimport(format, result.text);
    // What the client reads comes back as it was; what it does not read was named in the warnings.
    for (const entry of entries) expect(again[entry.name], `${format}: ${entry.name}`).toBeDefined();
    expect(Object.keys(again)).toEqual(entries.map((entry) => entry.name));
    expect(reimport(format, exported(Object.entries(again).map(([name, config]) => ({ name, config: config as ServerConfig })), format).text)).toEqual(again);
  });
});

describe('Cline, Codex and Continue files', () => {
  it("Cline: timeout is the call timeout in seconds, transportType the older spelling of type; autoApprove is kept", () => {
    const servers = entriesOf(parseCline(json(fixture('cline_mcp_settings.json')), {}));
    expect(servers.weather).toEqual({ command: 'node', args: ['/Users/ana/weather/build/index.js'], env: { OPENWEATHER_API_KEY: 'owm_3f9c2b71' }, disabled: false, autoApprove: ['get_forecast'], callTimeoutMs: 60000 });
    expect(servers.legacy).toEqual({ type: 'sse', url: 'https://legacy.example.com/sse', disabled: false, autoApprove: [] });
    expect(servers.stream).toEqual({ type: 'http', url: 'https://stream.example.com/mcp' });
    const timed: ExportEntry = { name: 'slow', config: { command: 'slow-mcp', callTimeoutMs: 90000 } };
    expect(reimport('cline', exported([timed], 'cline').text)).toEqual({ slow: timed.config });
  });

  it('Codex: env_vars and env_http_headers are kept (used at launch), timeouts and tools become ours', () => {
    const servers = entriesOf(parseCodexToml(fixture('codex-config.toml'), {}));
    expect(servers.docs).toEqual({ command: 'docs-server', args: ['--port', '4000'], env: { LOG_LEVEL: 'info' }, env_vars: ['DOCS_API_KEY', 'HTTPS_PROXY'], connectTimeoutMs: 20000, callTimeoutMs: 45000 });
    expect(servers.figma).toEqual({
      type: 'http',
      url: 'https://mcp.figma.com/mcp',
      headers: { 'X-Figma-Region': 'us-east-1', Authorization: 'Bearer ${FIGMA_OAUTH_TOKEN}' },
      env_http_headers: { 'X-Org-Id': 'FIGMA_ORG_ID' },
      disabledTools: ['delete_file'],
    });
  });

  it('Continue: the list becomes named entries; requestOptions headers, connectionTimeout and secrets become ours', () => {
    const source = parseContinueYaml(fixture('continue-config.yaml'), {});
    expect(entriesOf(source)).toEqual({
      SQLite: { command: 'npx', args: ['-y', 'mcp-sqlite', '/Users/ana/db.sqlite'], env: { SQLITE_TOKEN: '${SQLITE_TOKEN}' } },
      'Remote docs': { type: 'http', url: 'https://docs.example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' }, connectTimeoutMs: 15000 },
      Either: { type: 'http', typeInferred: true, url: 'https://either.example.com/mcp' },
    });
    expect(source.warnings.join('\n')).toMatch(/secrets\.NAME .* became \$\{NAME\}, read from the environment/);
    expect(() => parseContinueYaml('mcpServers: {a: 1', {})).toThrow(/does not parse as YAML/);
    expect(() => parseContinueYaml('name: x', {})).toThrow(/needs an "mcpServers" list/);
  });
});

describe('VS Code inputs and Zed extension servers', () => {
  it("VS Code: an input's default is offered", () => {
    expect(parseVsCode(json(fixture('vscode-mcp.json')), {}).inputs).toEqual([
      { id: 'region', description: 'Region', password: false, default: 'eu-west-1', usedBy: ['cloud'] },
      { id: 'api-key', description: 'API key', password: true, usedBy: ['cloud'] },
    ]);
  });

  it('Zed: an extension-provided server is explained, not reported as a missing command', () => {
    const source = parseZed(json(fixture('zed-settings.json')), {});
    const github = source.entries.find((entry) => entry.key === 'mcp-server-github');
    expect(github?.problem).toMatch(/comes from a Zed extension.*the extension knows the command that starts it/);
    expect(source.entries.filter((entry) => entry.problem).map((entry) => entry.key)).toEqual(['mcp-server-github']);
  });
});
