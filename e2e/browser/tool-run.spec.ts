/**
 * Running a tool sends what the form shows, end to end against the tool-lab fixture: the
 * schema's defaults, wrong types as typed, multi-line text; errors only once a field is
 * touched; each workspace's own search and protocol log; history opening its own call;
 * call outcomes (cancel, crash, raw JSON, annotations); task-only tools; elicitation enums.
 */
import type { Locator, Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import type { BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;
const LAB = { command: node, args: [fixtureServer('tool-lab')] };

/** A host with these servers; the page opened on it and the first server's workspace opened. */
async function openHost(page: Page, servers: Record<string, unknown>): Promise<{ host: BrowserHost; ws: Workspaces }> {
  const host = await startHostWithServers(servers);
  await page.goto(host.url);
  const ws = new Workspaces(page);
  await ws.open(Object.keys(servers)[0]!);
  return { host, ws };
}

/** Picks a tool in a pane by searching for its name; returns the pane's tool panel. */
async function pick(pane: Locator, name: string): Promise<Locator> {
  await pane.getByLabel('Search tools').fill(name);
  await pane.locator(`[data-tool$="__${name}"]`).click();
  const panel = pane.getByRole('region', { name: 'Tool', exact: true });
  await expect(panel.locator('.full-name')).toHaveText(new RegExp(`__${name}$`));
  return panel;
}

const resultOf = (panel: Locator) => panel.getByRole('region', { name: 'Result' });

test('arguments: defaults survive a timeout, a pristine form is quiet, wrong types are kept and sent, text spans lines', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB });
  try {
    const panel = await pick(ws.pane('lab'), 'echo_args');
    const form = panel.getByRole('region', { name: 'Arguments' });
    const problems = panel.getByLabel('Problems with the arguments');
    const a = form.getByRole('textbox', { name: 'a (required)', exact: true });

    // Pristine: the missing required number is not shown in red yet.
    await expect(form.getByRole('textbox', { name: 'greeting', exact: true })).toHaveValue('hello');
    await expect(problems).toHaveCount(0);
    await expect(form.locator('.field-error')).toHaveCount(0);
    // Leaving the field touches it.
    await a.focus();
    await a.blur();
    await expect(form.locator('[data-path="a"] .field-error')).toHaveText('required property "a" is missing.');
    await expect(problems).toContainText('Required property "a" is missing.');

    // A timeout typed first keeps the schema's defaults in the form and in the call.
    await panel.getByLabel('Timeout (ms)').fill('20000');
    await expect(form.getByRole('textbox', { name: 'greeting', exact: true })).toHaveValue('hello');
    await expect(form.getByRole('textbox', { name: 'times', exact: true })).toHaveValue('2');
    await a.fill('1');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(panel)).toContainText('"greeting": "hello"');
    await expect(resultOf(panel)).toContainText('"times": 2');

    // Text that is not a number is kept, named, and sent as typed.
    await a.fill('abc');
    await expect(problems).toContainText('a: must be a number (got "abc")');
    await expect(form.locator('[data-path="a"] .field-error')).toHaveText('must be a number (got "abc")');
    await panel.getByRole('button', { name: 'JSON', exact: true }).click();
    await expect(panel.getByLabel('Arguments (JSON)')).toContainText('"a": "abc"');
    await panel.getByRole('button', { name: 'Form', exact: true }).click();
    await expect(a).toHaveValue('abc');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await panel.locator('.schema-blocked').getByRole('button', { name: 'Send anyway' }).click();
    await expect(resultOf(panel)).toContainText('"a": "abc"');

    // Strings span lines: Enter is a new line, Ctrl+Enter runs.
    await a.fill('2');
    const note = form.getByRole('textbox', { name: 'note', exact: true });
    await note.click();
    await page.keyboard.type('line one');
    await page.keyboard.press('Enter');
    await page.keyboard.type('line two');
    const before = (await note.boundingBox())!.height;
    await page.keyboard.press('Enter');
    await page.keyboard.type('line three');
    expect((await note.boundingBox())!.height, 'the box grows with its text').toBeGreaterThan(before);
    await page.keyboard.press('Control+Enter');
    await expect(resultOf(panel)).toContainText('"note": "line one\\nline two\\nline three"');
    await expect(resultOf(panel)).toContainText('"a": 2');
  } finally {
    await host.stop();
  }
});

