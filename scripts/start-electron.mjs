#!/usr/bin/env node
// `npm start` after the build: launches the Electron app on out/. The `electron` package
// downloads its binary on first use; where that cannot happen (offline, a blocked mirror,
// a Node too old for Electron's download tool) this says so in one message that names
// the way that works without Electron — browser mode — instead of the package's two
// stack traces and advice that needs the internet. Exits 1 then.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PACKAGE = path.join(ROOT, 'node_modules', 'electron');
/** What @electron/get (Electron's downloader) declares it needs. */
const DOWNLOAD_NODE = /** @type {const} */ ([22, 12]);

/** The platform-specific path of the binary inside dist/, as the package records it. */
function recordedPath() {
  const file = path.join(PACKAGE, 'path.txt');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The Electron executable if it is on disk, else undefined. */
function installedBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const recorded = recordedPath();
  if (override) {
    const candidate = path.join(override, recorded ?? 'electron');
    return existsSync(candidate) ? candidate : undefined;
  }
  if (!recorded) return undefined;
  const candidate = path.join(PACKAGE, 'dist', recorded);
  return existsSync(candidate) ? candidate : undefined;
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
 * @returns {string | undefined}
 */
function download() {
  const installer = path.join(PACKAGE, 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed (run npm ci)';
  console.log('Downloading the Electron binary (first start only)…');
  const result = spawnSync(process.execPath, [installer], { cwd: PACKAGE, encoding: 'utf8', env: process.env });
  if (result.status === 0 && installedBinary()) return undefined;
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

/** @type {string | undefined} */
let binary = installedBinary();
if (!binary) {
  // An override names a folder the user chose: never download over it.
  const reason = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? `ELECTRON_OVERRIDE_DIST_PATH is ${process.env.ELECTRON_OVERRIDE_DIST_PATH}, which holds no Electron`
    : download();
  binary = installedBinary() ?? fail(reason);
}

const child = spawn(binary, [ROOT, ...process.argv.slice(2)], { stdio: 'inherit' });
/** @type {NodeJS.Signals[]} */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of FORWARDED) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => fail(error.message));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
