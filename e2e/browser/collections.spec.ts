/**
 * Collections in the app, on the real browser host against the basic stdio fixture: a
 * project's collection is listed, opened and run, and its steps show one assertion passing
 * and one failing (with the JSON path, expected and actual), in both themes with no serious
 * accessibility violation; a call from the history becomes a step of that collection,
 * written to its YAML file.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import type { BrowserHost } from '../support/browser-host';
import { startHostWithServers, Workspaces } from '../support/workspaces';
import { WorkbenchPage } from '../support/workbench-page';

const MATH = `name: Math
steps:
  - id: sum
    tool: add
    arguments: { a: 2, b: 3 }
    expect:
      - path: $.structuredContent.sum
        equals: 5
  - id: wrong_sum
    name: A sum that is wrong on purpose
    tool: add
    arguments: { a: 2, b: 2 }
    expect:
      - path: $.structuredContent.sum
        equals: 5
`;

/** A project folder with math.yaml and a file that does not parse; the host with the basic fixture, the page on it with the project open. */
async function openProject(page: Page): Promise<{ host: BrowserHost; project: string; folder: string; ws: Workspaces }> {
  const project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-collections-')));
  const folder = path.join(project, '.mcp-workbench', 'collections');
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'math.yaml'), MATH);
  await fs.writeFile(path.join(folder, 'broken.yaml'), 'name: Broken\nsteps:\n  - tool: add\n');
  const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  await page.goto(host.url);
  await new WorkbenchPage(page).openProject(project);
  const ws = new Workspaces(page);
  await ws.open('basic');
  return { host, project, folder, ws };
}

for (const theme of ['light', 'dark'] as const) {
  test(`a project's collection is listed, runs, and shows each assertion's verdict, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const { host, project, ws } = await openProject(page);
    try {
      const pane = await ws.tab('basic', 'Collections');
      // The list: the collection, and the file that does not parse with its problem.
      const list = pane.getByRole('list', { name: 'Collections' });
      await expect(list.getByRole('button', { name: 'Open collection Math' })).toContainText('2 steps');
      await expect(list.locator('[data-file="broken.yaml"]')).toContainText('every step needs an id');
      const violations = [...(await seriousViolations(page, 'list'))];

      await list.getByRole('button', { name: 'Open collection Math' }).click();
      await expect(pane.getByRole('textbox', { name: 'Collection name' })).toHaveValue('Math');
      await pane.getByRole('button', { name: 'Run', exact: true }).click();

      const run = pane.getByRole('region', { name: 'Run of math.yaml' });
      await expect(run.getByRole('status', { name: 'Run totals' })).toHaveText(/^Failed: 1 of 2 steps passed, 1 failed · 3 of 4 assertions passed · /);
      const passed = run.getByRole('listitem', { name: 'Step 1 sum: passed' });
      await expect(passed.locator('.assertion-verdict.pass')).toHaveText(['passthe outcome is ok', 'pass$.structuredContent.sum equals 5']);
      const failed = run.getByRole('listitem', { name: 'Step 2 A sum that is wrong on purpose: failed' });
      const verdict = failed.locator('.assertion-verdict.fail');
      await expect(verdict).toHaveCount(1);
      await expect(verdict.locator('dt')).toHaveText(['JSON path', 'expected', 'actual']);
      await expect(verdict.locator('dd')).toHaveText(['$.structuredContent.sum', '5', '$.structuredContent.sum should equal 5, and is 4']);
      violations.push(...(await seriousViolations(page, 'editor and run')));
      expect(violations).toEqual([]);
    } finally {
      await host.stop();
      await fs.rm(project, { recursive: true, force: true });
    }
  });
}

test('a call from the history becomes the next step of a collection, in its file and in the open editor', async ({ page }) => {
  const { host, project, folder, ws } = await openProject(page);
  try {
    const pane = await ws.tab('basic', 'Collections');
    await pane.getByRole('button', { name: 'Open collection Math' }).click();
    await expect(pane.getByLabel('Tool of step 2', { exact: true })).toHaveValue('add');

    await ws.tab('basic', 'Tools');
    await pane.getByLabel('Search tools').fill('echo');
    await pane.locator('[data-tool$="__echo"]').click();
    const panel = pane.getByRole('region', { name: 'Tool', exact: true });
    await panel.getByRole('textbox', { name: /^text/ }).fill('hello');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('hello');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByRole('button', { name: 'More for the call of echo' }).click();
    await page.getByRole('menuitem', { name: 'Add to collection…' }).click();
    const form = history.getByRole('form', { name: 'Add the call of echo to a collection' });
    await expect(form.getByRole('combobox', { name: 'Collection' })).toHaveValue('math.yaml');
    await form.getByRole('button', { name: 'Add step' }).click();
    await expect(history.getByRole('status')).toHaveText('Added as step 3 of math.yaml.');
    const written = await fs.readFile(path.join(folder, 'math.yaml'), 'utf8');
    expect(written).toContain('- id: echo\n    tool: echo\n    arguments:\n      text: hello\n    expect:\n      - outcome: ok\n');
    await history.getByRole('button', { name: 'Close', exact: true }).click();

    // The open collection, which had no edits of its own, shows the new step.
    await ws.tab('basic', 'Collections');
    await expect(pane.getByLabel('Tool of step 3', { exact: true })).toHaveValue('echo');
  } finally {
    await host.stop();
    await fs.rm(project, { recursive: true, force: true });
  }
});

/** The serious and critical violations axe finds on the page now, one line each. */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((n) => `${screen}: ${violation.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`));
}
