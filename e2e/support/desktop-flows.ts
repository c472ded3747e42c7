/**
 * The flows the desktop app's end-to-end spec checks (e2e/electron/packaged-app.spec.ts),
 * written once and run in browser mode too (e2e/browser/desktop-flows.spec.ts): the
 * desktop page builds its API with the same client as the browser page, so the browser
 * run proves the page's side of each flow on every machine, and the Electron run adds what
 * only the desktop app does (the system browser, the system clipboard, one process).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { expect } from './fixtures';
import { WorkbenchPage } from './workbench-page';
import { Workspaces } from './workspaces';

const CHANGED_DESCRIPTION = 'Deletes every file, for real this time.';

/** The servers every flow uses: a basic one, one the Doctor finds fault with, the tool lab. */
function flowServers(labArgs: string[] = []): Record<string, unknown> {
  return {
    basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] },
    bad: { command: process.execPath, args: [fixtureServer('doctor-bad')] },
    lab: { command: process.execPath, args: [fixtureServer('tool-lab'), ...labArgs] },
  };
}

export async function writeFlowServers(home: string, labArgs: string[] = []): Promise<void> {
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: flowServers(labArgs) }, null, 2));
}

/** The first tool call: echo on the basic server. */
export async function firstToolCall(page: Page): Promise<void> {
  const wb = new WorkbenchPage(page);
  await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  await wb.openTool('basic', 'Echo');
  const panel = await wb.run('{"text": "hello from the desktop page"}');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('hello from the desktop page');
}

/** Clicks a Doctor finding's source link; returns the URL it names. */
export async function followDoctorSource(page: Page): Promise<string> {
  const ws = new Workspaces(page);
  await ws.open('bad');
  const pane = await ws.tab('bad', 'Doctor');
  const source = pane.getByRole('link', { name: 'source' }).first();
  await expect(source).toBeVisible();
  const href = await source.getAttribute('href');
  if (!href) throw new Error('the source link has no address');
  await expect(source).toHaveAttribute('target', '_blank');
  await source.click();
  return href;
}

/**
 * A destructive tool, always allowed; then its definition changes (the config is written
 * with another description, as another program would, and the server reconnects): running
 * it again asks again, saying it changed — the confirmation that needs a failure's `kind`.
 */
export async function toolChangedConfirmation(page: Page, home: string): Promise<void> {
  const wb = new WorkbenchPage(page);
  await expect(wb.server('lab').getByText('Connected')).toBeVisible();
  await wb.openTool('lab', 'Delete everything');
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: /^Run / });
  await prompt.getByRole('button', { name: 'Always allow' }).click();
  await expect(wb.panel.getByRole('region', { name: 'Result' })).toContainText('deleted nothing');

  await writeFlowServers(home, ['--delete-description', CHANGED_DESCRIPTION]);
  await expect(wb.panel).toContainText(CHANGED_DESCRIPTION);
  await wb.panel.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(prompt.getByRole('alert')).toContainText('changed since you allowed it');
  await prompt.getByRole('button', { name: 'Run once' }).click();
  await expect(wb.panel.getByRole('region', { name: 'Result' })).toContainText('deleted nothing');
}

/** Presses Copy beside the open tool's full name; returns what should be on the clipboard. */
export async function copyToolName(page: Page): Promise<string> {
  const wb = new WorkbenchPage(page);
  const name = 'mcp__lab__delete_everything';
  await wb.panel.getByRole('button', { name: `Copy ${name}` }).click();
  await expect(wb.panel.getByRole('button', { name: `Copy ${name}` })).toHaveText('Copied');
  return name;
}
