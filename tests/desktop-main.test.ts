/**
 * The desktop app's main process as built (out/electron/main.cjs), run as a real process
 * under plain Node with a stand-in for Electron that follows Electron's documented
 * behaviour (tests/support/electron-stand-in/electron.cjs cites each piece), with a real
 * data folder and a real fixture server. The Electron binary cannot be had on these
 * machines; e2e/electron/ runs the packaged app where it can.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../e2e/fixtures/paths';
import { channels } from '../shared/api';
import type { Envelope } from '../shared/envelope';
import { startDesktopMain, type DesktopMain } from './support/desktop-main';
import { TempDirs } from './support/temp-dirs';

const temp = new TempDirs();
const apps: DesktopMain[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
  await temp.removeAll();
});

/** A data folder with one stdio server, and a stand-in for the packaged app's binary that records being started. */
async function setUp(): Promise<{ home: string; appBinary: string; started: string }> {
  const home = await temp.make('mcpwb-desktop-');
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { basic: { command: process.execPath, args: [fixtureServer('basic-stdio')] } } }, null, 2));
  const started = path.join(home, 'app-binary-started');
  const appBinary = path.join(home, 'MCP Workbench');
  await fs.writeFile(appBinary, `#!/bin/sh\necho "$@" >> '${started}'\nexit 1\n`, { mode: 0o755 });
  return { home, appBinary, started };
}

async function launch(options: Parameters<typeof startDesktopMain>[0]): Promise<DesktopMain> {
  const app = await startDesktopMain(options);
  apps.push(app);
  return app;
}

async function invoke<T>(app: DesktopMain, method: keyof typeof channels, payload?: unknown): Promise<Envelope<T>> {
  return app.control<Envelope<T>>('invoke', { channel: channels[method].channel, payload });
}

