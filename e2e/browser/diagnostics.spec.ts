/**
 * The diagnostic log in browser mode: Settings → Open log folder shows where the log is
 * (the folder is on the machine the host runs on, so the page cannot open it), and the
 * folder is there. A real browser host, real Chromium.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('Open log folder shows the log folder’s path in browser mode, and the folder exists', async ({ page, host }) => {
  await page.goto(host.url);
  await new WorkbenchPage(page).appMenu('Settings…');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Open log folder' }).click();
  const folder = path.join(host.home, 'logs');
  await expect(dialog.getByRole('status')).toContainText(`The diagnostic log is in ${folder} on the machine MCP Workbench runs on.`);
  expect((await fs.stat(folder)).isDirectory()).toBe(true);
});
