/**
 * The Playground tab end to end: real Chromium, the real browser host and the basic-stdio
 * fixture as a real process, and a Gemini provider fake (tests/support/provider-fakes)
 * started by this test on 127.0.0.1 — the host reaches it because the user sets Gemini's
 * address in the playground's set-up, as they would for a proxy; nothing goes to a real
 * network. The key typed into the page is saved, masked, and found in no file of the
 * host's data folder; the model calls a fixture tool, the call pauses and its arguments are
 * edited; the trace and raw views show the steps and Gemini's adapted schema; axe finds no
 * serious violation in either theme.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { startProviderFake } from '../../tests/support/provider-fakes/provider-fake';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';
import { startHostWithServers, Workspaces } from '../support/workspaces';

const KEY = 'AIza-playground-e2e-key-0123456789';

async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-workspace="basic"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((n) => `${screen}: ${violation.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`));
}

/** Every file under a folder, read as text. */
async function filesUnder(folder: string): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  for (const entry of await fs.readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.push({ file, text: await fs.readFile(file, 'latin1') });
  }
  return out;
}

/** Sets Gemini up through the playground's set-up panel (the fake's address, then a key) and names the model. */
async function setUpGemini(pane: Locator, baseUrl: string): Promise<void> {
  const gemini = pane.getByRole('region', { name: 'Set up a model' }).getByRole('region', { name: 'Google Gemini' });
  await gemini.getByLabel('Address').fill(baseUrl);
  await gemini.getByRole('button', { name: 'Save address' }).click();
  await expect(gemini.getByTestId('model-google-key-state')).toContainText(baseUrl);
  await gemini.getByLabel('API key').fill(KEY);
  await gemini.getByRole('button', { name: 'Save key' }).click();
  await expect(pane.getByLabel('Provider')).toHaveValue('google');
  await pane.getByLabel('Model', { exact: true }).fill('gemini-fake');
}

