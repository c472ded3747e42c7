#!/usr/bin/env node
// `npm run web` and `npm start`, first step: runs `npm run build` only when a source file, the
// build's configuration or the lockfile changed since the last finished build (see
// scripts/lib/build-inputs.mjs), so a second start is not held up by seconds of bundling.
// `--force` builds anyway; `npm run build` itself always builds. `--check` builds nothing: it
// exits 0 when the build is current and 3 when it is not (the bench times the check this way).
import { spawnSync } from 'node:child_process';
import { buildIsCurrent, fingerprint, stampBuild } from './lib/build-inputs.mjs';
import { npmCommand } from './lib/npm-command.mjs';
import { projectRoot } from './lib/project-root.mjs';

const root = projectRoot(import.meta.url);
const before = fingerprint(root);
if (process.argv.includes('--check')) process.exit(buildIsCurrent(root, before) ? 0 : 3);
if (!process.argv.includes('--force') && buildIsCurrent(root, before)) {
  process.stderr.write('The build is up to date (nothing changed since it was made): starting it.\n');
} else {
  const { command, args } = npmCommand(['run', 'build', '--silent']);
  // Run from npm (`npm run web`, `npm start`), this is node with npm's own script; run by hand
  // on Windows, npm is npm.cmd, which only a shell starts. No package is needed: this runs
  // before anything is built, and in checkouts the tests make without node_modules.
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: command === 'npm' && process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  stampBuild(root, before);
}
