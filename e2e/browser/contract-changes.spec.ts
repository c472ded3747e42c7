/**
 * "Changed since the last connection" in browser mode: a stdio server that is the basic
 * fixture at its first connection and the SDK v2 fixture at the next (a launcher picks the
 * script a file names), real browser host, real Chromium. Reconnect shows what changed;
 * Dismiss hides it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('a reconnect to a server that changed shows its changes in the details, until dismissed', async ({ page }) => {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-'));
  const which = path.join(home, 'which-server.txt');
  const launcher = path.join(home, 'launcher.mjs');
  await fs.writeFile(which, pathToFileURL(fixtureServer('basic-stdio')).href);
  await fs.writeFile(launcher, `import { readFileSync } from 'node:fs';\nawait import(readFileSync(${JSON.stringify(which)}, 'utf8'));\n`);
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { shifty: { command: process.execPath, args: [launcher] } } }));
  const host = await startBrowserHost({ home });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await expect(wb.server('shifty').getByText('Connected')).toBeVisible();
    await wb.server('shifty').getByRole('button', { name: /^shifty/ }).click();
    const details = page.getByRole('region', { name: 'Server details' });
    await expect(details).toContainText('basic-fixture 1.2.3');
    await expect(details.getByRole('region', { name: /since the last connection/ })).toHaveCount(0);

    await fs.writeFile(which, pathToFileURL(fixtureServer('v2-stdio')).href);
    // A connected server's Reconnect is in its actions menu.
    await wb.detailsAction(page.locator('body'), 'shifty', 'Reconnect');
    const changes = details.getByRole('region', { name: 'Changes of shifty since the last connection' });
    await expect(changes).toBeVisible();
    await expect(changes).toContainText('Changed since the last connection');
    await expect(changes.locator('li[data-kind="breaking"]').first()).toContainText(/tool .+ removed/);
    await expect(changes.locator('li[data-kind="changed"]').filter({ hasText: 'server name' })).toHaveCount(1);

    await changes.getByRole('button', { name: 'Dismiss the changes' }).click();
    await expect(changes).toHaveCount(0);
  } finally {
    await host.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
});
