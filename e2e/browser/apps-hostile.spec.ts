/**
 * A hostile MCP App, end to end in Chromium on the real browser host (the apps fixture's
 * `hostile_app`): WebRTC carries nothing out (a real UDP socket on 127.0.0.1 stands for the
 * STUN/TURN server; a plain page in the same browser, without the defence, does reach it,
 * so the test can fail); its capturing listener cannot hide its CSP refusals (and a `<head>`
 * in a comment does not mislead the sandbox); two tool calls asked at once are two
 * questions, each answered, the click running what it showed; a flood of links asks once
 * and is rate-limited; full size always keeps the workbench's bar and Escape.
 */
import dgram from 'node:dgram';
import { expect, test } from '../support/fixtures';
import { appFrames, appRegion, openAppsHost, runAppTool } from '../support/apps';

/** A UDP socket on 127.0.0.1 that counts what reaches it, and resolves `first` on the first datagram. */
async function udpListener(): Promise<{ port: number; count: () => number; first: Promise<void>; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  let count = 0;
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  socket.on('message', () => {
    count++;
    arrived();
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, count: () => count, first, close: () => socket.close() };
}

test('an app cannot send a STUN/TURN datagram, from its window or from frames it makes; a page without the defence can', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  const [forApp, forControl] = await Promise.all([udpListener(), udpListener()]);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: forApp.port });
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    await expect(app.locator('#port')).toHaveText(String(forApp.port));
    await app.getByRole('button', { name: 'WebRTC' }).click();
    const rtc = app.locator('#rtc');
    await expect(rtc).toContainText('srcdoc frame:');
    await expect(rtc).toContainText('window: blocked');
    await expect(rtc).toContainText('blank frame: blocked');
    await expect(rtc).toContainText('srcdoc frame: blocked');

    // The control: the same attempt from a plain page of the same browser reaches its socket.
    const control = await page.context().newPage();
    await control.setContent('<p>control</p>');
    await control.evaluate(`(() => {
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${forControl.port}' }, { urls: 'turn:127.0.0.1:${forControl.port}', username: 'u', credential: 'p' }] });
      pc.createDataChannel('x');
      void pc.createOffer().then((offer) => pc.setLocalDescription(offer));
    })()`);
    await forControl.first;
    await control.close();
    // By the time the control's datagram came, the app's attempts (made earlier) would have sent theirs.
    expect(forApp.count()).toBe(0);
  } finally {
    forApp.close();
    forControl.close();
    await host.stop();
  }
});

test("an app's capturing listener does not hide its CSP refusals, and a <head> in a comment does not move the reporter", async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: 9 });
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    await app.getByRole('button', { name: 'Hidden fetch' }).click();
    await expect(app.locator('#out')).toHaveText('hidden fetch: refused');
    const region = appRegion(panel);
    await region.getByRole('tab', { name: /CSP report/ }).click();
    await expect(region.getByRole('table', { name: 'Refused by the CSP' })).toContainText('http://127.0.0.1:9/hidden-refusal');
  } finally {
    await host.stop();
  }
});

test('two tool calls asked at once are two questions in turn: each is answered, and each click runs what it showed', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: 9 });
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    await app.getByRole('button', { name: 'Two calls' }).click();
    const prompt = page.getByRole('dialog', { name: 'The app asks to run greet' });
    await expect(prompt).toContainText('"name": "first"');
    await expect(prompt).toContainText('1 more waiting.');
    await prompt.getByRole('button', { name: 'Run once' }).click();
    await expect(prompt).toContainText('"name": "second"');
    await expect(prompt).not.toContainText('more waiting');
    await prompt.getByRole('button', { name: 'Refuse' }).click();
    await expect(app.locator('#calls')).toHaveText('first: Hello, first! | second: refused');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('a flood of links asks once per app session: refused, none opens and nothing asks again', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: 9 });
    const app = appFrames(panel).app;
    await expect(app.locator('#status')).toHaveText('connected');
    await app.getByRole('button', { name: 'Ten links' }).click();
    const ask = page.getByRole('dialog', { name: 'The app asks to open links' });
    await expect(ask).toContainText('http://127.0.0.1:9/link-0');
    await ask.getByRole('button', { name: 'Refuse its links' }).click();
    await expect(app.locator('#links')).toHaveText('opened 0, refused 10');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(page.context().pages()).toHaveLength(1);
  } finally {
    await host.stop();
  }
});

test('allowed, a flood of links opens a few and the rest are refused, without asking again', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: 9 });
    const app = appFrames(panel).app;
    await expect(app.locator('#status')).toHaveText('connected');
    await app.getByRole('button', { name: 'Ten links' }).click();
    await page.getByRole('dialog', { name: 'The app asks to open links' }).getByRole('button', { name: 'Allow its links' }).click();
    await expect(app.locator('#links')).toHaveText('opened 3, refused 7');
    await expect.poll(() => page.context().pages().length).toBe(4);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('an app that goes full size by itself keeps the workbench bar above it, focused, and Escape brings it back', async ({ page }) => {
  const { host, pane } = await openAppsHost(page);
  try {
    const panel = await runAppTool(pane, 'hostile_app', { udpPort: 9 });
    const { app } = appFrames(panel);
    await expect(app.locator('#status')).toHaveText('connected');
    await app.getByRole('button', { name: 'Go full screen' }).click();
    await expect(app.locator('#out')).toHaveText('mode: fullscreen');
    const bar = appRegion(panel).getByRole('toolbar', { name: 'MCP Workbench' });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('full size');
    const back = bar.getByRole('button', { name: 'Back inline' });
    await expect(back).toBeFocused();
    // The app's frame starts below the bar: it cannot cover it.
    const [barBox, frameBox] = await Promise.all([bar.boundingBox(), appRegion(panel).locator('iframe.app-frame').boundingBox()]);
    expect(frameBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);
    await expect(appRegion(panel).locator('.app-frame-box')).toHaveClass(/mode-inline/);
  } finally {
    await host.stop();
  }
});
