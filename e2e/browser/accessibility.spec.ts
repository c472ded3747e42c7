/**
 * axe (the accessibility engine) finds no serious or critical violation on the main
 * screens, in the light and in the dark theme: the server list and every server's tools,
 * a workspace with a tool result, resources, prompts, the console, the protocol log, the
 * actions menu and a dialog. Real browser host, real fixture servers.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';
import { WorkbenchPage } from '../support/workbench-page';

const node = process.execPath;

/**
 * The serious and critical violations on the page now, one line each (rule, target, summary).
 * axe's experimental label-in-name rule is on too: a control's accessible name must contain
 * its visible label, so what a speech-input user reads out works.
 */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((n) => `${screen}: ${violation.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`));
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violation on the main screens, ${theme} theme`, async ({ page }) => {
    // Eight full-page axe runs take a while on a loaded machine.
    test.setTimeout(150_000);
    const host = await startHostWithServers({
      basic: { command: node, args: [fixtureServer('basic-stdio')] },
      notes: { command: node, args: [fixtureServer('resources-stdio')] },
      crashy: { command: node, args: [fixtureServer('crash-on-start')] },
    });
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(host.url);
      await expect(page.locator('html')).toHaveCSS('color-scheme', /light|dark/);
      const wb = new WorkbenchPage(page);
      const ws = new Workspaces(page);
      await expect(wb.server('crashy').getByText('Failed')).toBeVisible();
      await expect(wb.toolOption('basic', 'Echo')).toBeVisible();
      const found: string[] = [];
      found.push(...(await seriousViolations(page, 'home')));

      await wb.server('basic').getByRole('button', { name: 'Actions for basic' }).click();
      await expect(page.getByRole('menu', { name: 'Actions for basic' })).toBeVisible();
      found.push(...(await seriousViolations(page, 'menu')));
      await page.keyboard.press('Escape');

      const pane = await ws.open('basic');
      await pane.locator('[role="option"][data-tool="mcp__basic__echo"]').click();
      const tool = pane.getByRole('region', { name: 'Tool', exact: true });
      await tool.getByRole('textbox').first().fill('hello');
      await tool.getByRole('button', { name: 'Run', exact: true }).click();
      await expect(tool.getByRole('region', { name: 'Result' })).toBeVisible();
      await tool.getByText('Input schema').click();
      found.push(...(await seriousViolations(page, 'tool result')));

      await ws.open('notes');
      const resources = await ws.tab('notes', 'Resources');
      await resources.getByRole('region', { name: 'Resource list' }).getByRole('listitem').first().getByRole('button').first().click();
      await expect(resources.getByRole('region', { name: 'Resource contents' })).toBeVisible();
      found.push(...(await seriousViolations(page, 'resources')));

      const prompts = await ws.tab('notes', 'Prompts');
      await prompts.getByRole('region', { name: 'Prompt list' }).getByRole('listitem').first().getByRole('button').first().click();
      found.push(...(await seriousViolations(page, 'prompts')));

      await ws.tab('notes', 'Console');
      await page.getByRole('button', { name: 'Protocol log', exact: true }).click();
      await expect(page.locator('.protocol-log')).toBeVisible();
      found.push(...(await seriousViolations(page, 'console and protocol log')));

      await wb.appMenu('Settings…');
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
      found.push(...(await seriousViolations(page, 'settings dialog')));
      await page.keyboard.press('Escape');

      // The history of the call above: a row, its menu open.
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('dialog', { name: 'History' });
      await history.getByRole('button', { name: 'More for the call of echo' }).click();
      await expect(page.getByRole('menuitem', { name: 'Add to collection…' })).toBeVisible();
      found.push(...(await seriousViolations(page, 'history dialog and a row menu')));
      await page.keyboard.press('Escape');
      await history.getByRole('button', { name: 'Close', exact: true }).click();

      // The header's menu.
      await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
      await expect(page.getByRole('menu', { name: 'Menu' })).toBeVisible();
      found.push(...(await seriousViolations(page, 'header menu')));
      await page.keyboard.press('Escape');

      await wb.openAddServer();
      found.push(...(await seriousViolations(page, 'add server dialog')));

      expect(found).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
