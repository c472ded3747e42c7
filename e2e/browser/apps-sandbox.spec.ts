/**
 * The MCP Apps sandbox holds, end to end in Chromium: an app's permissions only after the
 * user agrees; an app that tries to escape (the page's window.api, the host's WebSocket,
 * top navigation, popups, fetches outside its CSP) is stopped and the refusals are listed;
 * fuzzed and malformed bridge messages are dropped and logged, and the workbench goes on.
 */
import fc from 'fast-check';
import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { appFrames, appRegion, openAppsHost, runAppTool } from '../support/apps';

/** The app's own frame (the srcdoc frame inside the sandbox proxy). */
async function appFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url() === 'about:srcdoc')).toBe(true);
  return page.frames().find((frame) => frame.url() === 'about:srcdoc')!;
}

test('permissions are granted only after the user agrees, and refused ones stay off', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    let panel = await runAppTool(pane, 'permission_app');
    let region = appRegion(panel);
    const consent = region.getByRole('group', { name: 'App permissions' });
    await expect(consent).toContainText('camera, microphone');
    // Nothing runs before the answer.
    await expect(region.locator('iframe.app-frame')).toHaveCount(0);
    await consent.getByRole('button', { name: 'Allow' }).click();
    await expect(region.locator('iframe.app-frame')).toHaveAttribute('allow', 'camera; microphone');
    await expect(appFrames(panel).app.locator('#features')).toHaveText('camera=true microphone=true');

    panel = await runAppTool(pane, 'permission_app');
    region = appRegion(panel);
    await region.getByRole('group', { name: 'App permissions' }).getByRole('button', { name: 'Run without them' }).click();
    await expect(appFrames(panel).app.locator('#features')).toHaveText('camera=false microphone=false');
    await expect(region.locator('iframe.app-frame')).not.toHaveAttribute('allow', /camera/);
  } finally {
    await host.stop();
  }
});

test('an app that tries to escape its sandbox is stopped, and the CSP report lists what was refused', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const pageUrl = page.url();
    const panel = await runAppTool(pane, 'escape_app', { hostPort: host.port });
    const { app } = appFrames(panel);
    await expect(app.locator('#done')).toHaveText('done');
    const attempts = ['parent-api', 'top-api', 'parent-document', 'top-navigation', 'popup', 'storage', 'fetch-host', 'fetch-elsewhere', 'host-websocket', 'image-elsewhere'];
    for (const attempt of attempts) await expect(app.locator(`[data-attempt="${attempt}"]`)).toContainText(`${attempt}: blocked`);
    await expect(app.locator('#results')).not.toContainText('ESCAPED');
    // The workbench page stayed where it was, and still works.
    expect(page.url()).toBe(pageUrl);
    expect(page.context().pages()).toHaveLength(1);
    await expect(pane.getByLabel('Search tools')).toBeEditable();

    const region = appRegion(panel);
    await region.getByRole('tab', { name: /CSP report/ }).click();
    const report = region.getByRole('table', { name: 'Refused by the CSP' });
    await expect(report).toContainText(`http://127.0.0.1:${host.port}/health`);
    await expect(report).toContainText('http://127.0.0.1:9/not-in-csp');
    await expect(report).toContainText(`ws://127.0.0.1:${host.port}/api`);
    await expect(report).toContainText('img-src');

    // The sandbox page's policy: the declared origins, the injected keyword dropped, framed by the page only.
    const frameSrc = (await region.locator('iframe.app-frame').getAttribute('src'))!;
    const csp = (await page.request.get(frameSrc)).headers()['content-security-policy']!;
    expect(csp).toContain('connect-src https://allowed.example');
    expect(csp).toContain('https://cdn.example');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain(`frame-ancestors ${new URL(host.url).origin}`);
  } finally {
    await host.stop();
  }
});

test('fuzzed and malformed bridge messages are dropped and logged, and the app and the workbench go on', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'form_app');
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    const frame = await appFrame(page);

    const crafted: unknown[] = [
      'not json-rpc',
      42,
      null,
      [{ jsonrpc: '2.0', method: 'ui/message' }],
      { jsonrpc: '1.0', method: 'ui/message' },
      { jsonrpc: '2.0', id: { nested: true }, method: 'tools/call' },
      { jsonrpc: '2.0', method: 'ui/message', params: 'not an object' },
      { jsonrpc: '2.0', id: 7, result: {}, error: { code: 1, message: 'both' } },
      { jsonrpc: '2.0', id: 8, error: { code: 'x' } },
      { jsonrpc: '2.0', method: 'x'.repeat(10_000) },
      'x'.repeat(1_000_000),
    ];
    // Shaped like JSON-RPC, so the bridge itself must cope: unknown methods, answers nobody asked for, bad params.
    const wellFormed: unknown[] = [
      { jsonrpc: '2.0', id: 900, method: 'no/such/method', params: {} },
      { jsonrpc: '2.0', id: 901, result: {} },
      { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { height: 'tall' } },
      { jsonrpc: '2.0', id: 902, method: 'ui/open-link', params: { url: 42 } },
    ];
    const generated = fc.sample(fc.anything({ maxDepth: 3 }), { numRuns: 60, seed: 1865 });
    await frame.evaluate((messages) => {
      // Runs in the app's frame: its parent is the sandbox proxy, which relays to the workbench.
      const target = (globalThis as unknown as { parent: { postMessage(message: unknown, origin: string): void } }).parent;
      for (const message of messages) target.postMessage(message, '*');
    }, [...crafted, ...generated, ...wellFormed]);

    const region = appRegion(panel);
    const logTab = region.getByRole('tab', { name: /Bridge log/ });
    await logTab.click();
    await expect(logTab).toHaveAttribute('aria-selected', 'true');
    const log = region.getByRole('list', { name: 'Bridge messages' });
    await expect(log.locator('.bridge-entry.dropped').nth(crafted.length - 1)).toBeVisible();
    await expect(log).toContainText('dropped: jsonrpc is not "2.0"');
    await expect(log).toContainText('dropped: not a JSON-RPC object');
    await expect(log).toContainText('dropped: id is neither a string nor a number');
    await expect(log).toContainText('dropped: an answer needs exactly one of result and error');
    // The bridge answered the unknown method with an error rather than falling over.
    await expect(log).toContainText('→ app error #900');
    await expect(log).toContainText('error #902');

    // The app still talks to the workbench, and the workbench still works.
    await app.getByRole('button', { name: 'Greet' }).click();
    await page.getByRole('dialog', { name: 'The app asks to run greet' }).getByRole('button', { name: 'Run once' }).click();
    await expect(app.locator('#out')).toHaveText('Hello, Ada!');
    await expect(page.getByText('Connected').first()).toBeVisible();
  } finally {
    await host.stop();
  }
});