describe('the desktop main process', () => {
  it('opens one window on the app protocol, with Chromium’s data in the cache folder, and answers the page’s first tool call', async () => {
    const { home, appBinary, started } = await setUp();
    const app = await launch({ home, appBinary });
    await app.waitFor((event) => event.type === 'load-url', 'the window to load the page');
    const window = app.trace.find((event) => event.type === 'window-created')!;
    expect(window.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(app.trace.find((event) => event.type === 'load-url')?.url).toBe('app://workbench/index.html');
    expect(app.trace.find((event) => event.type === 'webrtc-policy')).toMatchObject({ webContentsId: window.webContentsId, policy: 'disable_non_proxied_udp' });
    // docs/api/app.md: sessionData "before the ready event"; MCP_WORKBENCH_HOME puts cache and config in one folder.
    expect(app.trace.find((event) => event.type === 'set-path' && event.name === 'sessionData')).toMatchObject({ path: path.join(home, 'chromium'), beforeReady: true });
    expect(app.trace.find((event) => event.type === 'set-path' && event.name === 'userData')).toMatchObject({ path: home, beforeReady: true });
    // Every channel of the table has its handler.
    expect((await app.control<string[]>('channels')).sort()).toEqual(Object.values(channels).map((entry) => entry.channel).sort());

    const answer = await invoke<{ content: { type: string; text: string }[] }>(app, 'callTool', { server: 'basic', tool: 'echo', arguments: { text: 'hello from the desktop app' } });
    expect(answer).toMatchObject({ ok: true, value: { content: [{ type: 'text', text: 'hello from the desktop app' }] } });
    // The window came first; the login shell was asked (the launch waits for it) without
    // starting the app's own binary; no image yet, so no sharp; no secret yet, so no keychain.
    const at = (type: string) => app.trace.find((event) => event.type === type)?.at ?? Infinity;
    expect(at('window-created')).toBeLessThanOrEqual(at('utility-fork'));
    expect(existsSync(started)).toBe(false);
    expect(app.trace.filter((event) => event.type === 'require' && event.id === 'sharp')).toEqual([]);
    expect(app.trace.filter((event) => event.type === 'utility-fork')).toEqual([]);
  });

  it('opens the keychain only when a secret is first saved, after the window is up', async () => {
    const { home, appBinary } = await setUp();
    const app = await launch({ home, appBinary, env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } });
    await app.waitFor((event) => event.type === 'window-created', 'the window');
    const status = await invoke<{ secretStore: { location: string } }>(app, 'getConfigStatus');
    expect(status).toMatchObject({ ok: true, value: { secretStore: { location: expect.stringMatching(/opened when a secret is first read or saved/) } } });
    expect(app.trace.filter((event) => event.type === 'utility-fork')).toEqual([]);
    const added = await invoke(app, 'addServer', { name: 'with-secret', config: { command: process.execPath, args: [fixtureServer('basic-stdio')], env: { TOKEN: 'tok_3b7c9d1e_secret' } }, secretFields: [['env', 'TOKEN']] });
    expect(added.ok).toBe(true);
    const fork = await app.waitFor((event) => event.type === 'utility-fork' && event.serviceName === 'MCP Workbench keychain', 'the keychain helper');
    expect(fork.at).toBeGreaterThan(app.trace.find((event) => event.type === 'window-created')!.at);
    // No Secret Service on this bus: the safeStorage store, described as weak.
    const after = await invoke<{ secretStore: { location: string; warning?: string } }>(app, 'getConfigStatus');
    expect(after).toMatchObject({ ok: true, value: { secretStore: { warning: expect.stringContaining('fallback key') } } });
    expect(await fs.readFile(path.join(home, 'servers.json'), 'utf8')).not.toContain('tok_3b7c9d1e_secret');
  });

  it('hands a second launch over to the first: it quits at once, without a window or a server, and the first window comes forward', async () => {
    const { home, appBinary } = await setUp();
    const first = await launch({ home, appBinary });
    await first.waitFor((event) => event.type === 'window-created', 'the first window');
    await first.control('minimize');
    const second = await launch({ home, appBinary });
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.trace.find((event) => event.type === 'single-instance-lock')).toMatchObject({ granted: false });
    expect(second.trace.filter((event) => ['window-created', 'ready', 'utility-fork'].includes(event.type))).toEqual([]);
    await first.waitFor((event) => event.type === 'second-instance', 'the second launch to reach the first');
    await first.waitFor((event) => event.type === 'window-restore', 'the window to be restored');
    await first.waitFor((event) => event.type === 'window-focus', 'the window to be focused');
  });

  it('refuses to start as a whole app when ELECTRON_RUN_AS_NODE is set (the packaged binary ignores it)', async () => {
    const { home } = await setUp();
    const app = await launch({ home, env: { ELECTRON_RUN_AS_NODE: '1' } });
    expect(await app.exited).toEqual({ code: 1, signal: null });
    expect(app.stderr()).toMatch(/started with ELECTRON_RUN_AS_NODE set/);
    expect(app.trace.filter((event) => ['window-created', 'single-instance-lock', 'set-path'].includes(event.type))).toEqual([]);
  });

  it('opens a clean http(s) link that asked for a window in the browser, never a window', async () => {
    const { home } = await setUp();
    const app = await launch({ home });
    await app.waitFor((event) => event.type === 'window-created', 'the window');
    expect(await app.control('windowOpen', { url: 'https://modelcontextprotocol.io/specification' })).toEqual({ action: 'deny' });
    expect(await app.control('windowOpen', { url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    await app.waitFor((event) => event.type === 'open-external', 'the link to reach the browser');
    expect(app.trace.filter((event) => event.type === 'open-external').map((event) => event.url)).toEqual(['https://modelcontextprotocol.io/specification']);
    expect(app.trace.filter((event) => event.type === 'window-created')).toHaveLength(1);
  });

  it('lets the page write to the clipboard, and nothing else, through the session’s handlers', async () => {
    const { home } = await setUp();
    const app = await launch({ home });
    await app.waitFor((event) => event.type === 'window-created', 'the window');
    const page = { isMainFrame: true, requestingUrl: 'app://workbench/index.html' };
    expect(await app.control('permissionCheck', { permission: 'clipboard-sanitized-write', requestingOrigin: 'app://workbench', details: page })).toBe(true);
    expect(await app.control('permissionRequest', { permission: 'clipboard-sanitized-write', details: page })).toBe(true);
    expect(await app.control('permissionRequest', { permission: 'notifications', details: page })).toBe(false);
    expect(await app.control('permissionCheck', { permission: 'clipboard-sanitized-write', requestingOrigin: 'https://evil.example', details: { isMainFrame: true } })).toBe(false);
  });

  it('quits once, however often asked: the servers are stopped and the process exits', async () => {
    const { home, appBinary } = await setUp();
    const app = await launch({ home, appBinary });
    const pid = await invoke<{ content: { text: string }[] }>(app, 'callTool', { server: 'basic', tool: 'pid', arguments: {}, confirmed: true });
    const serverPid = Number((pid as { ok: true; value: { content: { text: string }[] } }).value.content[0]!.text);
    expect(serverPid).toBeGreaterThan(0);
    await Promise.all([app.control('quit'), app.control('quit')]).catch(() => undefined);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(app.trace.filter((event) => event.type === 'app-exit')).toHaveLength(1);
    expect(() => process.kill(serverPid, 0)).toThrow();
  });

  it('shows the window with a message when the page cannot be loaded, instead of an invisible running app', async () => {
    const { home } = await setUp();
    const app = await launch({ home });
    await app.waitFor((event) => event.type === 'window-show', 'the window to be shown once ready');
    await app.control('failLoad');
    const box = await app.waitFor((event) => event.type === 'message-box', 'the message');
    expect(box.message).toMatch(/could not be loaded \(ERR_FILE_NOT_FOUND/);
    expect(box.buttons).toEqual(['Reload', 'Quit']);
  });
});
