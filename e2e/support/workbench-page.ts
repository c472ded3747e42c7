/** User-level steps on the Workbench UI, shared by the browser and Electron specs. */
import { expect, type Locator, type Page } from '@playwright/test';

export class WorkbenchPage {
  constructor(readonly page: Page) {}

  server(name: string): Locator {
    return this.page.locator(`li.server-item[data-server="${name}"]`);
  }

  /** Picks an item of a server's actions menu (Edit…, Duplicate…, Enable, Move to Local, Remove…). */
  async serverAction(name: string, item: string): Promise<void> {
    await this.server(name).getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Picks an item of the header's menu (Open project…, Import servers…, Export servers…, Permissions…, Settings…, a theme). */
  async appMenu(item: string): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    await this.page.getByRole('menu', { name: 'Menu' }).getByRole('menuitem', { name: item, exact: true }).or(this.page.getByRole('menu', { name: 'Menu' }).getByRole('menuitemradio', { name: item, exact: true })).click();
  }

  /** Opens a project folder (browser mode asks for its path in a dialog) and waits until the header shows it. */
  async openProject(folder: string): Promise<void> {
    await this.appMenu('Open project…');
    const dialog = this.page.getByRole('dialog', { name: 'Open project' });
    await dialog.getByLabel('Project folder').fill(folder);
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByRole('banner').locator('[data-project]')).toHaveAttribute('data-project', folder);
  }

  /** Picks an item of the menu on a server's details line (in its workspace). */
  async detailsAction(pane: Locator, server: string, item: string): Promise<void> {
    await pane.getByRole('region', { name: 'Server details' }).getByRole('button', { name: `Actions for ${server}` }).click();
    await this.page.getByRole('menu', { name: `Actions for ${server}` }).getByRole('menuitem', { name: item, exact: true }).click();
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

  /** The Add server dialog (opened with the list's Add server button). */
  serverDialog(title: string | RegExp = 'Add server'): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async openAddServer(): Promise<Locator> {
    await this.page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).click();
    return this.serverDialog();
  }

  /** Fills the stdio fields of an open server form: command, one field per argument, env as NAME=value lines. */
  async fillStdio(dialog: Locator, command: string, args: string[] = [], env = ''): Promise<void> {
    await dialog.getByLabel('Command', { exact: true }).fill(command);
    for (const [i, arg] of args.entries()) {
      await dialog.getByRole('button', { name: 'Add argument' }).click();
      await dialog.getByLabel(`Argument ${i + 1}`, { exact: true }).fill(arg);
    }
    const lines = env.split('\n').filter((line) => line.trim() !== '');
    for (const [i, line] of lines.entries()) {
      const eq = line.indexOf('=');
      await dialog.getByRole('button', { name: 'Add variable' }).click();
      await dialog.getByLabel(`Variable ${i + 1} name`).fill(eq === -1 ? line : line.slice(0, eq));
      await dialog.getByLabel(`Variable ${i + 1} value`).fill(eq === -1 ? '' : line.slice(eq + 1));
    }
  }

  async addStdioServer(name: string, command: string, args: string[] = [], env = ''): Promise<void> {
    const dialog = await this.openAddServer();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await this.fillStdio(dialog, command, args, env);
    await dialog.getByRole('button', { name: 'Add server' }).click();
  }

  async openTool(server: string, toolLabel: string): Promise<void> {
    await this.server(server).getByRole('button', { name: new RegExp(`^${server}`) }).click();
    await this.toolOption(server, toolLabel).first().click();
  }

  /** Types the arguments into the JSON editor (once it has loaded: it replaces a plain box). */
  async fillArguments(argsJson: string): Promise<void> {
    await this.panel.getByRole('button', { name: 'JSON', exact: true }).click();
    await expect(this.panel.locator('.cm-content')).toBeVisible();
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
