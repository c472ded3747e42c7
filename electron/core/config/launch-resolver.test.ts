import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerConfig, StdioServerConfig } from '../../../shared/config/server-config';
import { FileSecretStore } from '../secrets/file-secret-store';
import { findCommand } from './command-path';
import { createLaunchResolver } from './launch-resolver';

let dir: string;
beforeEach(async () => {
  dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-launch-')));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function executable(file: string): Promise<string> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return file;
}

describe('findCommand', () => {
  it('looks the command up in PATH, in order, skipping non-executables and folders', async () => {
    const first = path.join(dir, 'a');
    const second = path.join(dir, 'b');
    await fs.mkdir(path.join(first, 'tool'), { recursive: true });
    await fs.writeFile(path.join(first, 'plain'), 'x', { mode: 0o644 });
    await executable(path.join(second, 'tool'));
    await executable(path.join(second, 'plain'));
    const PATH = [first, '', second].join(path.delimiter);
    expect(await findCommand('tool', { PATH, platform: 'linux' })).toBe(path.join(second, 'tool'));
    expect(await findCommand('plain', { PATH, platform: 'linux' })).toBe(path.join(second, 'plain'));
    expect(await findCommand('missing', { PATH, platform: 'linux' })).toBeUndefined();
  });

  it('takes a command with a slash as a path, relative to cwd', async () => {
    await executable(path.join(dir, 'bin', 'srv'));
    expect(await findCommand('./bin/srv', { PATH: '', cwd: dir, platform: 'linux' })).toBe(path.join(dir, 'bin', 'srv'));
    expect(await findCommand(path.join(dir, 'bin', 'nope'), { PATH: '', platform: 'linux' })).toBeUndefined();
  });
});

describe('createLaunchResolver', () => {
  it('adds the variables of envFile (VS Code, Cursor) to the environment, env winning, and names a missing file', async () => {
    const project = path.join(dir, 'app');
    await fs.mkdir(project);
    const tool = await executable(path.join(dir, 'bin', 'api-server'));
    await fs.writeFile(path.join(project, '.env'), '# local settings\nAPI_BASE=https://api.example.com\nLOG_LEVEL=info\nQUOTED="two words"\n');
    const resolver = createLaunchResolver({ secrets: new FileSecretStore(path.join(dir, 's.json')), environment: async () => ({ PATH: path.join(dir, 'bin') }), platform: 'linux', projectDir: () => project });
    const entry = { command: 'api-server', env: { LOG_LEVEL: 'debug' }, envFile: '${CLAUDE_PROJECT_DIR}/.env' } as ServerConfig;
    expect((await resolver.resolve('api', entry)) as StdioServerConfig).toMatchObject({
      command: tool,
      env: { PATH: path.join(dir, 'bin'), API_BASE: 'https://api.example.com', LOG_LEVEL: 'debug', QUOTED: 'two words' },
    });
    // Relative to the project when the entry has no cwd.
    expect(((await resolver.resolve('api', { ...entry, envFile: '.env' } as ServerConfig)) as StdioServerConfig).env?.API_BASE).toBe('https://api.example.com');
    await expect(resolver.resolve('api', { ...entry, envFile: '.env.missing' } as ServerConfig)).rejects.toThrow(
      `Server "api": envFile ${path.join(project, '.env.missing')} cannot be read (there is no such file).`,
    );
  });

  it("uses Codex's env_vars and env_http_headers: set variables only, written values winning, header values masked in logs", async () => {
    const bin = path.join(dir, 'bin');
    await executable(path.join(bin, 'docs-server'));
    const seen: string[] = [];
    const environment = async () => ({ PATH: bin, DOCS_API_KEY: 'from-env', LOG_LEVEL: 'debug', ORG_ID: 'org-42', EMPTY: '  ' });
    const resolver = createLaunchResolver({ secrets: new FileSecretStore(path.join(dir, 's.json')), environment, platform: 'linux', onSecret: (v) => seen.push(v) });
    const stdio = { command: 'docs-server', env: { LOG_LEVEL: 'info' }, env_vars: ['DOCS_API_KEY', 'LOG_LEVEL', 'UNSET'] } as ServerConfig;
    expect(((await resolver.resolve('docs', stdio)) as StdioServerConfig).env).toEqual({ PATH: bin, DOCS_API_KEY: 'from-env', LOG_LEVEL: 'info' });
    const http = { type: 'http', url: 'https://mcp.figma.com/mcp', headers: { 'X-Region': 'us' }, env_http_headers: { 'X-Org-Id': 'ORG_ID', 'X-Region': 'ORG_ID', 'X-Empty': 'EMPTY', 'X-Unset': 'UNSET' } } as ServerConfig;
    expect(((await resolver.resolve('figma', http)) as { headers?: Record<string, string> }).headers).toEqual({ 'X-Org-Id': 'org-42', 'X-Region': 'us' });
    expect(seen).toContain('org-42');
  });

  it('fills in ${CLAUDE_PROJECT_DIR} with the open project, as Claude Code does in .mcp.json', async () => {
    const project = path.join(dir, 'shop');
    const tool = await executable(path.join(project, 'scripts', 'mcp-server'));
    let open: string | undefined = project;
    const resolver = createLaunchResolver({ secrets: new FileSecretStore(path.join(dir, 's.json')), environment: async () => ({ PATH: '' }), platform: 'linux', projectDir: () => open });
    // A real .mcp.json entry: the server's script and data live in the project.
    const entry = { command: '${CLAUDE_PROJECT_DIR}/scripts/mcp-server', args: ['--db', '${CLAUDE_PROJECT_DIR}/data/shop.db'] };
    expect(await resolver.resolve('shop', entry)).toEqual({ command: tool, args: ['--db', path.join(project, 'data', 'shop.db')], env: {} });
    expect(await resolver.describe('shop', entry)).toEqual({ commandPath: tool });
    open = undefined;
    await expect(resolver.resolve('shop', entry)).rejects.toThrow(/\$\{CLAUDE_PROJECT_DIR\}, which is not set/);
  });

  it('expands, fills in secrets, resolves the command on the given PATH and hands that PATH to the server', async () => {
    const bin = path.join(dir, 'bin');
    const tool = await executable(path.join(bin, 'my-server'));
    const secrets = new FileSecretStore(path.join(dir, 'secrets.json'));
    const key = 'demo.env.API_KEY.0123456789abcdef';
    await secrets.set(key, 's3cret-value');
    const seen: string[] = [];
    const resolver = createLaunchResolver({ secrets, environment: async () => ({ PATH: bin, REGION: 'eu' }), platform: 'linux', onSecret: (v) => seen.push(v) });
    const stored = { command: 'my-server', args: ['--region=${REGION}'], env: { API_KEY: `\${secret:${key}}` } };
    const launched = await resolver.resolve('demo', stored);
    expect(launched).toEqual({ command: tool, args: ['--region=eu'], env: { PATH: bin, API_KEY: 's3cret-value' } });
    expect(stored.env.API_KEY).toBe(`\${secret:${key}}`);
    expect(seen).toEqual(['s3cret-value']);
    expect(await resolver.describe('demo', stored)).toEqual({ commandPath: tool });
  });

  it('fails with "command not found" and with the missing variable, naming server and field', async () => {
    const resolver = createLaunchResolver({ secrets: new FileSecretStore(path.join(dir, 's.json')), environment: async () => ({ PATH: dir }), platform: 'linux' });
    await expect(resolver.resolve('demo', { command: 'uvx-missing' })).rejects.toThrow(/Could not start "uvx-missing": command not found/);
    expect(await resolver.describe('demo', { command: 'uvx-missing' })).toEqual({ problem: expect.stringContaining('command not found') });
    await expect(resolver.resolve('demo', { type: 'http', url: 'https://${MCP_HOST}/mcp' })).rejects.toThrow('Server "demo": url uses ${MCP_HOST}, which is not set.');
    expect(await resolver.describe('demo', { command: '${TOOL}' })).toEqual({ problem: expect.stringContaining('command uses ${TOOL}') });
  });
});
