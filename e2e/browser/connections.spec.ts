/**
 * Connection states, Reconnect, settings and the protocol log in browser mode: a real
 * browser host with servers configured before it starts (so start-up connects them),
 * real stdio and HTTP fixture servers, real Chromium.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFixture } from '../fixtures/fixture-process';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('start-up connects enabled servers and shows each state; details, Disconnect, Connect and Reconnect', async ({ page }) => {
  const http = await startFixture('http-server');
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-'));
  await fs.writeFile(
    path.join(home, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] },
        crashy: { command: process.execPath, args: [fixtureServer('crash-on-start')] },
        off: { command: process.execPath, args: [fixtureServer('basic-stdio')], enabled: false },
        remote: { type: 'http', url: http.url },
      },
    }),
  );
  const host = await startBrowserHost({ home });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
    await expect(wb.server('remote').getByText('Connected')).toBeVisible();
    await expect(wb.server('remote')).toContainText('http-fixture 2.0.0');
    await expect(wb.server('off').getByText('Disabled', { exact: true })).toBeVisible();
    await expect(wb.server('crashy').getByText('Failed', { exact: true })).toBeVisible();
    await expect(wb.server('crashy')).toContainText('closed the connection before it finished starting');

    const details = page.getByRole('region', { name: 'Server details' });
    await wb.server('off').getByRole('button', { name: /^off/ }).click();
    await expect(details).toContainText('not connected at start-up');

    // The failed server's details: reason, exit code, last stderr lines shown at once.
    await wb.server('crashy').getByRole('button', { name: /^crashy/ }).click();
    await expect(details).toContainText('closed the connection before it finished starting');
    await expect(details).toContainText('Process: exit code 3');
    await expect(details).toContainText('crash-fixture: missing API_KEY, giving up');

    await wb.server('basic').getByRole('button', { name: /^basic/ }).click();
    await expect(details.getByRole('heading', { name: 'basic' })).toBeVisible();
    // One line once connected: what the server is, the rest on demand.
    await expect(details).toContainText('basic-fixture 1.2.3');
    await expect(details.getByText('Instructions')).toBeHidden();
    await details.getByRole('button', { name: 'Details of basic' }).click();
    await details.getByText('Instructions').click();
    await expect(details).toContainText('A fixture server for tests.');
    await details.getByText(/^Capabilities/).click();
    await expect(details.locator('.capabilities')).toContainText('tools');

    const pane = page.getByRole('region', { name: 'Workspace of basic' });
    await wb.detailsAction(pane, 'basic', 'Disconnect');
    await expect(details.getByText('Disconnected')).toBeVisible();
    // Disconnected, the one action it needs is the primary button on its line.
    await details.getByRole('button', { name: 'Connect basic', exact: true }).click();
    await expect(details.getByText('Connected')).toBeVisible();

    // Reconnect starts a new session: the log shows a second initialize.
    await wb.detailsAction(pane, 'basic', 'Reconnect');
    await expect(details.getByText('Connected')).toBeVisible();
    await details.getByRole('button', { name: 'Protocol log of basic' }).click();
    const log = page.getByRole('region', { name: 'Protocol log' });
    await log.getByLabel('Kind').selectOption('request');
    await log.getByLabel('Search').fill('initialize');
    await expect(log.locator('.log-entry')).toHaveCount(3);
  } finally {
    await host.stop();
    await http.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
});

test('protocol log: filter by kind and direction, search, expand, export as JSON Lines, clear', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
  await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  await wb.openTool('basic', 'Echo');
  const panel = await wb.run('{"text": "find-me-42"}');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('find-me-42');

  await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
  const log = page.getByRole('region', { name: 'Protocol log' });
  await expect(log.getByLabel('Server')).toHaveValue('basic');
  const rows = log.locator('.log-entry');
  await expect(rows.filter({ hasText: 'tools/call' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'tools/list' }).first()).toBeVisible();

  await log.getByLabel('Kind').selectOption('request');
  await expect(rows.first()).toBeVisible();
  for (const kind of await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')))) expect(kind).toBe('request');
  await log.getByLabel('Kind').selectOption('');
  await log.getByLabel('Direction').selectOption('in');
  for (const direction of await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-direction')))) expect(direction).toBe('in');
  await log.getByLabel('Direction').selectOption('');

  await log.getByLabel('Search').fill('find-me-42');
  await expect(rows).toHaveCount(2);
  const response = log.locator('.log-entry[data-kind="response"]');
  await response.getByRole('button').click();
  await expect(response.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  await expect(response.locator('.log-detail')).toContainText('"text": "find-me-42"');
  await expect(response).toContainText(/\d+(\.\d+)? ms/);

  const [download] = await Promise.all([page.waitForEvent('download'), log.getByRole('button', { name: 'Export JSONL' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^basic-protocol-.*\.jsonl$/);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(2);
  expect(lines.map((line) => line.kind).sort()).toEqual(['request', 'response']);
  expect(lines.every((line) => line.server === 'basic' && line.method === 'tools/call' && JSON.stringify(line.message).includes('find-me-42'))).toBe(true);
  await expect(log.getByRole('status')).toContainText('Exported 2 entries');

  await log.getByLabel('Search').fill('');
  await log.getByRole('button', { name: 'Clear' }).click();
  await expect(log.getByText('No messages yet')).toBeVisible();
  await log.getByRole('button', { name: 'Close the protocol log' }).click();
  await expect(log).toBeHidden();
});

test('settings: each invalid value is named, a valid one is saved to settings.json', async ({ page, host }) => {
  await page.goto(host.url);
  await new WorkbenchPage(page).appMenu('Settings…');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const timeout = dialog.getByLabel('Connect timeout (ms)');
  await expect(timeout).toHaveValue('30000');
  await timeout.fill('50');
  await dialog.getByLabel('Local servers started at once').fill('0');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Connect timeout (ms): must be at least 100 ms')).toBeVisible();
  await expect(dialog.getByText('Local servers started at once: must be at least 1')).toBeVisible();
  await expect(timeout).toHaveValue('50');

  await timeout.fill('1500');
  await dialog.getByLabel('Local servers started at once').fill('2');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const saved = JSON.parse(await fs.readFile(path.join(host.home, 'settings.json'), 'utf8')) as Record<string, unknown>;
  expect(saved).toMatchObject({ connectTimeoutMs: 1500, stdioStartupConcurrency: 2 });

  await new WorkbenchPage(page).appMenu('Settings…');
  await expect(dialog.getByLabel('Connect timeout (ms)')).toHaveValue('1500');
});
