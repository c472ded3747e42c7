/**
 * An eval collection run from the app's Collections tab, on the real browser host: the basic
 * stdio fixture as the server, an OpenAI-compatible provider fake (the real Chat Completions
 * API on 127.0.0.1) as the model. The run shows the step's pass rate with its interval, one
 * expectation that held in every run and one that did not, in both themes with no serious
 * accessibility violation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startProviderFake } from '../../tests/support/provider-fakes/provider-fake';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';
import { WorkbenchPage } from '../support/workbench-page';

const evals = (baseUrl: string) => `name: Evals
steps:
  - id: sum
    name: adds with the add tool
    eval:
      prompt: What is 2 + 3?
      model: openai-compatible:fake-model
      baseUrl: ${baseUrl}
      runs: 2
      tools: [add]
    expect:
      - { toolCalled: add, arguments: { a: 2, b: 3 } }
      - textContains: seven
`;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').flatMap((violation) => violation.nodes.map((n) => `${violation.id} at ${n.target.join(' ')}`));
}

for (const theme of ['light', 'dark'] as const) {
  test(`an eval collection runs from the Collections tab and shows its pass rate and verdicts, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    // The model calls add, then answers from its result, in every run.
    const provider = await startProviderFake('openai', {
      respond: (request) => {
        const messages = (request.body as { messages: Array<{ role: string }> }).messages;
        return messages.at(-1)?.role === 'tool' ? { text: 'The sum is 5.' } : { toolCalls: [{ name: 'basic__add', arguments: { a: 2, b: 3 } }] };
      },
    });
    const project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-evals-')));
    const folder = path.join(project, '.mcp-workbench', 'collections');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'evals.yaml'), evals(provider.baseUrl));
    const host = await startHostWithServers({ basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } });
    try {
      await page.goto(host.url);
      await new WorkbenchPage(page).openProject(project);
      const ws = new Workspaces(page);
      await ws.open('basic');
      const pane = await ws.tab('basic', 'Collections');
      await pane.getByRole('list', { name: 'Collections' }).getByRole('button', { name: 'Open collection Evals' }).click();
      await expect(pane.getByRole('combobox', { name: 'Kind of step 1' })).toHaveValue('eval');
      await pane.getByRole('button', { name: 'Run', exact: true }).click();

      const run = pane.getByRole('region', { name: 'Run of evals.yaml' });
      await expect(run.getByRole('status', { name: 'Run totals' })).toHaveText(/^Failed: 0 of 1 steps? passed, 1 failed/);
      const step = run.getByRole('listitem', { name: 'Step 1 adds with the add tool: failed' });
      await expect(step.getByLabel('Pass rate of step 1')).toHaveText(/^0 of 2 runs passed \(0%, 95% interval 0%–66%; needs 100%\); latency \d+ ms mean/);
      await expect(step.locator('.assertion-verdict.pass')).toHaveText(['passadd was called with the arguments {"a":2,"b":3} (all 2 runs)']);
      await expect(step.locator('.assertion-verdict.fail')).toHaveText(['failthe answer should contain "seven", and is "The sum is 5." (held in 0 of 2 runs; first in run 1 of openai-compatible:fake-model)']);
      // Every model turn went to the endpoint the collection names: two runs of two turns.
      expect(provider.modelRequests()).toHaveLength(4);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await host.stop();
      await provider.close();
      await fs.rm(project, { recursive: true, force: true });
    }
  });
}
