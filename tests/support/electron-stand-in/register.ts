/**
 * `node -r register.cjs out/electron/main.cjs` (bundled with the stand-in by
 * tests/support/desktop-main.ts): `require('electron')` answers with the stand-in,
 * `require('sharp')` is reported (it must wait for the first image), and
 * `process.execPath` names what it names in the packaged app — the app's own binary — when
 * MCPWB_STAND_IN_APP_BINARY is set: anything that starts process.execPath expecting a Node
 * (ELECTRON_RUN_AS_NODE, child_process.fork) then starts "the app" again, as the packaged
 * app's RunAsNode fuse makes it (docs/tutorial/fuses.md), and the test sees it.
 */
import Module from 'node:module';
import * as standIn from './electron';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
const loader = Module as unknown as { _load: Load };
const load = loader._load;
loader._load = function (request, parent, isMain) {
  if (request === 'electron') return standIn;
  if (request === 'sharp') process.send?.({ kind: 'trace', event: { type: 'require', id: 'sharp', at: Date.now() } });
  return load.call(this, request, parent, isMain);
};

if (process.env.MCPWB_STAND_IN_APP_BINARY) process.execPath = process.env.MCPWB_STAND_IN_APP_BINARY;
