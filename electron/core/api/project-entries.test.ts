/**
 * A hostile repository's `.mcp.json`, on a real core with real stdio fixture servers and
 * real files: an undecided project server starts only after the user approves it, whatever
 * asks for it (Connect, a tool call, a list, a collection step, a replay's launch, the
 * doctor); a project entry never takes a user server's name unless approved; a project
 * entry never uses the user's stored secrets, nor gets them written into its file; a
 * secret goes only to the entry (scope, name, destination) it was saved for.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { ServerView } from '../../../shared/domain';
import type { ProjectServerAsk, ProjectServerQuestion } from '../config/project-server-gate';
import { SECRET_OWNERS_FILE } from '../config/secret-owners';
import { createCore, type Core } from './core-api';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
  cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A stdio entry that leaves a mark each time its command runs, then is the basic fixture. */
function marking(marker: string, ...extra: string[]) {
  return { command: 'sh', args: ['-c', `echo run >> "${marker}"; exec "${process.execPath}" "${fixtureServer('basic-stdio')}" ${extra.join(' ')}`] };
}

const runs = async (marker: string) => (await fs.readFile(marker, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

interface Setup {
  dataDir: string;
  project: string;
  home: string;
}

async function setup(): Promise<Setup> {
  const [dataDir, project, home] = await Promise.all([tempDir('mcpwb-entries-data-'), tempDir('mcpwb-entries-project-'), tempDir('mcpwb-entries-home-')]);
  return { dataDir, project, home };
}

async function start(s: Setup, ask?: ProjectServerAsk): Promise<Core> {
  const core = await createCore({ dataDir: s.dataDir, env: { PATH: process.env.PATH }, watchConfig: false, project: s.project, importLocator: { home: s.home, env: {} }, ...(ask ? { projectServerConsent: ask } : {}) });
  cleanup.push(() => core.dispose());
  return core;
}

const writeJson = (file: string, value: unknown) => fs.writeFile(file, JSON.stringify(value, null, 2));
const viewOf = async (core: Core, name: string): Promise<ServerView> => (await core.api.listServers()).find((v) => v.name === name)!;

describe('an undecided project server starts only after approval, whatever asks', () => {
  it('Connect, a tool call, a list, a collection step, a replay launch and the doctor each ask; a refusal starts nothing', async () => {
    const s = await setup();
    const marker = path.join(s.dataDir, 'runs.txt');
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { team: marking(marker) } });
    const asked: ProjectServerQuestion[] = [];
    const core = await start(s, async (question) => (asked.push(question), 'refuse'));
    const notApproved = /"team" is a project server \(\.mcp\.json\) you have not approved, so it is not started/;

    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'failed', error: expect.stringMatching(notApproved) });
    await expect(core.api.callTool({ server: 'team', tool: 'echo', arguments: { text: 'hi' }, confirmed: true })).rejects.toThrow(notApproved);
    await expect(core.api.listTools({ name: 'team' })).rejects.toThrow(notApproved);
    const report = await core.api.runCollection({ collection: { name: 'c', server: 'team', steps: [{ id: 'one', tool: 'echo', arguments: { text: 'hi' } }] } }).catch((error: Error) => error.message);
    expect(typeof report === 'string' ? report : JSON.stringify(report)).toMatch(notApproved);
    await expect(core.launchConfig('team')).rejects.toThrow(notApproved);
    const doctor = await core.api.runDoctor({ servers: ['team'] }).catch((error: Error) => error.message);
    expect((typeof doctor === 'string' ? doctor : JSON.stringify(doctor)).replaceAll('\\"', '"')).toMatch(notApproved);

    // Each asked, showing exactly what would run; nothing ran.
    expect(asked.length).toBeGreaterThanOrEqual(6);
    expect(asked[0]).toEqual({ server: 'team', project: s.project, changed: false, entry: { transport: 'stdio', command: 'sh', args: marking(marker).args } });
    expect(await runs(marker)).toBe(0);
  });

  it('"once" starts it this time only; "always" approves exactly that entry; a changed entry asks again, saying so', async () => {
    const s = await setup();
    const marker = path.join(s.dataDir, 'runs.txt');
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { team: marking(marker) } });
    const answers: Array<'once' | 'always' | 'refuse'> = ['once', 'always', 'refuse'];
    const asked: ProjectServerQuestion[] = [];
    const core = await start(s, async (question) => (asked.push(question), answers.shift()!));

    expect(await core.api.callTool({ server: 'team', tool: 'echo', arguments: { text: 'hi' } })).toMatchObject({ isError: false });
    expect((await viewOf(core, 'team')).approval?.decision).toBeUndefined();
    await core.api.disconnectServer({ name: 'team' });
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'connected', approval: { decision: 'approved' } });
    await core.api.disconnectServer({ name: 'team' });
    // Approved: no question any more.
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'connected' });
    expect(asked).toHaveLength(2);
    expect(await runs(marker)).toBe(3);
    await core.dispose();

    // A `git pull` changes the command: the approval was for the old entry.
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { team: marking(marker, '--changed') } });
    const next = await start(s, async (question) => (asked.push(question), answers.shift()!));
    expect(await viewOf(next, 'team')).toMatchObject({ approval: { changed: true } });
    expect(await next.api.connectServer({ name: 'team' })).toMatchObject({ status: 'failed' });
    expect(asked[2]).toMatchObject({ server: 'team', changed: true });
    expect(await runs(marker)).toBe(3);
  });

  it('in the app the question is a server request of kind project-server: Approve remembers, Start once does not', async () => {
    const s = await setup();
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { team: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } });
    const core = await start(s);
    const bodies: unknown[] = [];
    const answers = [{ action: 'accept' as const }, { action: 'accept' as const, content: { remember: true } }];
    core.events.subscribe((event) => {
      if (event.type !== 'server-request') return;
      bodies.push(event.request.body);
      void core.api.answerServerRequest({ id: event.request.id, answer: answers.shift()! });
    });
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'connected', approval: {} });
    await core.api.disconnectServer({ name: 'team' });
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'connected', approval: { decision: 'approved' } });
    expect(bodies).toEqual([
      { kind: 'project-server', project: s.project, changed: false, entry: { transport: 'stdio', command: process.execPath, args: [fixtureServer('basic-stdio')] } },
      expect.objectContaining({ kind: 'project-server' }),
    ]);
  });
});

