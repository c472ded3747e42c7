#!/usr/bin/env node
// `npm run dist -- <electron-builder arguments>`: desktop packages, in release/.
// A package for this machine is made from the checkout. One for another OS or CPU needs
// that target's native packages (sharp's, the keychain's), which `npm ci` did not install
// here: each gets a staging copy where npm installs the target's production packages
// (scripts/lib/native-staging.mjs); the developer's node_modules is never changed. What
// cannot be made here is refused at once with the command that works: macOS packages off a
// Mac, universal macOS apps. The slow parts come after every check: staging installs, then
// the build, then electron-builder for each package; the afterPack hook checks each
// package's native files by their headers.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Finds .cmd shims on Windows and quotes their arguments (a path may hold spaces).
import spawn from 'cross-spawn';
import { commandOnTarget, isHostBuild, nodeArch, OS_NAME, PLATFORM_FLAG, planDist } from './lib/dist-plan.mjs';
import { copyProjectInto, stageNativePackages } from './lib/native-staging.mjs';
import { npmCommand } from './lib/npm-command.mjs';
import { projectRoot } from './lib/project-root.mjs';

const ROOT = projectRoot(import.meta.url);
const host = { platform: process.platform, arch: process.arch };
const plan = planDist(process.argv.slice(2), host);

if (plan.refusals.length > 0) {
  console.error(plan.refusals.join('\n'));
  process.exit(1);
}

/** @type {string[]} */
const staged = [];
process.on('exit', () => {
  for (const dir of staged) rmSync(dir, { recursive: true, force: true });
});
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  // Ctrl+C reaches npm and electron-builder too (same process group); this removes the staging copies.
  process.on(signal, () => process.exit(128 + (os.constants.signals[signal] ?? 0)));
}

/** @type {Array<{ build: import('./lib/dist-plan.mjs').Build, dir: string }>} */
const jobs = [];
for (const build of plan.builds) {
  if (isHostBuild(build, host)) {
    jobs.push({ build, dir: ROOT });
    continue;
  }
  const target = { platform: build.platform, arch: nodeArch(build.arch) };
  console.log(`Installing the ${OS_NAME[build.platform]} ${build.arch} native packages into a staging copy (npm ci --os=${target.platform} --cpu=${target.arch})…`);
  const result = await stageNativePackages(ROOT, target);
  if ('problem' in result) {
    console.error(
      [
        result.problem,
        `The ${OS_NAME[build.platform]} ${build.arch} package needs that target's native packages from the npm registry. Check the connection`,
        `to the registry and run this again, or build the package on ${OS_NAME[build.platform]} (${build.arch}):  ${commandOnTarget(build)}`,
      ].join('\n'),
    );
    process.exit(1);
  }
  staged.push(result.dir);
  jobs.push({ build, dir: result.dir });
}

const buildApp = npmCommand(['run', 'build']);
await step('Building the app', buildApp.command, buildApp.args, ROOT);

const electronVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const electronBuilder = path.join(ROOT, 'node_modules', '.bin', 'electron-builder');
for (const { build: pkg, dir } of jobs) {
  if (dir !== ROOT) copyProjectInto(ROOT, dir);
  const args = [PLATFORM_FLAG[pkg.platform], ...pkg.targets, `--${pkg.arch}`, '--publish', 'never'];
  // The staging copy has no electron package (a dev dependency): name the version; write
  // the packages into this checkout's release/ as electron-builder.yml says — unless the
  // command line sets them (electron-builder reads a key given twice as a list, and refuses it).
  if (dir !== ROOT) {
    if (!setsConfig('electronVersion')) args.push(`-c.electronVersion=${electronVersion}`);
    if (!setsConfig('directories.output')) args.push(`-c.directories.output=${path.join(ROOT, 'release')}`);
  }
  args.push(...plan.passthrough);
  await step(`Packaging for ${OS_NAME[pkg.platform]} ${pkg.arch}`, electronBuilder, args, dir);
}

/**
 * Whether the command line sets this configuration key (`-c.<key>=…` or `--config.<key>=…`).
 * @param {string} key
 */
function setsConfig(key) {
  return plan.passthrough.some((arg) => arg.startsWith(`-c.${key}=`) || arg.startsWith(`--config.${key}=`));
}

/**
 * Runs one step with its output on the terminal; a failed step ends the run with its status.
 * @param {string} title @param {string} command @param {string[]} args @param {string} cwd
 */
function step(title, command, args, cwd) {
  console.log(`${title}…`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${title} failed: ${error.message}`);
      process.exit(1);
    });
    child.on('close', (code) => {
      if (code !== 0) {
        console.error(`${title} failed (exit code ${code}).`);
        process.exit(code ?? 1);
      }
      resolve(undefined);
    });
  });
}
