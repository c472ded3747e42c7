// What `npm run build` reads, summed up in one fingerprint, so that `npm run web` and
// `npm start` can start at once when nothing changed since the last build (a full build takes
// seconds: esbuild for the Node bundles, vite for the renderer).
//
// The fingerprint covers the path, size and modification time of every file under the source
// folders and of the build's own configuration, lockfile included; tests and their fixtures
// are left out, as no bundle contains them. It errs towards building: a file touched without a
// change still counts as changed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders whose files end up in a bundle (the renderer's, the Node side's, the shared contract's). */
const SOURCE_DIRS = ['electron', 'shared', 'renderer', 'assets'];
/** Single files the build reads: its scripts and the configurations of esbuild, vite, TypeScript and npm. */
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.base.json', 'tsconfig.json', 'scripts/build.mjs'];
const SOURCE_LIB_DIR = 'scripts/lib';
/** Files no bundle contains. */
const NOT_AN_INPUT = /(\.test\.[cm]?[jt]sx?$)|(^|\/)(__snapshots__|node_modules|out)(\/|$)/;

/** What the build writes; a missing one means the last build did not finish. */
export const BUILD_OUTPUTS = ['out/electron/main.cjs', 'out/electron/preload.cjs', 'out/electron/browser-host.cjs', 'out/electron/cli.cjs', 'out/electron/cli/cli.mjs', 'out/electron/cli/cli-session.mjs', 'out/renderer/index.html'];

/** Where the fingerprint of the inputs of the last finished build is kept. */
export const STAMP_FILE = 'out/build-inputs.sha256';

/**
 * Every input file of the build, relative to root, sorted.
 * @param {string} root
 * @returns {string[]}
 */
export function buildInputs(root) {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      const child = path.posix.join(relative.split(path.sep).join('/'), entry.name);
      if (NOT_AN_INPUT.test(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  for (const dir of [...SOURCE_DIRS, SOURCE_LIB_DIR]) walk(dir);
  for (const file of SOURCE_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/**
 * One hash over each input's path, size and modification time.
 * @param {string} root
 * @returns {string}
 */
export function fingerprint(root) {
  const hash = createHash('sha256');
  for (const file of buildInputs(root)) {
    const stat = statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Whether the build in out/ was made from the inputs as they are now: every output is there
 * and the stamp of its inputs equals the fingerprint.
 * @param {string} root @param {string} current the fingerprint now
 * @returns {boolean}
 */
export function buildIsCurrent(root, current) {
  if (BUILD_OUTPUTS.some((file) => !existsSync(path.join(root, file)))) return false;
  try {
    return readFileSync(path.join(root, STAMP_FILE), 'utf8').trim() === current;
  } catch {
    return false;
  }
}

/**
 * Records the inputs a finished build was made from. The fingerprint is the one taken before
 * the build started: a file saved while it ran makes the next run build again.
 * @param {string} root @param {string} before
 */
export function stampBuild(root, before) {
  const stamp = path.join(root, STAMP_FILE);
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${before}\n`);
}
