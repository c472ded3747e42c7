import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from './exit-codes';
import { adhocServer, serversFromFile } from './server-source';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('ad-hoc servers', () => {
  it('splits --stdio like a shell (quotes, $VAR as a reference expanded at launch) and names it after its package or script', () => {
    expect(adhocServer({ stdio: `npx -y "@modelcontextprotocol/server-everything" --dir 'My Files'`, env: ['TOKEN=${GH_TOKEN}', 'MODE=a=b'] })).toEqual({
      name: 'everything',
      config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', '--dir', 'My Files'], env: { TOKEN: '${GH_TOKEN}', MODE: 'a=b' } },
    });
    expect(adhocServer({ stdio: 'node /srv/weather-server.mjs --key $API_KEY' })).toEqual({
      name: 'weather-server',
      config: { command: 'node', args: ['/srv/weather-server.mjs', '--key', '${API_KEY}'] },
    });
    expect(adhocServer({ stdio: 'uv run server.py', name: 'mine' })?.name).toBe('mine');
  });

  it('builds --url servers: transport from the scheme unless given, headers as "Name: value"', () => {
    expect(adhocServer({ url: 'https://mcp.example.com/mcp', header: ['Authorization: Bearer ${TOKEN}', 'X-Team:blue'] })).toEqual({
      name: 'example',
      // No --transport: inferred, so an SSE-only server is still reached (the spec's fallback).
      config: { type: 'http', typeInferred: true, url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}', 'X-Team': 'blue' } },
    });
    expect(adhocServer({ url: 'https://mcp.example.com/mcp', transport: 'http' })?.config).toEqual({ type: 'http', url: 'https://mcp.example.com/mcp' });
    expect(adhocServer({ url: 'http://127.0.0.1:8123/sse', transport: 'sse' })).toEqual({ name: 'localhost-8123', config: { type: 'sse', url: 'http://127.0.0.1:8123/sse' } });
    expect(adhocServer({ url: 'wss://ws.example.org/' })?.config).toEqual({ type: 'ws', url: 'wss://ws.example.org/' });
    expect(adhocServer({})).toBeUndefined();
  });

  it('refuses contradictory or malformed options with a usage error that says what to write', () => {
    const cases: Array<[Parameters<typeof adhocServer>[0], RegExp]> = [
      [{ stdio: 'x', url: 'http://a/' }, /either --stdio or --url/],
      [{ stdio: 'x', header: ['A: b'] }, /--header goes with --url/],
      [{ url: 'http://a/', env: ['A=b'] }, /--env goes with --stdio/],
      [{ transport: 'sse' }, /--transport goes with --url/],
      [{ name: 'x' }, /--name names an ad-hoc server/],
      [{ stdio: 'a && b' }, /one command/],
      [{ stdio: 'cat x | server' }, /pipe/],
      [{ stdio: '"unclosed' }, /not closed/],
      [{ stdio: '' }, /needs a command line/],
      [{ url: 'not a url' }, /is not a URL/],
      [{ url: 'ftp://a/' }, /only http, https, ws and wss/],
      [{ url: 'http://a/', transport: 'ws' }, /needs a ws:\/\/ or wss:\/\/ URL/],
      [{ url: 'ws://a/', transport: 'http' }, /use --transport ws/],
      [{ url: 'http://a/', transport: 'stdio' }, /is not one of http, sse, ws/],
      [{ url: 'http://a/', header: ['no colon'] }, /is not "Name: value"/],
      [{ stdio: 'x', name: 'bad name' }, /--name "bad name"/],
    ];
    for (const [options, message] of cases) {
      expect(() => adhocServer(options), JSON.stringify(options)).toThrow(message);
      expect(() => adhocServer(options)).toThrow(CliError);
    }
  });
});

describe('--config files', () => {
  it("fills in ${CLAUDE_PROJECT_DIR} with the .mcp.json file's folder", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-config-project-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { db: { command: '${CLAUDE_PROJECT_DIR}/bin/db-mcp', args: ['--data', '${CLAUDE_PROJECT_DIR}/data'], envFile: '${CLAUDE_PROJECT_DIR}/.env' } } }));
    const { fixed } = await serversFromFile('.mcp.json', dir);
    expect(fixed.entries).toEqual([['db', { command: `${dir}/bin/db-mcp`, args: ['--data', `${dir}/data`], envFile: `${dir}/.env` }]]);
  });

  it('skips an entry that needs a VS Code ${input:…}, saying what to write instead', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-config-input-'));
    dirs.push(dir);
    await fs.mkdir(path.join(dir, '.vscode'));
    await fs.writeFile(
      path.join(dir, '.vscode', 'mcp.json'),
      JSON.stringify({
        inputs: [{ type: 'promptString', id: 'perplexity-key', description: 'Perplexity API Key', password: true }],
        servers: { perplexity: { type: 'stdio', command: 'npx', args: ['-y', 'server-perplexity-ask'], env: { PERPLEXITY_API_KEY: '${input:perplexity-key}' } }, time: { command: 'uvx', args: ['mcp-server-time'] } },
      }),
    );
    const { fixed, skipped } = await serversFromFile(path.join(dir, '.vscode', 'mcp.json'), '/');
    expect(fixed.entries.map(([name]) => name)).toEqual(['time']);
    expect(skipped).toEqual([
      '"perplexity" is skipped: it uses ${input:perplexity-key}, which only VS Code asks for. In a copy of the file, write an environment variable in its place (e.g. ${PERPLEXITY_KEY}) and set it, or import the file into the app, which asks for the value.',
    ]);
  });

  it('reads mcpServers and VS Code files, skipping invalid entries with a note', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-cli-config-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'servers.json'), JSON.stringify({ mcpServers: { good: { command: 'node' }, 'bad name': { command: 'x' }, broken: { type: 'http' } } }));
    const { fixed, skipped } = await serversFromFile('servers.json', dir);
    expect(fixed).toEqual({ source: path.join(dir, 'servers.json'), entries: [['good', { command: 'node' }], ['bad-name', { command: 'x' }]] });
    expect(skipped).toEqual(['"bad name" is not a valid server name; it is called "bad-name" here.', expect.stringMatching(/^"broken" is skipped: url: /)]);

    await fs.mkdir(path.join(dir, '.vscode'));
    await fs.writeFile(path.join(dir, '.vscode', 'mcp.json'), '{ // comments are fine\n "servers": { "fs": { "type": "stdio", "command": "node", "args": ["${workspaceFolder}/srv.mjs"] } } }');
    const vscode = await serversFromFile(path.join(dir, '.vscode', 'mcp.json'), '/');
    expect(vscode.fixed.entries).toEqual([['fs', { command: 'node', args: [`${dir}/srv.mjs`] }]]);

    await expect(serversFromFile('missing.json', dir)).rejects.toThrow(/--config: No file at/);
  });
});
