import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from '../../../../shared/json-schema';
import type { ExportFormat } from '../../../../shared/api/transfer';
import type { ServerConfig } from '../../../../shared/config/server-config';
import { parseJsonText } from '../json-text';
import { exportServers, type ExportEntry } from './export';
import { looksLikeClaudeCommand, parseClaudeCommands } from './parse-claude-command';
import { claudeJsonProjects, parseClaudeJson, parseMcpServers } from './parse-mcp-servers';
import { parsePaste } from './parse-paste';
import { parseVsCode } from './parse-vscode';
import { splitCommands } from '../../../../shared/config/shell-words';
import { nameFromEntry, uniqueName, validNameFor } from './suggest-name';
import type { ParsedSource } from './types';

const json = (text: string) => {
  const parsed = parseJsonText(text, { jsonc: true });
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.value;
};
const entriesOf = (source: ParsedSource) => Object.fromEntries(source.entries.map((e) => [e.key, e.raw]));

describe('reading other clients’ files', () => {
  it('Claude Desktop: mcpServers with command, args, env', () => {
    const source = parseMcpServers(json('{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x"}}}, "globalShortcut": "Ctrl+Space"}'), {});
    expect(entriesOf(source)).toEqual({ github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' } } });
  });

  it('Claude Code: user entries at the top of ~/.claude.json, local ones under projects[path]', () => {
    const file = json(
      JSON.stringify({
        mcpServers: { everywhere: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } } },
        projects: { '/work/app': { mcpServers: { here: { type: 'stdio', command: 'node', args: ['s.js'], env: {} } } }, '/empty': { mcpServers: {} } },
        numStartups: 4,
      }),
    );
    expect(entriesOf(parseClaudeJson(file, {}))).toEqual({ everywhere: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } } });
    expect(entriesOf(parseClaudeJson(file, {}, '/work/app'))).toEqual({ here: { command: 'node', args: ['s.js'], env: {} } });
    expect(claudeJsonProjects(file)).toEqual([{ project: '/work/app', count: 1 }]);
    expect(() => parseClaudeJson(file, {}, '/nope')).toThrow(/no entries for the project \/nope/);
  });

  it('Cursor: ${env:NAME}, ${userHome}, ${workspaceFolder}, and URL-only entries as streamable HTTP', () => {
    const source = parseMcpServers(
      json('{"mcpServers": {"local": {"command": "${userHome}/bin/srv", "args": ["${workspaceFolder}/data"], "env": {"KEY": "${env:MY_KEY}"}}, "remote": {"url": "https://x.dev/mcp", "headers": {"X-Key": "${env:X_KEY}"}}, "old": {"type": "sse", "url": "https://x.dev/sse"}}}'),
      { projectDir: '/p' },
    );
    expect(entriesOf(source)).toEqual({
      local: { command: '${HOME}/bin/srv', args: ['/p/data'], env: { KEY: '${MY_KEY}' } },
      remote: { type: 'http', typeInferred: true, url: 'https://x.dev/mcp', headers: { 'X-Key': '${X_KEY}' } },
      old: { type: 'sse', url: 'https://x.dev/sse' },
    });
    const withoutProject = parseMcpServers(json('{"mcpServers": {"a": {"command": "x", "args": ["${workspaceFolder}"]}}}'), {});
    expect(withoutProject.warnings[0]).toMatch(/\$\{workspaceFolder\} is kept as written/);
  });

  it('VS Code: servers with type, inputs (password or not), comments and trailing commas', () => {
    const source = parseVsCode(
      json(`{
        // prompts
        "inputs": [
          {"type": "promptString", "id": "api-key", "description": "API key", "password": true},
          {"type": "promptString", "id": "region", "description": "Region"},
          {"type": "promptString", "id": "unused"},
        ],
        "servers": {
          "fetch": {"type": "stdio", "command": "uvx", "args": ["mcp-server-fetch", "--region", "\${input:region}"], "env": {"API_KEY": "\${input:api-key}", "HOME_DIR": "\${env:HOME}"}},
          "remote": {"type": "http", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer \${input:api-key}"}},
        },
      }`),
      {},
    );
    expect(entriesOf(source)).toEqual({
      fetch: { command: 'uvx', args: ['mcp-server-fetch', '--region', '${input:region}'], env: { API_KEY: '${input:api-key}', HOME_DIR: '${HOME}' } },
      remote: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${input:api-key}' } },
    });
    expect(source.inputs).toEqual([
      { id: 'api-key', description: 'API key', password: true, usedBy: ['fetch', 'remote'] },
      { id: 'region', description: 'Region', password: false, usedBy: ['fetch'] },
    ]);
  });

  it('VS Code settings.json nesting under "mcp"', () => {
    const source = parseVsCode(json('{"editor.fontSize": 14, "mcp": {"servers": {"a": {"command": "x"}}}}'), {});
    expect(entriesOf(source)).toEqual({ a: { command: 'x' } });
  });
});

