/**
 * The configuration API on a real core: real files in temporary folders, a real secret
 * store, real stdio fixture servers. The login shell is replaced by a fixed environment
 * and other clients' files are looked for in a temporary home folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { AppEvent } from '../../../shared/events';
import { PROJECT_FILE, SERVERS_FILE } from '../config/server-registry';
import { FileSecretStore, PLAIN_SECRETS_FILE } from '../secrets/file-secret-store';
import { MASK } from '../secrets/secret-redactor';
import { createCore, type Core } from './core-api';

let root: string;
let dataDir: string;
let home: string;
let project: string;
let core: Core | undefined;
let events: AppEvent[];

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nodeDir = path.dirname(process.execPath);

beforeEach(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-core-config-')));
  dataDir = path.join(root, 'data');
  home = path.join(root, 'home');
  project = path.join(root, 'project');
  await Promise.all([fs.mkdir(home), fs.mkdir(project)]);
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await fs.rm(root, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<Core> {
  core = await createCore({
    dataDir,
    env: { PATH: '/usr/bin:/bin' },
    shellEnv: async () => ({ env: { PATH: nodeDir, ...env } }),
    importLocator: { home, platform: 'linux', env: {} },
    // A project server that is not approved: the user answers "Start once".
    projectServerConsent: async () => 'once',
  });
  events = [];
  core.events.subscribe((event) => events.push(event));
  return core;
}

const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'));
const secretsOnDisk = async () => (await readJson(path.join(dataDir, PLAIN_SECRETS_FILE))).secrets as Record<string, string>;

/**
 * Resolves with `check`'s first truthy answer, checking again after every event the core
 * emits: each change these tests wait for (a line from a server, a state, a config file
 * another program changed) arrives as one.
 */
async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    // Listening before checking, so an event between the check and the wait is not missed.
    const next = nextEvent(deadline - Date.now());
    const value = await check();
    if (value) {
      next.cancel();
      return value;
    }
    if (!(await next.arrived)) throw new Error(`Timed out waiting for ${what}`);
  }
}

/** The next event of the core, or false once `limitMs` has passed without one. */
function nextEvent(limitMs: number): { arrived: Promise<boolean>; cancel: () => void } {
  let cancel = () => undefined as void;
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), Math.max(0, limitMs));
    const unsubscribe = core!.events.subscribe(() => done(true));
    const done = (value: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    cancel = () => done(false);
  });
  return { arrived, cancel };
}

