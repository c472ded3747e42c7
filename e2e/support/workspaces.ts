/**
 * Steps on server workspaces (the panes with Tools, Tasks, Resources, Prompts and Console tabs),
 * and a browser host started with servers already configured, so start-up connects them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from './browser-host';
import { WorkbenchPage } from './workbench-page';

export type WorkspaceTabName = 'Tools' | 'Tasks' | 'Resources' | 'Prompts' | 'Skills' | 'Console' | 'Doctor' | 'Collections' | 'Load';

/** A browser host with these `mcpServers` in its user config; stop() also removes its folder. */
export async function startHostWithServers(servers: Record<string, unknown>): Promise<BrowserHost> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-'));
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  const host = await startBrowserHost({ home });
  return {
    ...host,
    async stop() {
      await host.stop();
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}

export class Workspaces {
  private readonly wb: WorkbenchPage;

  constructor(readonly page: Page) {
    this.wb = new WorkbenchPage(page);
  }

  pane(server: string): Locator {
    return this.page.getByRole('region', { name: `Workspace of ${server}`, exact: true });
  }

  /** Selects the server in the list (once connected) and waits for its pane. */
  async open(server: string): Promise<Locator> {
    await expect(this.wb.server(server).getByText('Connected')).toBeVisible();
    await this.wb.server(server).getByRole('button', { name: new RegExp(`^${server}`) }).click();
    await expect(this.pane(server)).toBeVisible();
    return this.pane(server);
  }

  /** Opens a tab of the server's pane; returns the pane. */
  async tab(server: string, tab: WorkspaceTabName): Promise<Locator> {
    const pane = this.pane(server);
    await pane.getByRole('tab', { name: tab, exact: true }).click();
    await expect(pane.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    return pane;
  }

  /** Types into a completion field, waits for the suggestion and takes it. */
  async complete(field: Locator, typed: string, suggestion: string): Promise<void> {
    await field.fill(typed);
    const listbox = this.page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
    await listbox.getByRole('option', { name: suggestion, exact: true }).click();
    await expect(field).toHaveValue(suggestion);
  }
}
