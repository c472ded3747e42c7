/**
 * The layout for many servers and long sessions, against the real browser host with real
 * fixture processes: compact server rows with a keyboard menu, filter and summary; the
 * in-app remove confirmation; resizable, remembered panes; the collapsible details header;
 * lists that fill the height; the header and dialogs at 1024×700; and no CSP violation. At
 * 1024×700 and 1440×900: no server name cut, no badge clipped, no horizontal scrollbar, and
 * at 1440 two workspaces side by side.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { everythingServer, fixtureServer } from '../fixtures/paths';
import { expect, test } from '../support/fixtures';
import { startHostWithServers, Workspaces } from '../support/workspaces';
import { WorkbenchPage } from '../support/workbench-page';

const node = process.execPath;
const basic = { command: node, args: [fixtureServer('basic-stdio')] };

/** Eleven servers: eight that connect, two that fail (one over HTTP), one disabled. */
const ELEVEN = {
  ...Object.fromEntries(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map((name) => [name, basic])),
  crashy: { command: node, args: [fixtureServer('crash-on-start')] },
  // Nothing listens on port 9.
  remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' },
  off: { ...basic, enabled: false },
};

/** Collects CSP violations and page errors; the test ends by expecting none. */
function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('eleven servers: compact rows, summary, transport, filter, keyboard menu, in-app remove naming scope and file', async ({ page }) => {
  const host = await startHostWithServers(ELEVEN);
  try {
    const problems = watchPage(page);
    let nativeDialogs = 0;
    page.on('dialog', (dialog) => {
      nativeDialogs++;
      void dialog.dismiss();
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    const list = page.getByRole('navigation', { name: 'Servers' });
    await expect(list.getByRole('status', { name: 'Server summary' })).toHaveText('8 connected, 2 failed, 1 disabled');

    // One compact row each: all eleven fit on one 900 px screen.
    const rows = list.locator('li.server-item');
    await expect(rows).toHaveCount(11);
    for (const row of await rows.all()) expect((await row.boundingBox())!.height).toBeLessThanOrEqual(64);
    const last = (await rows.last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(900);
    await expect(wb.server('remote').locator('[data-transport]')).toHaveText('http');
    await expect(wb.server('alpha').locator('[data-transport]')).toHaveText('stdio');
    // A user entry carries no scope badge: only project and local ones do.
    await expect(wb.server('alpha').locator('.scope-badge')).toHaveCount(0);

    // The filter narrows the list by transport, name or state.
    const filter = list.getByRole('searchbox', { name: 'Filter servers' });
    await filter.fill('http');
    await expect(rows).toHaveCount(1);
    await expect(wb.server('remote')).toBeVisible();
    await filter.fill('failed');
    await expect(rows).toHaveCount(2);
    await filter.press('Escape');
    await expect(rows).toHaveCount(11);

    // The actions menu works from the keyboard: Enter opens it, arrows move, Enter picks.
    const menuButton = wb.server('bravo').getByRole('button', { name: 'Actions for bravo' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Actions for bravo' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toContainText(['Disconnect', 'Reconnect', 'Edit…', 'Duplicate…', 'Disable', 'Remove…']);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: 'Edit…' }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: /bravo/ });
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Full details are in the workspace: why crashy failed, how its process ended.
    await wb.server('crashy').getByRole('button', { name: /^crashy/ }).click();
    const details = page.getByRole('region', { name: 'Workspace of crashy' }).getByRole('region', { name: 'Server details' });
    await expect(details).toContainText('Process: exit code 3');

    // Remove asks in the app, naming the server, its scope and the file it edits.
    await wb.server('hotel').getByRole('button', { name: 'Actions for hotel' }).click();
    await page.getByRole('menuitem', { name: 'Remove…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove hotel?' });
    await expect(confirm).toContainText('user entry hotel');
    await expect(confirm).toContainText(path.join(host.home, 'servers.json'));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(wb.server('hotel')).toBeVisible();
    await wb.server('hotel').getByRole('button', { name: 'Actions for hotel' }).click();
    await page.getByRole('menuitem', { name: 'Remove…' }).click();
    await confirm.getByRole('button', { name: 'Remove hotel' }).click();
    await expect(wb.server('hotel')).toHaveCount(0);
    const onDisk = JSON.parse(await fs.readFile(path.join(host.home, 'servers.json'), 'utf8')).mcpServers;
    expect(Object.keys(onDisk)).not.toContain('hotel');
    expect(nativeDialogs).toBe(0);
    await expect(list.getByRole('status', { name: 'Server summary' })).toHaveText('7 connected, 2 failed, 1 disabled');
    expect(problems).toEqual([]);
  } finally {
    await host.stop();
  }
});

test('panes: resizable and remembered, tool title and name, collapsible details, lists fill the height, Ctrl+K palette, header and dialogs at 1024×700', async ({ page }) => {
  const host = await startHostWithServers({ basic, lab: { command: node, args: [fixtureServer('tool-lab')] } });
  try {
    const problems = watchPage(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(host.url);
    const wb = new WorkbenchPage(page);
    const ws = new Workspaces(page);
    await expect(wb.server('lab').getByText('Connected')).toBeVisible();

    // With no server open, the list of every server's tools fills the height and scrolls on its own.
    const homeScroll = page.locator('.workspaces-home .tool-scroll');
    await expect(wb.toolOption('lab', 'Every schema construct')).toBeVisible();
    const homeBox = (await homeScroll.boundingBox())!;
    expect(homeBox.y + homeBox.height).toBeGreaterThan(900 - 40);
    expect(await homeScroll.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await page.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight)).toBe(true);

    // Title and real name, both.
    const pane = await ws.open('lab');
    const option = pane.locator('[role="option"][data-tool="mcp__lab__kitchen_sink"]');
    await expect(option.locator('.tool-name')).toHaveText('Every schema construct');
    await expect(option.locator('.tool-real-name')).toHaveText('kitchen_sink');
    await option.click();
    await expect(pane.getByRole('region', { name: 'Tool', exact: true }).getByRole('heading')).toContainText('kitchen_sink');

    // The tool list and the panel are resizable from the keyboard, and the size is remembered.
    const toolList = pane.getByRole('region', { name: 'Tools' });
    const before = (await toolList.boundingBox())!.width;
    const handle = pane.getByRole('separator', { name: 'Resize the tool list' });
    await handle.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await toolList.boundingBox())!.width).toBeGreaterThan(before + 40);
    const widened = (await toolList.boundingBox())!.width;

    // A connected server's details are one line; the facts open on demand, and the choice is remembered.
    const details = pane.getByRole('region', { name: 'Server details' });
    expect((await details.boundingBox())!.height).toBeLessThan(52);
    await expect(details.getByText('Protocol', { exact: true })).toBeHidden();
    await details.getByRole('button', { name: 'Details of lab' }).click();
    await expect(details.getByText('Protocol', { exact: true })).toBeVisible();

    await page.reload();
    const again = await ws.open('lab');
    await expect(again.getByRole('button', { name: 'Details of lab' })).toHaveAttribute('aria-expanded', 'true');
    await again.getByRole('button', { name: 'Details of lab' }).click();
    await expect(again.getByRole('button', { name: 'Details of lab' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => Math.abs((await again.getByRole('region', { name: 'Tools' }).boundingBox())!.width - widened)).toBeLessThan(3);

    // The workspace's tool list reaches the bottom of the window and scrolls by itself; the page does not.
    const scroll = again.locator('.tool-scroll');
    const box = (await scroll.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    expect(await page.locator('html').evaluate((html) => html.scrollHeight <= html.clientHeight)).toBe(true);

    // Ctrl+K: jump to a tool of another server by typing, or run an app action.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to' });
    await expect(palette).toBeVisible();
    await page.keyboard.type('client-capabilities');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(ws.pane('basic').getByRole('region', { name: 'Tool', exact: true }).getByRole('heading')).toContainText('client-capabilities');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('settings');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

    // 1024×700: the header stays on one line, nothing in it overlaps.
    await page.setViewportSize({ width: 1024, height: 700 });
    const header = page.locator('header.app-header');
    expect((await header.boundingBox())!.height).toBeLessThan(52);
    const buttons = await header.getByRole('button').all();
    const boxes = await Promise.all(buttons.map(async (b) => (await b.boundingBox())!));
    const sorted = boxes.filter((b) => b.width > 0).sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.x).toBeGreaterThanOrEqual(sorted[i - 1]!.x + sorted[i - 1]!.width - 0.5);
    for (const b of sorted) expect(b.x + b.width).toBeLessThanOrEqual(1024);

    // Dialogs: the body scrolls, the buttons stay in view.
    const dialog = await wb.openAddServer();
    const submit = dialog.getByRole('button', { name: 'Add server' });
    await expect(submit).toBeInViewport();
    const dialogBox = (await dialog.boundingBox())!;
    const submitBox = (await submit.boundingBox())!;
    expect(submitBox.y + submitBox.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
  } finally {
    await host.stop();
  }
});

/** Elements that scroll sideways now (a horizontal scrollbar), by a short description. */
function horizontalScrollers(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('*')]
    .filter((element) => {
      const style = getComputedStyle(element);
      return ['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1 && element.clientHeight > 0;
    })
    .map((element) => element.tagName.toLowerCase() + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().split(/\\s+/).join('.') : '') + ' (' + element.scrollWidth + ' > ' + element.clientWidth + ')')`) as Promise<string[]>;
}

/** Text cut with an ellipsis or clipped: the element's content is wider than the element. */
function cutText(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent)`,
  ) as Promise<string[]>;
}

/**
 * Badges not wholly shown: their box goes past their row's, or past any box between them
 * and the row that clips what overflows it (cut at its edge, or moved to a line it hides),
 * or their own text is cut.
 */
function clippedBadges(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.server-item .status, .server-item .transport, .server-item .scope-badge, .server-item .doctor-badge, .tool-item .badge-icon, .tool-panel .badge, .details-line .status')]
    .filter((badge) => {
      const row = badge.closest('.server-item, .tool-item, .tool-panel, .details-line');
      const a = badge.getBoundingClientRect();
      if (a.width === 0 || badge.scrollWidth > badge.clientWidth + 1) return a.width > 0;
      for (let box = badge.parentElement; box; box = box.parentElement) {
        const clips = box === row || getComputedStyle(box).overflowX !== 'visible';
        const b = box.getBoundingClientRect();
        const outside = a.left < b.left - 0.5 || a.right > b.right + 0.5 || a.top < b.top - 0.5 || a.bottom > b.bottom + 0.5;
        if (clips && outside) return true;
        if (box === row) break;
      }
      return false;
    })
    .map((badge) => (badge.getAttribute('aria-label') || badge.textContent) + ' in ' + badge.closest('[data-server], [data-tool], .tool-panel, .details-line')?.getAttribute('data-server'))`) as Promise<string[]>;
}

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
] as const) {
  test(`${width}×${height}: no server name cut, no badge clipped, no horizontal scrollbar; at 1440 two workspaces side by side`, async ({ page }) => {
    test.setTimeout(120_000);
    const host = await startHostWithServers({
      basic,
      lab: { command: node, args: [fixtureServer('tool-lab')] },
      everything: { command: node, args: [everythingServer, 'stdio'] },
      crashy: { command: node, args: [fixtureServer('crash-on-start')] },
      off: { ...basic, enabled: false },
    });
    try {
      const problems = watchPage(page);
      await page.setViewportSize({ width, height });
      await page.goto(host.url);
      const wb = new WorkbenchPage(page);
      const ws = new Workspaces(page);
      for (const name of ['basic', 'lab', 'everything']) await expect(wb.server(name).getByText('Connected')).toBeVisible();
      await expect(wb.server('crashy').getByText('Failed', { exact: true })).toBeVisible();
      await expect(wb.server('everything').locator('[data-doctor]')).toBeVisible();
      await expect(wb.toolOption('lab', 'Every schema construct')).toBeVisible();

      expect(await cutText(page, '.server-name')).toEqual([]);
      expect(await clippedBadges(page)).toEqual([]);
      expect(await horizontalScrollers(page)).toEqual([]);

      // A workspace with a tool and its result.
      const lab = await ws.open('lab');
      await lab.locator('[role="option"][data-tool="mcp__lab__kitchen_sink"]').click();
      expect(await cutText(page, '.details-name')).toEqual([]);
      expect(await clippedBadges(page)).toEqual([]);
      expect(await horizontalScrollers(page)).toEqual([]);

      if (width === 1440) {
        // Two workspaces side by side, each whole: no sideways scrolling anywhere.
        await lab.getByRole('button', { name: 'Keep open' }).click();
        const everything = await ws.open('everything');
        await everything.locator('[role="option"][data-tool="mcp__everything__echo"]').click();
        await expect(ws.pane('lab')).toBeVisible();
        expect(await cutText(page, '.details-name')).toEqual([]);
        expect(await clippedBadges(page)).toEqual([]);
        expect(await horizontalScrollers(page)).toEqual([]);
      }
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
