#!/usr/bin/env node
// `npm start`, last step: launches the Electron app on the checkout (out/ is built by then).
// The binary is found or downloaded first (scripts/lib/electron-binary.mjs; `npm start`
// already did that before building, in scripts/ensure-electron.mjs), then started in a
// process group of its own so that Ctrl+C reaches it once (scripts/lib/launch-electron.mjs).
// Arguments after `npm start --` go to the app.
import { ensureElectron } from './lib/electron-binary.mjs';
import { launchElectron } from './lib/launch-electron.mjs';
import { projectRoot } from './lib/project-root.mjs';

const ROOT = projectRoot(import.meta.url);
launchElectron(ensureElectron(ROOT), [ROOT, ...process.argv.slice(2)]);
