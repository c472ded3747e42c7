// A staging copy of this checkout for a package of another OS or CPU: `npm ci` installs only
// this machine's `@img/sharp-*` and `@napi-rs/keyring-*`, so the staging copy gets the
// production packages installed afresh from the lockfile with npm's `--os`/`--cpu`/`--libc`
// set to the target (npm then picks the target's optional native packages), and the built
// app copied in; electron-builder packages the copy. The developer's node_modules is never
// touched; the copy is removed afterwards.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Finds .cmd shims on Windows and quotes their arguments (a path may hold spaces).
import spawn from 'cross-spawn';
import { npmCommand } from './npm-command.mjs';
import { checkPackagedNatives, describeTarget } from './packaged-natives.mjs';

/** @typedef {import('./packaged-natives.mjs').PackageTarget} PackageTarget */

/** What electron-builder reads from the checkout besides node_modules (the afterPack hook imports scripts/lib). */
const PROJECT_FILES = ['out', 'assets', 'electron-builder.yml', path.join('scripts', 'packaging'), path.join('scripts', 'lib')];
/** The lockfile and what npm reads with it. */
const INSTALL_FILES = ['package.json', 'package-lock.json', '.npmrc'];

/**
 * Runs a command, collecting its output.
 * @param {string} command @param {string[]} args @param {{ cwd: string }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Why npm failed, in its own words: its first "npm error" line that says something.
 * @param {string} output
 */
function npmReason(output) {
  const errors = output
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/i.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s*/i, '').trim());
  return errors.find((line) => line && !/^code\s/i.test(line) && !/complete log/i.test(line)) ?? errors[0] ?? (output.trim().split('\n').at(-1) || 'npm failed');
}

/**
 * Installs the production packages for `target` into a new staging folder.
 * @param {string} root the checkout
 * @param {PackageTarget} target its platform and arch in Node's names
 * @returns {Promise<{ dir: string } | { problem: string }>} the staging folder, or why it could not be made (the folder is then removed)
 */
export async function stageNativePackages(root, target) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `mcpwb-dist-${describeTarget(target)}-`));
  for (const file of INSTALL_FILES) {
    if (existsSync(path.join(root, file))) cpSync(path.join(root, file), path.join(dir, file));
  }
  // --include=optional: the target's native packages are optional dependencies, which a
  // user's npm configuration may leave out. No install scripts: they would run for this machine.
  const args = ['ci', '--prefix', dir, '--omit=dev', '--include=optional', `--os=${target.platform}`, `--cpu=${target.arch}`, '--ignore-scripts', '--no-audit', '--no-fund'];
  // Electron's Linux builds link against glibc: the musl packages would not load.
  if (target.platform === 'linux') args.push('--libc=glibc');
  const npm = npmCommand(args);
  const result = await run(npm.command, npm.args, { cwd: dir });
  if (result.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { problem: `npm ci for ${describeTarget(target)} failed: ${npmReason(result.output)}` };
  }
  // npm skips an optional package it cannot fetch without failing (offline, a registry that
  // lacks it), and an npm that does not know --os/--cpu installs this machine's: check.
  const { problems } = checkPackagedNatives(dir, target);
  if (problems.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    return { problem: `npm ci for ${describeTarget(target)} did not install that target's native packages:\n${problems.map((p) => `  - ${p}`).join('\n')}` };
  }
  return { dir };
}

/**
 * Copies the built app and packaging configuration into the staging folder.
 * @param {string} root @param {string} dir
 */
export function copyProjectInto(root, dir) {
  for (const file of PROJECT_FILES) cpSync(path.join(root, file), path.join(dir, file), { recursive: true });
}
