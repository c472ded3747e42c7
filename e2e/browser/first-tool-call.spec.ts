/**
 * The walking skeleton end to end in browser mode: a real browser host (real core),
 * a real Chromium, a really spawned stdio server.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { isAlive } from '../support/processes';
import { WorkbenchPage } from '../support/workbench-page';

test('add a stdio server, see its tools, run echo and add, see a tool error', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await expect(page.getByText('No servers yet')).toBeVisible();

  await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
  await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  await expect(wb.server('basic').getByText('basic-fixture 1.2.3')).toBeVisible();

  for (const label of ['Echo', 'add', 'fail']) await expect(wb.toolOption('basic', label)).toBeVisible();

  await wb.openTool('basic', 'Echo');
  await expect(page.getByText('mcp__basic__echo')).toBeVisible();
  let panel = await wb.run('{"text": "hello from the e2e test"}');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('hello from the e2e test');

  await wb.openTool('basic', 'add');
  panel = await wb.run('{"a": 2, "b": 40}');
  const result = panel.getByRole('region', { name: 'Result' });
  await expect(result.locator('pre').first()).toHaveText('42');
  await expect(result).toContainText('"sum": 42');

  await wb.openTool('basic', 'fail');
  panel = await wb.run('{}');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('Tool error');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('This tool always fails');

  // A request that never reaches the server is reported as such, not as a tool error.
  panel = await wb.run('{"oops": ');
  await expect(panel.getByRole('alert')).toContainText('Arguments are not valid JSON');
});

test('the add form names each invalid field, and a failing server shows why', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  const dialog = await wb.openAddServer();
  await dialog.getByLabel('Name', { exact: true }).fill('bad name');
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog.getByText(/^Name: Name may contain only/)).toBeVisible();
  await expect(dialog.getByText(/^Command: a command is required/)).toBeVisible();
  await wb.fillStdio(dialog, 'node', [], '1X=value');
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog.getByText('Environment: variable 1: "1X" is not a valid variable name', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await wb.addStdioServer('crashy', process.execPath, [fixtureServer('crash-on-start')]);
  await expect(wb.server('crashy').getByText('Failed')).toBeVisible();
  await expect(wb.server('crashy')).toContainText('closed the connection');
  // The full story is in the server's details: its last output, shown at once.
  await wb.server('crashy').getByRole('button', { name: /^crashy/ }).click();
  await expect(page.getByRole('region', { name: 'Server details' })).toContainText('crash-fixture: missing API_KEY, giving up');

  await wb.addStdioServer('ghost', 'mcp-workbench-no-such-command');
  await expect(wb.server('ghost')).toContainText('command not found');

  // The same name twice is refused with a message, and nothing is lost.
  await wb.addStdioServer('ghost', 'whatever');
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('A server named "ghost" already exists');
});

test('servers persist across restarts, and stopping the host leaves no server process behind', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
  await wb.openTool('basic', 'pid');
  const panel = await wb.run('{}');
  const pid = Number(await panel.getByRole('region', { name: 'Result' }).locator('pre').first().textContent());
  expect(isAlive(pid)).toBe(true);

  await host.stop();
  expect(isAlive(pid)).toBe(false);
  await expect(page.getByText('Lost the connection to the MCP Workbench host')).toBeVisible();

  // A new host on the same app data folder finds the server and reconnects it.
  const { startBrowserHost } = await import('../support/browser-host');
  const again = await startBrowserHost({ home: host.home });
  try {
    await page.goto(again.url);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  } finally {
    await again.stop();
  }
});
