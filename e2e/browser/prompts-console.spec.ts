/**
 * Prompts and the server console in browser mode against real fixture processes, with
 * two servers open side by side: each pane shows its own server's prompts and console.
 */
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const node = process.execPath;

test('prompts: arguments with completion, conversations with images, embedded resources and links', async ({ page }) => {
  const host = await startHostWithServers({ fixture: { command: node, args: [fixtureServer('resources-stdio')] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    await ws.open('fixture');
    const pane = await ws.tab('fixture', 'Prompts');
    const list = pane.getByRole('region', { name: 'Prompt list' });
    const detail = pane.getByRole('region', { name: 'Prompt', exact: true });
    const messages = detail.getByRole('list', { name: 'Messages' }).getByRole('listitem');

    // Two pages of prompts, all listed.
    await expect(list.getByRole('list', { name: 'Prompts' }).getByRole('listitem')).toHaveCount(4);

    await list.getByRole('button', { name: /^Greeting/ }).click();
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(detail.getByRole('alert')).toHaveText(/Fill in the required argument: name\./);
    await ws.complete(detail.getByRole('combobox', { name: 'name' }), 'ca', 'Carol');
    await ws.complete(detail.getByRole('combobox', { name: 'style' }), 'p', 'pirate');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toHaveAttribute('data-role', 'user');
    await expect(messages.nth(0)).toContainText('Greet Carol in a pirate style.');
    await expect(messages.nth(1)).toHaveAttribute('data-role', 'assistant');
    await expect(messages.nth(1)).toContainText('Ahoy, Carol!');
    await expect(detail.getByRole('region', { name: 'Prompt result' })).toContainText('Greeting Carol · 2 messages');

    // The team chosen narrows the people suggested.
    await list.getByRole('button', { name: /^Assign a task/ }).click();
    await ws.complete(detail.getByRole('combobox', { name: 'team' }), 'fr', 'frontend');
    const person = detail.getByRole('combobox', { name: 'person' });
    await person.focus();
    const options = detail.getByRole('listbox', { name: 'Suggestions for person' }).getByRole('option');
    await expect(options).toHaveText(['Brendan', 'Dan']);
    await person.press('ArrowDown');
    await person.press('Enter');
    await expect(person).toHaveValue('Brendan');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages.first()).toContainText('Assign the task to Brendan of the frontend team.');

    await list.getByRole('button', { name: /^Describe an image/ }).click();
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages.nth(1).getByRole('img', { name: 'Image (image/png)' })).toBeVisible();

    // An embedded resource and a link to it, which opens it in the Resources tab.
    await list.getByRole('button', { name: /^Quote a note/ }).click();
    await detail.getByRole('combobox', { name: 'noteId' }).fill('2');
    await detail.getByRole('button', { name: 'Get prompt' }).click();
    await expect(messages.nth(0).locator('[data-content="resource"]')).toContainText('fixture://notes/2');
    await expect(messages.nth(0)).toContainText('This is note 2.');
    await expect(messages.nth(1).locator('[data-content="resource-link"]')).toContainText('note-2');
    await messages.nth(1).getByRole('button', { name: 'Open in Resources' }).click();
    await expect(pane.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    await expect(pane.getByRole('region', { name: 'Resource contents' })).toContainText('This is note 2.');

    // The server adds a prompt and says its list changed: the list follows.
    await pane.getByRole('region', { name: 'Resource list' }).getByRole('button', { name: /^Action: add a prompt/ }).click();
    await expect(pane.getByRole('region', { name: 'Resource contents' })).toContainText('Added prompt extra-1.');
    await ws.tab('fixture', 'Prompts');
    await expect(list.getByRole('button', { name: /^Extra prompt 1/ })).toBeVisible();
  } finally {
    await host.stop();
  }
});

test('console: stderr, log messages with level and logger, log level honoured, ping; two servers side by side keep apart', async ({ page }) => {
  const host = await startHostWithServers({
    fixture: { command: node, args: [fixtureServer('resources-stdio')] },
    basic: { command: node, args: [fixtureServer('basic-stdio')] },
  });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const fixture = await ws.open('fixture');
    await fixture.getByRole('button', { name: 'Keep open' }).click();
    await expect(fixture.getByRole('button', { name: 'Keep open' })).toHaveAttribute('aria-pressed', 'true');
    const basic = await ws.open('basic');
    await expect(fixture).toBeVisible();

    // Each pane lists its own server's things.
    await ws.tab('fixture', 'Resources');
    await ws.tab('basic', 'Resources');
    await expect(fixture.getByRole('region', { name: 'Resource list' })).toContainText('Resources (32)');
    await expect(basic).toContainText('basic offers no resources (it does not declare the resources capability).');
    await ws.tab('basic', 'Tools');
    await expect(basic.getByRole('region', { name: 'Tools' }).getByRole('option', { name: /^Echo/ })).toBeVisible();
    await expect(basic.getByRole('region', { name: 'Tools' }).getByRole('option', { name: /^pid/ })).toBeVisible();
    await expect(basic.locator('[role="option"][data-server="fixture"]')).toHaveCount(0);
    await ws.tab('fixture', 'Tools');
    await expect(fixture.locator('[role="option"][data-server="fixture"]')).toHaveCount(1);
    await expect(fixture.locator('[role="option"][data-server="basic"]')).toHaveCount(0);

    await ws.tab('fixture', 'Console');
    await ws.tab('basic', 'Console');
    const fixtureLog = fixture.getByRole('log', { name: 'Console of fixture' });
    const basicLog = basic.getByRole('log', { name: 'Console of basic' });
    await expect(fixtureLog.locator('[data-source="stderr"]', { hasText: 'resources-fixture: started' })).toBeVisible();
    await expect(fixtureLog.locator('[data-level="notice"]', { hasText: 'resources-fixture ready' })).toContainText('[startup]');
    await expect(fixtureLog.locator('[data-source="event"]')).toContainText('Connected to resources-fixture 3.1.0.');
    await expect(basicLog.locator('[data-source="stderr"]', { hasText: 'basic-fixture: started' })).toBeVisible();
    await expect(basicLog).not.toContainText('resources-fixture');
    await expect(fixtureLog).not.toContainText('basic-fixture');
    await expect(basic).toContainText('basic does not declare logging: no log level to set.');

    // Ask for errors and worse only; then make the server log at every level.
    await fixture.getByLabel('Log level').selectOption('error');
    await expect(fixture.getByLabel('Log level')).toHaveValue('error');
    await ws.tab('fixture', 'Resources');
    await fixture.getByRole('button', { name: /^Action: log at every level/ }).click();
    await expect(fixture.getByRole('region', { name: 'Resource contents' })).toContainText('Logged burst 1.');
    await ws.tab('fixture', 'Console');
    // Sent least severe first: once the last is here, any lower one would be too.
    await expect(fixtureLog.locator('[data-level="emergency"]', { hasText: 'burst 1 emergency' })).toBeVisible();
    await expect(fixtureLog.locator('[data-level]', { hasText: /^.*burst 1 / })).toHaveText([/burst 1 error/, /burst 1 critical/, /burst 1 alert/, /burst 1 emergency/]);
    await expect(fixtureLog.locator('[data-source="stderr"]', { hasText: 'stderr burst 1' })).toBeVisible();
    await expect(basicLog).not.toContainText('burst');

    // Filters.
    await fixture.getByLabel('Show').selectOption('stderr');
    await expect(fixtureLog.locator('[data-source="log"]')).toHaveCount(0);
    await fixture.getByLabel('Show').selectOption('');
    await fixture.getByLabel('Search').fill('critical');
    await expect(fixtureLog.getByRole('listitem')).toHaveCount(1);
    await fixture.getByLabel('Search').fill('');

    await fixture.getByRole('button', { name: 'Ping' }).click();
    await expect(fixture.getByRole('status').filter({ hasText: /Answered in/ })).toHaveText(/^Answered in \d+(\.\d)? ms at /);
    await basic.getByRole('button', { name: 'Ping' }).click();
    await expect(basic.getByRole('status').filter({ hasText: /Answered in/ })).toBeVisible();

    await fixture.getByRole('button', { name: 'Clear' }).click();
    await expect(fixture.getByText('Nothing yet.')).toBeVisible();
    await expect(basicLog.getByRole('listitem')).not.toHaveCount(0);

    // Closing a pane leaves the other.
    await fixture.getByRole('button', { name: 'Close the workspace of fixture' }).click();
    await expect(fixture).toBeHidden();
    await expect(basic).toBeVisible();
  } finally {
    await host.stop();
  }
});
