/**
 * The tool inspector end to end, against the tool-lab fixture server: the virtualized
 * list of 2,000 tools, the schema form and JSON editor, permissions, progress and
 * cancel, rich results, elicitation (form and URL), sampling, roots and history.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

const LAB = fixtureServer('tool-lab');

async function addLab(page: Page, host: BrowserHost, args: string[] = []): Promise<WorkbenchPage> {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('lab', process.execPath, [LAB, ...args]);
  await expect(wb.server('lab').getByText('Connected')).toBeVisible();
  return wb;
}

/** Picks a tool by typing its name into the search box and pressing Enter. */
async function pick(wb: WorkbenchPage, name: string): Promise<void> {
  const search = wb.tools.getByLabel('Search tools');
  await search.fill(name);
  await expect(wb.tools.locator(`[data-tool="mcp__lab__${name}"]`)).toBeVisible();
  await wb.tools.locator(`[data-tool="mcp__lab__${name}"]`).click();
  await expect(wb.panel.locator('.full-name')).toHaveText(`mcp__lab__${name}`);
}

test('2,000 tools: virtualized, searchable, keyboard navigable; names, badges, icon, copy, long descriptions, list_changed', async ({ page, host }) => {
  const wb = await addLab(page, host, ['--many', '2000']);
  await expect(wb.tools.locator('.tool-count')).toHaveText(/^20\d\d tools$/);
  // Virtualized: only the rows on screen are in the page.
  expect(await wb.tools.getByRole('option').count()).toBeLessThan(80);

  const search = wb.tools.getByLabel('Search tools');
  await search.fill('bulk_1999');
  await expect(wb.tools.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(wb.panel.getByRole('heading', { name: 'Bulk tool 1999' })).toBeVisible();
  await expect(wb.panel.locator('.full-name')).toHaveText('mcp__lab__bulk_1999');

  // Type-ahead from the list into the search box, then arrows and Enter.
  await search.fill('');
  const list = wb.tools.getByRole('listbox');
  await list.focus();
  await page.keyboard.type('delete');
  await expect(search).toHaveValue('delete');
  await expect(search).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wb.panel.getByRole('heading', { name: 'Delete everything' })).toBeVisible();
  await expect(wb.panel.locator('.badge-destructive')).toHaveText('destructive');
  await expect(wb.panel.locator('.badge-open-world')).toHaveText('open world');
  await wb.panel.getByRole('button', { name: 'Copy mcp__lab__delete_everything' }).click();
  await expect(wb.panel.getByRole('button', { name: 'Copy mcp__lab__delete_everything' })).toHaveText('Copied');

  // Rows with two badges keep them on the name's line: the description still shows in the fixed-height row.
  await search.fill('every');
  await page.setViewportSize({ width: 1000, height: 720 });
  for (const name of ['delete_everything', 'kitchen_sink']) {
    const row = wb.tools.locator(`[data-tool="mcp__lab__${name}"]`);
    const [line, description] = await Promise.all([row.locator('.tool-line').boundingBox(), row.locator('.tool-description').boundingBox()]);
    expect(line!.height, `${name}: one line for the name and badges`).toBeLessThan(24);
    expect(description!.height, `${name}: the description is not squeezed`).toBeGreaterThanOrEqual(12);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // Scrolling far down renders the rows there.
  await search.fill('');
  await list.focus();
  await page.keyboard.press('End');
  await expect(wb.tools.locator('[data-tool="mcp__lab__bulk_2000"]')).toBeVisible();

  await pick(wb, 'long_description');
  await expect(wb.panel.getByText(/Model clients such as Claude Code cut tool descriptions at 2,048/)).toBeVisible();
  await expect(wb.panel.getByText('THE END.')).toHaveCount(0);
  await wb.panel.getByRole('button', { name: 'Show all' }).click();
  await expect(wb.panel.getByText(/THE END\.$/)).toBeVisible();

  await pick(wb, 'with_icon');
  await expect(wb.panel.locator('h2 img.tool-icon')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  await pick(wb, 'add_tool');
  await wb.run();
  await search.fill('added_');
  await expect(wb.tools.locator('[data-tool="mcp__lab__added_1"]')).toBeVisible();
});

test('arguments: the form follows the schema and stays in sync with the JSON; invalid arguments can be sent anyway', async ({ page, host }) => {
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const wb = await addLab(page, host);
  await pick(wb, 'kitchen_sink');
  const form = wb.panel.getByRole('region', { name: 'Arguments' });
  // Defaults applied; required marked.
  await expect(form.getByLabel(/^Count/)).toHaveValue('3');
  await expect(form.getByLabel('color', { exact: true })).toHaveValue('1');
  await expect(form.getByLabel('enabled', { exact: true })).toBeChecked();
  await expect(form.locator('[data-path="name"] .required')).toBeVisible();
  // A pristine form is not in red; leaving a required field empty is named.
  await expect(wb.panel.getByLabel('Problems with the arguments')).toHaveCount(0);
  await form.getByLabel(/^Name/).focus();
  await form.getByLabel(/^Name/).blur();
  await expect(wb.panel.getByLabel('Problems with the arguments')).toContainText('Required property "name" is missing.');

  await form.getByLabel(/^Name/).fill('Ada');
  await form.getByLabel('when', { exact: true }).fill('2025-02-03');
  await form.locator('[data-path="nickname"]').getByLabel('null').check();
  await form.getByRole('button', { name: 'Add Address' }).click();
  await form.locator('[data-path="address.city"] textarea').fill('Paris');
  await form.getByRole('button', { name: 'Add tags' }).click();
  await form.getByRole('button', { name: 'Add item to tags' }).click();
  await form.locator('[data-path="tags[0]"] textarea').fill('red');
  await form.getByLabel('Shape: which option (oneOf)').selectOption({ label: 'Square' });
  await form.locator('[data-path="shape"] input').fill('4');
  await form.getByLabel('id: which option (anyOf)').selectOption({ label: 'Number id' });
  await form.locator('[data-path="id"] input').fill('7');
  await expect(wb.panel.getByLabel('Problems with the arguments')).toHaveCount(0);

  await wb.panel.getByRole('button', { name: 'JSON', exact: true }).click();
  const editor = wb.panel.getByLabel('Arguments (JSON)');
  // The editor's own styles apply under the strict CSP (no inline <style>): it lays out as a flex column.
  const display = await wb.panel
    .locator('.cm-editor')
    .evaluate((element) => (element as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { display: string } } } }).ownerDocument.defaultView.getComputedStyle(element).display);
  expect(display).toBe('flex');
  for (const text of ['"name": "Ada"', '"nickname": null', '"city": "Paris"', '"kind": "square"', '"side": 4', '"id": 7', '"when": "2025-02-03"']) await expect(editor).toContainText(text);

  // The JSON drives the form, and what is wrong is named.
  await editor.fill('{"name": "A", "count": 30, "color": "purple"}');
  await wb.panel.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(form.getByLabel(/^Count/)).toHaveValue('30');
  const problems = wb.panel.getByLabel('Problems with the arguments');
  await expect(problems).toContainText('name: String is too short');
  await expect(problems).toContainText('count:');
  await expect(problems).toContainText('color:');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  const blocked = wb.panel.locator('.schema-blocked');
  await expect(blocked).toContainText('The arguments do not match the input schema');
  await blocked.getByRole('button', { name: 'Send anyway' }).click();
  const result = wb.panel.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('"purple"');
  await expect(result).toContainText('30');

  // JSON tokens take the theme's colours (CodeMirror's defaults are for light backgrounds only).
  await wb.panel.getByRole('button', { name: 'JSON', exact: true }).click();
  const colourOf = (token: string) =>
    wb.panel
      .locator('.cm-line span', { hasText: token })
      .first()
      .evaluate((element) => (element as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { color: string } } } }).ownerDocument.defaultView.getComputedStyle(element).color);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await colourOf('"count"')).toBe('rgb(121, 184, 255)');
  expect(await colourOf('"purple"')).toBe('rgb(240, 160, 122)');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await colourOf('"count"')).toBe('rgb(11, 92, 173)');
  expect(await colourOf('"purple"')).toBe('rgb(163, 21, 21)');
  expect(cspViolations).toEqual([]);
});

