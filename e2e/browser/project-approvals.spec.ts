/**
 * Project server approvals through the UI, on the real browser host with a temporary
 * HOME (for Claude Code's settings) and a real project folder: Claude Code's decision (from
 * the user's own files only, with where it came from) is shown beside the server and can be
 * followed; a decision is remembered after the host restarts (the approved server starts by
 * itself, the denied one stays stopped); an undecided one asks, showing what would run.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

async function tempDir(prefix: string): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
}

test('approvals of project servers are remembered after a restart, and Claude Code\'s decision can be followed', async ({ page }) => {
  const [home, project] = await Promise.all([tempDir('mcpwb-e2e-home-'), tempDir('mcpwb-e2e-project-')]);
  const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
  await fs.writeFile(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { team: basic, risky: basic, newcomer: basic } }, null, 2));
  // The repository approves its own servers: that does not count. The user's own settings do.
  await fs.mkdir(path.join(project, '.claude'));
  await fs.writeFile(path.join(project, '.claude', 'settings.local.json'), JSON.stringify({ enabledMcpjsonServers: ['risky', 'newcomer'] }));
  await fs.mkdir(path.join(home, '.claude'));
  await fs.writeFile(path.join(home, '.claude', 'settings.json'), JSON.stringify({ enabledMcpjsonServers: ['team'] }));
  const env = { HOME: home, CLAUDE_CONFIG_DIR: undefined };
  let host: BrowserHost | undefined;
  try {
    host = await startBrowserHost({ env });
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await page.getByRole('button', { name: 'Open project…' }).click();
    await page.getByLabel('Project folder').fill(project);
    await page.getByRole('button', { name: 'Open', exact: true }).click();

    const team = wb.server('team').getByRole('group', { name: 'Approval of team' });
    await expect(team).toContainText('Claude Code: approved (in your ~/.claude/settings.json)');
    await expect(wb.server('team').getByText('Disconnected')).toBeVisible();
    await team.getByRole('button', { name: 'Follow Claude Code for team' }).click();
    await expect(wb.server('team').getByText('Connected')).toBeVisible();
    await expect(team).toContainText('You approved this project server');

    const risky = wb.server('risky').getByRole('group', { name: 'Approval of risky' });
    await expect(risky).not.toContainText('Claude Code');
    await risky.getByRole('button', { name: 'Deny risky' }).click();
    await expect(risky).toContainText('You denied this project server');

    // Undecided: Connect asks first, showing the command; "Do not start" starts nothing.
    await wb.server('newcomer').getByRole('button', { name: /^newcomer/ }).click();
    await page.getByRole('region', { name: 'Server details' }).getByRole('button', { name: 'Connect newcomer', exact: true }).click();
    const question = page.getByRole('dialog').filter({ hasText: 'Start this project server?' });
    await expect(question).toContainText(fixtureServer('basic-stdio'));
    await question.getByRole('button', { name: 'Do not start' }).click();
    await expect(wb.server('newcomer')).toContainText('you have not approved, so it is not started');

    // The next run reopens the project: the approved server starts by itself, the denied one does not.
    await host.stop();
    host = await startBrowserHost({ home: host.home, env });
    await page.goto(host.url);
    await expect(wb.server('team').getByText('Connected')).toBeVisible();
    await expect(team).toContainText('You approved this project server');
    await expect(risky).toContainText('You denied this project server');
    await expect(wb.server('risky').getByText('Disconnected')).toBeVisible();
    await wb.server('risky').getByRole('button', { name: /^risky/ }).click();
    await page.getByRole('region', { name: 'Server details' }).getByRole('button', { name: 'Connect risky', exact: true }).click();
    await expect(wb.server('risky')).toContainText('you denied, so it is not started');
  } finally {
    await host?.stop();
    if (host) await fs.rm(host.home, { recursive: true, force: true });
    await fs.rm(home, { recursive: true, force: true });
    await fs.rm(project, { recursive: true, force: true });
  }
});
