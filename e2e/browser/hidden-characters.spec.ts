/**
 * Names a server chose that hide characters (the bidi-names fixture, a real stdio server:
 * a tool name with U+202E, a title with a zero-width space, a prompt name with U+2067),
 * in Chromium: the tool list, the tool panel and the Run? confirmation show each hidden
 * character as a visible mark naming its code point, never the raw character that would
 * turn the name around.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const RLO = '\u202E';

test('hidden and bidi characters in tool and prompt names are marked in lists, panels and the confirmation', async ({ page }) => {
  const host = await startHostWithServers({ bidi: { command: process.execPath, args: [fixtureServer('bidi-names')] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const pane = await ws.open('bidi');

    const tool = pane.locator(`[data-tool="mcp__bidi__rename${RLO}txt.exe"]`);
    await expect(tool.locator('.tool-name')).toHaveText('rename⟦U+202E⟧txt.exe');
    await expect(pane.locator('[data-tool="mcp__bidi__safe_tool"] .tool-name')).toHaveText('Safe⟦U+200B⟧ tool');

    await tool.click();
    const panel = pane.getByRole('region', { name: 'Tool', exact: true });
    await expect(panel.locator('.full-name')).toHaveText('mcp__bidi__rename⟦U+202E⟧txt.exe');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('heading')).toHaveText('Run rename⟦U+202E⟧txt.exe?');
    expect(await confirm.innerText()).not.toContain(RLO);
    // The name is isolated from the sentence around it.
    await expect(confirm.getByRole('heading').locator('bdi.name-with-hidden')).toHaveCount(1);
    await confirm.getByRole('button', { name: /Cancel|Refuse|Do not run/ }).first().click();

    await ws.tab('bidi', 'Prompts');
    await expect(pane.getByText('greet⟦U+2067⟧gnp.ahc')).toBeVisible();
  } finally {
    await host.stop();
  }
});
