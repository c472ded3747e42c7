#!/usr/bin/env node
/**
 * `npm run screenshots`: starts the real browser host (out/electron/browser-host.cjs, so
 * run `npm run build` first; the npm script does) with fixture servers, opens it in
 * Chromium and writes PNGs of the main screens to docs/screenshots/, at 1440×900 and
 * 1024×700, in light and dark. CHROMIUM_PATH picks the browser (default /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from '@playwright/test';
import { projectRoot } from './lib/project-root.mjs';

const root = projectRoot(import.meta.url);
const out = path.join(root, 'docs', 'screenshots');
/** @param {string} name */
const fixture = (name) => path.join(root, 'e2e', 'fixtures', 'servers', `${name}.mjs`);
const node = process.execPath;

/** A loopback port that was free a moment ago and is closed now. @returns {Promise<number>} */
async function closedPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

const SERVERS = {
  basic: { command: node, args: [fixture('basic-stdio')] },
  lab: { command: node, args: [fixture('tool-lab')] },
  notes: { command: node, args: [fixture('resources-stdio')] },
  everything: { command: node, args: [path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] },
  crashy: { command: node, args: [fixture('crash-on-start')] },
  // A port nothing listens on (taken and given back): shows how a failed remote server looks.
  // Not a fixed low port: fetch refuses ports such as 9 outright ("bad port"), which no user meets.
  remote: { type: 'http', url: `http://127.0.0.1:${await closedPort()}/mcp` },
  off: { command: node, args: [fixture('basic-stdio')], enabled: false },
};

/** The servers above that connect (the others fail or are off): each row waits for its Doctor badge. */
const CONNECTING = ['basic', 'lab', 'notes', 'everything'];

/** @param {string} home @returns {Promise<{ url: string; stop(): Promise<void> }>} */
async function startHost(home) {
  const child = spawn(node, [path.join(root, 'out/electron/browser-host.cjs'), '--no-open', '--port', '0'], {
    env: { ...process.env, MCP_WORKBENCH_HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  /** @type {string} */
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^MCP Workbench ready at (\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the browser host exited with ${code} before it was ready`)));
  });
  return {
    url,
    stop: () =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        })
      ),
  };
}

/** @param {import('@playwright/test').Page} page @param {string} name */
async function shoot(page, name) {
  // Nothing moving: no caret, no transitions.
  await page.screenshot({ path: path.join(out, `${name}.png`), animations: 'disabled', caret: 'hide' });
  console.log(`wrote docs/screenshots/${name}.png`);
}

/** @param {import('@playwright/test').Page} page @param {string} url @param {string} suffix */
async function screens(page, url, suffix) {
  await page.goto(url);
  /** @param {string} name */
  const row = (name) => page.locator(`li.server-item[data-server="${name}"]`);
  // Every server that connects gets its Doctor badge once the check on connect has run:
  // the badge, not "Connected", is what proves a row is complete.
  for (const name of CONNECTING) {
    await row(name).getByText('Connected').waitFor();
    await row(name).locator('.doctor-badge[data-doctor]').waitFor();
  }
  await row('crashy').getByText('Failed').waitFor();
  await page.getByRole('region', { name: 'Tools' }).locator('[role="option"]').first().waitFor();
  await shoot(page, `servers-${suffix}`);

  // A tool and its result.
  await row('basic').getByRole('button', { name: /^basic/ }).click();
  const pane = page.getByRole('region', { name: 'Workspace of basic', exact: true });
  await pane.locator('[role="option"][data-tool="mcp__basic__echo"]').click();
  const tool = pane.getByRole('region', { name: 'Tool', exact: true });
  await tool.getByRole('textbox').first().fill('Hello from MCP Workbench');
  await tool.getByRole('button', { name: 'Run', exact: true }).click();
  await tool.getByRole('region', { name: 'Result' }).waitFor();
  await shoot(page, `tool-result-${suffix}`);

  // Resources and prompts of the notes server, its console.
  await row('notes').getByRole('button', { name: /^notes/ }).click();
  const notes = page.getByRole('region', { name: 'Workspace of notes', exact: true });
  await notes.getByRole('tab', { name: 'Resources', exact: true }).click();
  const list = notes.getByRole('region', { name: 'Resource list' });
  await list.getByRole('listitem').first().waitFor();
  await list.getByRole('listitem').first().getByRole('button').first().click();
  await notes.getByRole('region', { name: 'Resource contents' }).waitFor();
  await shoot(page, `resources-${suffix}`);
  await notes.getByRole('tab', { name: 'Prompts', exact: true }).click();
  await notes.getByRole('region', { name: 'Prompt list' }).getByRole('listitem').first().waitFor();
  await notes.getByRole('region', { name: 'Prompt list' }).getByRole('listitem').first().getByRole('button').first().click();
  await shoot(page, `prompts-${suffix}`);
  await notes.getByRole('tab', { name: 'Console', exact: true }).click();
  await shoot(page, `console-${suffix}`);

  // A dialog: removing a server says which entry and file it changes.
  await row('crashy').getByRole('button', { name: 'Actions for crashy' }).click();
  await page.getByRole('menuitem', { name: 'Remove…' }).click();
  await page.getByRole('dialog', { name: 'Remove crashy?' }).waitFor();
  await shoot(page, `remove-dialog-${suffix}`);
  await page.getByRole('dialog', { name: 'Remove crashy?' }).getByRole('button', { name: 'Cancel' }).click();
}

const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-shots-'));
await fs.writeFile(path.join(home, 'servers.json'), JSON.stringify({ mcpServers: SERVERS }));
await fs.mkdir(out, { recursive: true });
const host = await startHost(home);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  /** @type {Array<[number, number]>} */
  const sizes = [
    [1440, 900],
    [1024, 700],
  ];
  for (const [width, height] of sizes) {
    for (const theme of /** @type {const} */ (['light', 'dark'])) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
      // The app's own theme choice, as the Theme menu stores it.
      await context.addInitScript(`localStorage.setItem('mcp-workbench-theme', ${JSON.stringify(theme)})`);
      const page = await context.newPage();
      // A screen that throws, or a style the CSP blocks, must not end up in the docs.
      page.on('pageerror', (error) => console.error(`page error: ${error.stack ?? error.message}`));
      page.on('console', (message) => message.type() === 'error' && console.error(`console error: ${message.text()}`));
      await screens(page, host.url, `${width}x${height}-${theme}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await host.stop();
  await fs.rm(home, { recursive: true, force: true });
}
