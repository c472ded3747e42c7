/**
 * `npm run dist` (scripts/dist.mjs): which packages an argument list asks for, what this
 * machine refuses to make (with the command that works), and the staging copy where npm
 * installs another target's native packages without touching the developer's node_modules.
 * The staging runs use the real npm, offline, on a small checkout (sharp and the keychain
 * only); a target's packages come from this machine's npm cache or nowhere.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandOnTarget, planDist } from '../scripts/lib/dist-plan.mjs';
import { stageNativePackages } from '../scripts/lib/native-staging.mjs';
import { SMALL_CHECKOUT_MODULES, writeSmallCheckout } from './support/small-checkout';

const ROOT = path.resolve(__dirname, '..');
const temp = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const LINUX_X64 = { platform: 'linux', arch: 'x64' };
/** A target that is never this machine's OS. */
const FOREIGN = process.platform === 'win32' ? { platform: 'linux' as const, arch: 'x64', flag: '--linux', os: 'Linux' } : { platform: 'win32' as const, arch: 'x64', flag: '--win', os: 'Windows' };

describe('planDist', () => {
  it("builds this machine's package when no platform is named", () => {
    expect(planDist([], LINUX_X64)).toEqual({ builds: [{ platform: 'linux', arch: 'x64', targets: [] }], passthrough: [], refusals: [] });
  });

  it('makes one build per platform and CPU, keeping target names and passing the rest on', () => {
    expect(planDist(['--linux', 'AppImage', 'deb', '--arm64', '--x64', '--dir', '-c.compression=store'], LINUX_X64)).toEqual({
      builds: [
        { platform: 'linux', arch: 'arm64', targets: ['AppImage', 'deb'] },
        { platform: 'linux', arch: 'x64', targets: ['AppImage', 'deb'] },
      ],
      passthrough: ['--dir', '-c.compression=store'],
      refusals: [],
    });
  });

  it('reads a CPU given with a target name, short flags and --flag=targets', () => {
    expect(planDist(['-l', 'deb:armv7l'], LINUX_X64).builds).toEqual([{ platform: 'linux', arch: 'armv7l', targets: ['deb'] }]);
    expect(planDist(['--win=nsis'], LINUX_X64).builds).toEqual([{ platform: 'win32', arch: 'x64', targets: ['nsis'] }]);
    expect(planDist(['-w'], { platform: 'linux', arch: 'arm64' }).builds).toEqual([{ platform: 'win32', arch: 'arm64', targets: [] }]);
  });

  it('refuses macOS packages off a Mac, naming the command to run on one', () => {
    const { refusals } = planDist(['--mac', 'dmg', '--arm64'], LINUX_X64);
    expect(refusals).toEqual([expect.stringContaining('macOS packages are built on a Mac')]);
    expect(refusals[0]).toContain('On a Mac: npm ci && npm run dist -- --mac dmg --arm64');
    expect(planDist(['--mac', '--arm64'], { platform: 'darwin', arch: 'x64' }).refusals).toEqual([]);
  });

  it('refuses a universal macOS app and another project folder', () => {
    expect(planDist(['--mac', '--universal'], { platform: 'darwin', arch: 'arm64' }).refusals).toEqual([expect.stringContaining('npm run dist -- --mac --x64 --arm64')]);
    expect(planDist(['--projectDir', 'elsewhere'], LINUX_X64).refusals).toEqual([expect.stringContaining('run electron-builder yourself')]);
  });

  it('names the command that builds a package on its own OS', () => {
    expect(commandOnTarget({ platform: 'win32', arch: 'arm64', targets: ['nsis'] })).toBe('npm ci && npm run dist -- --win nsis --arm64');
  });
});

