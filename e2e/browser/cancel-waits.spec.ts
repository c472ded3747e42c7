/**
 * Cancel (and Esc) where the page waits on a server that does not answer: a connect to a
 * server that never answers initialize, and a Doctor run on a server that never answers
 * tools/list. Each entry's own limit is far beyond every wait in these tests, so only the
 * cancel can settle what the page waits for; the row (or the Doctor tab) is usable at once.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;
/** Longer than any test here may take: an attempt that ends on its own would mean the cancel did nothing. */
const NEVER_MS = 600_000;

test('a connect that never finishes is cancelled from the server details, by Esc or Cancel, and the server can be connected again at once', async ({ page }) => {
  const host = await startHostWithServers({ quiet: { command: node, args: [fixtureServer('silent-stdio')], connectTimeoutMs: NEVER_MS } });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    const details = page.getByRole('region', { name: 'Server details' });
    // Start-up is connecting it: its details offer to stop that.
    await wb.server('quiet').getByRole('button', { name: /^quiet/ }).click();
    const cancel = details.getByRole('button', { name: 'Cancel connecting to quiet' });
    await expect(cancel).toBeVisible();
    await cancel.focus();
    await page.keyboard.press('Escape');
    await expect(wb.server('quiet').getByText('Disconnected', { exact: true })).toBeVisible();
    const connect = details.getByRole('button', { name: 'Connect quiet' });
    await expect(connect).toBeEnabled();

    // A connect the page asked for: Cancel settles it as cancelled, which is no error to show.
    await connect.click();
    await expect(cancel).toBeVisible();
    await cancel.click();
    await expect(wb.server('quiet').getByText('Disconnected', { exact: true })).toBeVisible();
    await expect(connect).toBeEnabled();
    await expect(details.getByRole('alert')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('a Doctor run that waits on a list the server never sends is cancelled by Cancel or Esc, and can be run again', async ({ page }) => {
  const host = await startHostWithServers({ slow: { command: node, args: [fixtureServer('unanswered-lists')], callTimeoutMs: NEVER_MS } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('slow');
    const pane = await ws.tab('slow', 'Doctor');
    const cancel = pane.getByRole('button', { name: 'Cancel the check of slow' });
    await expect(cancel).toBeVisible();
    await cancel.click();
    await expect(pane.getByText('The check was cancelled.')).toBeVisible();
    await expect(cancel).toBeHidden();
    const check = pane.getByRole('button', { name: 'Check', exact: true });
    await expect(check).toBeEnabled();

    await check.click();
    await expect(cancel).toBeVisible();
    await cancel.focus();
    await page.keyboard.press('Escape');
    await expect(pane.getByText('The check was cancelled.')).toBeVisible();
    await expect(check).toBeEnabled();
  } finally {
    await host.stop();
  }
});