describe('pasted text', () => {
  it('takes an mcpServers block, a VS Code block, a map of entries, a single entry and a fragment', () => {
    expect(entriesOf(parsePaste('{"mcpServers": {"a": {"command": "x"}}}', {}))).toEqual({ a: { command: 'x' } });
    expect(entriesOf(parsePaste('{"servers": {"a": {"type": "stdio", "command": "x"}}}', {}))).toEqual({ a: { command: 'x' } });
    expect(entriesOf(parsePaste('{"a": {"command": "x"}, "b": {"url": "https://b.dev/mcp"}}', {}))).toEqual({ a: { command: 'x' }, b: { type: 'http', typeInferred: true, url: 'https://b.dev/mcp' } });
    expect(entriesOf(parsePaste('{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}', {}))).toEqual({
      filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
    });
    expect(entriesOf(parsePaste('"memory": {\n  "command": "npx",\n  "args": ["-y", "@modelcontextprotocol/server-memory"]\n},', {}))).toEqual({
      memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
    });
    expect(entriesOf(parsePaste('{"type": "streamable-http", "url": "https://mcp.notion.com/mcp"}', {}))).toEqual({ notion: { type: 'http', url: 'https://mcp.notion.com/mcp' } });
  });

  it('explains what it could not read', () => {
    expect(() => parsePaste('{"mcpServers": {"a": ', {})).toThrow(/neither JSON nor a "claude mcp add" command: .* at line 1, column/);
    expect(() => parsePaste('{"hello": "world"}', {})).toThrow(/Nothing to import/);
  });
});

