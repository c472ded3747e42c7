#!/usr/bin/env node
// `npm start`, first step, before the build: finds the Electron binary or downloads it,
// so that a machine that cannot have it hears so at once — with the one message that
// names `npm run web` — rather than after the whole build. Exits 0 when it is there.
import { ensureElectron } from './lib/electron-binary.mjs';
import { projectRoot } from './lib/project-root.mjs';

ensureElectron(projectRoot(import.meta.url));
