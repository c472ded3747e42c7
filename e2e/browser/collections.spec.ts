/**
 * Collections in the app, on the real browser host against the basic stdio fixture: a
 * project's collection is listed, opened and run, and its steps show one assertion passing
 * and one failing (with the JSON path, expected and actual); then a call from the history
 * becomes a step of that collection, written to its YAML file.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

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

test('a project\'s collection runs with its verdicts, and a history entry becomes one of its steps', async ({ page }) => {
  const project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-collections-')));
  const folder = path.join(project, '.mcp-workbench', 'collections');
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'math.yaml'), MATH);
  await fs.writeFile(path.join(folder, 'broken.yaml'), 'name: Broken\nsteps:\n  - tool: add\n');
  const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  try {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Open project…' }).click();
    await page.getByLabel('Project folder').fill(project);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const ws = new Workspaces(page);
    await ws.open('basic');
    const pane = await ws.tab('basic', 'Collections');

    // The list: the collection, and the file that does not parse with its problem.
    const list = pane.getByRole('list', { name: 'Collections' });
    await expect(list.getByRole('button', { name: 'Open collection Math' })).toContainText('2 steps');
    await expect(list.locator('[data-file="broken.yaml"]')).toContainText('every step needs an id');

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

    // A call of echo, then from the history into the collection.
    await ws.tab('basic', 'Tools');
    await pane.getByLabel('Search tools').fill('echo');
    await pane.locator('[data-tool$="__echo"]').click();
    const panel = pane.getByRole('region', { name: 'Tool', exact: true });
    await panel.getByRole('textbox', { name: /^text/ }).fill('hello');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('hello');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByRole('button', { name: 'Add the call of echo to a collection' }).click();
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