describe('servers with secrets', () => {
  it('stores a secret env value in the secret store, launches with it, masks it in logs, and never writes it to the config', async () => {
    const { api } = await start();
    const secret = 'sk-live-0123456789';
    const view = await api.addServer({
      name: 'envy',
      config: { command: 'node', args: [fixtureServer('env-stdio')], env: { API_KEY: secret, MODE: 'test' } },
      secretFields: [['env', 'API_KEY']],
    });
    expect(view).toMatchObject({ status: 'connected', scope: 'user', launch: { commandPath: path.join(nodeDir, 'node') } });
    const stored = (await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.envy;
    expect(stored.env.MODE).toBe('test');
    expect(stored.env.API_KEY).toMatch(/^\$\{secret:envy\.env\.API_KEY\.[0-9a-f]{16}\}$/);
    expect(JSON.stringify(await readJson(path.join(dataDir, SERVERS_FILE)))).not.toContain(secret);
    expect(Object.values(await secretsOnDisk())).toEqual([secret]);

    // The process got the value; the login shell's PATH went with it.
    const result = await api.callTool({ server: 'envy', tool: 'env-sha256', arguments: { name: 'API_KEY' }, confirmed: true });
    expect(result.content).toEqual([{ type: 'text', text: sha256(secret) }]);
    // A tool that echoes the secret has it masked in what the core hands out.
    const echoed = await api.callTool({ server: 'envy', tool: 'env', arguments: { name: 'API_KEY' }, confirmed: true });
    expect(echoed.content).toEqual([{ type: 'text', text: MASK }]);
    const pathResult = await api.callTool({ server: 'envy', tool: 'env', arguments: { name: 'PATH' }, confirmed: true });
    expect(pathResult.content).toEqual([{ type: 'text', text: [...new Set([nodeDir, '/usr/bin', '/bin'])].join(':') }]);

    // The server printed its key to stderr: the log line is masked.
    const line = await waitFor(() => events.find((e) => e.type === 'server-log' && e.line.startsWith('env-fixture: started')), 'the start line');
    expect(line).toMatchObject({ line: 'env-fixture: started with API_KEY=••••••' });

    // The list shows the reference, never the value.
    const [listed] = await api.listServers();
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('editing keeps an unchanged secret, replaces a changed one, and removing deletes it', async () => {
    const { api } = await start();
    await api.addServer({ name: 'a', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer one' } }, secretFields: [['headers', 'Authorization']] });
    const [first] = await api.listServers();
    const ref = (first!.config as { headers: Record<string, string> }).headers.Authorization!;

    await api.updateServer({ name: 'a', scope: 'user', config: { type: 'http', url: 'http://127.0.0.1:9/v2', headers: { Authorization: ref } } });
    expect(Object.values(await secretsOnDisk())).toEqual(['Bearer one']);

    await api.updateServer({ name: 'a', scope: 'user', newName: 'b', config: { type: 'http', url: 'http://127.0.0.1:9/v2', headers: { Authorization: 'Bearer two' } }, secretFields: [['headers', 'Authorization']] });
    expect(Object.values(await secretsOnDisk())).toEqual(['Bearer two']);
    expect((await api.listServers()).map((s) => s.name)).toEqual(['b']);

    // A duplicate gets its own copy of the secret.
    await api.duplicateServer({ name: 'b', newName: 'c' });
    expect(Object.values(await secretsOnDisk())).toEqual(['Bearer two', 'Bearer two']);
    await api.removeServer({ name: 'b' });
    expect(Object.values(await secretsOnDisk())).toEqual(['Bearer two']);
    await api.removeServer({ name: 'c' });
    expect(await secretsOnDisk()).toEqual({});
  });

  it('fails a launch with a missing variable, naming the server and the field, and shows "command not found"', async () => {
    const { api } = await start();
    const view = await api.addServer({ name: 'vars', config: { command: 'node', args: ['${SERVER_DIR}/x.js'] } });
    expect(view).toMatchObject({ status: 'failed', error: 'Server "vars": args[0] uses ${SERVER_DIR}, which is not set. Set it in the environment, or give a default like ${SERVER_DIR:-value}.' });
    const ghost = await api.addServer({ name: 'ghost', config: { command: 'uvx-not-installed' } });
    expect(ghost.error).toMatch(/Could not start "uvx-not-installed": command not found/);
    expect((await api.listServers()).find((s) => s.name === 'ghost')?.launch).toEqual({ problem: expect.stringContaining('command not found') });
  });

  it('expands variables from the login shell environment at launch, and never writes them back', async () => {
    const { api } = await start({ FIXTURE_DIR: path.dirname(fixtureServer('env-stdio')), THE_KEY: 'from-shell' });
    const config = { command: 'node', args: ['${FIXTURE_DIR}/env-stdio.mjs'], env: { API_KEY: '${THE_KEY}', OTHER: '${UNSET:-fallback}' } };
    const view = await api.addServer({ name: 'expand', config });
    expect(view.status).toBe('connected');
    expect((await api.callTool({ server: 'expand', tool: 'env', arguments: { name: 'OTHER' }, confirmed: true })).content).toEqual([{ type: 'text', text: 'fallback' }]);
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.expand).toEqual(config);
  });

  it('disabling closes the server and keeps it from connecting; enabling connects it again', async () => {
    const { api } = await start();
    await api.addServer({ name: 'basic', config: { command: 'node', args: [fixtureServer('basic-stdio')] } });
    const off = await api.setServerEnabled({ name: 'basic', enabled: false });
    expect(off).toMatchObject({ status: 'disabled', config: { enabled: false } });
    expect((await api.connectServer({ name: 'basic' })).status).toBe('disabled');
    const on = await api.setServerEnabled({ name: 'basic', enabled: true });
    expect(on.status).toBe('connected');
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.basic).toEqual({ command: 'node', args: [fixtureServer('basic-stdio')] });
  });
});

describe('saving without waiting for the connection', () => {
  it('background: the answer comes once the entry is saved, while its connect is still under way; the outcome arrives as an event', async () => {
    const { api } = await start();
    // A server that never answers initialize: waiting for it would take the whole connect timeout.
    const silent = { command: 'node', args: [fixtureServer('silent-stdio')], connectTimeoutMs: 60_000 };
    const added = await api.addServer({ name: 'quiet', config: silent, background: true });
    expect(added.status).toBe('pending');
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.quiet).toBeDefined();

    // An edit that fixes it: the answer again comes at once, and the new entry connects.
    const fixed = await api.updateServer({ name: 'quiet', scope: 'user', config: { command: 'node', args: [fixtureServer('basic-stdio')] }, background: true });
    expect(fixed.status).not.toBe('connected');
    await waitFor(() => events.find((e) => e.type === 'server-state' && e.server.name === 'quiet' && e.server.status === 'connected'), 'quiet to connect after the edit');
  });
});

describe('projects and scopes', () => {
  it('opens a project, merges its scopes, moves servers, remembers it, and keeps working when its file breaks', async () => {
    let { api } = await start();
    await api.addServer({ name: 'shared', config: { command: 'node', args: [fixtureServer('basic-stdio')] } });
    await fs.writeFile(path.join(project, PROJECT_FILE), JSON.stringify({ mcpServers: { shared: { command: 'project-version' }, team: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }));
    const status = await api.openProject({ path: project });
    expect(status).toMatchObject({ project, availableScopes: ['user', 'project', 'local'], nativeDialogs: false, secretStore: { encrypted: false, warning: expect.stringContaining('not encrypted') } });
    const servers = await api.listServers();
    // The project's "shared" does not take the name of the user's own: it is held beside it until approved.
    expect(servers.map((s) => [s.name, s.scope, s.shadows, s.heldProjectEntry?.config])).toEqual([
      ['shared', 'user', [], { command: 'project-version' }],
      ['team', 'project', [], undefined],
    ]);
    // A project's servers never start by themselves.
    expect(servers.find((s) => s.name === 'team')?.status).toBe('disconnected');

    await api.moveServer({ name: 'team', from: 'project', to: 'local' });
    expect((await api.listServers()).find((s) => s.name === 'team')?.scope).toBe('local');
    expect((await readJson(path.join(project, PROJECT_FILE))).mcpServers.team).toBeUndefined();

    // The project is remembered across restarts.
    await core!.dispose();
    ({ api } = await start());
    expect((await api.getConfigStatus()).project).toBe(project);

    // Broken project file: the other scopes keep working and the problem names the place.
    await fs.writeFile(path.join(project, PROJECT_FILE), '{\n  "mcpServers": {\n    "shared": {"command": }\n  }\n}');
    const broken = await waitFor(async () => (await api.getConfigStatus()).files.find((f) => f.problem), 'the problem');
    expect(broken).toMatchObject({ scope: 'project', path: path.join(project, PROJECT_FILE), problem: { line: 3, column: 27 } });
    expect(events.some((e) => e.type === 'config-changed' && e.external)).toBe(true);
    const view = await api.connectServer({ name: 'team' });
    expect(view.scope).toBe('local');
    await expect(api.addServer({ name: 'nope', scope: 'project', config: { command: 'x' } })).rejects.toThrow(/Not saving: .*does not parse/);

    await api.closeProject();
    expect((await api.listServers()).map((s) => [s.name, s.scope])).toEqual([['shared', 'user']]);
  });

  it('a project given for one run (the CLI\'s --project) is opened but not remembered; null opens none', async () => {
    let { api } = await start();
    const other = path.join(root, 'other');
    await fs.mkdir(other);
    await fs.writeFile(path.join(other, PROJECT_FILE), JSON.stringify({ mcpServers: { theirs: { command: 'node' } } }));
    await api.openProject({ path: project });
    await core!.dispose();

    core = await createCore({ dataDir, env: {}, shellEnv: async () => ({ env: {} }), project: other });
    expect((await core.api.getConfigStatus()).project).toBe(other);
    expect((await core.api.listServers()).map((s) => s.name)).toEqual(['theirs']);
    await core.dispose();
    core = await createCore({ dataDir, env: {}, shellEnv: async () => ({ env: {} }), project: null });
    expect((await core.api.getConfigStatus()).project).toBeUndefined();
    await core.dispose();
    await expect(createCore({ dataDir, env: {}, project: path.join(root, 'missing') })).rejects.toThrow(/No folder at/);
    // The remembered project is still the one the app opened.
    ({ api } = await start());
    expect((await api.getConfigStatus()).project).toBe(project);
  });
});

describe('connections follow the config', () => {
  it('a renamed running server keeps running; an external edit restarts a user server and stops a project one', async () => {
    const { api } = await start();
    const basic = { command: 'node', args: [fixtureServer('basic-stdio')] };
    await api.addServer({ name: 'one', config: basic });
    const renamed = await api.updateServer({ name: 'one', scope: 'user', newName: 'uno', config: basic });
    expect(renamed).toMatchObject({ name: 'uno', status: 'connected' });
    expect((await api.listServers()).map((s) => s.name)).toEqual(['uno']);

    // Another program changes the user entry: the server restarts with the new entry.
    const pidBefore = (await api.callTool({ server: 'uno', tool: 'pid', arguments: {}, confirmed: true })).content;
    await fs.writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify({ mcpServers: { uno: { ...basic, env: { CHANGED: '1' } } } }));
    await waitFor(async () => {
      const view = (await api.listServers())[0];
      if (view?.status !== 'connected' || !(view.config as { env?: object }).env) return undefined;
      const pid = (await api.callTool({ server: 'uno', tool: 'pid', arguments: {}, confirmed: true })).content;
      return JSON.stringify(pid) !== JSON.stringify(pidBefore) ? pid : undefined;
    }, 'the restart');

    // A connected project server changed on disk is stopped, not restarted.
    await fs.writeFile(path.join(project, PROJECT_FILE), JSON.stringify({ mcpServers: { team: basic } }));
    await api.openProject({ path: project });
    expect((await api.listServers()).find((s) => s.name === 'team')?.status).toBe('disconnected');
    expect((await api.connectServer({ name: 'team' })).status).toBe('connected');
    await fs.writeFile(path.join(project, PROJECT_FILE), JSON.stringify({ mcpServers: { team: { ...basic, args: [...basic.args, '--changed'] } } }));
    await waitFor(async () => (await api.listServers()).find((s) => s.name === 'team' && s.status === 'disconnected' && (s.config as { args: string[] }).args.length === 2), 'the project server to stop');

    // Removing a local entry that hid a project one does not start the project one.
    await api.addServer({ name: 'team', scope: 'local', config: basic });
    expect((await api.listServers()).find((s) => s.name === 'team')).toMatchObject({ scope: 'local', shadows: ['project'], status: 'connected' });
    await api.removeServer({ name: 'team' });
    expect((await api.listServers()).find((s) => s.name === 'team')).toMatchObject({ scope: 'project', status: 'disconnected' });
  });
});

describe('project servers wait for the user', () => {
  it('opening a project whose .mcp.json names a running user server leaves the user server running and starts nothing of the project', async () => {
    const { api } = await start();
    await api.addServer({ name: 'same', config: { command: 'node', args: [fixtureServer('basic-stdio')] } });
    const marker = path.join(root, 'project-command-ran');
    await fs.writeFile(path.join(project, PROJECT_FILE), JSON.stringify({ mcpServers: { same: { command: 'node', args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } }));
    const from = events.length;
    await api.openProject({ path: project });
    await waitFor(() => events.slice(from).find((e) => e.type === 'config-changed' && e.scopes.includes('project')), 'the change to be handled');
    const same = (await api.listServers()).find((s) => s.name === 'same');
    expect(same).toMatchObject({ scope: 'user', status: 'connected', heldProjectEntry: { approval: {} } });
    // A call by name reaches the user's own server; the project's command never ran.
    expect(await api.callTool({ server: 'same', tool: 'echo', arguments: { text: 'hi' }, confirmed: true })).toMatchObject({ isError: false });
    await expect(fs.access(marker)).rejects.toThrow();
  });
});

describe('import and export', () => {
  it('lists the files of other clients it finds, and imports from Claude Desktop with conflict handling', async () => {
    const desktop = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
    await fs.mkdir(path.dirname(desktop), { recursive: true });
    await fs.writeFile(
      desktop,
      JSON.stringify({ mcpServers: { basic: { command: 'node', args: [fixtureServer('basic-stdio')] }, github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' } } } }),
    );
    await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ mcpServers: {}, projects: { [project]: { mcpServers: { mine: { command: 'x' } } } } }));
    const { api } = await start();
    await api.addServer({ name: 'github', config: { command: 'old' } });

    const sources = await api.listImportSources();
    expect(sources.filter((s) => s.exists).map((s) => [s.id, s.count])).toEqual([
      ['claude-desktop', 2],
      ['claude-code-user', 0],
      [`claude-code-local:${project}`, 1],
    ]);
    const source = sources[0]!.source;
    const preview = await api.previewImport({ source, scope: 'user' });
    expect(preview.candidates.map((c) => [c.name, c.existsIn, c.secretFields])).toEqual([
      ['basic', [], []],
      ['github', ['user'], ['env.GITHUB_PERSONAL_ACCESS_TOKEN']],
    ]);
    // The preview masks the values it will keep secret.
    expect(JSON.stringify(preview)).not.toContain('ghp_secret');

    await expect(api.applyImport({ source, scope: 'user', choices: [{ key: 'github', name: 'github' }] })).rejects.toThrow(/already exists in the user scope; rename it or choose to replace it/);
    const result = await api.applyImport({ source, scope: 'user', choices: [{ key: 'basic', name: 'basic' }, { key: 'github', name: 'github-2' }] });
    expect(result).toEqual({ added: ['basic', 'github-2'], replaced: [] });
    const saved = (await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers;
    expect(saved['github-2'].env.GITHUB_PERSONAL_ACCESS_TOKEN).toMatch(/^\$\{secret:/);
    expect(saved.github).toEqual({ command: 'old' });
    // Imported servers are saved switched off: nothing connects before the user switches it on.
    expect(saved.basic).toEqual({ command: 'node', args: [fixtureServer('basic-stdio')], enabled: false });
    expect((await api.listServers()).filter((s) => s.name === 'basic' || s.name === 'github-2').map((s) => s.status)).toEqual(['disabled', 'disabled']);
    expect(events.some((e) => e.type === 'server-state' && e.server.name === 'basic' && e.server.status !== 'disabled')).toBe(false);
    expect((await api.setServerEnabled({ name: 'basic', enabled: true })).status).toBe('connected');
  });

  it('imports a VS Code file, asking for its inputs, and stores password inputs as secrets', async () => {
    const file = path.join(project, '.vscode', 'mcp.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      `{
  // VS Code allows comments
  "inputs": [{ "type": "promptString", "id": "key", "description": "API key", "password": true }],
  "servers": { "envy": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/../${path.relative(root, fixtureServer('env-stdio')).split(path.sep).join('/')}"], "env": { "API_KEY": "\${input:key}" } } }
}`,
    );
    const { api } = await start();
    await api.openProject({ path: project });
    const source = (await api.listImportSources()).find((s) => s.id === 'vscode-project')!.source;
    const preview = await api.previewImport({ source, scope: 'local' });
    expect(preview.inputs).toEqual([{ id: 'key', description: 'API key', password: true, usedBy: ['envy'] }]);
    expect(preview.candidates[0]).toMatchObject({ name: 'envy', inputs: ['key'], secretFields: ['env.API_KEY'] });
    await expect(api.applyImport({ source, scope: 'local', choices: [{ key: 'envy', name: 'envy' }] })).rejects.toThrow(/Enter a value for the input "key"/);
    await api.applyImport({ source, scope: 'local', choices: [{ key: 'envy', name: 'envy' }], inputs: { key: 'typed-secret' } });
    expect(JSON.stringify(await fs.readFile(path.join(dataDir, 'local-servers.json'), 'utf8'))).not.toContain('typed-secret');
    expect((await api.listServers()).find((s) => s.name === 'envy')?.status).toBe('disabled');
    expect((await api.setServerEnabled({ name: 'envy', enabled: true })).status).toBe('connected');
    expect((await api.callTool({ server: 'envy', tool: 'env-sha256', arguments: { name: 'API_KEY' }, confirmed: true })).content).toEqual([{ type: 'text', text: sha256('typed-secret') }]);
  });

  it('keeps every VS Code input value typed for env or headers in the secret store, and warns about the others', async () => {
    const { api } = await start();
    const text = JSON.stringify({
      inputs: [
        { type: 'promptString', id: 'workspace-id', description: 'Workspace ID' },
        { type: 'promptString', id: 'region', description: 'Region' },
      ],
      servers: { notes: { type: 'stdio', command: 'npx', args: ['-y', 'notes-mcp', '--region', '${input:region}'], env: { NOTES_WORKSPACE: '${input:workspace-id}' } } },
    });
    const source = { kind: 'text' as const, text };
    const preview = await api.previewImport({ source, scope: 'user' });
    expect(preview.candidates[0]!.secretFields).toEqual(['env.NOTES_WORKSPACE']);
    expect(preview.warnings).toContain(
      '"notes" uses the input "region" outside env and headers; the value you enter will be written in the config file, since only env and header values can be kept secret.',
    );
    await api.applyImport({ source, scope: 'user', choices: [{ key: 'notes', name: 'notes' }], inputs: { 'workspace-id': 'ws-4711-private', region: 'eu-west' } });
    const file = await fs.readFile(path.join(dataDir, SERVERS_FILE), 'utf8');
    expect(file).not.toContain('ws-4711-private');
    expect(JSON.parse(file).mcpServers.notes.args).toEqual(['-y', 'notes-mcp', '--region', 'eu-west']);
    expect(Object.values(await secretsOnDisk())).toEqual(['ws-4711-private']);
  });

  it('a server pasted into Add server and saved there is switched on and connects; a file\'s entries stay off even when asked', async () => {
    const { api } = await start();
    const pasted = JSON.stringify({ mcpServers: { basic: { command: 'node', args: [fixtureServer('basic-stdio')] } } });
    await api.applyImport({ source: { kind: 'text', text: pasted }, scope: 'user', choices: [{ key: 'basic', name: 'basic', enable: true }] });
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.basic).toEqual({ command: 'node', args: [fixtureServer('basic-stdio')] });
    await waitFor(() => events.find((e) => e.type === 'server-state' && e.server.name === 'basic' && e.server.status === 'connected'), 'the pasted server to connect');

    const file = path.join(root, 'other.json');
    await fs.writeFile(file, JSON.stringify({ mcpServers: { other: { command: 'node', args: [fixtureServer('basic-stdio')] } } }));
    await api.applyImport({ source: { kind: 'file', path: file, format: 'auto' }, scope: 'user', choices: [{ key: 'other', name: 'other', enable: true }] });
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.other.enabled).toBe(false);
  });

  it('imports pasted text, exports to a file, and refuses to overwrite without being asked', async () => {
    const { api } = await start();
    const preview = await api.previewImport({ source: { kind: 'text', text: 'claude mcp add -s user -e TOKEN=abc123 tools -- node server.js' }, scope: 'user' });
    expect(preview).toMatchObject({ format: 'claude mcp add command', suggestedScope: 'user', candidates: [{ name: 'tools', secretFields: ['env.TOKEN'], summary: 'node server.js' }] });
    await api.applyImport({ source: { kind: 'text', text: 'claude mcp add -s user -e TOKEN=abc123 tools -- node server.js' }, scope: 'user', choices: [{ key: 'tools', name: 'tools' }], secretsByName: false });
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.tools).toEqual({ command: 'node', args: ['server.js'], env: { TOKEN: 'abc123' }, enabled: false });

    // Still switched off: other clients' files cannot say so, so it is left out until switched on.
    expect((await api.exportServers({ names: ['tools'], format: 'vscode' })).warnings).toContain(
      '"tools" was left out: it is switched off here, and VS Code\'s file has no way to switch a server off. Switch it on to export it.',
    );
    await api.setServerEnabled({ name: 'tools', enabled: true });
    const target = path.join(root, 'out', 'mcp.json');
    const exported = await api.exportServers({ names: ['tools'], format: 'vscode', path: target });
    expect(exported.savedTo).toBe(target);
    expect(await readJson(target)).toEqual({ servers: { tools: { type: 'stdio', command: 'node', args: ['server.js'], env: { TOKEN: 'abc123' } } } });
    await expect(api.exportServers({ names: ['tools'], format: 'cursor', path: target })).rejects.toThrow(/already exists/);
    await api.exportServers({ names: ['tools'], format: 'cursor', path: target, overwrite: true });
    expect((await readJson(target)).mcpServers.tools.command).toBe('node');
    expect((await readJson(`${target}.bak`)).servers).toBeDefined();
  });
});

describe('more clients to import from', () => {
  it('finds and reads VS Code Insiders, Windsurf, Cline, Zed, Gemini CLI, Codex and $CLAUDE_CONFIG_DIR', async () => {
    const write = async (file: string, text: string) => {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, text);
    };
    const claudeDir = path.join(root, 'claude-config');
    await write(path.join(claudeDir, '.claude.json'), JSON.stringify({ mcpServers: { sentry: { type: 'http', url: 'https://mcp.sentry.dev/mcp' } } }));
    await write(path.join(home, '.config', 'Code - Insiders', 'User', 'mcp.json'), JSON.stringify({ servers: { playwright: { command: 'npx', args: ['@playwright/mcp@latest'] } } }));
    await write(path.join(home, '.codeium', 'windsurf', 'mcp_config.json'), JSON.stringify({ mcpServers: { figma: { serverUrl: 'https://mcp.figma.com/mcp' }, git: { command: 'uvx', args: ['mcp-server-git'], disabled: true } } }));
    await write(
      path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json'),
      JSON.stringify({ mcpServers: { weather: { command: 'node', args: ['/opt/weather/build/index.js'], autoApprove: [], disabled: false, type: 'stdio' }, docs: { type: 'streamableHttp', url: 'https://docs.example.com/mcp' } } }),
    );
    await write(
      path.join(home, '.config', 'zed', 'settings.json'),
      `{
  // Zed settings
  "theme": "One Dark",
  "context_servers": {
    "postgres": { "source": "custom", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://localhost/db"], "env": {} },
    "old-style": { "command": { "path": "/usr/local/bin/mcp-old", "args": ["--stdio"], "env": { "LOG": "1" } }, "settings": {} }
  }
}`,
    );
    await write(
      path.join(home, '.gemini', 'settings.json'),
      JSON.stringify({ theme: 'Default', mcpServers: { github: { httpUrl: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer $GITHUB_PAT' }, timeout: 5000 }, events: { url: 'http://localhost:8080/sse' }, fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'], excludeTools: ['write_file'], trust: false } } }),
    );
    await write(
      path.join(home, '.codex', 'config.toml'),
      `model = "o3"

[mcp_servers.context7]
command = "npx"
args = ["-y", "@upstash/context7-mcp"]
env = { "LOG_LEVEL" = "info" }
startup_timeout_sec = 20
tool_timeout_sec = 90

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }
enabled = false
`,
    );
    core = await createCore({ dataDir, env: { PATH: '/usr/bin:/bin' }, shellEnv: async () => ({ env: { PATH: nodeDir } }), importLocator: { home, platform: 'linux', env: { CLAUDE_CONFIG_DIR: claudeDir } } });
    const { api } = core;
    const sources = await api.listImportSources();
    expect(sources.filter((s) => s.exists).map((s) => [s.id, s.count, s.problem])).toEqual([
      ['claude-code-user', 1, undefined],
      ['vscode-insiders-user', 1, undefined],
      ['windsurf', 2, undefined],
      ['cline', 2, undefined],
      ['zed', 2, undefined],
      ['gemini', 3, undefined],
      ['codex', 2, undefined],
    ]);
    const configsOf = async (id: string) => {
      const preview = await api.previewImport({ source: sources.find((s) => s.id === id)!.source, scope: 'user' });
      expect(preview.candidates.filter((c) => c.error)).toEqual([]);
      return Object.fromEntries(preview.candidates.map((c) => [c.name, c.config]));
    };
    expect(await configsOf('windsurf')).toEqual({ figma: { type: 'http', typeInferred: true, url: 'https://mcp.figma.com/mcp' }, git: { command: 'uvx', args: ['mcp-server-git'], disabled: true, enabled: false } });
    expect((await configsOf('cline')).docs).toEqual({ type: 'http', url: 'https://docs.example.com/mcp' });
    expect(await configsOf('zed')).toEqual({
      postgres: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/db'], env: {} },
      'old-style': { command: '/usr/local/bin/mcp-old', args: ['--stdio'], env: { LOG: '1' }, settings: {} },
    });
    expect(await configsOf('gemini')).toMatchObject({
      github: { type: 'http', url: 'https://api.githubcopilot.com/mcp/', callTimeoutMs: 5000 },
      // A url without a type: Gemini CLI tries Streamable HTTP, then SSE.
      events: { type: 'http', typeInferred: true, url: 'http://localhost:8080/sse' },
      fs: { command: 'npx', disabledTools: ['write_file'], trust: false },
    });
    expect(await configsOf('codex')).toEqual({
      context7: { command: 'npx', args: ['-y', '@upstash/context7-mcp'], env: { LOG_LEVEL: 'info' }, connectTimeoutMs: 20_000, callTimeoutMs: 90_000 },
      figma: { type: 'http', url: 'https://mcp.figma.com/mcp', headers: { 'X-Figma-Region': 'us-east-1', Authorization: 'Bearer ${FIGMA_OAUTH_TOKEN}' }, enabled: false },
    });
  });
});

describe("other clients' fields", () => {
  it('honours "disabled": true and "disabledTools" written by other clients', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    // As Cline and Windsurf write them.
    await fs.writeFile(
      path.join(dataDir, SERVERS_FILE),
      JSON.stringify({
        mcpServers: {
          off: { command: 'node', args: [fixtureServer('basic-stdio')], disabled: true },
        },
      }),
    );
    const { api } = await start();
    expect((await api.listServers()).find((s) => s.name === 'off')?.status).toBe('disabled');
    const added = await api.addServer({ name: 'tools', config: { command: 'node', args: [fixtureServer('basic-stdio')], disabledTools: ['echo'], autoApprove: [] } as ServerConfig });
    expect(added.status).toBe('connected');
    const names = (await api.listTools({ name: 'tools' })).map((t) => t.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('echo');
    await expect(api.callTool({ server: 'tools', tool: 'echo', arguments: { text: 'x' }, confirmed: true })).rejects.toThrow(/mcp__tools__echo is switched off: the server's config lists it in "disabledTools"/);

    expect((await api.setServerEnabled({ name: 'off', enabled: true })).status).toBe('connected');
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.off).toEqual({ command: 'node', args: [fixtureServer('basic-stdio')] });
  });
});

describe("other clients' fields at work", () => {
  const remotes: RunningFixture[] = [];
  afterEach(async () => {
    await Promise.all(remotes.splice(0).map((f) => f.stop()));
  });
  const remote = async (name: 'http-server' | 'sse-server', args: string[] = []) => {
    const running = await startFixture(name, args);
    remotes.push(running);
    return running;
  };
  const textOf = (result: { content: Array<{ type: string; text?: unknown }> }) => result.content.map((b) => b.text).join('');

  it("Codex's env_vars pass the listed variables to a stdio server, and env_http_headers fill headers from the environment", async () => {
    const { api } = await start({ PASSED_ON: 'from-shell', NOT_LISTED: 'kept-back', ORG_ID: 'org-42' });
    const stdio = { command: 'node', args: [fixtureServer('env-stdio')], env: { API_KEY: 'k', PASSED_ON: 'env-wins' }, env_vars: ['PASSED_ON', 'NOT_SET_ANYWHERE'] } as ServerConfig;
    expect((await api.addServer({ name: 'codex-stdio', config: stdio })).status).toBe('connected');
    const env = async (name: string) => textOf(await api.callTool({ server: 'codex-stdio', tool: 'env', arguments: { name }, confirmed: true }));
    expect(await env('PASSED_ON')).toBe('env-wins');
    expect(await env('NOT_LISTED')).toBe('(not set)');
    expect(await env('NOT_SET_ANYWHERE')).toBe('(not set)');
    await api.updateServer({ name: 'codex-stdio', scope: 'user', config: { ...stdio, env: { API_KEY: 'k' } } as ServerConfig });
    expect(await env('PASSED_ON')).toBe('from-shell');

    // The fixture refuses every request without the header.
    const http = await remote('http-server', ['--require-header', 'X-Org-Id=org-42']);
    const view = await api.addServer({ name: 'codex-http', config: { type: 'http', url: http.url, env_http_headers: { 'X-Org-Id': 'ORG_ID' } } as ServerConfig });
    expect(view.error).toBeUndefined();
    expect(view.status).toBe('connected');
  });

  it("imports Cursor's static OAuth client with its secret in the secret store, and no export writes the secret", async () => {
    const file = path.join(home, '.cursor', 'mcp.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(path.join(__dirname, '..', 'config', 'formats', 'fixtures', 'cursor-mcp.json'), file);
    const { api } = await start();
    const source = (await api.listImportSources()).find((s) => s.id === 'cursor-global')!.source;
    const preview = await api.previewImport({ source, scope: 'user' });
    expect(preview.candidates.find((c) => c.key === 'pipes')).toMatchObject({ secretFields: ['oauth.clientSecret'], config: { oauth: { clientId: 'pipes-client', clientSecret: MASK, scopes: ['openid', 'kb:read'] } } });
    expect(JSON.stringify(preview)).not.toContain('pcs_live');
    await api.applyImport({ source, scope: 'user', choices: [{ key: 'pipes', name: 'pipes' }] });
    const saved = await fs.readFile(path.join(dataDir, SERVERS_FILE), 'utf8');
    expect(saved).not.toContain('pcs_live');
    expect(JSON.parse(saved).mcpServers.pipes.oauth).toEqual({ clientId: 'pipes-client', clientSecret: expect.stringMatching(/^\$\{secret:pipes\.oauth\.clientSecret\./), scopes: ['openid', 'kb:read'] });
    expect(Object.values(await secretsOnDisk())).toContain('pcs_live_7f3a9b2c');
    for (const format of ['mcp-servers', 'claude-code', 'cursor', 'vscode', 'windsurf', 'cline', 'zed', 'gemini', 'codex', 'continue'] as const) {
      const exported = await api.exportServers({ names: ['pipes'], format });
      expect(exported.text, format).not.toContain('pcs_live');
      expect(exported.text, format).not.toContain('secret:');
    }
  });

  it("explains a Zed extension's server in the preview, and refuses to import it", async () => {
    const file = path.join(home, '.config', 'zed', 'settings.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(path.join(__dirname, '..', 'config', 'formats', 'fixtures', 'zed-settings.json'), file);
    const { api } = await start();
    const source = (await api.listImportSources()).find((s) => s.id === 'zed')!.source;
    const preview = await api.previewImport({ source, scope: 'user' });
    expect(preview.candidates.map((c) => [c.key, c.error])).toEqual([
      ['postgres', undefined],
      ['mcp-server-github', expect.stringMatching(/^This server comes from a Zed extension: .*Add the server here with the command from the extension's documentation/)],
      ['remote', undefined],
    ]);
    await expect(api.applyImport({ source, scope: 'user', choices: [{ key: 'mcp-server-github', name: 'github' }] })).rejects.toThrow(/"mcp-server-github" cannot be imported: This server comes from a Zed extension/);
  });

  it('a URL-only entry that connected over the SSE fallback is exported as SSE to clients that pin a transport', async () => {
    const sse = await remote('sse-server');
    const { api } = await start();
    const view = await api.addServer({ name: 'either', config: { type: 'http', typeInferred: true, url: sse.url } });
    expect(view).toMatchObject({ status: 'connected', transportNote: expect.stringMatching(/Connected over SSE/) });
    const code = await api.exportServers({ names: ['either'], format: 'claude-code' });
    expect(JSON.parse(code.text).mcpServers.either).toEqual({ type: 'sse', url: sse.url });
    expect(code.warnings).toEqual([]);
    // What connected is written wherever a client can say it, even one that would find it by itself.
    expect(JSON.parse((await api.exportServers({ names: ['either'], format: 'cursor' })).text).mcpServers.either).toEqual({ type: 'sse', url: sse.url });
  });
});

describe('Claude Code scopes', () => {
  it('offers the local entries of every project when a whole ~/.claude.json is pasted', async () => {
    const { api } = await start();
    const claudeJson = {
      numStartups: 42,
      mcpServers: { context7: { type: 'http', url: 'https://mcp.context7.com/mcp' } },
      projects: {
        '/home/ana/shop': { allowedTools: [], mcpServers: { postgres: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres', 'postgresql://localhost/shop'], env: {} } } },
        '/home/ana/blog': { mcpServers: { context7: { type: 'stdio', command: 'npx', args: ['-y', '@upstash/context7-mcp'] } } },
        '/home/ana/empty': { mcpServers: {} },
      },
    };
    const source = { kind: 'text' as const, text: JSON.stringify(claudeJson, null, 2) };
    const preview = await api.previewImport({ source, scope: 'user' });
    expect(preview.candidates.map((c) => [c.key, c.name, c.origin])).toEqual([
      ['context7', 'context7', 'user scope'],
      ['projects[/home/ana/shop].postgres', 'postgres', 'local scope of /home/ana/shop'],
      ['projects[/home/ana/blog].context7', 'context7-2', 'local scope of /home/ana/blog'],
    ]);
    await api.applyImport({ source, scope: 'user', choices: [{ key: 'projects[/home/ana/shop].postgres', name: 'postgres' }] });
    expect((await readJson(path.join(dataDir, SERVERS_FILE))).mcpServers.postgres).toMatchObject({ command: 'npx', enabled: false });
  });

  it("follows Claude Code's default local scope, and says why not when no project is open", async () => {
    const { api } = await start();
    const text = 'claude mcp add sqlite -- uvx mcp-server-sqlite --db-path ./data.db';
    const closed = await api.previewImport({ source: { kind: 'text', text }, scope: 'user' });
    expect(closed.suggestedScope).toBe('local');
    expect(closed.warnings.join('\n')).toMatch(/Claude Code would add this server to the local scope \(its default without -s\).*No project is open, so it goes into the user scope/);
    await api.openProject({ path: project });
    const open = await api.previewImport({ source: { kind: 'text', text }, scope: 'local' });
    expect(open.warnings.join('\n')).not.toMatch(/Claude Code would add/);
  });
});

describe('credentials in pasted commands', () => {
  it('keeps credential-looking env and header values in the secret store, and flags credentials in arguments', async () => {
    const { api } = await start();
    const text = [
      'claude mcp add maps -s user -e GOOGLE_MAPS_KEY=AIzaSyMapsKey123 -e REGION=eu -- npx -y @example/maps-mcp --api-key AIzaSyArgKey456',
      'claude mcp add --transport http stripe https://mcp.stripe.com --header "Authorization: Bearer sk_live_stripe789"',
    ].join('\n');
    const preview = await api.previewImport({ source: { kind: 'text', text }, scope: 'user' });
    expect(preview.candidates.map((c) => [c.name, c.secretFields])).toEqual([
      ['maps', ['env.GOOGLE_MAPS_KEY']],
      ['stripe', ['headers.Authorization']],
    ]);
    for (const secret of ['AIzaSyMapsKey123', 'AIzaSyArgKey456', 'sk_live_stripe789']) expect(JSON.stringify(preview)).not.toContain(secret);
    expect(preview.candidates[0]!.summary).toBe(`npx -y @example/maps-mcp --api-key ${MASK}`);
    expect(preview.warnings.join('\n')).toMatch(/"maps": args\[3\] \(--api-key\) holds a credential, and arguments cannot be kept secret.*Move it into env/);

    await api.applyImport({ source: { kind: 'text', text }, scope: 'user', choices: [{ key: 'maps', name: 'maps' }, { key: 'stripe', name: 'stripe' }] });
    const file = await fs.readFile(path.join(dataDir, SERVERS_FILE), 'utf8');
    expect(file).not.toContain('AIzaSyMapsKey123');
    expect(file).not.toContain('sk_live_stripe789');
    expect(Object.values(await secretsOnDisk()).sort()).toEqual(['AIzaSyMapsKey123', 'Bearer sk_live_stripe789']);
  });
});

describe('export targets', () => {
  it("refuses the app's own data folder and symbolic links, leaving every file as it was", async () => {
    const { api } = await start();
    await api.addServer({ name: 'tools', config: { command: 'node', args: ['server.js'], enabled: false } });
    const serversFile = path.join(dataDir, SERVERS_FILE);
    const before = await fs.readFile(serversFile, 'utf8');

    // The app's own files, straight or through a folder that links into the data folder.
    await expect(api.exportServers({ names: ['tools'], format: 'claude-code', path: serversFile, overwrite: true })).rejects.toThrow(
      `Not exporting to ${serversFile}: it is inside the app's data folder (${dataDir})`,
    );
    await expect(api.exportServers({ names: ['tools'], format: 'claude-code', path: path.join(dataDir, 'new', 'x.json') })).rejects.toThrow(/inside the app's data folder/);
    await fs.symlink(dataDir, path.join(root, 'innocent'));
    await expect(api.exportServers({ names: ['tools'], format: 'claude-code', path: path.join(root, 'innocent', SERVERS_FILE), overwrite: true })).rejects.toThrow(/inside the app's data folder/);

    // A link in the chosen folder that points anywhere else is not followed either.
    const outside = path.join(root, 'outside.json');
    await fs.writeFile(outside, 'precious');
    const out = path.join(root, 'out');
    await fs.mkdir(out);
    await fs.symlink(outside, path.join(out, 'mcp.json'));
    await expect(api.exportServers({ names: ['tools'], format: 'cursor', path: path.join(out, 'mcp.json'), overwrite: true })).rejects.toThrow(
      `Not exporting to ${path.join(out, 'mcp.json')}: it is a symbolic link, and exports never follow links. Choose another file name.`,
    );
    // Nor is a link where the backup of a replaced file would go.
    await fs.writeFile(path.join(out, 'real.json'), '{}');
    await fs.symlink(outside, path.join(out, 'real.json.bak'));
    await expect(api.exportServers({ names: ['tools'], format: 'cursor', path: path.join(out, 'real.json'), overwrite: true })).rejects.toThrow(/real\.json\.bak: it is a symbolic link/);

    expect(await fs.readFile(serversFile, 'utf8')).toBe(before);
    expect(await fs.readFile(outside, 'utf8')).toBe('precious');
    expect(await fs.readFile(path.join(out, 'real.json'), 'utf8')).toBe('{}');
    // An ordinary file elsewhere is still fine.
    expect((await api.exportServers({ names: ['tools'], format: 'cursor', path: path.join(out, 'fresh.json') })).savedTo).toBe(path.join(out, 'fresh.json'));
  });
});

describe('the secret store', () => {
  it('is a 0600 file beside the config in browser mode', async () => {
    const { api } = await start();
    await api.addServer({ name: 's', config: { type: 'sse', url: 'http://127.0.0.1:9/sse', headers: { 'X-Key': 'value-1' } }, secretFields: [['headers', 'X-Key']] });
    expect((await fs.stat(path.join(dataDir, PLAIN_SECRETS_FILE))).mode & 0o777).toBe(0o600);
    expect(await new FileSecretStore(path.join(dataDir, PLAIN_SECRETS_FILE)).keys()).toHaveLength(1);
  });
});