test('workspaces: each has its own tool search; the protocol log opens on the current workspace with its own filter', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB, basic: { command: node, args: [fixtureServer('basic-stdio')] } });
  try {
    const lab = ws.pane('lab');
    await lab.getByRole('button', { name: 'Keep open' }).click();
    await lab.getByLabel('Search tools').fill('kitchen');
    await expect(lab.getByRole('option')).toHaveCount(1);

    const basic = await ws.open('basic');
    await expect(basic.getByLabel('Search tools')).toHaveValue('');
    await expect(basic.getByRole('option', { name: /^add/ })).toBeVisible();
    await expect(basic.locator('.tool-count')).not.toContainText('match');
    await expect(lab.getByLabel('Search tools')).toHaveValue('kitchen');

    // The log opens on the current workspace's server, each server with its own filter.
    const log = page.getByRole('region', { name: 'Protocol log' });
    const server = log.getByLabel('Server');
    const search = log.getByLabel('Search');
    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    await expect(server).toHaveValue('basic');
    await search.fill('tools/list');
    await server.selectOption('lab');
    await expect(search).toHaveValue('');
    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    await expect(server).toHaveValue('basic');
    await expect(search).toHaveValue('tools/list');
  } finally {
    await host.stop();
  }
});

test('protocol log: the open log follows its server live, and a call on another server does not show in it', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB, basic: { command: node, args: [fixtureServer('basic-stdio')] } });
  try {
    const lab = ws.pane('lab');
    await lab.getByRole('button', { name: 'Keep open' }).click();
    const basic = await ws.open('basic');
    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    const log = page.getByRole('region', { name: 'Protocol log' });
    await expect(log.getByLabel('Server')).toHaveValue('basic');
    const calls = log.locator('.log-entry').filter({ hasText: 'tools/call' });
    await expect(log.locator('.log-entry').first()).toBeVisible();
    await expect(calls).toHaveCount(0);

    // A call on the server shown arrives while the log is open: its request and its answer.
    const basicPanel = await pick(basic, 'echo');
    await basicPanel.getByRole('textbox', { name: 'text (required)', exact: true }).fill('live');
    await basicPanel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(basicPanel)).toContainText('live');
    await expect(calls).toHaveCount(2);

    // One on the other server does not, and neither shows after the log is closed and opened on it.
    const labPanel = await pick(lab, 'echo_args');
    await labPanel.getByRole('textbox', { name: 'a (required)', exact: true }).fill('1');
    await labPanel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(labPanel)).toContainText('"a": 1');
    await expect(calls).toHaveCount(2);
    await log.getByLabel('Server').selectOption('lab');
    await expect(calls).toHaveCount(2);
    await labPanel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(calls).toHaveCount(4);
  } finally {
    await host.stop();
  }
});

test('history: Open goes to the tool on the Tools tab, with that call’s result or none', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB });
  try {
    const pane = ws.pane('lab');
    const panel = await pick(pane, 'echo_args');
    await panel.getByRole('textbox', { name: 'a (required)', exact: true }).fill('1');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(panel)).toContainText('"a": 1');
    await panel.getByRole('textbox', { name: 'a (required)', exact: true }).fill('2');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(panel)).toContainText('"a": 2');

    await ws.tab('lab', 'Console');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const rows = history.locator('.history-list > li');
    await expect(rows).toHaveCount(2);
    // The older call: its arguments, and not the newer call's result.
    await rows.nth(1).getByRole('button', { name: 'Open call of echo_args' }).click();
    await expect(pane.getByRole('tab', { name: 'Tools', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('textbox', { name: 'a (required)', exact: true })).toHaveValue('1');
    await expect(resultOf(panel)).toHaveCount(0);

    // The latest call is the one whose result is held: it shows.
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(panel)).toContainText('"a": 1');
    await ws.tab('lab', 'Resources');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await history.locator('.history-list > li').first().getByRole('button', { name: 'Open call of echo_args' }).click();
    await expect(resultOf(panel)).toContainText('"a": 1');
  } finally {
    await host.stop();
  }
});

