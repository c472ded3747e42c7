/** Playwright fixtures: a fresh browser host (own app data folder) per test. */
import fs from 'node:fs/promises';
import { test as base, expect } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from './browser-host';

export const test = base.extend<{ host: BrowserHost }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  host: async ({}, use) => {
    const host = await startBrowserHost();
    await use(host);
    await host.stop();
    await fs.rm(host.home, { recursive: true, force: true });
  },
});

export { expect };
