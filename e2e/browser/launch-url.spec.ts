/**
 * How the host opens the browser: the opener (a stand-in for xdg-open / open that
 * records its arguments) gets a one-time launch URL without the token; a real Chromium
 * following it lands in the app, signed in, with the token gone from the address bar;
 * the same link refuses a second visit. Another local user's program that reads the link
 * from the opener's command line and redeems it first gets nothing, and the user's
 * browser still gets in.
 */
import { spawn } from 'node:child_process';
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

const NOBODY = 65534;
const THIEF = path.resolve('e2e/fixtures/launch-link-thief.cjs');
const asRoot = process.getuid?.() === 0;

test('another local user who reads the launch link from /proc and redeems it first gets nothing; the browser still gets in', async ({ page }) => {
  test.skip(process.platform !== 'linux', 'the race is run on Linux, where /proc shows every command line (docs/security.md says what is checked elsewhere)');
  test.skip(!asRoot, 'starting the other user\'s program (as nobody) needs root');
  const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-opener-'));
  const argvFile = path.join(bin, 'argv.txt');
  const pidFile = path.join(bin, 'pid');
  // Like a browser started on the link, the opener keeps it on its command line for a while.
  const opener = `#!/bin/sh\necho $$ > "${pidFile}"\nprintf '%s\\n' "$@" > "${argvFile}.tmp" && mv "${argvFile}.tmp" "${argvFile}"\nsleep 60\n`;
  await fs.writeFile(path.join(bin, 'xdg-open'), opener, { mode: 0o755 });
  // The other user's program is watching /proc before the host opens the browser.
  let host: Awaited<ReturnType<typeof startBrowserHost>> | undefined;
  let thief: ReturnType<typeof spawn> | undefined;
  try {
    host = await startBrowserHost({ open: true, env: { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } });
    // It also holds the token, as if it had read the printed URL off a browser's command line.
    thief = spawn(process.execPath, [THIEF, String(host.port), host.token], { uid: NOBODY, gid: NOBODY, cwd: '/', stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    thief.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => thief!.once('exit', resolve));
    const got = JSON.parse(out) as { uid: number; redeemed: { status: number; location?: string }; gotToken: boolean; withStolenToken?: { opened: boolean; status?: number; addServer?: string } };
    expect(got.uid).toBe(NOBODY);
    // Redeeming the link first: refused, and no token.
    expect(got.redeemed.status).toBe(403);
    expect(got.gotToken).toBe(false);
    // The token itself is no use to another user's program: no WebSocket, so no addServer.
    expect(got.withStolenToken).toEqual({ opened: false, status: 403 });

    // The user's browser, following the same link afterwards, gets in.
    await waitUntil(() => existsSync(argvFile), 'the opener to run');
    const launchUrl = readFileSync(argvFile, 'utf8').trim();
    await page.goto(launchUrl);
    await expect(page.getByText('No servers yet')).toBeVisible();
    expect(page.url()).toBe(`http://127.0.0.1:${host.port}/`);
  } finally {
    thief?.kill();
    // The host starts the opener in a process group of its own: the sh and its sleep go together.
    if (existsSync(pidFile)) {
      try {
        process.kill(-Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await host?.stop();
    if (host) await fs.rm(host.home, { recursive: true, force: true });
    await fs.rm(bin, { recursive: true, force: true });
  }
});
