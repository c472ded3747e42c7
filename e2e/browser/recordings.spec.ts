/**
 * Save as recording in browser mode: a real stdio server's protocol log saved to a typed
 * path by the real browser host, read back as a recording; a second save asks before
 * replacing the file.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

test('protocol log: Save as recording writes a recording file, and asks before replacing one', async ({ page, host }) => {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-recording-'));
  try {
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    await wb.addStdioServer('basic', process.execPath, [fixtureServer('basic-stdio')]);
    await expect(wb.server('basic').getByText('Connected')).toBeVisible();
    await wb.openTool('basic', 'Echo');
    const panel = await wb.run('{"text": "recorded-7"}');
    await expect(panel.getByRole('region', { name: 'Result' })).toContainText('recorded-7');

    await page.getByRole('banner').getByRole('button', { name: 'Protocol log' }).click();
    const log = page.getByRole('region', { name: 'Protocol log' });
    await expect(log.locator('.log-entry').filter({ hasText: 'tools/call' })).toHaveCount(2);
    const file = path.join(outDir, 'basic.jsonl');
    await log.getByRole('button', { name: 'Save as recording' }).click();
    await log.getByLabel('Recording file').fill(file);
    await log.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(log.getByText(/Saved \d+ messages as a recording to/)).toBeVisible();

    const [header, ...lines] = (await fs.readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toMatchObject({ format: 'mcp-workbench-recording', version: 1, source: 'app', server: { name: 'basic-fixture' } });
    expect(lines.some((line) => line.direction === 'to-server' && JSON.stringify(line.message).includes('recorded-7'))).toBe(true);
    expect(lines.some((line) => line.direction === 'to-client' && JSON.stringify(line.message).includes('recorded-7'))).toBe(true);

    await log.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(log.getByRole('alert')).toContainText('already exists');
    await log.getByRole('button', { name: `Replace ${file}` }).click();
    await expect(log.getByText(/Saved \d+ messages as a recording to/)).toBeVisible();
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toContain('mcp-workbench-recording');
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
});
