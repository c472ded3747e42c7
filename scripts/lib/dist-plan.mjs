// Which packages `npm run dist -- <electron-builder arguments>` asks for, one build per OS
// and CPU, and which of them this machine cannot make. Reads electron-builder's platform
// flags (--mac/-m, --linux/-l, --win/-w, each optionally followed by target names, a name
// optionally ending in ":<arch>") and arch flags (--x64, --arm64, --ia32, --armv7l,
// --universal); every other argument is passed on to each build unchanged.

/** @typedef {'darwin' | 'linux' | 'win32'} Platform */
/**
 * One electron-builder run: a platform, one CPU (electron-builder's arch names), the target
 * names given for that platform (none: the configuration's).
 * @typedef {{ platform: Platform, arch: string, targets: string[] }} Build
 */

/** @type {Record<string, Platform>} */
const PLATFORM_FLAGS = { '--mac': 'darwin', '--macos': 'darwin', '-m': 'darwin', '-o': 'darwin', '--linux': 'linux', '-l': 'linux', '--win': 'win32', '--windows': 'win32', '-w': 'win32' };
/** The flag each platform is named with in the commands this prints. */
export const PLATFORM_FLAG = /** @type {Record<Platform, string>} */ ({ darwin: '--mac', linux: '--linux', win32: '--win' });
const ARCHES = ['x64', 'ia32', 'armv7l', 'arm64', 'universal'];
/** Arguments that point electron-builder at something other than this checkout. */
const OTHER_PROJECT = ['--projectDir', '--project-dir', '--prepackaged', '--pd'];
/** What a person calls each OS. */
export const OS_NAME = /** @type {Record<Platform, string>} */ ({ darwin: 'macOS', linux: 'Linux', win32: 'Windows' });

/**
 * electron-builder's arch name for a Node one (process.arch).
 * @param {string} nodeArch
 */
export function builderArch(nodeArch) {
  return nodeArch === 'arm' ? 'armv7l' : nodeArch;
}

/**
 * Node's arch name (npm's `--cpu`, the header check's) for an electron-builder one.
 * @param {string} arch
 */
export function nodeArch(arch) {
  return arch === 'armv7l' ? 'arm' : arch;
}

/**
 * The command that builds `build`'s package on a machine of its OS and CPU.
 * @param {Build} build
 */
export function commandOnTarget(build) {
  return `npm ci && npm run dist -- ${[PLATFORM_FLAG[build.platform], ...build.targets].join(' ')} --${build.arch}`;
}

/**
 * @param {string[]} args what followed `npm run dist --`
 * @param {{ platform: string, arch: string }} host this machine (process.platform, process.arch)
 * @returns {{ builds: Build[], passthrough: string[], refusals: string[] }}
 */
export function planDist(args, host) {
  /** @type {Map<Platform, { targets: string[], arches: Set<string> }>} */
  const platforms = new Map();
  /** @type {Set<string>} */
  const arches = new Set();
  /** @type {string[]} */
  const passthrough = [];
  /** @type {string[]} */
  const refusals = [];

  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const platform = PLATFORM_FLAGS[flag];
    if (platform) {
      const entry = platforms.get(platform) ?? { targets: [], arches: new Set() };
      platforms.set(platform, entry);
      const names = inline !== undefined ? inline.split(',') : [];
      while (inline === undefined && index + 1 < args.length && !(args[index + 1] ?? '').startsWith('-')) names.push(args[++index] ?? '');
      for (const name of names.filter(Boolean)) {
        const [target = '', arch] = name.split(':');
        if (arch) entry.arches.add(arch);
        if (!entry.targets.includes(target)) entry.targets.push(target);
      }
    } else if (ARCHES.includes(arg.slice(2)) && arg.startsWith('--')) {
      arches.add(arg.slice(2));
    } else if (OTHER_PROJECT.includes(flag)) {
      refusals.push(`${flag}: npm run dist packages this checkout; to package another folder, run electron-builder yourself.`);
    } else {
      passthrough.push(arg);
    }
  }

  if (platforms.size === 0 && ['darwin', 'linux', 'win32'].includes(host.platform)) {
    platforms.set(/** @type {Platform} */ (host.platform), { targets: [], arches: new Set() });
  }
  /** @type {Build[]} */
  const builds = [];
  for (const [platform, entry] of platforms) {
    const chosen = entry.arches.size > 0 ? entry.arches : arches.size > 0 ? arches : new Set([builderArch(host.arch)]);
    for (const arch of chosen) builds.push({ platform, arch, targets: entry.targets });
  }

  for (const build of builds) {
    if (build.arch === 'universal') {
      refusals.push(
        `--universal: a universal macOS app needs sharp's and the keychain's addons for x64 and arm64 merged into one, which npm does not install. Build --x64 and --arm64 packages instead: npm run dist -- --mac --x64 --arm64`,
      );
    } else if (build.platform === 'darwin' && host.platform !== 'darwin') {
      refusals.push(
        `${OS_NAME.darwin} packages are built on a Mac: the disk image needs hdiutil, and the app must be signed again (ad hoc, with codesign) after its fuses are flipped, or Apple Silicon refuses to launch it. On a Mac: ${commandOnTarget(build)}`,
      );
    }
  }
  return { builds, passthrough, refusals: [...new Set(refusals)] };
}

/**
 * Whether a build is for this machine (so the installed native packages fit it).
 * @param {Build} build @param {{ platform: string, arch: string }} host
 */
export function isHostBuild(build, host) {
  return build.platform === host.platform && nodeArch(build.arch) === host.arch;
}
