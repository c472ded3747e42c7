/**
 * The reference server `@modelcontextprotocol/server-everything` (pinned as a
 * devDependency), run as a real stdio process: resources and templates with completion,
 * subscriptions with live updates, prompts with completion and embedded resources, log
 * messages, the log level and ping.
 */
import { everythingServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const everything = { command: process.execPath, args: [everythingServer, 'stdio'] };

test('server-everything: resources, templates, subscriptions and logging', async ({ page }) => {
  const host = await startHostWithServers({ everything });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const pane = await ws.open('everything');
    await expect(pane).toContainText('Everything Reference Server 2.0.0');

    await ws.tab('everything', 'Resources');
    const list = pane.getByRole('region', { name: 'Resource list' });
    const detail = pane.getByRole('region', { name: 'Resource', exact: true });
    const contents = detail.getByRole('region', { name: 'Resource contents' });
    await expect(list.getByRole('heading', { name: /^Resources/ })).toHaveText(/^Resources \(\d+\)$/);
    await expect(list.getByRole('heading', { name: /^Templates/ })).toHaveText('Templates (2)');

    // A template, completed by the server, read as text; the blob one as bytes that are text.
    await list.getByRole('button', { name: /^Dynamic Text Resource/ }).click();
    // Its completer only echoes a valid id, so there is nothing to pick: type it.
    await detail.getByRole('combobox', { name: 'resourceId' }).fill('42');
    await expect(detail.getByRole('status', { name: 'Resource URI' })).toHaveText('demo://resource/dynamic/text/42');
    await detail.getByRole('button', { name: 'Read' }).click();
    await expect(contents).toContainText('Resource 42: This is a plaintext resource created at');
    await list.getByRole('button', { name: /^Dynamic Blob Resource/ }).click();
    await detail.getByRole('combobox', { name: 'resourceId' }).fill('7');
    await detail.getByRole('button', { name: 'Read' }).click();
    await expect(contents.locator('[data-content="binary"]')).toContainText('Resource 7: This is a base64 blob created at');
    await expect(contents.getByRole('button', { name: 'Download' })).toBeVisible();

    // A static document, subscribed: the server logs the request, and its simulated
    // updates (switched on with its tool) are read as they come.
    await list.getByRole('button', { name: /^architecture\.md/ }).click();
    await expect(contents).toContainText('Architecture');
    await contents.getByRole('button', { name: 'Subscribe' }).click();
    await expect(contents.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

    await ws.tab('everything', 'Tools');
    const wb = new WorkbenchPage(page);
    await wb.toolOption('everything', 'Toggle Subscriber Updates').click();
    const toolPanel = await wb.run();
    await expect(toolPanel.getByRole('region', { name: 'Result' })).toContainText('Started simulated resource updated notifications');
    await ws.tab('everything', 'Resources');
    await expect(contents.getByRole('status')).toContainText(/Updated \d+ times?/);

    await ws.tab('everything', 'Console');
    const log = pane.getByRole('log', { name: 'Console of everything' });
    await expect(log.locator('[data-source="stderr"]', { hasText: 'Starting default (STDIO) server...' })).toBeVisible();
    await expect(log.locator('[data-level="info"]', { hasText: 'Received Subscribe Resource request for URI: demo://resource/static/document/architecture.md' })).toBeVisible();
    await pane.getByLabel('Log level').selectOption('error');
    await expect(pane.getByLabel('Log level')).toHaveValue('error');
    await expect(pane.getByRole('alert')).toHaveCount(0);
    await pane.getByRole('button', { name: 'Ping' }).click();
    await expect(pane.getByRole('status').filter({ hasText: /Answered in/ })).toBeVisible();
  } finally {
    await host.stop();
  }
});

test('server-everything: prompts with completion narrowed by context, and embedded resources', async ({ page }) => {
  const host = await startHostWithServers({ everything });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('everything');
    const pane = await ws.tab('everything', 'Prompts');
    const list = pane.getByRole('region', { name: 'Prompt list' });
    const detail = pane.getByRole('region', { name: 'Prompt', exact: true });
    const messages = detail.getByRole('list', { name: 'Messages' }).getByRole('listitem');

    await list.getByRole('button', { name: /^Team Management/ }).click();
    await ws.complete(detail.getByRole('combobox', { name: 'department' }), 'Eng', 'Engineering');
    const name = detail.getByRole('combobox', { name: 'name' });
    await name.focus();
    await expect(detail.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option')).toHaveText(['Alice', 'Bob', 'Charlie']);
    await ws.complete(name, 'B', 'Bob');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages.first()).toContainText('Please promote Bob to the head of the Engineering team.');

    await list.getByRole('button', { name: /^Resource Prompt/ }).click();
    await ws.complete(detail.getByRole('combobox', { name: 'resourceType' }), 'T', 'Text');
    await detail.getByRole('combobox', { name: 'resourceId' }).fill('3');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1).locator('[data-content="resource"]')).toContainText('demo://resource/dynamic/text/3');
    await expect(messages.nth(1)).toContainText('Resource 3: This is a plaintext resource');

    await list.getByRole('button', { name: /^Arguments Prompt/ }).click();
    await detail.getByRole('combobox', { name: 'city' }).fill('Lisbon');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages.first()).toContainText("What's weather in Lisbon?");
  } finally {
    await host.stop();
  }
});
