/**
 * The packaged desktop app, as `npm run dist -- --dir` builds it (electron-builder --dir:
 * the real binary with its fuses flipped, app.asar, the unpacked native modules), driven by
 * Playwright's Electron support. It checks what only the desktop app does, on top of the
 * page's flows (e2e/support/desktop-flows.ts, also run in browser mode on every machine):
 * one app process after 15 s (no launch chain), a first tool call, a Doctor source link
 * handed to the system browser, the changed-tool confirmation, Copy to the system clipboard.
 *
 * Where no packaged app exists, and no Electron binary to package one with, it is skipped
 * with the reason printed (these build machines cannot download Electron).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { parse } from 'yaml';
import { copyToolName, firstToolCall, followDoctorSource, toolChangedConfirmation, writeFlowServers } from '../support/desktop-flows';

const ROOT = path.resolve('.');

interface BuilderConfig {
  productName: string;
  linux?: { executableName?: string };
}

/** The packaged app's executable in release/<platform>-unpacked (or release/mac*), if it was built. */
function packagedExecutable(): string | undefined {
  if (process.env.MCPWB_PACKAGED_APP) return process.env.MCPWB_PACKAGED_APP;
  const config = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
  const release = path.join(ROOT, 'release');
  if (!existsSync(release)) return undefined;
  const candidates = readdirSync(release)
    .filter((folder) => folder.endsWith('-unpacked') || folder.startsWith('mac'))
    .map((folder) => {
      const base = path.join(release, folder);
      if (process.platform === 'darwin') return path.join(base, `${config.productName}.app`, 'Contents', 'MacOS', config.productName);
      if (process.platform === 'win32') return path.join(base, `${config.productName}.exe`);
      return path.join(base, config.linux?.executableName ?? config.productName);
    });
  return candidates.find((candidate) => existsSync(candidate));
}

/** Electron's binary as the electron package downloaded it, if it did. */
function electronDist(): string | undefined {
  const pathFile = path.join(ROOT, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = path.join(ROOT, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

/** The packaged app, packaging it with electron-builder --dir when only the Electron binary is here. */
function findOrPackage(): { executable?: string; reason?: string } {
  const found = packagedExecutable();
  if (found) return { executable: found };
  if (!electronDist()) {
    return { reason: 'no packaged app in release/ (npm run dist -- --dir) and no Electron binary to package one with (the electron package could not download it here)' };
  }
  const result = spawnSync('npx', ['electron-builder', '--dir', '--publish', 'never'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  const built = packagedExecutable();
  return built ? { executable: built } : { reason: `electron-builder --dir did not produce the app (exit ${result.status})` };
}

/** The app's main processes: Chromium's helpers run the same binary with --type=…. */
function mainProcesses(executable: string): number {
  if (process.platform === 'win32') {
    const name = path.basename(executable).replace(/'/g, "''");
    const out = execFileSync('powershell', ['-NoProfile', '-Command', `@(Get-CimInstance Win32_Process -Filter "Name='${name}'" | Where-Object { $_.CommandLine -notmatch '--type=' }).Count`], { encoding: 'utf8' });
    return Number(out.trim() || 0);
  }
  const out = execFileSync('ps', ['-axo', 'args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.startsWith(executable) && !line.includes('--type=')).length;
}

const app = findOrPackage();
if (!app.executable) console.log(`Skipping the Electron e2e spec: ${app.reason}`);

test.describe('the packaged desktop app', () => {
  test.skip(!app.executable, app.reason ?? '');
  test.setTimeout(180_000);

  let running: ElectronApplication;
  let home: string;

  test.beforeEach(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-electron-'));
    await writeFlowServers(home);
    const env = Object.fromEntries(Object.entries({ ...process.env, MCP_WORKBENCH_HOME: home }).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[0] !== 'ELECTRON_RUN_AS_NODE'));
    running = await electron.launch({ executablePath: app.executable!, args: process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [], env });
    // The system browser, seen from the main process.
    await running.evaluate(({ shell }) => {
      const opened: string[] = [];
      (globalThis as { opened?: string[] }).opened = opened;
      shell.openExternal = async (url: string) => void opened.push(url);
    });
  });

  test.afterEach(async () => {
    await running.close();
    await fs.rm(home, { recursive: true, force: true });
  });

  test('one process after 15 s, a first call, a Doctor link in the browser, a changed tool asks again, Copy', async () => {
    const page = await running.firstWindow();
    // The page sees window.api, a bridge that carries data, and nothing of Node.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => Object.keys((globalThis as unknown as { api: object }).api).sort())).toEqual(['invoke', 'onEvents']);

    // No launch chain (the login-shell probe once started the app again): over 15 s there is only ever one app.
    const deadline = Date.now() + 15_000;
    let most = 0;
    while (Date.now() < deadline) {
      most = Math.max(most, mainProcesses(app.executable!));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(most).toBe(1);

    await firstToolCall(page);

    const href = await followDoctorSource(page);
    await expect.poll(() => running.evaluate(() => (globalThis as { opened?: string[] }).opened ?? [])).toEqual([href]);
    expect(running.windows()).toHaveLength(1);

    await toolChangedConfirmation(page, home);

    const copied = await copyToolName(page);
    expect(await running.evaluate(({ clipboard }) => clipboard.readText())).toBe(copied);
  });
});
