/**
 * Tasks in the browser, against the tasks fixture in both eras: Run as task shows the
 * task's status while it runs and its result when done; the Tasks tab lists it (status,
 * message, elapsed, Show result through the result view), is reached from the keyboard,
 * and Cancel there sends tasks/cancel and shows the task as cancelled.
 */
import type { Locator } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;
const ERAS = [
  { server: 'jobs-2025', protocol: 'legacy' },
  { server: 'jobs-2026', protocol: '2026-07-28' },
];

async function pick(pane: Locator, name: string): Promise<Locator> {
  await pane.getByLabel('Search tools').fill(name);
  await pane.locator(`[data-tool$="__${name}"]`).click();
  const panel = pane.getByRole('region', { name: 'Tool', exact: true });
  await expect(panel.locator('.full-name')).toHaveText(new RegExp(`__${name}$`));
  return panel;
}

/** Fills slow_job's form. */
async function setSteps(panel: Locator, steps: number, delayMs: number): Promise<void> {
  const form = panel.getByRole('region', { name: 'Arguments' });
  await form.getByRole('textbox', { name: 'steps', exact: true }).fill(String(steps));
  await form.getByRole('textbox', { name: 'delayMs', exact: true }).fill(String(delayMs));
}

for (const { server, protocol } of ERAS) {
  test(`${protocol}: run as task shows progress, then the result; the Tasks tab lists it and shows its result`, async ({ page }) => {
    const host = await startHostWithServers({ [server]: { command: node, args: [fixtureServer('tasks-server')], protocol } });
    try {
      await page.goto(host.url);
      const ws = new Workspaces(page);
      const pane = await ws.open(server);
      const panel = await pick(pane, 'slow_job');
      await setSteps(panel, 6, 250);
      await panel.getByRole('checkbox', { name: 'Run as task' }).check();
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('button', { name: 'Run once' }).click();
      await expect(panel.getByRole('status', { name: 'Call progress' })).toContainText(/Task working · step \d of 6/);
      await expect(panel.getByRole('region', { name: 'Result' })).toContainText('done after 6 steps');

      // The Tasks tab, from the keyboard: the tab list moves with the arrow keys.
      await pane.getByRole('tab', { name: 'Tools', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(pane.getByRole('tab', { name: 'Tasks', exact: true })).toHaveAttribute('aria-selected', 'true');
      const task = pane.getByRole('list', { name: `Tasks of ${server}` }).getByRole('listitem').filter({ hasText: 'slow_job' });
      await expect(task.getByRole('status')).toHaveText('Completed');
      await expect(task).toContainText('done');
      await expect(task).toContainText(/took \d/);
      await task.getByRole('button', { name: 'Show result' }).click();
      await expect(task.getByRole('region', { name: 'Result' })).toContainText('done after 6 steps');
    } finally {
      await host.stop();
    }
  });

  test(`${protocol}: Cancel in the Tasks tab cancels a running task`, async ({ page }) => {
    const host = await startHostWithServers({ [server]: { command: node, args: [fixtureServer('tasks-server')], protocol } });
    try {
      await page.goto(host.url);
      const ws = new Workspaces(page);
      let pane = await ws.open(server);
      const tasks = await ws.tab(server, 'Tasks');
      await expect(tasks.getByText('No tasks yet.')).toBeVisible();
      pane = await ws.tab(server, 'Tools');
      const panel = await pick(pane, 'slow_job');
      await setSteps(panel, 200, 100);
      await panel.getByRole('checkbox', { name: 'Run as task' }).check();
      await panel.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('button', { name: 'Run once' }).click();
      await expect(panel.getByRole('status', { name: 'Call progress' })).toContainText(/Task working/);

      await ws.tab(server, 'Tasks');
      const task = pane.getByRole('list', { name: `Tasks of ${server}` }).getByRole('listitem').filter({ hasText: 'slow_job' });
      await expect(task.getByRole('status')).toHaveText('Working');
      await task.getByRole('button', { name: /^Cancel task slow_job/ }).click();
      await expect(task.getByRole('status')).toHaveText('Cancelled');
      await expect(task).toContainText('Cancelled on request');
      await expect(task.getByRole('button', { name: /^Cancel task/ })).toHaveCount(0);
    } finally {
      await host.stop();
    }
  });
}
