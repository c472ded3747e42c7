/**
 * The same first tool call in the real Electron app. Runs where the Electron binary
 * exists (ELECTRON_BINARY, or node_modules/electron/dist); on machines that cannot
 * download it, it is skipped with the reason printed.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { WorkbenchPage } from '../support/workbench-page';

function findElectronBinary(): string | undefined {
  if (process.env.ELECTRON_BINARY) return process.env.ELECTRON_BINARY;
  const pathFile = path.resolve('node_modules/electron/path.txt');
  if (!fs.existsSync(pathFile)) return undefined;
  const binary = path.resolve('node_modules/electron/dist', fs.readFileSync(pathFile, 'utf8').trim());
  return fs.existsSync(binary) ? binary : undefined;
}

const binary = findElectronBinary();
const skipReason = 'the Electron binary is not installed here (set ELECTRON_BINARY, or let the electron package download it on a machine with internet access)';

test('Electron: add a stdio server and run a tool', async () => {
  if (!binary) console.log(`Skipping the Electron e2e spec: ${skipReason}`);
  test.skip(!binary, skipReason);

  const home = await fsp.mkdtemp(path.join(os.tmpdir(), 'mcpwb-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), path.resolve('.')],
    env: { ...process.env, MCP_WORKBENCH_HOME: home },
  });
  try {
    const page = await app.firstWindow();
    // The page sees window.api and nothing of Node.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((globalThis as unknown as { api: object }).api).sort())).toContain('callTool');

    const wb = new WorkbenchPage(page);
    await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
    await wb.openTool('basic', 'Echo');
    const panel = await wb.run('{"text": "hello from Electron"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('hello from Electron');
  } finally {
    await app.close();
    await fsp.rm(home, { recursive: true, force: true });
  }
});