test('run: progress with messages, elapsed time, cancel, timeout; permissions ask, always allow, and are editable', async ({ page, host }) => {
  const wb = await addLab(page, host);
  await pick(wb, 'slow_progress');
  await wb.fillArguments('{"steps": 40, "delayMs": 150}');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  const progress = wb.panel.getByRole('status', { name: 'Call progress' });
  await expect(progress).toContainText(/Step \d+ of 40/);
  await expect(progress).toContainText('elapsed');
  await wb.panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(wb.panel.getByRole('status').filter({ hasText: 'Cancelled' })).toBeVisible();

  await wb.panel.getByLabel('Timeout (ms)').fill('100');
  await wb.fillArguments('{"steps": 3, "delayMs": 1000}');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(wb.panel.getByRole('alert')).toContainText('timed out after 100 ms');

  await pick(wb, 'delete_everything');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Run Delete everything?' });
  await expect(prompt).toContainText('mcp__lab__delete_everything');
  await prompt.getByRole('button', { name: 'Always allow' }).click();
  await expect(wb.panel.getByRole('region', { name: 'Result' })).toContainText('deleted nothing');
  // Allowed now: runs without asking.
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(wb.panel.getByRole('region', { name: 'Result' })).toContainText('deleted nothing');
  await expect(prompt).toBeHidden();
  const saved = JSON.parse(await fs.readFile(path.join(host.home, 'permissions.json'), 'utf8'));
  expect(saved.rules).toEqual([{ server: 'lab', tool: 'delete_everything', decision: 'allow' }]);

  await page.getByRole('button', { name: 'Permissions' }).click();
  const rules = page.getByRole('dialog', { name: 'Permissions' });
  await rules.getByLabel('Decision for mcp__lab__delete_everything').selectOption('ask');
  await rules.getByRole('button', { name: 'Close' }).click();
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();
});

