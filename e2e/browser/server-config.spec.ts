/**
 * Configuring servers through the UI, against the real browser host and real files:
 * every transport's form, editing, scopes and moving between them, a broken .mcp.json,
 * and importing from Claude Desktop and VS Code. Hosts that show the import dialog get a
 * temporary HOME, so the tests never read the real home folder.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

const readJson = async (file: string) => JSON.parse(await fs.readFile(file, 'utf8'));

async function tempDir(prefix: string): Promise<string> {
  return fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
}

async function openProject(page: Page, folder: string): Promise<void> {
  await new WorkbenchPage(page).openProject(folder);
}

async function addRemote(wb: WorkbenchPage, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  const dialog = await wb.openAddServer();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog).toBeHidden();
}

test('creates a server of every transport through the forms, and edits one', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('local-tool', process.execPath, [fixtureServer('basic-stdio')], 'LOG_LEVEL=debug');
  await expect(wb.server('local-tool').getByText('Connected')).toBeVisible();
  // The details show where the command was found on the login shell's PATH.
  await wb.server('local-tool').getByRole('button', { name: /^local-tool/ }).click();
  await expect(page.getByRole('region', { name: 'Server details' }).locator('.command-path')).toHaveText(process.execPath);

  const remotes: Array<{ name: string; type: string; url: string; extra?: (d: Locator) => Promise<void> }> = [
    {
      name: 'remote-http',
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      extra: async (d) => {
        await d.getByRole('button', { name: 'Add header' }).click();
        await d.getByLabel('Header 1 name').fill('Authorization');
        await d.getByLabel('Header 1 value').fill('Bearer very-secret-token');
        await d.getByLabel('Header 1 secret').check();
        await expect(d.getByLabel('Header 1 value')).toHaveAttribute('type', 'password');
      },
    },
    { name: 'remote-sse', type: 'sse', url: 'http://127.0.0.1:9/sse' },
    { name: 'remote-ws', type: 'ws', url: 'ws://127.0.0.1:9/mcp' },
    {
      name: 'ide-sse',
      type: 'sse-ide',
      url: 'http://127.0.0.1:9/sse',
      extra: async (d) => {
        await d.getByLabel('IDE name').fill('vscode');
        await d.getByLabel('Auth token (kept secret)').fill('ide-token-123');
      },
    },
    { name: 'ide-ws', type: 'ws-ide', url: 'ws://127.0.0.1:9', extra: async (d) => d.getByLabel('IDE name').fill('jetbrains') },
    { name: 'proxy', type: 'claudeai-proxy', url: 'https://claude.ai/api/mcp/proxy' },
  ];
  for (const remote of remotes) {
    await addRemote(wb, async (dialog) => {
      await dialog.getByLabel('Transport').selectOption(remote.type);
      // Each transport shows only its own fields.
      await expect(dialog.getByLabel('Command', { exact: true })).toHaveCount(0);
      await dialog.getByLabel('Name', { exact: true }).fill(remote.name);
      await dialog.getByLabel('URL', { exact: true }).fill(remote.url);
      await remote.extra?.(dialog);
    });
    await expect(wb.server(remote.name)).toBeVisible();
    // A user entry carries no scope badge: only project and local ones do.
    await expect(wb.server(remote.name).locator('.scope-badge')).toHaveCount(0);
  }

  const onDisk = (await readJson(path.join(host.home, 'servers.json'))).mcpServers;
  expect(onDisk['local-tool']).toEqual({ command: process.execPath, args: [fixtureServer('basic-stdio')], env: { LOG_LEVEL: 'debug' } });
  expect(onDisk['remote-http']).toEqual({ type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: expect.stringMatching(/^\$\{secret:/) } });
  expect(onDisk['remote-sse']).toEqual({ type: 'sse', url: 'http://127.0.0.1:9/sse' });
  expect(onDisk['remote-ws']).toEqual({ type: 'ws', url: 'ws://127.0.0.1:9/mcp' });
  expect(onDisk['ide-sse']).toEqual({ type: 'sse-ide', url: 'http://127.0.0.1:9/sse', ideName: 'vscode', authToken: expect.stringMatching(/^\$\{secret:/) });
  expect(onDisk['ide-ws']).toEqual({ type: 'ws-ide', url: 'ws://127.0.0.1:9', ideName: 'jetbrains' });
  expect(onDisk.proxy).toEqual({ type: 'claudeai-proxy', url: 'https://claude.ai/api/mcp/proxy' });
  const configText = await fs.readFile(path.join(host.home, 'servers.json'), 'utf8');
  expect(configText).not.toContain('very-secret-token');
  expect(configText).not.toContain('ide-token-123');

  // A field that does not fit its transport is named.
  const dialog = await wb.openAddServer();
  await dialog.getByLabel('Transport').selectOption('ws');
  await dialog.getByLabel('Name', { exact: true }).fill('bad-ws');
  await dialog.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9');
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog.getByText('URL: must start with ws:// or wss://')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit: rename and change the URL; the stored secret keeps its value, unseen, and moves to a key of the new name.
  await wb.serverAction('remote-http', 'Edit…');
  const edit = wb.serverDialog('Edit server "remote-http"');
  await expect(edit.getByLabel('Header 1 value')).toHaveValue('');
  await expect(edit.getByLabel('Header 1 value')).toHaveAttribute('placeholder', /stored secret/);
  await edit.getByLabel('Name', { exact: true }).fill('remote-main');
  await edit.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/v2/mcp');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(wb.server('remote-main')).toBeVisible();
  await expect(wb.server('remote-http')).toHaveCount(0);
  const edited = (await readJson(path.join(host.home, 'servers.json'))).mcpServers;
  expect(edited['remote-http']).toBeUndefined();
  expect(edited['remote-main']).toEqual({ type: 'http', url: 'http://127.0.0.1:9/v2/mcp', headers: { Authorization: expect.stringMatching(/^\$\{secret:remote-main\.headers\.Authorization\.[0-9a-f]{16}\}$/) } });
  const movedKey = /^\$\{secret:(.+)\}$/.exec(edited['remote-main'].headers.Authorization)![1]!;
  const storedSecrets = (await readJson(path.join(host.home, 'secrets.json'))).secrets;
  expect(storedSecrets[movedKey]).toBe('Bearer very-secret-token');
  expect(Object.keys(storedSecrets).filter((key) => key.startsWith('remote-http.'))).toEqual([]);

  // Export shows the other clients' shapes, never a secret value.
  await new WorkbenchPage(page).appMenu('Export servers…');
  const exportDialog = page.getByRole('dialog', { name: 'Export servers' });
  await exportDialog.getByLabel('Format').selectOption('vscode');
  await expect(exportDialog.getByLabel('Exported text')).toHaveValue(/"servers": \{/);
  await expect(exportDialog.getByLabel('Exported text')).toHaveValue(/"\$\{input:remote-main-headers-Authorization\}"/);
  await expect(exportDialog.getByLabel('Exported text')).not.toHaveValue(/very-secret-token/);
});

test('moves servers between scopes, and a malformed .mcp.json is shown with its line and column while the rest keeps working', async ({ page, host }) => {
  const project = await tempDir('mcpwb-e2e-project-');
  try {
    const projectFile = path.join(project, '.mcp.json');
    await fs.writeFile(projectFile, '{\n  "mcpServers": {\n    "team": { "command": }\n  }\n}\n');
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();

    await openProject(page, project);
    const problems = page.getByRole('region', { name: 'Config problems' });
    await expect(problems).toContainText('Project config does not parse');
    await expect(problems).toContainText(projectFile);
    await expect(problems).toContainText('a value is expected at line 3, column 26');

    // Everything else keeps working: the user server still runs tools.
    await wb.openTool('basic', 'Echo');
    const panel = await wb.run('{"text": "still working"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('still working');

    // Fixing the file in another program is picked up live; project servers do not start by themselves.
    await fs.writeFile(projectFile, JSON.stringify({ mcpServers: { team: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }, null, 2));
    await expect(problems).toBeHidden();
    await expect(wb.server('team').locator('.scope-badge')).toHaveText('Project');
    await expect(wb.server('team').getByText('Disconnected')).toBeVisible();

    // A form being edited is not clobbered by an external change: the user is told instead.
    await wb.serverAction('team', 'Edit…');
    const edit = wb.serverDialog('Edit server "team"');
    await edit.getByText('More settings').click();
    await edit.getByLabel('Notes').fill('typed before the file changed');
    await fs.writeFile(projectFile, JSON.stringify({ mcpServers: { team: { type: 'http', url: 'http://127.0.0.1:9/changed' } } }, null, 2));
    await expect(edit.getByRole('status')).toContainText('config file changed on disk while you were editing');
    await expect(edit.getByLabel('Notes')).toHaveValue('typed before the file changed');
    await expect(edit.getByLabel('URL', { exact: true })).toHaveValue('http://127.0.0.1:9/mcp');
    await edit.getByRole('button', { name: "Load the file's version" }).click();
    await expect(edit.getByLabel('URL', { exact: true })).toHaveValue('http://127.0.0.1:9/changed');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Move the user server into the local scope, and the project server into the user scope.
    await wb.serverAction('basic', 'Move to Local');
    await expect(wb.server('basic').locator('.scope-badge')).toHaveText('Local');
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
    expect((await readJson(path.join(host.home, 'servers.json'))).mcpServers).toEqual({});
    expect((await readJson(path.join(host.home, 'local-servers.json'))).projects[project].mcpServers.basic).toEqual({ command: process.execPath, args: [fixtureServer('basic-stdio')] });

    await wb.serverAction('team', 'Move to User');
    // A user entry carries no scope badge: only project and local ones do.
    await expect(wb.server('team').locator('.scope-badge')).toHaveCount(0);
    expect((await readJson(projectFile)).mcpServers).toEqual({});
    expect((await readJson(path.join(host.home, 'servers.json'))).mcpServers.team).toEqual({ type: 'http', url: 'http://127.0.0.1:9/changed' });
  } finally {
    await fs.rm(project, { recursive: true, force: true });
  }
});

test('imports a Claude Desktop file, a VS Code file with an input, and a pasted claude mcp add command', async ({ page }) => {
  const home = await tempDir('mcpwb-e2e-home-');
  const project = await tempDir('mcpwb-e2e-project-');
  let host: BrowserHost | undefined;
  try {
    const desktopFile = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
    await fs.mkdir(path.dirname(desktopFile), { recursive: true });
    await fs.writeFile(
      desktopFile,
      JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] }, github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_from_desktop' } } } }, null, 2),
    );
    await fs.mkdir(path.join(project, '.vscode'));
    await fs.writeFile(
      path.join(project, '.vscode', 'mcp.json'),
      `{
  // A VS Code config: inputs are asked for when the server starts.
  "inputs": [{ "type": "promptString", "id": "api-key", "description": "Fixture API key", "password": true }],
  "servers": {
    "envy": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(fixtureServer('env-stdio'))}], "env": { "API_KEY": "\${input:api-key}" } }
  }
}`,
    );
    host = await startBrowserHost({ env: { HOME: home, XDG_CONFIG_HOME: undefined } });
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);

    // Claude Desktop: found in the (temporary) home folder, previewed, imported.
    await new WorkbenchPage(page).appMenu('Import servers…');
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    // The source is the user's choice: Paste until they pick another, whatever the search finds.
    await expect(dialog.getByText('(2 servers)')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Paste' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Claude Desktop/ })).not.toBeChecked();
    await dialog.getByRole('radio', { name: /^Claude Desktop/ }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.locator('tr[data-candidate="github"]')).toContainText('To the secret store: env.GITHUB_PERSONAL_ACCESS_TOKEN');
    // The preview shows the environment too, the secret value masked.
    await expect(dialog.locator('tr[data-candidate="github"]')).toContainText('GITHUB_PERSONAL_ACCESS_TOKEN=••••••');
    await expect(dialog).not.toContainText('ghp_from_desktop');
    await expect(dialog).toContainText('Imported servers are added switched off');
    await dialog.getByRole('button', { name: 'Import 2 servers' }).click();
    await expect(dialog).toBeHidden();
    // Nothing imported runs before the user switches it on.
    await expect(wb.server('basic').getByText('Disabled', { exact: true })).toBeVisible();
    await expect(wb.server('github').getByText('Disabled', { exact: true })).toBeVisible();
    await wb.serverAction('basic', 'Enable');
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
    expect(await fs.readFile(path.join(host.home, 'servers.json'), 'utf8')).not.toContain('ghp_from_desktop');

    // VS Code: the project's .vscode/mcp.json, with a password input to fill in.
    await openProject(page, project);
    await new WorkbenchPage(page).appMenu('Import servers…');
    await dialog.getByRole('radio', { name: /^VS Code — project/ }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByLabel('Import into').selectOption('local');
    await dialog.getByRole('button', { name: 'Import 1 server' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Enter a value for "Fixture API key"');
    await dialog.getByLabel('Fixture API key (kept secret)').fill('typed-in-the-dialog');
    await dialog.getByRole('button', { name: 'Import 1 server' }).click();
    await expect(dialog).toBeHidden();
    await expect(wb.server('envy').locator('.scope-badge')).toHaveText('Local');
    await expect(wb.server('envy').getByText('Disabled', { exact: true })).toBeVisible();
    await wb.serverAction('envy', 'Enable');
    await expect(wb.server('envy').getByText('Connected')).toBeVisible();
    // The value reached the server (its hash matches), and an echo of it is masked on screen.
    await wb.openTool('envy', 'env-sha256');
    let panel = await wb.run('{"name": "API_KEY"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText(createHash('sha256').update('typed-in-the-dialog').digest('hex'));
    await wb.openTool('envy', 'env');
    panel = await wb.run('{"name": "API_KEY"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('••••••');
    await expect(panel.getByRole('region', { name: 'Result' })).not.toContainText('typed-in-the-dialog');
    expect(await fs.readFile(path.join(host.home, 'local-servers.json'), 'utf8')).not.toContain('typed-in-the-dialog');

    // Paste: a claude mcp add command, from the Add server dialog. One server pasted there and
    // added is the user's own addition: switched on, like one typed into the form.
    const add = await wb.openAddServer();
    await add.getByRole('button', { name: 'Paste a config or a claude mcp add command…' }).click();
    const fromConfig = page.getByRole('dialog', { name: 'Add a server from a config' });
    await expect(fromConfig.getByRole('radio')).toHaveCount(0);
    await fromConfig.getByLabel('Pasted config or command').fill(`claude mcp add --transport http -s user docs https://127.0.0.1:9/mcp \\\n  --header "X-Team: core"`);
    await fromConfig.getByRole('button', { name: 'Preview' }).click();
    await expect(fromConfig.getByLabel('Import into')).toHaveValue('user');
    await expect(fromConfig).toContainText('It is added switched on and connects at once');
    await fromConfig.getByRole('button', { name: 'Add server' }).click();
    // The row first (a count of 0 below would also hold before it exists), then: a user entry
    // carries no scope badge, only project and local ones do.
    await expect(wb.server('docs')).toBeVisible();
    await expect(wb.server('docs').locator('.scope-badge')).toHaveCount(0);
    await expect(wb.server('docs').getByText('Disabled', { exact: true })).toHaveCount(0);
    expect((await readJson(path.join(host.home, 'servers.json'))).mcpServers.docs).toEqual({ type: 'http', url: 'https://127.0.0.1:9/mcp', headers: { 'X-Team': 'core' } });

    // claude mcp add-from-claude-desktop leads to the Claude Desktop source.
    await new WorkbenchPage(page).appMenu('Import servers…');
    await dialog.getByRole('radio', { name: 'Paste' }).check();
    await dialog.getByLabel('Pasted config or command').fill('claude mcp add-from-claude-desktop');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Choose Claude Desktop as the source' }).click();
    await expect(dialog.getByRole('radio', { name: /^Claude Desktop/ })).toBeChecked();
  } finally {
    await host?.stop();
    if (host) await fs.rm(host.home, { recursive: true, force: true });
    await fs.rm(home, { recursive: true, force: true });
    await fs.rm(project, { recursive: true, force: true });
  }
});
