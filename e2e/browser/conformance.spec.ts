/**
 * The Doctor tab's Conformance section in browser mode, with the suite from this checkout on a
 * Node 22: the v2 HTTP fixture (a real process) tested at its URL for 2026-07-28, each scenario
 * listed, a failed one with its check and spec link; no serious accessibility violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { startFixture } from '../fixtures/fixture-process';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';
import { SuiteNodeMissing } from '../../electron/core/conformance/conformance-errors';
import { findSuiteNode } from '../../electron/core/conformance/suite-node';
import { checkoutRoot } from '../../electron/core/conformance/suite-packages';

test('conformance: runs the suite against an HTTP server from the Doctor tab and lists each scenario', async ({ page }) => {
  try {
    await findSuiteNode({ env: process.env, checkout: checkoutRoot(process.cwd())!, self: { path: process.execPath, version: process.versions.node } });
  } catch (error) {
    if (!(error instanceof SuiteNodeMissing)) throw error;
    test.skip(true, `No Node 22 for the conformance suite here: ${error.message} ${error.remedy}`);
  }
  test.setTimeout(240_000);
  const server = await startFixture('v2-http');
  const host = await startHostWithServers({ v2: { type: 'http', url: server.url } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('v2');
    const pane = await ws.tab('v2', 'Doctor');
    const section = pane.getByRole('region', { name: 'Conformance' });
    await section.getByLabel('Revision').selectOption('2026-07-28');
    const run = section.getByRole('button', { name: 'Run the conformance suite' });
    await expect(run).toBeEnabled();
    await run.click();
    await expect(section.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const scenarios = section.getByRole('list', { name: 'Conformance scenarios' });
    await expect(scenarios).toBeVisible({ timeout: 180_000 });
    await expect(scenarios.getByRole('listitem', { name: 'tools-list: passed' })).toBeVisible();
    const failed = scenarios.getByRole('list', { name: 'Failed checks of tools-call-image' });
    await expect(failed.getByRole('link').first()).toHaveAttribute('href', /^https:\/\/modelcontextprotocol\.io\//);
    await expect(section.getByLabel('Conformance totals')).toContainText(/^\d+ passed · \d+ failed · \d+ recorded no check · 0 not applicable — MCP 2026-07-28/);

    const axe = await new AxeBuilder({ page }).include('[data-workspace="v2"] .doctor-conformance').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  } finally {
    await host.stop();
    await server.stop();
  }
});
