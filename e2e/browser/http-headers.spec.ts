/**
 * SEP-2243 in browser mode against a 2026-only Streamable HTTP server (SDK v2 fixture): a
 * tool whose x-mcp-header sits on a number is struck out in the tool list with the reason
 * and cannot be run; a tool with a valid x-mcp-header runs, and the protocol log shows the
 * Mcp-Method, Mcp-Name and Mcp-Param-* headers its request went out with.
 */
import { startFixture } from '../fixtures/fixture-process';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers } from '../support/workspaces';

test('an invalid x-mcp-header tool is struck out and not runnable; a valid one sends its headers, shown in the protocol log', async ({ page }) => {
  const http = await startFixture('v2-http', ['--modern-only', '--header-tools']);
  const host = await startHostWithServers({ sep: { type: 'http', url: http.url } });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await expect(wb.server('sep').getByText('Connected')).toBeVisible();
    await wb.server('sep').getByRole('button', { name: /^sep/ }).click();

    const bad = wb.toolOption('sep', 'bad_header');
    await expect(bad).toHaveClass(/excluded/);
    await expect(bad.locator('.tool-name')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(bad).toHaveAttribute('title', /got number/);
    await expect(bad).toContainText('Not callable: score: x-mcp-header is only permitted on primitive-typed properties');
    await bad.click();
    await expect(wb.panel.getByRole('note')).toContainText('Cannot be called: its x-mcp-header annotations break the MCP 2026-07-28 rules');
    await expect(wb.panel.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();

    await expect(wb.toolOption('sep', 'set_region')).not.toHaveClass(/excluded/);
    await wb.openTool('sep', 'set_region');
    const panel = await wb.run('{"region": "ap-south1"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('region ap-south1');

    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    const log = page.getByRole('region', { name: 'Protocol log' });
    await log.getByLabel('Kind').selectOption('request');
    const call = log.locator('.log-entry').filter({ hasText: 'tools/call' });
    await call.getByRole('button').click();
    await expect(call.locator('.log-headers')).toContainText('Mcp-Method: tools/call');
    await expect(call.locator('.log-headers')).toContainText('Mcp-Name: set_region');
    await expect(call.locator('.log-headers')).toContainText('Mcp-Param-Region: ap-south1');
  } finally {
    await host.stop();
    await http.stop();
  }
});
