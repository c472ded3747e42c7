/**
 * MCP 2026-07-28 end to end in browser mode: a stdio server that speaks only the 2026
 * revision (SDK v2's serveStdio with legacy: 'reject') connects with Protocol Auto, shows
 * its era, lists and calls tools (structured content, progress), and a tool that answers
 * input_required gets its form through the app's dialog. Subscribe, list changes and log
 * messages work there too (subscriptions/listen, the per-request log level); ping says the
 * revision has none.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers, Workspaces } from '../support/workspaces';

test('a 2026-only stdio server: Auto connects, lists, calls with structured content and progress; input_required asks in the dialog', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('modern', process.execPath, [fixtureServer('v2-stdio'), '--modern-only']);
  const item = wb.server('modern');
  await expect(item.getByText('Connected')).toBeVisible();
  await expect(item.getByText('v2-modern-stdio 2.4.0')).toBeVisible();
  await expect(item.locator('.server-protocol')).toHaveText('MCP 2026-07-28');
  await item.getByRole('button', { name: 'modern' }).first().click();
  await expect(page.locator('[data-protocol-era="modern"]')).toHaveText('2026-07-28 (2026 era, detected)');

  for (const label of ['Weather', 'deploy', 'long']) await expect(wb.toolOption('modern', label)).toBeVisible();
  const result = wb.panel.getByRole('region', { name: 'Result' });

  await wb.openTool('modern', 'Weather');
  await wb.fillArguments('{"city": "Lisbon"}');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
  await expect(result.locator('.structured')).toContainText('"era": "modern"');
  await expect(result.locator('.structured')).toContainText('"city": "Lisbon"');
  await expect(result.locator('.structured')).toContainText('matches the output schema');

  await wb.openTool('modern', 'long');
  await wb.fillArguments('{"steps": 6, "delayMs": 300}');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
  await expect(wb.panel.getByRole('status', { name: 'Call progress' })).toContainText(/step \d of 6/);
  await expect(result).toContainText('done after 6 steps');

  await wb.openTool('modern', 'deploy');
  await wb.fillArguments('{"env": "prod"}');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
  const asked = page.getByRole('dialog', { name: /The server asks for input/ });
  await expect(asked).toContainText('Deploy to prod?');
  await asked.getByLabel(/Confirm deployment/).check();
  await asked.getByLabel(/^note/i).fill('reviewed');
  await asked.getByRole('button', { name: 'Accept' }).click();
  await expect(result).toContainText('Deployed to prod (reviewed)');
});

test('a 2026-only stdio server: a cached read says so, Subscribe re-reads on updates, the tool list follows its changes, the Console gets log messages at the chosen level, ping is off with the reason', async ({ page }) => {
  const host = await startHostWithServers({ modern: { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const wb = new WorkbenchPage(page);
    const pane = await ws.open('modern');
    await ws.tab('modern', 'Resources');
    const list = pane.getByRole('region', { name: 'Resource list' });
    const contents = pane.getByRole('region', { name: 'Resource contents' });
    await list.getByRole('button', { name: /^Readme/ }).click();
    await expect(contents).toContainText('Readme of v2-modern-stdio, read 1 times');
    // Its answer carries ttlMs 30 s: choosing it again shows the cached answer, Read again asks the server.
    await list.getByRole('button', { name: /^Readme/ }).click();
    await expect(contents.getByRole('status')).toContainText(/cached, fresh for (29|30) s/);
    await expect(contents).toContainText('read 1 times');
    await contents.getByRole('button', { name: 'Read again' }).click();
    await expect(contents).toContainText('read 2 times');
    await expect(contents.getByRole('status')).toContainText('Read in');
    await contents.getByRole('button', { name: 'Subscribe' }).click();
    await expect(list.getByRole('button', { name: /^Readme/ })).toContainText('subscribed');

    await ws.tab('modern', 'Tools');
    await wb.openTool('modern', 'touch_resource');
    await wb.run('{"uri": "note://readme"}');
    await ws.tab('modern', 'Resources');
    await expect(contents).toContainText('read 3 times');
    await expect(contents.getByRole('status')).toContainText('Updated 1 time');

    // The listen stream carries tools/list_changed too: the new tool shows up.
    await ws.tab('modern', 'Tools');
    await wb.openTool('modern', 'add_tool');
    await wb.run('{"name": "added_later"}');
    await expect(wb.toolOption('modern', 'added_later')).toBeVisible();

    await ws.tab('modern', 'Console');
    await expect(pane.getByRole('button', { name: 'Ping' })).toBeDisabled();
    await expect(pane).toContainText('MCP 2026-07-28 has no ping.');
    await pane.getByLabel('Log level').selectOption('warning');
    await expect(pane.getByLabel('Log level')).toHaveValue('warning');
    await ws.tab('modern', 'Tools');
    await wb.openTool('modern', 'log');
    await wb.run('{}');
    await ws.tab('modern', 'Console');
    const log = pane.getByRole('log', { name: 'Console of modern' });
    await expect(log.locator('[data-level="error"]', { hasText: 'error message from v2-modern-stdio' })).toBeVisible();
    await expect(log.locator('[data-level]')).toHaveText([/warning message/, /error message/]);
  } finally {
    await host.stop();
  }
});
