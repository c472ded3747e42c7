/** Helpers for the MCP Apps specs: the apps fixture's host, running an app tool, its frames. */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import type { BrowserHost } from './browser-host';
import { expect } from './fixtures';
import { startHostWithServers, Workspaces } from './workspaces';

const APPS = { command: process.execPath, args: [fixtureServer('apps-server')] };

/** A host with the apps fixture as `apps`, the page on it and the workspace open. */
export async function openAppsHost(page: Page): Promise<{ host: BrowserHost; ws: Workspaces; pane: Locator }> {
  const host = await startHostWithServers({ apps: APPS });
  await page.goto(host.url);
  const ws = new Workspaces(page);
  const pane = await ws.open('apps');
  return { host, ws, pane };
}

/** Picks the tool, types its arguments into the form's fields when given, presses Run; returns the tool panel. */
export async function runAppTool(pane: Locator, name: string, args?: Record<string, string | number>): Promise<Locator> {
  await pane.getByLabel('Search tools').fill(name);
  await pane.locator(`[data-tool$="__${name}"]`).click();
  const panel = pane.getByRole('region', { name: 'Tool', exact: true });
  await expect(panel.locator('.full-name')).toHaveText(new RegExp(`__${name}$`));
  const form = panel.getByRole('region', { name: 'Arguments' });
  for (const [field, value] of Object.entries(args ?? {})) {
    const box = form.getByRole('textbox', { name: new RegExp(`^${field}( \\(required\\))?$`) });
    await box.fill(String(value));
    await expect(box).toHaveValue(String(value));
  }
  await panel.getByRole('button', { name: 'Run', exact: true }).click();
  return panel;
}

/** The app region of a tool panel. */
export const appRegion = (panel: Locator): Locator => panel.getByRole('region', { name: 'App', exact: true });

/** The sandbox proxy frame and, inside it, the app's own frame. */
export function appFrames(panel: Locator): { sandbox: FrameLocator; app: FrameLocator } {
  const sandbox = appRegion(panel).frameLocator('iframe.app-frame');
  return { sandbox, app: sandbox.frameLocator('iframe') };
}