test('a model calls a fixture tool: set-up, pause and edit, trace, raw view with the adapted schema, no key on disk', async ({ page }) => {
  test.setTimeout(120_000);
  const fake = await startProviderFake('google', {
    turns: [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'from the model' } }] }, { text: 'The echo tool answered.' }, { text: 'The model read the edited result.' }],
  });
  const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  try {
    await page.goto(host.url);
    const ws = new Workspaces(page);
    const pane = await ws.open('basic');
    await pane.getByRole('tab', { name: 'Playground', exact: true }).click();

    // No model yet: the set-up is right there, Ollama one click away.
    const setup = pane.getByRole('region', { name: 'Set up a model' });
    await expect(setup.getByRole('heading', { name: 'No model is set up yet' })).toBeVisible();
    await expect(setup.getByRole('region', { name: 'Ollama' }).getByRole('button', { name: 'Use Ollama’s default' })).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await seriousViolations(page, `set-up, ${theme}`)).toEqual([]);
    }

    // Gemini at the fake's address (as a proxy would be set), then its key: the key field empties and only "Key saved" shows.
    const gemini = setup.getByRole('region', { name: 'Google Gemini' });
    await gemini.getByLabel('Address').fill(fake.baseUrl);
    await gemini.getByRole('button', { name: 'Save address' }).click();
    await expect(gemini.getByTestId('model-google-key-state')).toContainText(fake.baseUrl);
    await gemini.getByLabel('API key').fill(KEY);
    await gemini.getByRole('button', { name: 'Save key' }).click();

    // The playground proper: Gemini picked (the only provider set up), a model named.
    const provider = pane.getByLabel('Provider');
    await expect(provider).toHaveValue('google');
    await expect(page.locator('body')).not.toContainText(KEY);
    // The providers stay one click away, the key masked.
    await pane.getByText('Model providers').click();
    await expect(pane.getByTestId('model-google-key-state')).toContainText('Key saved');
    await expect(pane.getByRole('region', { name: 'Google Gemini' }).getByLabel('API key')).toHaveValue('');
    await pane.getByLabel('Model', { exact: true }).fill('gemini-fake');
    await expect(pane.getByTestId('tool-token-cost')).toContainText(/Tool definitions: \d+ tool\(s\), \d+ tokens/);
    await pane.getByLabel('Message').fill('Say hello through the echo tool.');
    await pane.getByRole('button', { name: 'Send', exact: true }).click();

    // The call pauses: the arguments are edited before it runs.
    const approval = pane.getByRole('group', { name: 'The model wants to call echo' });
    await expect(approval).toBeVisible();
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeFocused();
    await expect(pane.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
    const args = approval.getByLabel('Arguments (edit before running if you like)');
    await expect(args).toHaveValue(/"text": "from the model"/);
    await args.fill('{ "text": "edited by the user" }');
    await approval.getByRole('button', { name: 'Run with these arguments' }).click();

    const output = pane.locator('.playground-output');
    await expect(output).toContainText('The echo tool answered.');
    await expect(output).toContainText('basic → echo {"text":"edited by the user"} (arguments edited) → edited by the user');
    // The model was sent what the tool returned for the edited arguments.
    expect(JSON.stringify(fake.modelRequests()[1]!.body)).toContain('edited by the user');

    // Trace: model turn, tool call (edited, with the model's own arguments), model turn.
    await pane.getByRole('tab', { name: 'Trace', exact: true }).click();
    const rows = output.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute('data-kind', 'model');
    await expect(rows.nth(1)).toContainText('tool call basic → echo (edited)');
    await expect(rows.nth(1)).toContainText('the model asked {"text":"from the model"}');
    await expect(rows.nth(1)).toContainText(/JSON-RPC id \d+/);
    await expect(rows.nth(2)).toContainText('The echo tool answered.');

    // The tool's result edited and the model asked again from there: the tool is not called again.
    await rows.nth(1).getByRole('button', { name: 'Edit the result of echo (step 1) and re-run' }).click();
    const editor = pane.getByRole('group', { name: 'Re-run from echo (step 1)' });
    const result = editor.getByLabel('Result the model is told (the tool is not called again)');
    await expect(result).toBeFocused();
    await expect(result).toHaveValue('edited by the user');
    await result.fill('A result the user wrote.');
    await editor.getByRole('button', { name: 'Re-run with this result' }).click();
    await expect(rows.nth(2)).toContainText('The model read the edited result.');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('result edited; the server answered: edited by the user');
    expect(fake.modelRequests()).toHaveLength(3);
    const rerunBody = JSON.stringify(fake.modelRequests()[2]!.body);
    expect(rerunBody).toContain('A result the user wrote.');
    expect(rerunBody).not.toContain('edited by the user');
    await pane.getByRole('tab', { name: 'Chat', exact: true }).click();
    await expect(output).toContainText('Re-run from step 1 (echo, its result edited)');
    await expect(output).toContainText('basic → echo {"text":"edited by the user"} (arguments edited) (result edited) → A result the user wrote.');
    await pane.getByRole('tab', { name: 'Trace', exact: true }).click();

    // Raw: the request Gemini received, and what its schema adaptation dropped, flagged.
    await pane.getByRole('tab', { name: 'Raw', exact: true }).click();
    await expect(output.getByText(/changed with loss by the provider's adaptation/).first()).toBeVisible();
    await expect(output.locator('.playground-lossy').first()).toContainText('Lossy:');
    await expect(output.locator('pre').last()).toContainText('functionDeclarations');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await seriousViolations(page, `raw view, ${theme}`)).toEqual([]);
    }

    // The key typed into the page is nowhere in the data folder (the browser host keeps secrets in a 0600 file of its own, encrypted at rest where a keychain answers).
    const leaks = (await filesUnder(host.home)).filter(({ text }) => text.includes(KEY)).map(({ file }) => path.relative(host.home, file));
    expect(leaks.filter((file) => !/secrets/.test(file))).toEqual([]);
  } finally {
    await host.stop();
    await fake.close();
  }
});

test('a paused tool call is denied, and the model told, when the page that started the chat goes away', async ({ page }) => {
  const fake = await startProviderFake('google', {
    turns: [{ toolCalls: [{ name: 'basic__echo', arguments: { text: 'never run' } }] }, { text: 'Understood.' }],
  });
  const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  try {
    await page.goto(host.url);
    const pane = await new Workspaces(page).open('basic');
    await pane.getByRole('tab', { name: 'Playground', exact: true }).click();
    await setUpGemini(pane, fake.baseUrl);
    await pane.getByLabel('Message').fill('Echo something.');
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(pane.getByRole('group', { name: 'The model wants to call echo' })).toBeVisible();
    // The page goes away (a reload closes its connection to the host): nobody is left to answer.
    await page.reload();
    await expect.poll(() => fake.modelRequests().length).toBe(2);
    expect(JSON.stringify(fake.modelRequests()[1]!.body)).toContain('the page that started the chat was closed');
  } finally {
    await host.stop();
    await fake.close();
  }
});