describe('claude mcp add command lines', () => {
  it('stdio with -e, --scope and -- before the command', () => {
    const source = parseClaudeCommands('claude mcp add airtable --env AIRTABLE_API_KEY=YOUR_KEY -s user -- npx -y airtable-mcp-server');
    expect(entriesOf(source)).toEqual({ airtable: { command: 'npx', args: ['-y', 'airtable-mcp-server'], env: { AIRTABLE_API_KEY: 'YOUR_KEY' } } });
    expect(source.suggestedScope).toBe('user');
  });

  it('options before the name, several -e values, quoting and line continuations', () => {
    const source = parseClaudeCommands(
      `claude mcp add --transport stdio -e A=1 B='two words' -e "C=\${HOME}/x" my-server \\\n  -- "/opt/my server/bin" --flag "a b"`,
    );
    expect(entriesOf(source)).toEqual({ 'my-server': { command: '/opt/my server/bin', args: ['--flag', 'a b'], env: { A: '1', B: 'two words', C: '${HOME}/x' } } });
  });

  it('http and sse with headers, shell variables becoming references', () => {
    const source = parseClaudeCommands(
      'claude mcp add --transport http secure-api https://api.example.com/mcp --header "Authorization: Bearer $MY_API_KEY" -H "X-Team: core"\nclaude mcp add --transport sse asana https://mcp.asana.com/sse',
    );
    expect(entriesOf(source)).toEqual({
      'secure-api': { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${MY_API_KEY}', 'X-Team': 'core' } },
      asana: { type: 'sse', url: 'https://mcp.asana.com/sse' },
    });
  });

  it('OAuth options, add-json, and a URL without --transport', () => {
    const source = parseClaudeCommands(
      `claude mcp add --transport http --client-id abc --callback-port 8080 app https://app.dev/mcp\nclaude mcp add-json -s project weather '{"type":"stdio","command":"/path/weather","args":["--api-key","k"]}'\nclaude mcp add notion https://mcp.notion.com/mcp`,
    );
    expect(entriesOf(source)).toEqual({
      app: { type: 'http', url: 'https://app.dev/mcp', oauth: { clientId: 'abc', callbackPort: 8080 } },
      weather: { command: '/path/weather', args: ['--api-key', 'k'] },
      notion: { type: 'http', url: 'https://mcp.notion.com/mcp' },
    });
    expect(source.warnings).toEqual([expect.stringContaining('"notion": no --transport was given for a URL; taken as http')]);
  });

  it('accepts what Claude Code accepts: the name after --, MCP_CLIENT_SECRET, add-from-claude-desktop; local scope by default', () => {
    const afterDashes = parseClaudeCommands('claude mcp add -s user -- context7 npx -y @upstash/context7-mcp');
    expect(entriesOf(afterDashes)).toEqual({ context7: { command: 'npx', args: ['-y', '@upstash/context7-mcp'] } });
    expect(afterDashes.suggestedScope).toBe('user');
    expect(parseClaudeCommands('claude mcp add sqlite -- uvx mcp-server-sqlite').suggestedScope).toBe('local');

    const text = [
      'MCP_CLIENT_SECRET=s3cr3t-value claude mcp add --transport http --client-id my-app --client-secret --callback-port 8080 my-server https://mcp.example.com/mcp',
      `MCP_CLIENT_SECRET=json-secret claude mcp add-json partner '{"type":"http","url":"https://mcp.partner.dev/mcp","oauth":{"clientId":"pc"}}' --client-secret`,
      'claude mcp add-from-claude-desktop -s user',
    ].join('\n');
    expect(looksLikeClaudeCommand(text)).toBe(true);
    const source = parseClaudeCommands(text);
    expect(entriesOf(source)).toEqual({
      'my-server': { type: 'http', url: 'https://mcp.example.com/mcp', oauth: { clientId: 'my-app', clientSecret: 's3cr3t-value', callbackPort: 8080 } },
      partner: { type: 'http', url: 'https://mcp.partner.dev/mcp', oauth: { clientId: 'pc', clientSecret: 'json-secret' } },
    });
    expect(source.warnings).toEqual([expect.stringMatching(/add-from-claude-desktop" copies the servers of Claude Desktop: choose "Claude Desktop" in Import/)]);

    const only = parseClaudeCommands('claude mcp add-from-claude-desktop');
    expect(only.entries).toEqual([]);
    expect(only.openSource).toBe('claude-desktop');
    expect(only.warnings[0]).toMatch(/choose "Claude Desktop"/);
  });

  it('names what is wrong', () => {
    expect(() => parseClaudeCommands('claude mcp add srv npx -y pkg')).toThrow(/Unknown option "-y"\. If it belongs to the server's command, put "--" before/);
    expect(() => parseClaudeCommands('claude mcp add --transport ftp x y')).toThrow(/--transport must be stdio, sse or http/);
    expect(() => parseClaudeCommands('claude mcp add -s global x -- y')).toThrow(/--scope must be local, user or project/);
    expect(() => parseClaudeCommands('claude mcp add --env NOPE x -- y')).toThrow(/takes KEY=value/);
    expect(() => parseClaudeCommands("claude mcp add x -- 'unclosed")).toThrow(/single quote is not closed/);
    expect(() => parseClaudeCommands('claude mcp add x -- echo $(whoami)')).toThrow(/Command substitution/);
    expect(() => parseClaudeCommands('claude mcp remove x')).toThrow(/Expected "claude mcp add/);
  });

  it('Windows command lines keep their backslashes', () => {
    const cmd = parseClaudeCommands(
      'claude mcp add my-tools -s user ^\r\n  -e "DATA_DIR=C:\\Users\\ana\\data" ^\r\n  -- C:\\repo\\.venv\\Scripts\\python.exe -m tools_server --root "C:\\Program Files\\Tools"',
    );
    expect(entriesOf(cmd)).toEqual({
      'my-tools': { command: 'C:\\repo\\.venv\\Scripts\\python.exe', args: ['-m', 'tools_server', '--root', 'C:\\Program Files\\Tools'], env: { DATA_DIR: 'C:\\Users\\ana\\data' } },
    });
    expect(cmd.warnings).toContain('Read as a Windows command line: backslashes in paths are kept as written.');
    const powershell = parseClaudeCommands('claude mcp add files `\n  -e ROOT=$env:USERPROFILE\\docs `\n  -- .\\node_modules\\.bin\\mcp-files.cmd %APPDATA%\\files');
    expect(entriesOf(powershell)).toEqual({ files: { command: '.\\node_modules\\.bin\\mcp-files.cmd', args: ['${APPDATA}\\files'], env: { ROOT: '${USERPROFILE}\\docs' } } });
    // URL escapes are not cmd variables.
    expect(entriesOf(parseClaudeCommands('claude mcp add pg -- npx -y @modelcontextprotocol/server-postgres postgresql://u:p%E2%82%AC@localhost/db'))).toEqual({
      pg: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://u:p%E2%82%AC@localhost/db'] },
    });
    // A POSIX line that loses a backslash says so instead of changing a path silently.
    const posix = parseClaudeCommands('claude mcp add t -- node repo\\server.js');
    expect(entriesOf(posix)).toEqual({ t: { command: 'node', args: ['reposerver.js'] } });
    expect(posix.warnings.join('\n')).toMatch(/backslash before "s" was read as a shell escape and dropped/);
  });

  it('splits words like a shell', () => {
    expect(splitCommands(`a 'b c' "d \\"e\\"" f\\ g # comment\nh && i; j`)).toEqual([['a', 'b c', 'd "e"', 'f g'], ['h'], ['i'], ['j']]);
    expect(splitCommands('a `\n b ^\n c')).toEqual([['a', 'b', 'c']]);
    expect(splitCommands("x '$HOME' \"$HOME\" ${A:-b}")).toEqual([['x', '$HOME', '${HOME}', '${A:-b}']]);
  });
});

describe('names', () => {
  it('suggests names from packages and hosts, cleans invalid ones, and avoids taken ones', () => {
    expect(nameFromEntry({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-github@1.2.0'] })).toBe('github');
    expect(nameFromEntry({ command: 'uvx', args: ['mcp-server-fetch'] })).toBe('fetch');
    expect(nameFromEntry({ command: 'npx', args: ['-y', 'airtable-mcp-server'] })).toBe('airtable');
    expect(nameFromEntry({ command: '/usr/local/bin/weather.py' })).toBe('weather');
    expect(nameFromEntry({ url: 'https://mcp.sentry.dev/mcp' })).toBe('sentry');
    expect(nameFromEntry({ url: 'http://127.0.0.1:3000/mcp' })).toBe('server');
    expect(validNameFor('My Server.v2')).toBe('My-Server-v2');
    expect(validNameFor('ok_name-1')).toBe('ok_name-1');
    // Names every object already has would vanish in plain objects: an import never suggests them.
    expect(validNameFor('__proto__')).toBe('server-__proto__');
    expect(validNameFor('constructor')).toBe('server-constructor');
    expect(uniqueName('a', (n) => ['a', 'a-2'].includes(n))).toBe('a-3');
  });
});

describe('export, and a round trip through every format', () => {
  const stdio: ExportEntry = { name: 'files', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${HOME}/docs'], env: { LOG: 'debug' }, cwd: '/tmp' } };
  const http: ExportEntry = { name: 'remote', config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } } };
  const sse: ExportEntry = { name: 'legacy', config: { type: 'sse', url: 'https://mcp.example.com/sse' } };
  const ws: ExportEntry = { name: 'socket', config: { type: 'ws', url: 'ws://127.0.0.1:9000' } };

  const reimport = (format: ExportFormat, text: string): Record<string, unknown> => {
    const value = json(text);
    return entriesOf(format === 'vscode' ? parseVsCode(value, {}) : parseMcpServers(value, {}));
  };
  const asMap = (entries: ExportEntry[]) => Object.fromEntries(entries.map((e) => [e.name, e.config]));

  const SCHEMAS: Partial<Record<Exclude<ExportFormat, 'mcp-servers'>, string>> = {
    'claude-code': 'claude-code-mcp.schema.json',
    'claude-desktop': 'claude-desktop.schema.json',
    cursor: 'cursor-mcp.schema.json',
    vscode: 'vscode-mcp.schema.json',
  };
  const schemaOf = (format: Exclude<ExportFormat, 'mcp-servers'>) => JSON.parse(readFileSync(path.join(__dirname, 'schemas', SCHEMAS[format]!), 'utf8'));
  /** What the file must pass: the client's own schema. */
  const expectValid = (format: ExportFormat, text: string) => {
    if (format === 'mcp-servers') return;
    const result = validateAgainstSchema(schemaOf(format), JSON.parse(text));
    expect(result.issues).toEqual([]);
  };
  const withoutCwd = (entries: readonly ExportEntry[]) => entries.map((e) => ({ ...e, config: stripKey(e.config, 'cwd') }));
  const stripKey = (config: ServerConfig, key: string) => Object.fromEntries(Object.entries(config).filter(([k]) => k !== key)) as ServerConfig;

  it.each([
    ['mcp-servers', [stdio, http, sse, ws], [stdio, http, sse, ws]],
    ['claude-code', [stdio, http, sse, ws], withoutCwd([stdio, http, sse, ws])],
    ['claude-desktop', [stdio], withoutCwd([stdio])],
    // Cursor writes a Streamable HTTP entry as a bare URL, which reads back as inferred (SSE fallback allowed).
    ['cursor', [stdio, http, sse], withoutCwd([stdio, { ...http, config: { ...http.config, typeInferred: true } }, sse])],
    ['vscode', [stdio, http, sse], [stdio, http, sse]],
  ] as const)('%s: the export passes the client\'s schema, and importing it gives the same entries (less what the client does not read)', (format, entries, back) => {
    const exported = exportServers([...entries], format);
    expectValid(format, exported.text);
    expect(reimport(format, exported.text)).toEqual(asMap([...back]));
  });

  it('writes only what each client reads, lists the rest, and passes every client\'s schema', () => {
    // Entries as they arrive from the wild: other clients' fields, our own, OAuth, a variable URL.
    const wild: ExportEntry[] = [
      { name: 'cline', config: { command: 'npx', args: ['-y', 'pkg'], cwd: '/srv', envFile: '.env', dev: { watch: 'src/**' }, autoApprove: ['a'], disabledTools: ['b'], transport: 'stdio' } as ServerConfig },
      { name: 'gh', config: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headersHelper: '/bin/gh-headers', oauth: { clientId: 'Iv1.abc', callbackPort: 8123, scopes: ['repo'] } } as ServerConfig },
      { name: 'varurl', config: { type: 'http', url: '${MCP_BASE}/mcp' } },
      { name: 'off', config: { command: 'x', enabled: false } },
    ];
    const code = exportServers(wild, 'claude-code');
    expectValid('claude-code', code.text);
    expect(JSON.parse(code.text).mcpServers).toEqual({
      cline: { command: 'npx', args: ['-y', 'pkg'] },
      gh: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', headersHelper: '/bin/gh-headers', oauth: { clientId: 'Iv1.abc', callbackPort: 8123 } },
      varurl: { type: 'http', url: '${MCP_BASE}/mcp' },
    });
    expect(code.warnings).toEqual(
      expect.arrayContaining([
        '"cline": Claude Code does not read cwd, envFile, dev, autoApprove, disabledTools, transport; they were left out.',
        '"gh": Claude Code does not read oauth.scopes; it was left out.',
        '"off" was left out: it is switched off here, and Claude Code\'s file has no way to switch a server off. Switch it on to export it.',
      ]),
    );

    const cursor = exportServers(wild, 'cursor');
    expectValid('cursor', cursor.text);
    expect(JSON.parse(cursor.text).mcpServers).toMatchObject({
      cline: { command: 'npx', args: ['-y', 'pkg'], envFile: '.env' },
      gh: { url: 'https://api.githubcopilot.com/mcp/', auth: { CLIENT_ID: 'Iv1.abc', scopes: ['repo'] } },
    });
    expect(cursor.warnings).toContain('"gh": Cursor does not read headersHelper, oauth.callbackPort; they were left out.');

    const vscode = exportServers(wild, 'vscode');
    expectValid('vscode', vscode.text);
    expect(JSON.parse(vscode.text).servers).toEqual({
      cline: { type: 'stdio', command: 'npx', args: ['-y', 'pkg'], cwd: '/srv', envFile: '.env', dev: { watch: 'src/**' } },
      gh: { type: 'http', url: 'https://api.githubcopilot.com/mcp/' },
    });
    expect(vscode.warnings).toEqual(
      expect.arrayContaining([
        '"gh": VS Code does not read headersHelper, oauth.clientId, oauth.callbackPort, oauth.scopes; they were left out.',
        '"varurl" was left out: its URL ${env:MCP_BASE}/mcp does not start with http:// or https://, which VS Code\'s mcp.json requires.',
      ]),
    );

    const desktop = exportServers(wild, 'claude-desktop');
    expectValid('claude-desktop', desktop.text);
    expect(JSON.parse(desktop.text).mcpServers).toEqual({ cline: { command: 'npx', args: ['-y', 'pkg'] } });
  });

  it('writes each client’s own shape', () => {
    expect(JSON.parse(exportServers([stdio, http], 'cursor').text)).toEqual({
      mcpServers: {
        files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${env:HOME}/docs'], env: { LOG: 'debug' } },
        remote: { url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } },
      },
    });
    expect(JSON.parse(exportServers([stdio, http], 'vscode').text)).toEqual({
      servers: {
        files: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${env:HOME}/docs'], env: { LOG: 'debug' }, cwd: '/tmp' },
        remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { 'X-Team': 'core' } },
      },
    });
    const desktop = exportServers([stdio, http], 'claude-desktop');
    expect(Object.keys(JSON.parse(desktop.text).mcpServers)).toEqual(['files']);
    expect(desktop.warnings).toContain('"remote" was left out: Claude Desktop does not support the http transport.');
    expect(exportServers([stdio], 'vscode').fileName).toBe('mcp.json');
  });

  it('keeps our own fields only where they belong', () => {
    const ours: ExportEntry = { name: 'x', config: { command: 'x', connectTimeoutMs: 5000, notes: 'mine' } as ServerConfig };
    const off: ExportEntry = { name: 'y', config: { command: 'y', enabled: false } };
    expect(JSON.parse(exportServers([ours, off], 'mcp-servers').text).mcpServers).toEqual({ x: ours.config, y: off.config });
    expect(JSON.parse(exportServers([ours, off], 'claude-code').text).mcpServers).toEqual({ x: { command: 'x' } });
    expect(JSON.parse(exportServers([ours], 'cursor').text).mcpServers.x).toEqual({ command: 'x' });
  });

  it('says plainly that Claude Desktop passes ${VAR} through as text', () => {
    const secret: ExportEntry = { name: 'gh', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:k1}' } } };
    const desktop = exportServers([secret], 'claude-desktop');
    expectValid('claude-desktop', desktop.text);
    expect(desktop.warnings).toEqual([
      'Secret values are not exported, and Claude Desktop does not expand ${VAR}: it would pass the text ${GITHUB_PERSONAL_ACCESS_TOKEN} to the server as it is. Replace GITHUB_PERSONAL_ACCESS_TOKEN in the file with the real values.',
    ]);
  });

  it('never exports a secret value: references become variables, or VS Code password inputs', () => {
    const secret: ExportEntry = {
      name: 'gh',
      config: { type: 'http', url: 'https://x.dev/mcp', headers: { Authorization: '${secret:gh.headers.Authorization.abc}' }, oauth: { clientId: 'c', clientSecret: '${secret:k2}' } },
    };
    const stdioSecret: ExportEntry = { name: 'db', config: { command: 'db-mcp', env: { DB_PASSWORD: '${secret:k3}', PORT: '${PORT:-5432}' } } };
    const code = exportServers([secret, stdioSecret], 'claude-code');
    expect(code.text).not.toContain('secret:');
    expect(JSON.parse(code.text).mcpServers).toEqual({
      gh: { type: 'http', url: 'https://x.dev/mcp', headers: { Authorization: '${GH_AUTHORIZATION}' }, oauth: { clientId: 'c' } },
      db: { command: 'db-mcp', env: { DB_PASSWORD: '${DB_PASSWORD}', PORT: '${PORT:-5432}' } },
    });
    expect(code.warnings.join('\n')).toMatch(/set GH_AUTHORIZATION, DB_PASSWORD before starting it/);

    const vscode = exportServers([stdioSecret], 'vscode');
    const body = JSON.parse(vscode.text);
    expect(body.inputs).toEqual([{ type: 'promptString', id: 'db-env-DB_PASSWORD', description: 'db: env.DB_PASSWORD', password: true }]);
    expect(body.servers.db.env).toEqual({ DB_PASSWORD: '${input:db-env-DB_PASSWORD}', PORT: '${env:PORT}' });
    expect(vscode.warnings.join('\n')).toMatch(/defaults of PORT were dropped/);
    // Imported back, the secret comes back as a password input to ask for.
    expect(parseVsCode(body, {}).inputs).toEqual([{ id: 'db-env-DB_PASSWORD', description: 'db: env.DB_PASSWORD', password: true, usedBy: ['db'] }]);
  });
});
