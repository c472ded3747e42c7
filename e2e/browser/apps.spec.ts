/**
 * MCP Apps end to end, against the apps fixture (ext-apps server helpers, SDK v2): a tool's
 * app shows beside its result in a frame on the sandbox's own origin, hears the tool's
 * input, result and host context, calls a tool back under the permission rules, and its
 * messages, model context and bridge traffic are shown.
 */
import { expect, test } from '../support/fixtures';
import { appFrames, appRegion, openAppsHost, runAppTool } from '../support/apps';

test('the form app runs on its own origin, hears input, result and host context, and calls greet back after consent', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    // greet is for apps only: not in the list; model_only is.
    await pane.getByLabel('Search tools').fill('');
    await expect(pane.locator('[data-tool$="__form_app"]')).toBeVisible();
    await expect(pane.locator('[data-tool$="__model_only"]')).toBeVisible();
    await expect(pane.locator('[data-tool$="__greet"]')).toHaveCount(0);

    const panel = await runAppTool(pane, 'form_app', { who: 'Grace' });
    const region = appRegion(panel);
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    await expect(region.getByRole('status', { name: 'App state' })).toHaveText('running');

    // The sandbox is another origin than the page, and holds no token.
    const frameSrc = await region.locator('iframe.app-frame').getAttribute('src');
    const sandboxOrigin = new URL(frameSrc!).origin;
    expect(sandboxOrigin).not.toBe(new URL(host.url).origin);
    expect(sandboxOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(frameSrc).not.toContain(host.token);
    // The page's CSP frames exactly that origin.
    const csp = (await page.request.get(host.url)).headers()['content-security-policy'];
    expect(csp).toContain(`frame-src ${sandboxOrigin}`);

    await expect(app.locator('#partial')).toHaveText('{"who":"Grace"}');
    await expect(app.locator('#input')).toHaveText('{"who":"Grace"}');
    await expect(app.locator('#result')).toHaveText('form for Grace');
    await expect(app.locator('#locale')).not.toBeEmpty();
    await expect(app.locator('#mode')).toHaveText('inline');

    // Controls change the host context live.
    await region.getByLabel('Theme').selectOption('dark');
    await expect(app.locator('#theme')).toHaveText('dark');
    await region.getByLabel('Theme').selectOption('light');
    await expect(app.locator('#theme')).toHaveText('light');
    await region.getByLabel('Locale').fill('fr-FR');
    await region.getByLabel('Locale').press('Enter');
    await expect(app.locator('#locale')).toHaveText('fr-FR');
    await region.getByLabel('Width').fill('480');
    await expect(app.locator('#size')).toHaveText('{"height":360,"width":480}');

    // The form calls greet (not read-only: asks first, like a user's call).
    await app.locator('#name').fill('Ada');
    await app.getByRole('button', { name: 'Greet' }).click();
    const prompt = page.getByRole('dialog', { name: 'The app asks to run greet' });
    await expect(prompt).toContainText('mcp__apps__greet');
    await expect(prompt).toContainText('"name": "Ada"');
    await prompt.getByRole('button', { name: 'Run once' }).click();
    await expect(app.locator('#out')).toHaveText('Hello, Ada!');
    const messages = region.getByRole('tabpanel', { name: 'Messages' });
    await expect(messages.getByRole('list', { name: 'App messages' })).toContainText('Greeted Ada');
    await expect(messages.getByLabel('Model context')).toHaveText('last greeted: Ada');

    // Refused: the user's no, and a tool the app may not call.
    await app.getByRole('button', { name: 'Greet' }).click();
    await page.getByRole('dialog', { name: 'The app asks to run greet' }).getByRole('button', { name: 'Refuse' }).click();
    await expect(app.locator('#out')).toHaveText('error: The user refused this call.');
    await app.getByRole('button', { name: 'Call model-only tool' }).click();
    await expect(app.locator('#out')).toContainText('error: model_only is not visible to apps');

    // Links go through the guarded opener: javascript: is refused.
    await app.getByRole('button', { name: 'Bad link' }).click();
    await expect(app.locator('#out')).toHaveText('javascript link: refused');
    await expect(messages).toContainText('Refused to open javascript:alert(1)');

    // A download is saved only after the user agrees (browser mode: the page downloads it).
    await app.getByRole('button', { name: 'Download' }).click();
    const offer = page.getByRole('dialog', { name: 'The app offers a download' });
    await expect(offer).toContainText('report.txt (text/plain, 11 bytes)');
    const downloading = page.waitForEvent('download');
    await offer.getByRole('button', { name: 'Save' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('report.txt');
    await expect(app.locator('#out')).toHaveText('download: done');

    // The bridge log has both directions, with timings.
    const logTab = region.getByRole('tab', { name: /Bridge log/ });
    await logTab.click();
    await expect(logTab).toHaveAttribute('aria-selected', 'true');
    const log = region.getByRole('list', { name: 'Bridge messages' });
    await expect(log).toContainText('← app ui/initialize');
    await expect(log).toContainText('→ app ui/notifications/tool-result');
    await expect(log).toContainText('← app tools/call');
    await expect(log.locator('.bridge-entry', { hasText: 'response #' }).first()).toContainText(' ms)');
    // The app asks for full screen; the workbench shows it at full size.
    await app.getByRole('button', { name: 'Go full screen' }).click();
    await expect(app.locator('#out')).toHaveText('mode: fullscreen');
    await expect(app.locator('#mode')).toHaveText('fullscreen');
    const box = await region.locator('.app-frame-box').boundingBox();
    const viewport = page.viewportSize()!;
    expect(Math.round(box!.width)).toBe(viewport.width);
    await region.getByRole('button', { name: 'Back inline' }).click();
    await expect(app.locator('#mode')).toHaveText('inline');

  } finally {
    await host.stop();
  }
});
