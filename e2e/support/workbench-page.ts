/** User-level steps on the Workbench UI, shared by the browser and Electron specs. */
import { expect, type Locator, type Page } from '@playwright/test';

export class WorkbenchPage {
  constructor(readonly page: Page) {}

  server(name: string): Locator {
    return this.page.locator(`li.server-item[data-server="${name}"]`);
  }

  get tools(): Locator {
    return this.page.getByRole('region', { name: 'Tools' });
  }

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Tool', exact: true });
  }

  /** A tool in the tool list, by the start of its display name. */
  toolOption(server: string, toolLabel: string): Locator {
    return this.tools.locator(`[role="option"][data-server="${server}"]`).filter({ has: this.page.locator('.tool-name', { hasText: new RegExp(`^${toolLabel}`) }) });
  }

  async addStdioServer(name: string, command: string, args: string[] = [], env = ''): Promise<void> {
    await this.page.getByRole('button', { name: 'Add server' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Add a stdio server' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Command', { exact: true }).fill(command);
    await dialog.getByLabel('Arguments (one per line)').fill(args.join('\n'));
    if (env) await dialog.getByLabel(/^Environment/).fill(env);
    await dialog.getByRole('button', { name: 'Add server' }).click();
  }

  async openTool(server: string, toolLabel: string): Promise<void> {
    await this.server(server).getByRole('button', { name: new RegExp(`^${server}`) }).click();
    await this.toolOption(server, toolLabel).first().click();
  }

  /** Types the arguments into the JSON editor. */
  async fillArguments(argsJson: string): Promise<void> {
    await this.panel.getByRole('button', { name: 'JSON', exact: true }).click();
    await this.panel.getByLabel('Arguments (JSON)').fill(argsJson);
  }

  /** Presses Run; a permission prompt, if one comes, is answered "Run once". */
  async run(argsJson?: string): Promise<Locator> {
    const panel = this.panel;
    if (argsJson !== undefined) await this.fillArguments(argsJson);
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    const prompt = this.page.getByRole('dialog', { name: /^Run / });
    const settled = panel.getByRole('region', { name: 'Result' }).or(panel.getByRole('alert'));
    await expect(prompt.or(settled).first()).toBeVisible();
    if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Run once' }).click();
    await expect(panel.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
    await expect(settled.first()).toBeVisible();
    return panel;
  }
}
