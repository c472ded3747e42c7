import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

// A stray require('electron') must never try to download the binary.
process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent/electron-dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
});
