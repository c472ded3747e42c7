/**
 * The Doctor tab in browser mode against the doctor fixtures: findings by severity and
 * host with tool, JSON pointer and source link; "see it as" a host; the badge in the
 * server list; and a server with nothing wrong.
 */
import AxeBuilder from '@axe-core/playwright';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;

test('doctor: findings for a server that breaks the rules, the tools as Claude Code shows them, and the badge', async ({ page }) => {
  const host = await startHostWithServers({
    bad: { command: node, args: [fixtureServer('doctor-bad')] },
    good: { command: node, args: [fixtureServer('doctor-good')] },
  });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('bad');
    const pane = await ws.tab('bad', 'Doctor');

    // The check is done when its button reads "Check again": 130 tools counted twice over, a slow start, on a machine that may be busy.
    await expect(pane.getByRole('button', { name: 'Check again' })).toBeEnabled({ timeout: 60_000 });
    const errors = pane.getByRole('region', { name: /^Errors \(\d+\)$/ });
    await expect(errors).toBeVisible();
    const vscode = errors.getByRole('region', { name: 'VS Code / Copilot: errors' });
    const items = vscode.locator('[data-rule="vscode-array-items"]');
    await expect(items).toContainText('schema_zoo');
    await expect(items.locator('.doctor-pointer')).toHaveText('/inputSchema/properties/tags');
    await expect(items.getByRole('link', { name: 'source' })).toHaveAttribute('href', 'https://github.com/microsoft/vscode/issues/284536');
    await expect(pane.getByRole('region', { name: /^Warnings/ }).locator('[data-rule="claude-code-description-cut"]')).toContainText('huge_docs');
    await expect(pane.getByText(/130 tools · [\d,]+ tokens \(OpenAI o200k\) · ~[\d,]+ tokens \(Claude, estimate\)/)).toBeVisible();

    // See it as: Claude Code's names, the description cut, refused tools with the reason.
    const seeAs = pane.getByRole('region', { name: 'See it as' });
    await expect(seeAs.locator('[data-tool="files.read"] .doctor-host-name')).toHaveText('mcp__bad__files_read');
    await expect(seeAs.locator('[data-tool="huge_docs"]')).toContainText('[cut here]');
    await expect(seeAs.locator('[data-tool="pick_one"] .doctor-dropped')).toContainText('anyOf');
    await seeAs.getByLabel('See it as').selectOption('cursor');
    await expect(seeAs.locator('[data-tool="filler_129"] .doctor-dropped')).toContainText('first 40 tools');

    // No serious or critical accessibility violation in the tab.
    const axe = await new AxeBuilder({ page }).include('[data-workspace="bad"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    // The server list's badge says what the last check found.
    await expect(page.locator('[data-server="bad"] [data-doctor="error"]')).toHaveText(/^\d+ errors$/);

    await ws.open('good');
    const good = await ws.tab('good', 'Doctor');
    await expect(good.getByText("No findings: every host's rules pass.")).toBeVisible();
    await expect(page.locator('[data-server="good"] [data-doctor="ok"]')).toHaveText('doctor ok');
  } finally {
    await host.stop();
  }
});
