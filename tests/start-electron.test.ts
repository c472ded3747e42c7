/**
 * `npm start` where Electron cannot be had: one clear message naming browser mode, exit 1,
 * no stack trace. Where it can, the binary is launched on the app folder.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const SCRIPT = path.join(ROOT, 'scripts', 'start-electron.mjs');
const temp = mkdtempSync(path.join(os.tmpdir(), 'start-electron-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function runStart(env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
    const child = spawn(process.execPath, [SCRIPT, '--probe-argument'], { env: merged });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
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
    const fake = path.join(dist, name);
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(path.dirname(fake), { recursive: true });
    writeFileSync(fake, '#!/bin/sh\necho "launched $*"\n');
    chmodSync(fake, 0o755);
    const result = await runStart({ ELECTRON_OVERRIDE_DIST_PATH: dist });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(`launched ${ROOT} --probe-argument`);
    expect(result.code).toBe(0);
  });
});
