/**
 * `npm start` where Electron cannot be had: one clear message naming browser mode, exit 1,
 * no stack trace, and before the build rather than after it. Where it can, the binary is
 * launched on the app folder, wherever the checkout is.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const SCRIPT = path.join(ROOT, 'scripts', 'start-electron.mjs');
const temp = mkdtempSync(path.join(os.tmpdir(), 'start-electron-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `command` with this environment plus `env` (undefined removes a variable). */
function run(command: string, args: string[], env: Record<string, string | undefined>, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
    const child = spawn(command, args, { env: merged, cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function runStart(env: Record<string, string | undefined>, script = SCRIPT): Promise<Run> {
  return run(process.execPath, [script, '--probe-argument'], env);
}

/** An executable that prints "launched" and its arguments (and what `extra` prints). */
function writeLaunchRecorder(file: string, extra = ''): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho "launched $*${extra}"\n`);
  chmodSync(file, 0o755);
}

/**
 * A checkout's layout under `folder`: the scripts, and an installed `electron` package whose
 * binary is the launch recorder.
 */
function checkoutAt(folder: string): string {
  cpSync(path.join(ROOT, 'scripts'), path.join(folder, 'scripts'), { recursive: true });
  const electron = path.join(folder, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(path.join(electron, 'path.txt'), 'electron');
  writeLaunchRecorder(path.join(electron, 'dist', 'electron'));
  return folder;
}

/** A loopback port nothing listens on: a "mirror" that refuses at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function expectOneClearMessage(stderr: string): void {
  expect(stderr).toContain('npm run web');
  expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
  expect(stderr.trim().split('\n').length).toBeLessThanOrEqual(3);
}

const electronInstalled = (() => {
  const recorded = path.join(ROOT, 'node_modules', 'electron', 'path.txt');
  return existsSync(recorded) && existsSync(path.join(ROOT, 'node_modules', 'electron', 'dist', readFileSync(recorded, 'utf8').trim()));
})();

describe('npm start without Electron', () => {
  it('names browser mode and exits 1 when the override folder holds no Electron', async () => {
    const result = await runStart({ ELECTRON_OVERRIDE_DIST_PATH: path.join(temp, 'missing') });
    expect(result.code).toBe(1);
    expectOneClearMessage(result.stderr);
    expect(result.stderr).toContain('ELECTRON_OVERRIDE_DIST_PATH');
  });

  it('names browser mode and exits 1 when the download fails', async () => {
    if (electronInstalled) {
      console.log('skipped: the Electron binary is installed in this checkout, so npm start would launch it instead of downloading');
      return;
    }
    const port = await closedPort();
    const result = await runStart({
      ELECTRON_OVERRIDE_DIST_PATH: undefined,
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_config_cache: path.join(temp, 'cache'),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Downloading the Electron binary');
    expectOneClearMessage(result.stderr);
  });

  it('launches the binary on the app folder when there is one', async () => {
    const dist = path.join(temp, 'dist');
    const recorded = path.join(ROOT, 'node_modules', 'electron', 'path.txt');
    const name = existsSync(recorded) ? readFileSync(recorded, 'utf8').trim() : 'electron';
    rmSync(dist, { recursive: true, force: true });
    writeLaunchRecorder(path.join(dist, name));
    const result = await runStart({ ELECTRON_OVERRIDE_DIST_PATH: dist });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`launched ${ROOT} --probe-argument`);
    expect(result.code).toBe(0);
  });

  it('finds node_modules/electron in a checkout whose folder name has a space, % and non-ASCII characters', async () => {
    const checkout = checkoutAt(path.join(temp, 'MCP Workbench 100% ünïcødé'));
    const result = await runStart({ ELECTRON_OVERRIDE_DIST_PATH: undefined }, path.join(checkout, 'scripts', 'start-electron.mjs'));
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`launched ${checkout} --probe-argument`);
    expect(result.code).toBe(0);
  });
});

describe('npm start checks for Electron before it builds', () => {
  /** A checkout whose `start` script is the real one and whose build only leaves a mark. */
  function checkoutWithMarkingBuild(name: string): string {
    const checkout = checkoutAt(path.join(temp, name));
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const scripts = { start: manifest.scripts.start, build: `node -e "require('fs').writeFileSync('built.txt', 'built')"` };
    writeFileSync(path.join(checkout, 'package.json'), JSON.stringify({ name: 'start-order', version: '0.0.0', private: true, scripts }));
    return checkout;
  }

  it('says Electron cannot be had, naming npm run web, without building first', async () => {
    const checkout = checkoutWithMarkingBuild('no-electron');
    const result = await run('npm', ['start', '--silent'], { ELECTRON_OVERRIDE_DIST_PATH: path.join(temp, 'missing') }, checkout);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('npm run web');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(path.join(checkout, 'built.txt'))).toBe(false);
  });

  it('builds, then launches, when Electron is there', async () => {
    const checkout = checkoutWithMarkingBuild('with-electron');
    writeLaunchRecorder(path.join(checkout, 'node_modules', 'electron', 'dist', 'electron'), ' after $(cat built.txt)');
    const result = await run('npm', ['start', '--silent'], { ELECTRON_OVERRIDE_DIST_PATH: undefined }, checkout);
    expect(result.stdout.trim()).toBe(`launched ${checkout} after built`);
    expect(result.code).toBe(0);
  });
});
