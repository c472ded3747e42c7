/**
 * The README's first five minutes, as a new user walks them, in browser mode against the
 * real host and real server processes: Add server with a pasted command line, split into
 * one argument per row before saving; a save that never waits for the connection; a
 * command that is no MCP server reported as such within seconds; Ctrl+K to a tool lands
 * in its first field; a result file in browser mode, on a host without a desktop; a row
 * opened at the bottom of the protocol log; a failed server fixed in Edit reconnects.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { everythingServer, fixtureServer } from '../fixtures/paths';
import { startBrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

const node = process.execPath;

test('Add server: a pasted command line is split before saving, Save closes at once, and the row connects', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  const dialog = await wb.openAddServer();
  await dialog.getByLabel('Name', { exact: true }).fill('everything');
  const command = dialog.getByLabel('Command', { exact: true });
  // The README's line as a user pastes it (the reference server run by node, offline): a
  // paste event carrying the text, as the browser sends one.
  await command.evaluate((input, line) => {
    // The page's own DataTransfer and ClipboardEvent (this file is typed without the DOM).
    const page = globalThis as unknown as { DataTransfer: new () => { setData(type: string, text: string): void }; ClipboardEvent: new (type: string, init: object) => Event };
    const data = new page.DataTransfer();
    data.setData('text/plain', line);
    input.focus();
    input.dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `"${node}" "${everythingServer}" stdio`);
  await expect(command).toHaveValue(node);
  await expect(dialog.getByLabel('Argument 1', { exact: true })).toHaveValue(everythingServer);
  await expect(dialog.getByLabel('Argument 2', { exact: true })).toHaveValue('stdio');
  await expect(dialog.getByRole('status')).toContainText('2 arguments below: check them before saving');

  // An argument that is two words run together is flagged, and split on request.
  await dialog.getByRole('button', { name: 'Add argument' }).click();
  await dialog.getByLabel('Argument 3', { exact: true }).fill('--note hello');
  await expect(dialog.getByText(/Passed as one argument, spaces and all; it looks like 2/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove argument 3' }).click();
  await expect(dialog.getByText(/Passed as one argument/)).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog).toBeHidden();
  await expect(wb.server('everything').getByText('Connected')).toBeVisible();
  await expect(wb.toolOption('everything', 'Echo Tool')).toBeVisible();
});

test('a slow server never keeps the form waiting; a command that is no MCP server fails within seconds, saying what it wrote', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  // Never answers initialize: the form closes, the row says it is connecting.
  await wb.addStdioServer('silent', node, [fixtureServer('silent-stdio')]);
  await expect(wb.serverDialog()).toBeHidden();
  await expect(wb.server('silent').getByText('Connecting…')).toBeVisible();

  // Talks text on stdout and never answers: reported as not MCP long before the 30 s timeout.
  const started = Date.now();
  await wb.addStdioServer('chatty', node, [fixtureServer('not-mcp-stdout')]);
  await expect(wb.serverDialog()).toBeHidden();
  await expect(wb.server('chatty')).toContainText('The server wrote text that is not MCP: "my-tool 0.1: type a command"', { timeout: 20_000 });
  expect(Date.now() - started).toBeLessThan(25_000);
  await expect(wb.server('chatty').getByText('Failed', { exact: true })).toBeVisible();
  await expect(wb.server('silent').getByText('Connecting…')).toBeVisible();
});

test('Ctrl+K to a tool puts the focus in its first field', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('basic', node, [fixtureServer('basic-stdio')]);
  await expect(wb.server('basic').getByText('Connected')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('mcp__basic__echo');
  await page.keyboard.press('Enter');
  const field = wb.panel.getByRole('textbox', { name: /^text/ });
  await expect(field).toBeFocused();
  await page.keyboard.type('typed at once');
  await expect(field).toHaveValue('typed at once');
});

test('browser mode: a result file can be downloaded, and Open on a host without a desktop says so and offers the download', async ({ page }) => {
  // The host's opener, as on a machine without a desktop: xdg-open finds no method and exits 3.
  const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-bin-'));
  await fs.writeFile(path.join(bin, 'xdg-open'), '#!/bin/sh\necho "xdg-open: no method available for opening $1" >&2\nexit 3\n', { mode: 0o755 });
  const host = await startBrowserHost({ env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await wb.addStdioServer('lab', node, [fixtureServer('tool-lab')]);
    await expect(wb.server('lab').getByText('Connected')).toBeVisible();
    await wb.openTool('lab', 'Audio clip');
    const panel = await wb.run();
    const files = panel.locator('.file-actions');
    await expect(files).toContainText('on the machine MCP Workbench runs on');

    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: /^Download / }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.wav$/);

    if (process.platform === 'linux') {
      await files.getByRole('button', { name: /^Open / }).click();
      await expect(files.getByRole('alert')).toContainText('found nothing to open it with (exit code 3)');
      const [again] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download it instead' }).click()]);
      expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    } else {
      console.log('Skipped the Open part: the stand-in opener is xdg-open, which only Linux hosts use.');
    }
  } finally {
    await host.stop();
    await fs.rm(host.home, { recursive: true, force: true });
    await fs.rm(bin, { recursive: true, force: true });
  }
});

test('protocol log: a row opened at the bottom of the list brings its message into view', async ({ page, host }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  await wb.addStdioServer('basic', node, [fixtureServer('basic-stdio')]);
  await wb.openTool('basic', 'Echo');
  for (let i = 0; i < 6; i++) await wb.run(`{"text": "call ${i}"}`);
  await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
  const log = page.getByRole('region', { name: 'Protocol log' });
  const list = log.locator('.log-entries');
  const last = list.locator('.log-entry').last();
  await expect(last).toContainText('tools/call');
  // More entries than the pane shows: the list scrolls, and follows the newest at its end.
  expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await last.getByRole('button').click();
  const detail = last.locator('.log-detail');
  await expect(detail).toContainText('"call 5"');
  // As much of the opened entry as the pane can show, from its start: the whole of it, or
  // its row at the top of the list and its message below.
  await expect
    .poll(async () => {
      const [box, row, inside] = await Promise.all([list.boundingBox(), last.boundingBox(), detail.boundingBox()]);
      const startsInView = row!.y >= box!.y - 1;
      const wholeInView = inside!.y + inside!.height <= box!.y + box!.height + 1;
      const atTheTop = row!.y <= box!.y + 2;
      return startsInView && (wholeInView || atTheTop);
    })
    .toBe(true);
});

test('a failed server fixed in Edit reconnects on Save, and its old error is gone', async ({ page, host }) => {
  await page.goto(host.url);
  const wb = new WorkbenchPage(page);
  // A wrong path, as a new user types one: node cannot find the script and exits.
  const missing = path.join(os.tmpdir(), 'mcpwb-no-such-folder', 'server.mjs');
  await wb.addStdioServer('mine', node, [missing]);
  const row = wb.server('mine');
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await row.getByRole('button', { name: /^mine/ }).click();
  const details = page.getByRole('region', { name: 'Server details' });
  const failure = 'the server process exited with code 1';
  await expect(row).toContainText(failure);
  await expect(details.getByRole('alert')).toContainText(failure);

  await wb.serverAction('mine', 'Edit…');
  const edit = wb.serverDialog('Edit server "mine"');
  await edit.getByLabel('Argument 1', { exact: true }).fill(fixtureServer('basic-stdio'));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await expect(row.getByText('Connected')).toBeVisible();
  await expect(details.getByText('Connected')).toBeVisible();
  await expect(wb.toolOption('mine', 'Echo')).toBeVisible();
  // Nothing of the failed attempt is left on screen: its state, its message, its output.
  await expect(row.getByText('Failed', { exact: true })).toHaveCount(0);
  await expect(row).not.toContainText(failure);
  await expect(details.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(failure)).toHaveCount(0);
});
