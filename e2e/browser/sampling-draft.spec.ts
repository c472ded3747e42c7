/**
 * A server's sampling request answered with a model's draft, end to end: real Chromium, the
 * real browser host, the tool-lab fixture as a real process (its ask_model tool sends
 * sampling/createMessage), and an OpenAI-compatible provider fake on 127.0.0.1 set up as the
 * user's local endpoint. The draft fills the reply; the user edits it and sends it; the
 * server receives the edited text under the model's name. axe finds no serious violation in
 * the dialog in either theme.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startProviderFake } from '../../tests/support/provider-fakes/provider-fake';
import { fixtureServer } from '../fixtures/paths';
import { startBrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

for (const theme of ['light', 'dark'] as const) {
  test(`a sampling request is drafted by a model, edited and sent (${theme} theme)`, async ({ page }) => {
    test.setTimeout(90_000);
    const fake = await startProviderFake('openai', { turns: [{ text: 'Pipes carry the dawn', usage: { input: 18, output: 5 } }], models: ['local-poet', 'other-model'] });
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-'));
    await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { lab: { command: process.execPath, args: [fixtureServer('tool-lab')] } } }));
    // The local endpoint as Settings → Models saves it.
    await fs.writeFile(path.join(home, 'model-endpoints.json'), JSON.stringify({ baseUrls: { 'openai-compatible': fake.baseUrl } }));
    const host = await startBrowserHost({ home });
    try {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(host.url);
      const wb = new WorkbenchPage(page);
      await expect(wb.server('lab').getByText('Connected')).toBeVisible();
      await wb.tools.getByLabel('Search tools').fill('ask_model');
      await wb.tools.locator('[data-tool="mcp__lab__ask_model"]').click();
      await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();

      const dialog = page.getByRole('dialog', { name: /model reply/ });
      const draft = dialog.getByRole('group', { name: 'Draft with a model' });
      await expect(draft.getByLabel('Provider')).toHaveValue('openai-compatible');
      await draft.getByLabel('Model').fill('local-poet');
      await draft.getByRole('button', { name: 'Draft reply' }).click();
      await expect(dialog.getByLabel(/Your reply/)).toHaveValue('Pipes carry the dawn');
      await expect(dialog.getByLabel('Model name (optional)')).toHaveValue('local-poet');
      await expect(draft.getByRole('status')).toContainText('Drafted by local-poet: 18 tokens in, 5 out');

      // The model was asked exactly the server's conversation.
      const asked = fake.modelRequests()[0]!.body as { messages: Array<{ role: string; content: unknown }> };
      expect(asked.messages).toEqual([
        { role: 'system', content: 'You are a poet.' },
        { role: 'user', content: 'Write a haiku about MCP' },
      ]);

      const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

      await dialog.getByLabel(/Your reply/).fill('Pipes carry the dawn light');
      await dialog.getByRole('button', { name: 'Send reply' }).click();
      await expect(wb.panel.getByRole('region', { name: 'Result' })).toContainText('model local-poet said: Pipes carry the dawn light');
    } finally {
      await host.stop();
      await fake.close();
      await fs.rm(home, { recursive: true, force: true });
    }
  });
}
