/**
 * headersHelper through the UI, on the real browser host and the HTTP fixture that admits
 * only the helper's headers: the window asks before the command first runs, shows it, and
 * connects once allowed; the next start does not ask again.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFixture } from '../fixtures/fixture-process';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('the window asks before a headersHelper first runs, and remembers the answer', async ({ page }) => {
  const http = await startFixture('http-server', ['--bearer', 'helper-secret-token']);
  const command = `"${process.execPath}" "${path.resolve('e2e/fixtures/headers-helper.mjs')}" ok`;
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-helper-'));
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { helped: { type: 'http', url: http.url, headersHelper: command } } }));
  let host: BrowserHost | undefined;
  try {
    host = await startBrowserHost({ home });
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    const dialog = page.getByRole('dialog').filter({ hasText: "Run this server's headersHelper?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(command);
    await dialog.getByRole('button', { name: 'Allow and run' }).click();
    await expect(wb.server('helped').getByText('Connected')).toBeVisible();

    // The same data folder, a new run: connected without a question.
    await host.stop();
    host = await startBrowserHost({ home });
    await page.goto(host.url);
    await expect(wb.server('helped').getByText('Connected')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  } finally {
    await host?.stop();
    await http.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
});