test('outcomes: cancel is neutral, raw JSON and annotations, long strings wrap, the result scrolls into view; a crash shows at once', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB, crash: { command: node, args: [fixtureServer('crash-mid-call')] } });
  try {
    await page.setViewportSize({ width: 1100, height: 600 });
    const pane = ws.pane('lab');
    let panel = await pick(pane, 'slow_progress');
    await panel.getByRole('button', { name: 'JSON', exact: true }).click();
    await panel.getByLabel('Arguments (JSON)').fill('{"steps": 40, "delayMs": 150}');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(panel.getByRole('status', { name: 'Call progress' })).toContainText(/Step \d+ of 40/);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Cancelled' })).toBeVisible();
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Form', exact: true }).click();

    // Annotations on each block; a long unbroken string stays inside the pane.
    panel = await pick(pane, 'annotated');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    const result = resultOf(panel);
    await expect(result.getByLabel('Annotations').first()).toHaveText(/for user\s*priority 0\.9/);
    await expect(result.getByLabel('Annotations').nth(1)).toHaveText(/for assistant\s*priority 0\.1/);
    // Nothing from the pane up to the page scrolls sideways, and the long strings end inside the pane.
    const sideways = await result.locator('.json-string').evaluate((leaf) => {
      const wide: string[] = [];
      for (let node = leaf.parentElement; node; node = node.parentElement) if (node.scrollWidth > node.clientWidth + 1) wide.push(node.className || node.tagName);
      return wide;
    });
    expect(sideways).toEqual([]);
    const paneBox = (await pane.boundingBox())!;
    for (const long of [result.locator('.text-block').nth(1), result.locator('.json-string')]) {
      const box = (await long.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(paneBox.x + paneBox.width);
    }
    // The result as JSON, annotations included.
    await result.getByRole('button', { name: 'Raw JSON' }).click();
    const raw = result.getByLabel('Raw result JSON');
    await expect(raw).toContainText('"priority": 0.9');
    await expect(raw).toContainText('"audience": [');
    await result.getByRole('button', { name: 'Rendered' }).click();
    await expect(raw).toHaveCount(0);

    // A tall form: Run brings the result into view.
    panel = await pick(pane, 'kitchen_sink');
    await panel.getByRole('button', { name: 'JSON', exact: true }).click();
    await panel.getByLabel('Arguments (JSON)').fill('{"name": "Ada", "count": 3}');
    await panel.getByRole('button', { name: 'Form', exact: true }).click();
    // Run at the bottom of the window: the result appears below it, out of view unless scrolled in.
    await panel.getByRole('button', { name: 'Run', exact: true }).scrollIntoViewIfNeeded();
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(resultOf(panel)).toContainText('"name": "Ada"');
    await expect(resultOf(panel)).toBeInViewport({ ratio: 1 });

    // A crash in the middle of a call: the failure shows without a reconnect.
    await pane.getByRole('button', { name: 'Keep open' }).click();
    const crash = await ws.open('crash');
    const crashPanel = await pick(crash, 'crash');
    await crashPanel.getByRole('button', { name: 'Run', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: /^Run / });
    await prompt.getByRole('button', { name: 'Run once' }).click();
    await expect(crashPanel.getByRole('alert')).toContainText('Request failed');
    await expect(crashPanel.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  } finally {
    await host.stop();
  }
});

test('task-only tools are marked and cannot be run; elicitation enums show titles and multi-selects as checkboxes', async ({ page }) => {
  const { host, ws } = await openHost(page, { lab: LAB });
  try {
    const pane = ws.pane('lab');
    let panel = await pick(pane, 'task_only');
    await expect(pane.locator('[data-tool$="__task_only"] .badge-needs-tasks')).toHaveAccessibleName('needs tasks');
    await expect(panel.locator('.badge-needs-tasks')).toBeVisible();
    const run = panel.getByRole('button', { name: 'Run', exact: true });
    await expect(run).toBeDisabled();
    await expect(run).toHaveAccessibleDescription(/runs only as a task/);

    panel = await pick(pane, 'ask_choices');
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /The server asks for input/ });
    const favourite = dialog.getByLabel('Favourite');
    await expect(favourite.locator('option')).toHaveText(['Choose…', 'Red', 'Green']);
    await favourite.selectOption({ label: 'Green' });
    await expect(dialog.locator('[data-path="favourite"] code')).toHaveCount(0);
    await expect(dialog.getByLabel('Size').locator('option')).toHaveText(['(not set)', 'Small', 'Medium', 'Large']);
    await dialog.getByLabel('Size').selectOption({ label: 'Large' });
    const toppings = dialog.getByRole('group', { name: 'Toppings' });
    await expect(toppings).toContainText('Choose 1 to 2.');
    await toppings.getByLabel('olives').check();
    await toppings.getByLabel('cheese').check();
    await expect(toppings.getByLabel('ham')).toBeDisabled();
    const days = dialog.getByRole('group', { name: 'Days' });
    await days.getByLabel('Tuesday').check();
    // Ctrl+Enter accepts (Enter is a new line in text fields).
    await days.getByLabel('Tuesday').press('Control+Enter');
    await expect(resultOf(panel)).toContainText('content: {"favourite":"#0f0","size":"l","toppings":["cheese","olives"],"days":["tue"]}');
  } finally {
    await host.stop();
  }
});
