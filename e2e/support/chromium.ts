/**
 * How tests find and start Chromium: Debian's package at /usr/bin/chromium unless
 * CHROMIUM_PATH says otherwise (Playwright's own browser download cannot work offline).
 */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      // Root in CI cannot use Chromium's sandbox.
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      // Offline machine: stop Chromium's own background connections.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--disable-gpu',
    ],
  };
}
