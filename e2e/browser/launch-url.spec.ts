/**
 * How the host opens the browser: the opener (a stand-in for xdg-open / open that
 * records its arguments) gets a one-time launch URL without the token; a real Chromium
 * following it lands in the app, signed in, with the token gone from the address bar;
 * the same link refuses a second visit.
 */
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startBrowserHost } from '../support/browser-host';
import { waitUntil } from '../support/processes';

test('the launch URL opens the app once, and the token never reaches the opener', async ({ page, context }) => {
  const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-opener-'));
  const argvFile = path.join(bin, 'argv.txt');
  const opener = `#!/bin/sh\nprintf '%s\\n' "$@" > "${argvFile}.tmp" && mv "${argvFile}.tmp" "${argvFile}"\n`;
  for (const name of ['xdg-open', 'open']) await fs.writeFile(path.join(bin, name), opener, { mode: 0o755 });
  const host = await startBrowserHost({ open: true, env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
  try {
    await waitUntil(() => existsSync(argvFile), 'the opener to run');
    const launchUrl = readFileSync(argvFile, 'utf8').trim();
    expect(launchUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/launch/[\\w-]+$`));
    expect(launchUrl).not.toContain(host.token);

    await page.goto(launchUrl);
    await expect(page.getByText('No servers yet')).toBeVisible();
    // The page took the token and cleared it from the address bar.
    expect(page.url()).toBe(`http://127.0.0.1:${host.port}/`);
    await page.reload();
    await expect(page.getByText('No servers yet')).toBeVisible();

    const second = await context.newPage();
    const answer = await second.goto(launchUrl);
    expect(answer?.status()).toBe(410);
    await expect(second.getByText('already used or has expired')).toBeVisible();
  } finally {
    await host.stop();
    await fs.rm(host.home, { recursive: true, force: true });
    await fs.rm(bin, { recursive: true, force: true });
  }
});
