// The Electron binary `npm start` launches: found in node_modules/electron (or the folder
// ELECTRON_OVERRIDE_DIST_PATH names), else downloaded by the package's own installer on
// first use. Where it cannot be had (offline, a blocked mirror, a Node too old for
// Electron's download tool) this says so in one message that names the way that works
// without Electron — browser mode — instead of the package's two stack traces and advice
// that needs the internet.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What @electron/get (Electron's downloader) declares it needs. */
const DOWNLOAD_NODE = /** @type {const} */ ([22, 12]);

/**
 * The binary's place inside dist/ where the package has not recorded it (path.txt is
 * written by its installer): the same names as the package's own index.js.
 * @type {Partial<Record<NodeJS.Platform, string>>}
 */
const DEFAULT_PATH = { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

/** @param {string} root the checkout */
function electronPackage(root) {
  return path.join(root, 'node_modules', 'electron');
}

/** @param {string} root @returns {string | undefined} */
function recordedPath(root) {
  const file = path.join(electronPackage(root), 'path.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * The Electron executable if it is on disk, else undefined.
 * @param {string} root the checkout
 * @returns {string | undefined}
 */
export function installedBinary(root) {
  const recorded = recordedPath(root);
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override
    ? path.join(override, recorded ?? DEFAULT_PATH[process.platform] ?? 'electron')
    : recorded && path.join(electronPackage(root), 'dist', recorded);
  return candidate && existsSync(candidate) ? candidate : undefined;
}

/**
 * The first line of the downloader's output that says what went wrong.
 * @param {string} output @returns {string | undefined}
 */
function firstReason(output) {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.find((line) => /error|failed|ENOTFOUND|ECONNREFUSED/i.test(line) && !line.startsWith('at ')) ?? lines[0];
}

function nodeTooOldToDownload() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  return major < DOWNLOAD_NODE[0] || (major === DOWNLOAD_NODE[0] && minor < DOWNLOAD_NODE[1]);
}

/**
 * Tries the package's own installer; returns why it failed, or undefined when it worked.
 * @param {string} root @returns {string | undefined}
 */
function download(root) {
  const installer = path.join(electronPackage(root), 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed (run npm ci)';
  console.log('Downloading the Electron binary (first start only)…');
  const result = spawnSync(process.execPath, [installer], { cwd: electronPackage(root), encoding: 'utf8', env: process.env });
  if (result.status === 0 && installedBinary(root)) return undefined;
  return firstReason(`${result.stderr ?? ''}\n${result.stdout ?? ''}`) ?? `the installer exited with ${result.status}`;
}

/** @param {string | undefined} reason @returns {never} */
function fail(reason) {
  const lines = [
    `The desktop app needs the Electron binary, which is not installed here and could not be downloaded${reason ? ` (${reason})` : ''}.`,
  ];
  if (nodeTooOldToDownload()) {
    lines.push(`Electron's download tool needs Node.js ${DOWNLOAD_NODE.join('.')} or newer; this is ${process.versions.node}.`);
  }
  lines.push('Run MCP Workbench in your browser instead (no download needed):  npm run web');
  console.error(lines.join('\n'));
  process.exit(1);
}

/**
 * The Electron executable: the one on disk, else freshly downloaded. Where neither works,
 * prints the one message naming `npm run web` and exits 1.
 * @param {string} root the checkout
 * @returns {string}
 */
export function ensureElectron(root) {
  const present = installedBinary(root);
  if (present) return present;
  // An override names a folder the user chose: never download over it.
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const reason = override ? `ELECTRON_OVERRIDE_DIST_PATH is ${override}, which holds no Electron` : download(root);
  return installedBinary(root) ?? fail(reason);
}

/**
 * The binary is there but would not start (not executable, wrong architecture…): says so
 * with the same way out, and exits 1.
 * @param {string} binary @param {Error} error @returns {never}
 */
export function failToLaunch(binary, error) {
  console.error(`Could not start the Electron binary ${binary} (${error.message}).\nRun MCP Workbench in your browser instead (no download needed):  npm run web`);
  process.exit(1);
}