type Run = { code: number | null; stdout: string; stderr: string };
function runDist(checkout: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(checkout, 'scripts', 'dist.mjs'), ...args], { cwd: checkout, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run dist refuses what it cannot make, before building anything', () => {
  it('a macOS package off a Mac', async (context) => {
    if (process.platform === 'darwin') context.skip('this is a Mac, where npm run dist makes macOS packages');
    const result = await runDist(ROOT, ['--mac'], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`On a Mac: npm ci && npm run dist -- --mac --${process.arch}`);
    expect(result.stdout).not.toContain('Building the app');
  });

  it("another OS's package when npm cannot fetch its native packages: names the command that works, leaves node_modules alone", async () => {
    const checkout = writeSmallCheckout(path.join(temp, 'offline checkout'));
    const tmp = path.join(temp, 'tmp-offline');
    mkdirSync(tmp);
    const result = await runDist(checkout, [FOREIGN.flag, '--dir'], {
      // As `npm run dist` sets it for the checkout; the staging install goes elsewhere.
      npm_config_local_prefix: checkout,
      npm_config_offline: 'true',
      npm_config_cache: path.join(temp, 'empty-npm-cache'),
      TMPDIR: tmp,
      TEMP: tmp,
      TMP: tmp,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Installing the ${FOREIGN.os} x64 native packages into a staging copy`);
    expect(result.stderr).toContain(`npm ci for ${FOREIGN.platform}-x64 failed:`);
    expect(result.stderr).toContain(`or build the package on ${FOREIGN.os} (x64):  npm ci && npm run dist -- ${FOREIGN.flag} --x64`);
    expect(result.stdout).not.toContain('Building the app');
    expect(readdirSync(path.join(checkout, 'node_modules')).sort()).toEqual(SMALL_CHECKOUT_MODULES);
    expect(readdirSync(tmp)).toEqual([]); // the staging copy is gone
  });
});

describe('stageNativePackages (real npm ci, offline, from this machine’s npm cache)', () => {
  it("installs a target's native packages into a staging copy, and only that target's", async (context) => {
    const checkout = writeSmallCheckout(path.join(temp, 'host checkout'));
    const target = { platform: process.platform as 'linux' | 'darwin' | 'win32', arch: process.arch };
    process.env.npm_config_offline = 'true';
    const result = await stageNativePackages(checkout, target).finally(() => delete process.env.npm_config_offline);
    if ('problem' in result && /ENOTCACHED|only-if-cached/.test(result.problem)) {
      context.skip(`this machine's npm cache lacks the packages npm ci installed here (${result.problem})`);
    }
    expect(result).toHaveProperty('dir');
    const dir = (result as { dir: string }).dir;
    try {
      const img = readdirSync(path.join(dir, 'node_modules', '@img'));
      expect(img).toContain(`sharp-${process.platform}-${process.arch}`);
      expect(img.filter((name) => name.startsWith('sharp-') && !name.includes(`${process.platform}-${process.arch}`))).toEqual([]);
      expect(readdirSync(path.join(dir, 'node_modules', '@napi-rs')).filter((name) => name.startsWith('keyring-'))).toEqual([
        expect.stringMatching(new RegExp(`^keyring-${process.platform}-${process.arch}`)),
      ]);
      expect(readdirSync(path.join(checkout, 'node_modules')).sort()).toEqual(SMALL_CHECKOUT_MODULES);
      expect(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')).toBe(readFileSync(path.join(checkout, 'package-lock.json'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says so when npm skipped the target's native packages (optional packages it could not fetch), and removes the copy", async () => {
    const checkout = writeSmallCheckout(path.join(temp, 'foreign checkout'));
    const tmp = path.join(temp, 'tmp-foreign');
    mkdirSync(tmp);
    const saved = process.env.TMPDIR;
    Object.assign(process.env, { npm_config_offline: 'true', TMPDIR: tmp });
    const result = await stageNativePackages(checkout, { platform: FOREIGN.platform, arch: 'x64' }).finally(() => {
      delete process.env.npm_config_offline;
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    });
    expect(result).toEqual({ problem: expect.stringContaining(`npm ci for ${FOREIGN.platform}-x64 did not install that target's native packages`) });
    expect((result as { problem: string }).problem).toContain(`sharp's addon (@img/sharp-*) for ${FOREIGN.platform}-x64 is missing`);
    expect(readdirSync(tmp)).toEqual([]);
    expect(readdirSync(path.join(checkout, 'node_modules')).sort()).toEqual(SMALL_CHECKOUT_MODULES);
  });
});
