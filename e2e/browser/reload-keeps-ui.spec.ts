/**
 * Reloading the page (the browser's reload, or the page's own after reconnecting) keeps
 * what the user arranged and typed: the open workspaces, the selected server, tool and
 * tab, and the arguments typed, in this tab's sessionStorage only (argument values may
 * be secrets: nothing goes to localStorage).
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

test('a reload keeps the open workspaces, the selected tool and tab, and the arguments typed', async ({ page }) => {
  const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
  const host = await startHostWithServers({ alpha: basic, beta: basic });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const alpha = await ws.open('alpha');
    await alpha.getByRole('button', { name: 'Keep open' }).click();
    await ws.tab('alpha', 'Console');
    const beta = await ws.open('beta');
    await beta.getByRole('region', { name: 'Tools' }).getByRole('option', { name: /^Echo/ }).click();
    await expect(beta.getByText('mcp__beta__echo')).toBeVisible();
    await beta.getByRole('button', { name: 'JSON', exact: true }).click();
    await expect(beta.locator('.cm-content')).toBeVisible();
    await beta.getByLabel('Arguments (JSON)').fill('{"text": "typed before the reload"}');
    await expect(beta.locator('.cm-content')).toContainText('typed before the reload');

    await page.reload();

    await expect(alpha).toBeVisible();
    await expect(alpha.getByRole('button', { name: 'Keep open' })).toHaveAttribute('aria-pressed', 'true');
    await expect(alpha.getByRole('tab', { name: 'Console', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(beta).toBeVisible();
    await expect(beta.getByRole('tab', { name: 'Tools', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(beta.getByText('mcp__beta__echo')).toBeVisible();
    await expect(beta.getByRole('button', { name: 'JSON', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(beta.locator('.cm-content')).toContainText('typed before the reload');
    // The arguments still run as typed.
    await beta.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(beta.getByRole('region', { name: 'Result' })).toContainText('typed before the reload');

    // Kept for this tab only: nothing typed reaches localStorage (which holds only the theme).
    const storage = (area: 'localStorage' | 'sessionStorage') =>
      page.evaluate((name) => JSON.stringify({ ...(globalThis as unknown as Record<string, Record<string, string>>)[name] }), area);
    expect(await storage('localStorage')).not.toContain('typed before the reload');
    expect(await storage('sessionStorage')).toContain('typed before the reload');
  } finally {
    await host.stop();
  }
});
