// The native files a desktop package carries beside app.asar (app.asar.unpacked), checked
// against the package's target: each must be built for that OS and CPU, and the addons the
// app loads (sharp's, the keychain's) must be there. `npm ci` installs only this machine's
// `@img/sharp-*` and `@napi-rs/keyring-*`, so a package for another target built from the
// developer's node_modules carries this machine's addons, and the app fails where they load.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describeHeader, readNativeHeader } from './native-header.mjs';

/** @typedef {import('./native-header.mjs').NativeHeader} NativeHeader */
/**
 * A package's target, in Node's names (`arch` "universal" for a macOS x64+arm64 package).
 * @typedef {{ platform: 'linux' | 'darwin' | 'win32', arch: string }} PackageTarget
 */

/** Names of native files: a header-less file with one of these names is a problem too. */
const NATIVE_NAME = /\.(node|dll|dylib)$|\.so(\.\d+)*$/;
/** The addons the app loads, by the folder their platform packages install into. */
const REQUIRED_ADDONS = [
  { what: "sharp's addon (@img/sharp-*)", under: path.join('node_modules', '@img') },
  { what: "the keychain's addon (@napi-rs/keyring-*)", under: path.join('node_modules', '@napi-rs') },
];

/**
 * Whether a native file runs on the target.
 * @param {NativeHeader} header @param {PackageTarget} target
 */
export function fitsTarget(header, target) {
  if (header.platform !== target.platform) return false;
  if (target.arch === 'universal') return header.arches.includes('x64') && header.arches.includes('arm64');
  return header.arches.includes(target.arch);
}

/** @param {PackageTarget} target */
export function describeTarget(target) {
  return `${target.platform}-${target.arch}`;
}

/**
 * Every file under `dir` that is native by its header or by its name.
 * @param {string} dir
 * @returns {Array<{ file: string, header: NativeHeader | undefined }>}
 */
export function nativeFilesUnder(dir) {
  /** @type {Array<{ file: string, header: NativeHeader | undefined }>} */
  const found = [];
  /** @param {string} folder */
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) {
        const header = readNativeHeader(file);
        if (header || NATIVE_NAME.test(entry.name)) found.push({ file, header });
      }
    }
  };
  walk(dir);
  return found;
}

/**
 * Checks the native files of an app.asar.unpacked folder against the package's target.
 * @param {string} unpacked the app.asar.unpacked folder
 * @param {PackageTarget} target
 * @returns {{ checked: Array<{ file: string, header: NativeHeader | undefined }>, problems: string[] }}
 *   `file`s relative to `unpacked`; `problems` empty when the package is right
 */
export function checkPackagedNatives(unpacked, target) {
  const checked = nativeFilesUnder(unpacked).map(({ file, header }) => ({ file: path.relative(unpacked, file), header }));
  /** @type {string[]} */
  const problems = [];
  for (const { file, header } of checked) {
    if (!header) problems.push(`${file} is named like a native file but has no ELF, Mach-O or PE header`);
    else if (!fitsTarget(header, target)) problems.push(`${file} is ${describeHeader(header)}, not ${describeTarget(target)}`);
  }
  for (const { what, under } of REQUIRED_ADDONS) {
    const present = checked.some(({ file, header }) => file.startsWith(under + path.sep) && file.endsWith('.node') && header && fitsTarget(header, target));
    if (!present) problems.push(`${what} for ${describeTarget(target)} is missing`);
  }
  return { checked, problems };
}
