/** User-level steps on the Workbench UI, shared by the browser and Electron specs. */
import { expect, type Locator, type Page } from '@playwright/test';

export class WorkbenchPage {
  constructor(readonly page: Page) {}

  server(name: string): Locator {
    return this.page.locator(`li.server-item[data-server="${name}"]`);
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
    await this.page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${toolLabel}`) }).click();
  }

  async run(argsJson: string): Promise<Locator> {
    const panel = this.page.getByRole('region', { name: 'Tool' });
    await panel.getByLabel('Arguments (JSON)').fill(argsJson);
    await panel.getByRole('button', { name: 'Run' }).click();
    await expect(panel.getByRole('button', { name: 'Run' })).toBeEnabled();
    return panel;
  }
}
