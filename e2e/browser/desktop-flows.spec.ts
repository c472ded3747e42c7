/**
 * The desktop app's flows (e2e/support/desktop-flows.ts) in browser mode: the page's side
 * of each, on the same API client the desktop page uses.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBrowserHost } from '../support/browser-host';
import { copyToolName, firstToolCall, followDoctorSource, toolChangedConfirmation, writeFlowServers } from '../support/desktop-flows';
import { expect, test } from '../support/fixtures';

test('desktop flows in the browser: a first call, a Doctor source link, a changed tool asks again, Copy', async ({ page, context }) => {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-flows-'));
  await writeFlowServers(home);
  const host = await startBrowserHost({ home });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
    await page.goto(host.url);
    await firstToolCall(page);

    // In a browser the link opens a tab of its own (answered here: this machine has no internet).
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'the source' }));
    const tab = context.waitForEvent('page');
    const href = await followDoctorSource(page);
    const opened = await tab;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(href);

    await toolChangedConfirmation(page, home);
    const copied = await copyToolName(page);
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(copied);
  } finally {
    await host.stop();
    await fs.rm(home, { recursive: true, force: true });
  }
});