test('two models answer the same prompt side by side, each in its own column', async ({ page }) => {
  // Each answer names the model it was asked of (Gemini puts the model in the request path).
  const fake = await startProviderFake('google', { respond: (request) => ({ text: `I am ${request.path.includes('gemini-b') ? 'B' : 'A'}.` }) });
  const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
  try {
    await page.goto(host.url);
    const pane = await new Workspaces(page).open('basic');
    await pane.getByRole('tab', { name: 'Playground', exact: true }).click();
    await setUpGemini(pane, fake.baseUrl);
    await pane.getByLabel('Model', { exact: true }).fill('gemini-a');
    await pane.getByRole('button', { name: /Compare with another model/ }).click();
    const second = pane.getByRole('group', { name: 'Compared model 2' });
    await expect(second.getByLabel('Provider 2')).toHaveValue('google');
    await second.getByLabel('Model 2').fill('gemini-b');
    await pane.getByLabel('Message').fill('Who are you?');
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(pane.getByRole('region', { name: 'google:gemini-a' })).toContainText('google:gemini-a: I am A.');
    await expect(pane.getByRole('region', { name: 'google:gemini-b' })).toContainText('google:gemini-b: I am B.');
    expect(fake.modelRequests()).toHaveLength(2);
  } finally {
    await host.stop();
    await fake.close();
  }
});

test('the playground across servers: every connected server\'s tools, a call on each, kept while a server is looked at', async ({ page }) => {
  const fake = await startProviderFake('google', {
    turns: [
      { toolCalls: [{ name: 'basic__echo', arguments: { text: 'to the first' } }, { name: 'second__echo', arguments: { text: 'to the second' } }] },
      { text: 'Both servers answered.' },
    ],
  });
  const basic = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
  const host = await startHostWithServers({ basic, second: basic });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    for (const name of ['basic', 'second']) await expect(wb.server(name).getByText('Connected')).toBeVisible();
    const playgroundButton = page.getByRole('button', { name: 'Playground', exact: true });
    await playgroundButton.click();
    await expect(playgroundButton).toHaveAttribute('aria-pressed', 'true');
    const view = page.getByRole('region', { name: 'Playground across servers' });
    await setUpGemini(view, fake.baseUrl);
    // Every connected server is exposed, its tools named with the server.
    const exposed = view.getByRole('group', { name: 'Servers and tools exposed' });
    for (const name of ['basic', 'second']) await expect(exposed.getByLabel(name, { exact: true })).toBeChecked();
    await expect(exposed.getByLabel('second.echo')).toBeChecked();
    await view.getByLabel('Pause before each tool call').uncheck();
    await view.getByLabel('Message').fill('Echo on both servers.');
    await view.getByRole('button', { name: 'Send', exact: true }).click();

    const output = view.locator('.playground-output');
    await expect(output).toContainText('Both servers answered.');
    await expect(output).toContainText('basic → echo {"text":"to the first"} → to the first');
    await expect(output).toContainText('second → echo {"text":"to the second"} → to the second');
    const declared = JSON.stringify(fake.modelRequests()[0]!.body);
    for (const name of ['basic__echo', 'second__echo']) expect(declared).toContain(name);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      const results = await new AxeBuilder({ page }).include('.playground-main').analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id}`)).toEqual([]);
    }

    // Selecting a server shows its workspace; the playground comes back with its conversation.
    await wb.server('second').getByRole('button', { name: /^second/ }).click();
    await expect(page.getByRole('region', { name: 'Workspace of second', exact: true })).toBeVisible();
    await expect(view).toBeHidden();
    await expect(playgroundButton).toHaveAttribute('aria-pressed', 'false');
    await playgroundButton.click();
    await expect(view.locator('.playground-output')).toContainText('Both servers answered.');
  } finally {
    await host.stop();
    await fake.close();
  }
});
