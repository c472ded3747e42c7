// electron-builder's afterPack hook (electron-builder.yml): before fuses are flipped and the
// app is signed, refuses a package whose unpacked native files are not built for its OS and
// CPU, or that lacks the addons the app loads (scripts/lib/packaged-natives.mjs). npm ci
// installs only this machine's native packages; `npm run dist` installs another target's
// into a staging copy first (scripts/dist.mjs), so this fires when electron-builder is run
// on the developer's node_modules for another target.
import path from 'node:path';
import { checkPackagedNatives, describeTarget } from '../lib/packaged-natives.mjs';

/** electron-builder's Arch enum (builder-util: ia32 0, x64 1, armv7l 2, arm64 3, universal 4), in Node's names. */
const ARCHES = ['ia32', 'x64', 'arm', 'arm64', 'universal'];
/** @type {Record<string, 'linux' | 'darwin' | 'win32'>} */
const PLATFORMS = { linux: 'linux', darwin: 'darwin', mas: 'darwin', win32: 'win32' };

/**
 * @param {{ appOutDir: string, electronPlatformName: string, arch: number, packager: { getResourcesDir(appOutDir: string): string } }} context
 *   electron-builder's AfterPackContext (the fields used here)
 */
export default async function afterPack(context) {
  const platform = PLATFORMS[context.electronPlatformName];
  const arch = ARCHES[context.arch];
  if (!platform || !arch) throw new Error(`Unknown package target: ${context.electronPlatformName}, arch ${context.arch}`);
  const target = { platform, arch };
  const unpacked = path.join(context.packager.getResourcesDir(context.appOutDir), 'app.asar.unpacked');
  const { checked, problems } = checkPackagedNatives(unpacked, target);
  if (problems.length > 0) {
    throw new Error(
      [
        `The ${describeTarget(target)} package carries native files that do not fit it:`,
        ...problems.map((problem) => `  - ${problem}`),
        `npm ci installs only this machine's native packages (${process.platform}-${process.arch}). Build a package for`,
        'another OS or CPU with `npm run dist -- <target flags>` (for example `npm run dist -- --linux --arm64`),',
        "which installs that target's native packages first; docs/packaging.md, \"Packages for another OS or CPU\".",
      ].join('\n'),
    );
  }
  console.log(`  • native files fit the target  target=${describeTarget(target)} checked=${checked.length}`);
}
