/**
 * The Skills tab in browser mode against the skills fixtures as real processes: the list with
 * every page and the refused entries with their reasons; a skill's SKILL.md rendered as markdown
 * (no remote image loaded, raw HTML dropped, no link followed) beside its frontmatter; its files
 * opened as text, image and binary; Verify all with a badge per skill; a lying file named with
 * its reason and not shown; axe in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-workspace]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((n) => `${violation.id} at ${n.target.join(' ')}`));
}

for (const theme of ['light', 'dark'] as const) {
  test(`skills: read a skill and its files, verify all, a lying file named with its reason (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000);
    const host = await startHostWithServers({
      good: { command: node, args: [fixtureServer('skills-server')] },
      lying: { command: node, args: [fixtureServer('skills-lying')] },
    });
    const remote: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') remote.push(request.url());
    });
    try {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(host.url);
      const ws = new Workspaces(page);
      await ws.open('good');
      const pane = await ws.tab('good', 'Skills');
      const list = pane.getByRole('region', { name: 'Skill list' });
      const detail = pane.getByRole('region', { name: 'Skill', exact: true });
      // Two skills a page: all three listed.
      await expect(list.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveCount(3);

      await list.getByRole('button', { name: /^pdf-processing/ }).click();
      const manifest = detail.getByRole('region', { name: 'SKILL.md' });
      const markdown = manifest.getByTestId('skill-markdown');
      await expect(markdown.getByRole('heading', { name: 'PDF processing' })).toBeVisible();
      await expect(markdown.getByRole('table')).toBeVisible();
      await expect(markdown.locator('td.align-right').first()).toHaveText('Read the form');
      await expect(markdown.getByRole('listitem').filter({ hasText: 'regional template' })).toContainText('☑');
      // Nothing is loaded or run: images as their address, raw HTML dropped, links not followed.
      await expect(markdown.locator('img')).toHaveCount(0);
      await expect(markdown).toContainText('https://example.com/tracker.png');
      await expect(markdown.locator('script')).toHaveCount(0);
      await expect(markdown.locator('a')).toHaveCount(0);
      // Raw HTML tags are dropped (their text stays, as text); a javascript: address is not even shown.
      await expect(markdown.locator('b')).toHaveCount(0);
      await expect(markdown).toContainText('raw HTML is shown as text, never run');
      await expect(markdown).not.toContainText('javascript:');
      await expect(manifest.getByRole('complementary', { name: 'Frontmatter' })).toContainText('Apache-2.0');

      const files = detail.getByRole('region', { name: 'Files' });
      await files.getByRole('button', { name: 'references/FORMS.md' }).click();
      await expect(files.getByRole('region', { name: 'File references/FORMS.md' })).toContainText('Every field of the form, in order.');
      await files.getByRole('button', { name: 'assets/logo.png' }).click();
      await expect(files.getByRole('region', { name: 'File assets/logo.png' }).getByRole('img', { name: 'Image (image/png)' })).toBeVisible();
      await files.getByRole('button', { name: 'assets/blob.bin' }).click();
      await expect(files.getByRole('region', { name: 'File assets/blob.bin' })).toContainText(/Binary file: 9 B, sha256:[0-9a-f]{64}/);
      // Keyboard: the file list is reachable and opens with Enter.
      await files.getByRole('button', { name: 'scripts/extract.py' }).focus();
      await page.keyboard.press('Enter');
      await expect(files.getByRole('region', { name: 'File scripts/extract.py' })).toContainText('print("extracting"');

      await list.getByRole('button', { name: 'Verify all' }).click();
      await expect(list.getByRole('button', { name: /^pdf-processing/ }).getByText('Verified')).toBeVisible();
      await expect(list.getByText('Verified', { exact: true })).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);

      // The lying server: refused entries with reasons; a file that fails is named, not shown.
      await ws.open('lying');
      const lying = await ws.tab('lying', 'Skills');
      const lyingList = lying.getByRole('region', { name: 'Skill list' });
      await expect(lyingList.getByRole('region', { name: 'Refused entries' })).toContainText('is outside the skill directory');
      await lyingList.getByRole('button', { name: /^lying-frontmatter/ }).click();
      const lyingDetail = lying.getByRole('region', { name: 'Skill', exact: true });
      await expect(lyingDetail.getByTestId('skill-file-failed')).toContainText('SKILL.md does not match the skill\'s entry (frontmatter)');
      await lyingList.getByRole('button', { name: /^lying-digest/ }).click();
      await lyingDetail.getByRole('button', { name: 'Verify', exact: true }).click();
      const verification = lyingDetail.getByRole('region', { name: 'Verification' });
      await expect(verification.locator('li[data-status="failed"]')).toContainText('references/FORMS.md digest:');
      await expect(verification.locator('li[data-status="verified"]')).toContainText('SKILL.md');
      await expect(lyingList.getByRole('button', { name: /^lying-digest/ }).getByText('Failed')).toBeVisible();
      await lyingDetail.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'references/FORMS.md' }).click();
      await expect(lyingDetail.getByRole('region', { name: 'Files' }).getByTestId('skill-file-failed')).toContainText('Nothing of the file is shown.');
      await expect(lyingDetail).not.toContainText('# Formz');
      expect(await seriousViolations(page)).toEqual([]);
      expect(remote).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
