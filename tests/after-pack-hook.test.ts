/**
 * electron-builder's afterPack hook (scripts/packaging/after-pack.mjs) refuses a package
 * whose unpacked native files do not fit its target. electron-builder calls it with an
 * AfterPackContext (app-builder-lib's configuration.d.ts: appOutDir, electronPlatformName,
 * arch as its Arch enum — ia32 0, x64 1, armv7l 2, arm64 3, universal 4 — and the
 * platform packager, whose getResourcesDir(appOutDir) holds app.asar and its .unpacked).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import afterPack from '../scripts/packaging/after-pack.mjs';

const ROOT = path.resolve(__dirname, '..');
const temp = mkdtempSync(path.join(os.tmpdir(), 'after-pack-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const ARCH = { ia32: 0, x64: 1, armv7l: 2, arm64: 3, universal: 4 } as const;

/** An unpacked app folder carrying this machine's real sharp and keychain addons, as electron-builder lays it out for Linux and Windows. */
function appWithHostAddons(name: string): string {
  const appOutDir = path.join(temp, name);
  for (const scope of ['@img', '@napi-rs']) {
    const source = path.join(ROOT, 'node_modules', scope);
    for (const file of readdirSync(source, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.node'))) {
      const target = path.join(appOutDir, 'resources', 'app.asar.unpacked', 'node_modules', scope, file);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(source, file), target);
    }
  }
  return appOutDir;
}

const packager = { getResourcesDir: (appOutDir: string) => path.join(appOutDir, 'resources') };

describe('the afterPack hook', () => {
  it("accepts this machine's addons in a package for this machine", async () => {
    const appOutDir = appWithHostAddons('host');
    await expect(afterPack({ appOutDir, electronPlatformName: process.platform, arch: ARCH[process.arch as 'x64' | 'arm64'], packager })).resolves.toBeUndefined();
  });

  it("refuses this machine's addons in a package for another OS, naming the files and the command that works", async () => {
    const appOutDir = appWithHostAddons('foreign');
    const foreign = process.platform === 'win32' ? 'linux' : 'win32';
    const refusal = afterPack({ appOutDir, electronPlatformName: foreign, arch: ARCH.x64, packager });
    await expect(refusal).rejects.toThrow(`The ${foreign}-x64 package carries native files that do not fit it:`);
    await expect(refusal).rejects.toThrow(/sharp-[^\n]*\.node is (ELF|Mach-O|PE) /);
    await expect(refusal).rejects.toThrow('npm run dist -- <target flags>');
  });

  it("refuses this machine's addons in a package for another CPU", async () => {
    const appOutDir = appWithHostAddons('other-cpu');
    const other = process.arch === 'arm64' ? ARCH.x64 : ARCH.arm64;
    await expect(afterPack({ appOutDir, electronPlatformName: process.platform, arch: other, packager })).rejects.toThrow('carries native files that do not fit it');
  });
});
