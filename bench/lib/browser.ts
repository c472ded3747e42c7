/**
 * The real browser host (out/electron/browser-host.cjs, as `npm run web` runs it) on its
 * own data folder, Debian's Chromium through Playwright, and a control client (the
 * renderer's AppApi client, in Node) to connect and disconnect servers while a page
 * watches.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import type { StdioServerConfig } from '../../shared/config/server-config';
import { startBrowserHost, type BrowserHost } from '../../e2e/support/browser-host';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../../e2e/support/chromium';
import { waitUntil } from '../../e2e/support/processes';
import { connectWsApi, type WsApi } from './ws-api';
import { tempDir, writeServers } from './workbench';

export interface BenchHost {
  host: BrowserHost;
  control: WsApi;
  close(): Promise<void>;
}

/** Starts the browser host with these servers configured (connected at start) and waits until they are connected. */
export async function startBenchHost(servers: Record<string, StdioServerConfig>): Promise<BenchHost> {
  const home = await tempDir('host');
  await writeServers(home.path, servers);
  const host = await startBrowserHost({ home: home.path });
  const control = await connectWsApi(host);
  const close = async () => {
    control.close();
    await host.stop();
    await home.remove();
  };
  try {
    await waitUntil(async () => (await control.api.listServers()).every((server) => server.status === 'connected'), 'every server connected', 120_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { host, control, close };
}

/** Chromium, headless; a missing executable is named in words (Playwright's own message is a page of advice that does not apply offline). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH}: install it, or set CHROMIUM_PATH to a Chromium or Chrome executable.`);
  return chromium.launch({ ...chromiumLaunchOptions(), headless: true });
}