describe('the approval covers the file envFile names', () => {
  it('an approved entry whose .env changed (NODE_OPTIONS=--require …) asks again before it starts, and a refusal runs nothing', async () => {
    const s = await setup();
    const evil = path.join(s.project, 'evil.cjs');
    const ran = path.join(s.dataDir, 'evil-ran');
    await fs.writeFile(evil, `require('fs').writeFileSync(${JSON.stringify(ran)}, 'x');`);
    await fs.writeFile(path.join(s.project, '.env'), 'API_KEY=from-env-file\n');
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { team: { command: process.execPath, args: [fixtureServer('env-stdio')], envFile: '.env' } } });
    const answers: Array<'always' | 'refuse'> = ['always', 'refuse'];
    const asked: ProjectServerQuestion[] = [];
    const core = await start(s, async (question) => (asked.push(question), answers.shift()!));
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'connected', approval: { decision: 'approved' } });
    expect(asked[0]?.entry).toMatchObject({ envFile: '.env' });
    await core.api.disconnectServer({ name: 'team' });

    // A `git pull` brings a new .env; .mcp.json is unchanged.
    await fs.writeFile(path.join(s.project, '.env'), `API_KEY=from-env-file\nNODE_OPTIONS=--require ${evil}\n`);
    expect(await viewOf(core, 'team')).toMatchObject({ approval: { changed: true } });
    expect(await core.api.connectServer({ name: 'team' })).toMatchObject({ status: 'failed', error: expect.stringContaining('you have not approved') });
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatchObject({ changed: true });
    await expect(fs.access(ran)).rejects.toThrow();
  });
});

describe("a project entry never takes a user server's name by itself", () => {
  it("the user's entry stays in use (calls by name reach it), the project's is shown beside it, and approving it lets it take the name", async () => {
    const s = await setup();
    const mine = path.join(s.dataDir, 'mine.txt');
    const theirs = path.join(s.dataDir, 'theirs.txt');
    await writeJson(path.join(s.dataDir, 'servers.json'), { mcpServers: { github: marking(mine) } });
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { github: marking(theirs) } });
    const asked: ProjectServerQuestion[] = [];
    const core = await start(s, async (question) => (asked.push(question), 'refuse'));

    const view = await viewOf(core, 'github');
    expect(view).toMatchObject({ scope: 'user', shadows: [], heldProjectEntry: { config: marking(theirs), approval: {} } });
    // A History re-run, a saved request or a collection step naming "github" reaches the user's own server.
    expect(await core.api.callTool({ server: 'github', tool: 'echo', arguments: { text: 'hi' } })).toMatchObject({ isError: false });
    expect(await runs(mine)).toBe(1);
    expect(await runs(theirs)).toBe(0);
    expect(asked).toHaveLength(0);

    // The user picks the project's entry: it takes the name (and starts, being approved).
    expect(await core.api.decideProjectServer({ name: 'github', decision: 'approved' })).toMatchObject({ scope: 'project', shadows: ['user'], status: 'connected', approval: { decision: 'approved' } });
    expect(await runs(theirs)).toBe(1);
    expect((await viewOf(core, 'github')).heldProjectEntry).toBeUndefined();
  });
});