test('results: a 4000×3000 image fitted with its original saved, 20 MB of text cut with show more, output schema checks, audio, resources', async ({ page, host }) => {
  const wb = await addLab(page, host);
  const result = wb.panel.getByRole('region', { name: 'Result' });

  await pick(wb, 'make_image');
  await wb.run();
  await expect(result.locator('figcaption')).toContainText('2000×1500 PNG');
  await expect(result.locator('figcaption')).toContainText('original 4000×3000 PNG');
  const imagePath = await result.locator('.file-path').textContent();
  expect(imagePath).toContain(path.join(host.home, 'results'));
  expect((await fs.stat(imagePath!)).size).toBeGreaterThan(0);
  expect(await result.locator('img.image-block').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(2000);

  await pick(wb, 'big_text');
  await wb.run();
  await expect(result.getByRole('note')).toContainText('Showing the first 100 KB of 20.0 MB');
  await expect(result).toContainText(/\d+ ms|\d+\.\d+ s/);
  await expect(result.locator('.result-facts')).toContainText(/20\.\d MB/);
  await result.getByRole('button', { name: 'Show more' }).click();
  await expect(result.getByRole('note')).toContainText('Showing the first 1.1 MB of 20.0 MB');
  const textPath = await result.locator('.file-path').textContent();
  expect((await fs.stat(textPath!)).size).toBe(20 * 1024 * 1024);

  await pick(wb, 'structured_bad');
  await wb.run();
  await expect(result.locator('.structured')).toContainText('does not match the output schema');
  await expect(result.locator('.output-mismatch')).toContainText('total: must be a number (got "three")');
  await pick(wb, 'structured_ok');
  await wb.run();
  await expect(result.locator('.structured')).toContainText('matches the output schema');

  await pick(wb, 'tool_error');
  await wb.run();
  await expect(result).toContainText('Tool error');
  await expect(result).toContainText('The tool lab was asked to fail.');

  await pick(wb, 'audio_clip');
  await wb.run();
  await expect(result.locator('audio')).toHaveAttribute('src', /^data:audio\/wav;base64,/);

  await pick(wb, 'resources_mix');
  await wb.run();
  await expect(result).toContainText('An embedded note.');
  await result.getByRole('button', { name: 'Read lab://notes/readme' }).click();
  await expect(result).toContainText('The tool lab readme');
  await expect(result.getByRole('button', { name: 'Open https://example.com/docs' })).toBeVisible();
});

test('elicitation (form and URL with retry), sampling, roots, then history: search, run again, save', async ({ page, context }) => {
  // A server entry with roots, written before the host starts.
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-'));
  const roots = [{ uri: 'file:///tmp/project-a', name: 'Project A' }];
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { lab: { command: process.execPath, args: [LAB], roots } } }));
  const host = await startBrowserHost({ home });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await expect(wb.server('lab').getByText('Connected')).toBeVisible();
    const result = wb.panel.getByRole('region', { name: 'Result' });

    await pick(wb, 'ask_form');
    await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
    const asked = page.getByRole('dialog', { name: /The server asks for input/ });
    await expect(asked).toContainText('Tell the fixture about yourself');
    await expect(asked.getByLabel(/^Your name/)).toHaveValue('Ada');
    await asked.getByLabel(/^Your name/).fill('Grace');
    await asked.getByRole('button', { name: 'Accept' }).click();
    await expect(result).toContainText('action: accept content: {"name":"Grace","color":"green","subscribe":false}');

    await pick(wb, 'url_login');
    await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
    const consent = page.getByRole('dialog', { name: /asks you to open a page/ });
    await expect(consent).toContainText('Sign in to the tool lab to continue.');
    await expect(consent.locator('.url-to-open')).toContainText('http://127.0.0.1:');
    const opened = context.waitForEvent('page');
    await consent.getByRole('button', { name: 'Open in browser' }).click();
    const signIn = await opened;
    await expect(signIn.getByText('Signed in to the tool lab')).toBeVisible();
    await expect(result).toContainText('signed in as fixture-user');
    await signIn.close();

    await pick(wb, 'ask_model');
    await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
    const sampling = page.getByRole('dialog', { name: /model reply/ });
    await expect(sampling.getByLabel('Conversation')).toContainText('Write a haiku about MCP');
    await expect(sampling).toContainText('You are a poet.');
    await sampling.getByLabel(/Your reply/).fill('Servers hum softly');
    await sampling.getByRole('button', { name: 'Send reply' }).click();
    await expect(result).toContainText('model mcp-workbench-user said: Servers hum softly');

    await pick(wb, 'list_roots');
    await wb.run();
    await expect(result).toContainText('file:///tmp/project-a');
    await expect(result).toContainText('Project A');

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await expect(history.locator('[data-tool="mcp__lab__list_roots"]')).toBeVisible();
    await history.getByLabel('Search history').fill('ask_form');
    await expect(history.locator('.history-list > li')).toHaveCount(1);
    const row = history.locator('[data-tool="mcp__lab__ask_form"]');
    await row.getByRole('button', { name: 'Save…' }).click();
    await row.getByLabel('Saved request name').fill('Grace form');
    await row.getByLabel('Saved request group').fill('forms');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(history.getByRole('region', { name: 'Saved requests' })).toContainText('forms');
    await expect(history.getByRole('region', { name: 'Saved requests' })).toContainText('Grace form');
    await row.getByRole('button', { name: 'Run again: ask_form' }).click();
    await expect(asked).toBeVisible();
    await asked.getByRole('button', { name: 'Decline' }).click();
    await expect(result).toContainText('action: decline');
    const saved = JSON.parse(await fs.readFile(path.join(home, 'saved-requests.json'), 'utf8'));
    expect(saved.requests[0]).toMatchObject({ name: 'Grace form', group: 'forms', tool: 'ask_form' });
  } finally {
    await host.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
});
