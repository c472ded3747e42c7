/**
 * Project servers (`.mcp.json`) and their approvals, on a real core with real stdio
 * fixture servers, real files and a temporary home for Claude Code's settings: a decision
 * is remembered per project, server and entry across restarts; a changed entry asks
 * again; a denied server never starts; Claude Code's own decisions are shown.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import type { ServerView } from '../../../shared/domain';
import { PROJECT_APPROVALS_FILE } from '../config/project-approvals';
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

const entry = (...extra: string[]) => ({ command: process.execPath, args: [fixtureServer('basic-stdio'), ...extra] });

async function writeProject(project: string, servers: Record<string, unknown>): Promise<void> {
  await fs.writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
}

async function start(dataDir: string, project: string, home: string): Promise<Core> {
  // A question about an undecided server is answered "start it once".
  const core = await createCore({ dataDir, env: {}, autoConnect: true, watchConfig: false, project, importLocator: { home, env: {} }, projectServerConsent: async () => 'once' });
  cleanup.push(() => core.dispose());
  return core;
}

/** Resolves once the server is in that state: now, or on the event that says so. */
function stateOf(core: Core, name: string, status: ServerView['status']): Promise<ServerView> {
  return new Promise((resolve) => {
    const unsubscribe = core.events.subscribe((event) => {
      if (event.type === 'server-state' && event.server.name === name && event.server.status === status) {
        unsubscribe();
        resolve(event.server);
      }
    });
    void core.api.listServers().then((views) => {
      const view = views.find((v) => v.name === name);
      if (view?.status === status) {
        unsubscribe();
        resolve(view);
      }
    });
  });
}

const viewOf = async (core: Core, name: string) => (await core.api.listServers()).find((v) => v.name === name)!;

describe('project server approvals', () => {
  it('an approval is remembered after a restart (the server starts by itself), and a changed entry asks again', async () => {
    const [dataDir, project, home] = await Promise.all([tempDir('mcpwb-approve-data-'), tempDir('mcpwb-approve-project-'), tempDir('mcpwb-approve-home-')]);
    await writeProject(project, { team: entry() });

    const first = await start(dataDir, project, home);
    // Not started at start-up, and no decision yet.
    expect(await viewOf(first, 'team')).toMatchObject({ scope: 'project', status: 'disconnected', approval: {} });
    expect(await first.api.decideProjectServer({ name: 'team', decision: 'approved' })).toMatchObject({ status: 'connected', approval: { decision: 'approved' } });
    const stored = JSON.parse(await fs.readFile(path.join(dataDir, PROJECT_APPROVALS_FILE), 'utf8'));
    expect(Object.keys(stored.projects)).toEqual([project]);
    expect(stored.projects[project].team).toMatchObject({ decision: 'approved', config: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // The file names no command line.
    expect(JSON.stringify(stored)).not.toContain('basic-stdio');
    await first.dispose();

    const second = await start(dataDir, project, home);
    expect(await stateOf(second, 'team', 'connected')).toMatchObject({ approval: { decision: 'approved' } });
    await second.dispose();

    // A `git pull` changed the entry: the decision was for the old one.
    await writeProject(project, { team: entry('--changed') });
    const third = await start(dataDir, project, home);
    expect(await viewOf(third, 'team')).toMatchObject({ status: 'disconnected', approval: {} });
    expect((await viewOf(third, 'team')).approval?.decision).toBeUndefined();
  });

  it('a denied server never starts: Connect and tool calls fail with a message, also after a restart; undecided asks again before Connect starts it', async () => {
    const [dataDir, project, home] = await Promise.all([tempDir('mcpwb-deny-data-'), tempDir('mcpwb-deny-project-'), tempDir('mcpwb-deny-home-')]);
    await writeProject(project, { risky: entry() });
    const first = await start(dataDir, project, home);
    expect(await first.api.decideProjectServer({ name: 'risky', decision: 'denied' })).toMatchObject({ status: 'disconnected', approval: { decision: 'denied' } });
    expect(await first.api.connectServer({ name: 'risky' })).toMatchObject({ status: 'failed', error: expect.stringContaining('is a project server (.mcp.json) you denied') });
    await first.dispose();

    const second = await start(dataDir, project, home);
    await expect(second.api.listTools({ name: 'risky' })).rejects.toThrow(/you denied, so it is not started\. Approve it to connect\./);
    expect(await second.api.decideProjectServer({ name: 'risky', decision: 'undecided' })).toMatchObject({ approval: {} });
    expect(await second.api.connectServer({ name: 'risky' })).toMatchObject({ status: 'connected' });
  });

  it("shows Claude Code's decisions with the file they come from: only the user's own files approve, a project's files only deny", async () => {
    const [dataDir, project, home] = await Promise.all([tempDir('mcpwb-claude-data-'), tempDir('mcpwb-claude-project-'), tempDir('mcpwb-claude-home-')]);
    await writeProject(project, { alpha: entry(), beta: entry(), gamma: entry(), delta: entry(), epsilon: entry() });
    await fs.mkdir(path.join(project, '.claude'));
    await fs.mkdir(path.join(home, '.claude'));
    // The repository's own files: an approval there is the repository approving itself.
    await fs.writeFile(path.join(project, '.claude', 'settings.local.json'), JSON.stringify({ disabledMcpjsonServers: ['beta'], enabledMcpjsonServers: ['epsilon'] }));
    await fs.writeFile(path.join(project, '.claude', 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['alpha', 'beta'], enableAllProjectMcpServers: true }));
    await fs.writeFile(path.join(home, '.claude', 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['gamma'] }));
    await fs.writeFile(path.join(home, '.claude.json'), JSON.stringify({ projects: { [project]: { disabledMcpjsonServers: ['delta'] }, '/elsewhere': { enableAllProjectMcpServers: true } } }));
    await fs.writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { mine: entry() } }));

    const core = await start(dataDir, project, home);
    const views = await core.api.listServers();
    const approvals = Object.fromEntries(views.map((v) => [v.name, v.approval]));
    expect(approvals).toEqual({
      alpha: {},
      beta: { claudeCode: { decision: 'denied', source: "the project's .claude/settings.local.json" } },
      gamma: { claudeCode: { decision: 'approved', source: 'your ~/.claude/settings.json' } },
      delta: { claudeCode: { decision: 'denied', source: 'your ~/.claude.json' } },
      epsilon: {},
      mine: undefined,
    });
    // Claude Code's approval is shown, not acted on: the server waits for the user.
    expect(views.find((v) => v.name === 'gamma')?.status).toBe('disconnected');

    // enableAllProjectMcpServers in the user's own settings approves every server of the project.
    await fs.writeFile(path.join(home, '.claude', 'settings.json'), JSON.stringify({ enableAllProjectMcpServers: true }));
    expect((await viewOf(core, 'delta')).approval?.claudeCode?.decision).toBe('denied');
    expect((await viewOf(core, 'alpha')).approval?.claudeCode).toEqual({ decision: 'approved', source: 'your ~/.claude/settings.json' });

    await expect(core.api.decideProjectServer({ name: 'mine', decision: 'approved' })).rejects.toThrow(/"mine" is not a project server/);
  });
});
