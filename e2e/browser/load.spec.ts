/**
 * The Load tab in browser mode against the load-target fixture (a real stdio process per
 * client, 20 ms per call): a run started from the form, its live chart filling as points
 * arrive, Stop leaving no server process, two kept runs compared side by side, a kept run's
 * HTML report saved from its row; no serious
 * accessibility violation; no console error. Each step waits on what proves it (a point
 * count, a status), never a fixed sleep.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { isAlive, pidsWith, waitUntil } from '../support/processes';
import { startHostWithServers, Workspaces } from '../support/workspaces';

test('load: a run from the Load tab charts live, Stop leaves no process, and two runs compare', async ({ page }) => {
  test.setTimeout(180_000);
  const marker = `load-e2e-${randomUUID()}`;
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const host = await startHostWithServers({ target: { command: process.execPath, args: [fixtureServer('load-target'), '--delay-ms', '20', marker] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('target');
    const pane = await ws.tab('target', 'Load');
    await expect(pane.getByText('No load runs of target yet.')).toBeVisible();
    const form = pane.getByRole('form', { name: 'Load test set-up' });

    // A first run, bounded by a number of calls: it ends by itself and is kept.
    await form.getByLabel('Tool', { exact: true }).fill('work');
    await form.getByLabel('Clients', { exact: true }).fill('2');
    await form.getByLabel('In flight per client').fill('2');
    await form.getByLabel('a number of calls').check();
    await form.getByLabel('Calls', { exact: true }).fill('200');
    await form.getByRole('button', { name: 'Start load test' }).click();
    const live = pane.getByRole('region', { name: 'Load run under way' });
    await expect(live.getByRole('status')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(live.getByRole('status')).toContainText('completed: 200 calls, 0 errors');
    await live.getByRole('button', { name: 'New run' }).click();

    // A second, long run: the chart fills point by point while it goes; Stop ends it and its servers.
    // The app's own connection to the server is a process with the marker too: it stays.
    const own = pidsWith(marker);
    await form.getByLabel('a duration').check();
    await form.getByLabel('Seconds', { exact: true }).fill('600');
    await form.getByRole('button', { name: 'Start load test' }).click();
    const latency = live.getByRole('img', { name: /^Latency \(ms\)/ });
    await expect(latency).toHaveAttribute('data-points', /^[1-9]/, { timeout: 30_000 });
    const first = Number(await latency.getAttribute('data-points'));
    await expect.poll(async () => Number(await latency.getAttribute('data-points')), { timeout: 30_000 }).toBeGreaterThan(first);
    const box = await latency.locator('canvas').first().boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    expect(box?.height).toBeGreaterThan(50);
    await expect(live.getByRole('img', { name: /^Server memory \(MiB\)/ })).toBeVisible();
    const servers = pidsWith(marker).filter((pid) => !own.includes(pid));
    expect(servers).toHaveLength(2);
    await live.getByRole('button', { name: 'Stop' }).click();
    await expect(live.getByRole('status')).toHaveAttribute('data-status', 'stopped', { timeout: 30_000 });
    await waitUntil(() => servers.every((pid) => !isAlive(pid)), 'the run\'s server processes to end');
    expect(pidsWith(marker).sort()).toEqual([...own].sort());

    // The two kept runs side by side.
    const runs = pane.getByRole('region', { name: 'Load runs' });
    const boxes = runs.getByRole('checkbox', { name: /^Compare the run of work/ });
    await expect(boxes).toHaveCount(2);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const compared = pane.getByRole('region', { name: 'Two runs compared' });
    await expect(compared.getByRole('rowheader', { name: 'p95' })).toBeVisible();
    await expect(compared.getByRole('img', { name: /^Latency, A and B/ })).toHaveAttribute('data-points', /^[1-9]/);

    // A kept run's report, saved from its row: the self-contained HTML with its charts.
    const download = page.waitForEvent('download');
    await runs.getByRole('button', { name: /^Save the report of the run of work/ }).first().click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^target-load-.*\.html$/);
    const html = await fs.readFile((await saved.path())!, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toMatch(/<th>Server<\/th><td>target \(stdio, MCP 20\d\d-\d\d-\d\d\)<\/td>/);
    expect(html).toContain('uPlot');
    await expect(runs.getByRole('status')).toContainText(`as ${saved.suggestedFilename()}`);

    const axe = await new AxeBuilder({ page }).include('[data-workspace="target"] .load-view').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await host.stop();
  }
});
