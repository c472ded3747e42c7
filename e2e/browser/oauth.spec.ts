/**
 * OAuth sign-in in browser mode, end to end: a real authorization server guarding a real
 * MCP server (e2e/fixtures/servers/oauth-server.mjs), the real browser host, Chromium.
 * The authorization page opens as a new page; the fixture approves at once and sends the
 * browser back to the workbench's loopback callback.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFixture, type RunningFixture } from '../fixtures/fixture-process';
import { startBrowserHost, type BrowserHost } from '../support/browser-host';
import { expect, test } from '../support/fixtures';
import { WorkbenchPage } from '../support/workbench-page';

interface Stats {
  authorizations: number;
  refreshes: number;
  mcpRequests: number;
  accessTokenExpiresAt: number;
}

const started: { fixtures: RunningFixture[]; hosts: BrowserHost[]; homes: string[] } = { fixtures: [], hosts: [], homes: [] };
test.afterEach(async () => {
  await Promise.all(started.hosts.splice(0).map((host) => host.stop()));
  await Promise.all(started.fixtures.splice(0).map((fixture) => fixture.stop()));
  await Promise.all(started.homes.splice(0).map((home) => fs.rm(home, { recursive: true, force: true })));
});

async function setUp(fixtureArgs: string[] = []) {
  const fixture = await startFixture('oauth-server', fixtureArgs);
  started.fixtures.push(fixture);
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-e2e-oauth-'));
  started.homes.push(home);
  await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: { guarded: { type: 'http', url: fixture.url } } }));
  const stats = () => fixture.http<Stats>('/stats');
  return { fixture, home, stats };
}

async function host(home: string): Promise<BrowserHost> {
  const running = await startBrowserHost({ home });
  started.hosts.push(running);
  return running;
}

async function stop(running: BrowserHost): Promise<void> {
  await running.stop();
  started.hosts.splice(started.hosts.indexOf(running), 1);
}

/** Clicks Sign in and returns the tab the authorization page opened in. */
async function clickSignIn(page: Page, wb: WorkbenchPage): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), wb.server('guarded').getByRole('button', { name: 'Sign in to guarded' }).click()]);
  return tab;
}

test('signs in through the browser, sees the tools, and is still signed in after a restart, its expired token refreshed without a prompt', async ({ page }) => {
  const { home, stats } = await setUp(['--access-ttl', '3']);
  const first = await host(home);
  await page.goto(first.url);
  const wb = new WorkbenchPage(page);
  await expect(wb.server('guarded').getByText('Needs sign-in')).toBeVisible();

  const tab = await clickSignIn(page, wb);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(tab.getByText('You can close this tab')).toBeVisible();
  await tab.close();
  await expect(wb.server('guarded').getByText('Connected')).toBeVisible();
  await wb.server('guarded').getByRole('button', { name: /^guarded/ }).click();
  await expect(wb.toolOption('guarded', 'Echo')).toBeVisible();

  // The OAuth view: each step and exchange, secrets masked.
  const details = page.getByRole('region', { name: 'Server details' });
  // Once connected, the header is one line: the facts and their actions open with Details.
  await details.getByRole('button', { name: 'Details of guarded' }).click();
  await details.getByRole('button', { name: 'OAuth of guarded', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'OAuth · guarded' });
  await expect(dialog).toContainText('Signed in');
  await expect(dialog).toContainText('Found the protected resource metadata');
  await expect(dialog).toContainText('Registered as a new client');
  await expect(dialog).toContainText('Opening the authorization page');
  await dialog.getByText(/POST 127\.0\.0\.1:\d+\/token → 200/).first().click();
  await expect(dialog.locator('.oauth-detail').filter({ hasText: '"access_token": "••••••"' }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Stopped until the access token has expired, then started again on the same data folder.
  await stop(first);
  const expiry = (await stats()).accessTokenExpiresAt;
  await expect.poll(() => Date.now() > expiry, { timeout: 10_000 }).toBe(true);
  const second = await host(home);
  const opened: Page[] = [];
  page.context().on('page', (p) => opened.push(p));
  await page.goto(second.url);
  await expect(wb.server('guarded').getByText('Connected')).toBeVisible();
  await wb.openTool('guarded', 'Echo');
  await expect(page.getByText('mcp__guarded__echo')).toBeVisible();
  const panel = await wb.run('{"text": "still signed in"}');
  await expect(panel.getByRole('region', { name: 'Result' })).toContainText('still signed in');
  const after = await stats();
  expect(after.authorizations).toBe(1);
  expect(after.refreshes).toBeGreaterThanOrEqual(1);
  expect(opened).toEqual([]);
});

test('a callback with the wrong state is refused and the sign-in goes on waiting for the right one', async ({ page }) => {
  const { home } = await setUp();
  const running = await host(home);
  await page.goto(running.url);
  const wb = new WorkbenchPage(page);
  await expect(wb.server('guarded').getByText('Needs sign-in')).toBeVisible();

  // The first visit to the authorization page answers with a forged callback (another state).
  let authorizationUrl = '';
  await page.context().route(/\/authorize\?/, async (route) => {
    authorizationUrl = route.request().url();
    const redirect = new URL(new URL(authorizationUrl).searchParams.get('redirect_uri')!);
    redirect.searchParams.set('code', 'forged-code');
    redirect.searchParams.set('state', 'not-the-state-we-sent');
    await route.fulfill({ status: 302, headers: { location: redirect.href } });
  });
  const tab = await clickSignIn(page, wb);
  await expect(tab.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(tab.getByText('does not match')).toBeVisible();
  await expect(wb.server('guarded').getByText('Waiting for the sign-in in your browser')).toBeVisible();

  // The real authorization still completes: the listener was not used up.
  await page.context().unrouteAll();
  await tab.goto(authorizationUrl);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(wb.server('guarded').getByText('Connected')).toBeVisible();
});

test('the needs-auth cache: start-up does not try the server again within 15 minutes, and does after', async ({ page }) => {
  const { home, stats } = await setUp();
  const wb = new WorkbenchPage(page);
  const first = await host(home);
  await page.goto(first.url);
  await expect(wb.server('guarded').getByText('Needs sign-in')).toBeVisible();
  const cacheFile = path.join(home, 'mcp-needs-auth-cache.json');
  await expect.poll(async () => (JSON.parse(await fs.readFile(cacheFile, 'utf8').catch(() => '{}')) as Record<string, unknown>).guarded).toBeDefined();
  await stop(first);
  const requests = (await stats()).mcpRequests;

  // Within the 15 minutes: shown as needing sign-in, and the server hears nothing.
  const second = await host(home);
  await page.goto(second.url);
  await expect(wb.server('guarded').getByText('Needs sign-in')).toBeVisible();
  await expect(wb.server('guarded')).toContainText('start-up does not try it again until');
  expect((await stats()).mcpRequests).toBe(requests);
  await stop(second);

  // 16 minutes later the entry has lapsed: start-up tries again (and gets its 401 again).
  await fs.writeFile(cacheFile, JSON.stringify({ guarded: { timestamp: Date.now() - 16 * 60 * 1000 } }));
  const third = await host(home);
  await page.goto(third.url);
  await expect.poll(async () => (await stats()).mcpRequests).toBeGreaterThan(requests);
  await expect(wb.server('guarded').getByText('Needs sign-in')).toBeVisible();
  await expect(wb.server('guarded')).toContainText('Press Sign in');
  await expect(wb.server('guarded')).not.toContainText('start-up does not try it again');
});