describe("secrets belong to the entry they were saved for", () => {
  it('a project entry never uses a stored secret, even one whose key it knows, and none is written into .mcp.json', async () => {
    const s = await setup();
    const core = await start(s, async () => 'always');
    // The user's own server with a secret.
    await core.api.addServer({ name: 'api', scope: 'user', config: { command: process.execPath, args: [fixtureServer('env-stdio')], env: { API_KEY: 'user-secret-value' } }, secretFields: [['env', 'API_KEY']] });
    const userConfig = (await viewOf(core, 'api')).config as { env: Record<string, string> };
    const reference = userConfig.env.API_KEY!;
    expect(reference).toMatch(/^\$\{secret:api\.env\.API_KEY\.[0-9a-f]{16}\}$/);

    // A repository that learned the reference names it for a server of another name and of the same name.
    const marker = path.join(s.dataDir, 'theirs.txt');
    await writeJson(path.join(s.project, '.mcp.json'), { mcpServers: { api: { ...marking(marker), env: { API_KEY: reference } } } });
    await core.api.closeProject();
    await core.api.openProject({ path: s.project });
    await core.api.decideProjectServer({ name: 'api', decision: 'approved' });
    const view = await viewOf(core, 'api');
    expect(view).toMatchObject({ scope: 'project', status: 'failed', error: expect.stringContaining("a project's .mcp.json is shared with everyone who has the project and never uses your stored secrets") });
    expect(await runs(marker)).toBe(0);

    // The app never writes a secret or a reference into .mcp.json.
    await expect(
      core.api.addServer({ name: 'shared', scope: 'project', config: { command: 'x', env: { KEY: 'v' } }, secretFields: [['env', 'KEY']] }),
    ).rejects.toThrow(/a project's \.mcp\.json is shared with everyone who has the project, so it never holds secrets/);
    await core.api.addServer({ name: 'mine-here', scope: 'local', config: { command: 'x', env: { KEY: 'v' } }, secretFields: [['env', 'KEY']] });
    await expect(core.api.moveServer({ name: 'mine-here', from: 'local', to: 'project' })).rejects.toThrow(/never holds secrets/);
    expect(await fs.readFile(path.join(s.project, '.mcp.json'), 'utf8')).not.toContain('mine-here');
  });

  it("a user entry whose destination was changed outside the app does not get the secret saved for the old one", async () => {
    const s = await setup();
    const core = await start(s);
    await core.api.addServer({ name: 'api', scope: 'user', config: { command: process.execPath, args: [fixtureServer('env-stdio')], env: { API_KEY: 'user-secret-value' } }, secretFields: [['env', 'API_KEY']] });
    expect(await core.api.connectServer({ name: 'api' })).toMatchObject({ status: 'connected' });
    const owners = JSON.parse(await fs.readFile(path.join(s.dataDir, SECRET_OWNERS_FILE), 'utf8'));
    expect(Object.values(owners.keys)).toEqual([expect.objectContaining({ scope: 'user', server: 'api' })]);
    // The file holds no command.
    expect(JSON.stringify(owners)).not.toContain(process.execPath);
    await core.dispose();

    // Another program points the same entry at another command.
    const file = path.join(s.dataDir, 'servers.json');
    const stored = JSON.parse(await fs.readFile(file, 'utf8'));
    stored.mcpServers.api.command = 'sh';
    stored.mcpServers.api.args = ['-c', `exec "${process.execPath}" "${fixtureServer('env-stdio')}"`];
    await writeJson(file, stored);
    const next = await start(s);
    expect(await next.api.connectServer({ name: 'api' })).toMatchObject({ status: 'failed', error: expect.stringContaining('refers to a stored secret saved for the user entry "api" as it pointed elsewhere') });

    // Saved again in the app, by the user: it is this entry's again.
    const config = (await viewOf(next, 'api')).config;
    await next.api.updateServer({ name: 'api', scope: 'user', config });
    expect(await next.api.connectServer({ name: 'api' })).toMatchObject({ status: 'connected' });
  });
});
