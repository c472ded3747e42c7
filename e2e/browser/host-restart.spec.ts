/**
 * A browser tab that outlives its host, against real hosts on one app data folder: the
 * tab says it belongs to an earlier run and where the new URL comes from; once another
 * run takes the port it says the token is not that host's; the new URL pasted into the
 * same tab (only the fragment changes) is taken without a second reload. Calls waiting
 * when the host's socket drops, and calls made after, fail at once instead of hanging.
 */
import fs from 'node:fs/promises';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { isAlive } from '../support/processes';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers } from '../support/workspaces';

const EARLIER_RUN = 'this page belongs to an earlier run of the host, which has stopped';
const WRONG_TOKEN = "This page's token is not the running host's: open the URL the host printed";
const LOST = 'Lost the connection to the MCP Workbench host.';

test('after a restart the old tab says it belongs to an earlier run, then that its token is wrong, and takes the new URL pasted into it', async ({ page }) => {
  const first = await startBrowserHost();
  let second: BrowserHost | undefined;
  try {
    await page.goto(first.url);
    const wb = new WorkbenchPage(page);
    await expect(page.getByText('No servers yet')).toBeVisible();

    await first.stop();
    const banner = page.getByRole('alert').filter({ hasText: 'MCP Workbench host' });
    await expect(banner).toContainText(EARLIER_RUN);
    await expect(banner).toContainText('npm run web');

    // The next run, on the same port (as with --port): another token.
    second = await startBrowserHost({ home: first.home, port: first.port });
    const wrongToken = page.getByRole('alert').filter({ hasText: WRONG_TOKEN });
    await expect(wrongToken).toBeVisible();

    // Pasting the URL it printed into this tab changes only the fragment: no load of its own.
    const reloaded = page.waitForEvent('load');
    await page.goto(second.url);
    await reloaded;
    await expect(wrongToken).toBeHidden();
    await expect(banner).toBeHidden();
    expect(page.url()).toBe(`http://127.0.0.1:${second.port}/`);
    // Connected to the new run: it answers.
    await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  } finally {
    await first.stop();
    await second?.stop();
    await fs.rm(first.home, { recursive: true, force: true });
  }
});

test("a page opened with a token that is not the running host's says so, and takes the right one pasted in", async ({ page, host }) => {
  await page.goto(`http://127.0.0.1:${host.port}/#token=not-the-token`);
  const wrongToken = page.getByRole('alert').filter({ hasText: WRONG_TOKEN });
  await expect(wrongToken).toBeVisible();
  await expect(page.getByText('Lost the connection')).toBeHidden();

  const reloaded = page.waitForEvent('load');
  await page.goto(host.url);
  await reloaded;
  await expect(page.getByText('No servers yet')).toBeVisible();
  await expect(wrongToken).toBeHidden();
});

test('a call waiting when the host drops fails at once, and so does a call made while it is gone', async ({ page }) => {
  const host = await startHostWithServers({ slow: { command: process.execPath, args: [fixtureServer('crash-mid-call')] } });
  let serverPid: number | undefined;
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await expect(wb.server('slow').getByText('Connected')).toBeVisible();
    await wb.openTool('slow', 'pid');
    let panel = await wb.run('{}');
    serverPid = Number(await panel.getByRole('region', { name: 'Result' }).locator('pre').first().textContent());

    // One step of ten seconds: the step's progress proves the call reached the server.
    await wb.openTool('slow', 'progress');
    panel = wb.panel;
    await wb.fillArguments('{"steps": 1, "delayMs": 10000}');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
    await expect(panel.getByRole('progressbar')).toBeVisible();

    await host.crash();
    // Well before the tool itself would have answered.
    await expect(panel.getByRole('alert').filter({ hasText: LOST })).toBeVisible({ timeout: 5000 });
    await expect(panel.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 5000 });
    await expect(page.getByRole('alert').filter({ hasText: EARLIER_RUN })).toBeVisible();

    // Run again while the host is gone: refused at once, not left running.
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('dialog', { name: /^Run / }).getByRole('button', { name: 'Run once' }).click();
    await expect(panel.getByRole('alert').filter({ hasText: LOST })).toBeVisible({ timeout: 5000 });
    await expect(panel.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 5000 });
  } finally {
    await host.stop();
    // The host died without closing it: the server it started goes now.
    if (serverPid && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
  }
});
