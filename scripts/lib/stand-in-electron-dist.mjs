// Stand-ins for what `npm run check:packaging` cannot download: Electron's Linux and macOS
// releases (as electron-builder's `electronDist` reads them) and macOS's `codesign`. Each
// Electron stand-in carries a fuse wire where @electron/fuses looks for it — the main
// executable on Linux, "Electron Framework" on macOS — set the other way round from the
// configuration, so a binary electron-builder did not flip fails the check.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The fuse wire as @electron/fuses reads it: sentinel, version byte, length byte, one
// byte per fuse ('0' off, '1' on), in FuseV1Options order.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Each fuse and the state electron-builder.yml sets, in FuseV1Options order. */
export const FUSES = /** @type {const} */ ([
  ['RunAsNode', '0'],
  ['EnableCookieEncryption', '1'],
  ['EnableNodeOptionsEnvironmentVariable', '0'],
  ['EnableNodeCliInspectArguments', '0'],
  ['EnableEmbeddedAsarIntegrityValidation', '1'],
  ['OnlyLoadAppFromAsar', '1'],
  ['LoadBrowserProcessSpecificV8Snapshot', '0'],
  ['GrantFileProtocolExtraPrivileges', '0'],
]);
/** The configured wire, as readFuseWire returns it. */
export const CONFIGURED_WIRE = FUSES.map(([, state]) => state).join('');
/** The stand-ins start with every fuse the other way round. */
const STARTING_WIRE = FUSES.map(([, state]) => (state === '1' ? '0' : '1')).join('');

function fuseWire() {
  return Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(STARTING_WIRE), Buffer.from('\n')]);
}

/** @param {Buffer} binary @returns {string} the fuse states, '' where there is no wire */
export function readFuseWire(binary) {
  const at = binary.indexOf(SENTINEL);
  if (at < 0) return '';
  const start = at + SENTINEL.length;
  const length = binary[start + 1] ?? 0;
  return binary.subarray(start + 2, start + 2 + length).toString('latin1');
}

/** @param {string} dist */
function writeLicenses(dist) {
  writeFileSync(path.join(dist, 'LICENSE'), 'Stand-in for the Electron license.\n');
  writeFileSync(path.join(dist, 'LICENSES.chromium.html'), '<p>Stand-in for the Chromium licenses.</p>\n');
}

/**
 * Electron's Linux release: an executable `electron` (a shell script that runs and exits,
 * followed by the fuse wire).
 * @param {string} dist
 */
export function writeLinuxElectron(dist) {
  mkdirSync(path.join(dist, 'resources'), { recursive: true });
  const file = path.join(dist, 'electron');
  writeFileSync(file, Buffer.concat([Buffer.from('#!/bin/sh\necho "stand-in for the Electron binary (packaging check)"\nexit 0\n# '), fuseWire()]));
  chmodSync(file, 0o755);
  writeLicenses(dist);
}

/**
 * Electron's macOS release, as far as electron-builder reads it: Electron.app with its
 * Info.plist, main executable, one helper app (renamed after the product) and Electron
 * Framework, which holds the fuse wire.
 * @param {string} dist
 */
export function writeMacElectron(dist) {
  const contents = path.join(dist, 'Electron.app', 'Contents');
  /** @param {string} executable @param {string} id */
  const plist = (executable, id) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n' +
    `<plist version="1.0"><dict><key>CFBundleExecutable</key><string>${executable}</string><key>CFBundleIdentifier</key><string>${id}</string><key>CFBundleName</key><string>${executable}</string></dict></plist>\n`;
  const helper = path.join(contents, 'Frameworks', 'Electron Helper.app', 'Contents');
  const framework = path.join(contents, 'Frameworks', 'Electron Framework.framework');
  for (const dir of [path.join(contents, 'MacOS'), path.join(contents, 'Resources'), path.join(helper, 'MacOS'), framework]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(contents, 'Info.plist'), plist('Electron', 'com.github.Electron'));
  writeFileSync(path.join(contents, 'MacOS', 'Electron'), '#!/bin/sh\nexit 0\n');
  writeFileSync(path.join(helper, 'Info.plist'), plist('Electron Helper', 'com.github.Electron.helper'));
  writeFileSync(path.join(helper, 'MacOS', 'Electron Helper'), '#!/bin/sh\nexit 0\n');
  writeFileSync(path.join(framework, 'Electron Framework'), Buffer.concat([Buffer.from('stand-in for Electron Framework\n'), fuseWire()]));
  writeLicenses(dist);
}

/**
 * A `codesign` that records each call — its arguments and the fuse wire of the app's
 * Electron Framework at that moment — as one JSON line in `log`.
 * @param {string} bin the folder to put first on PATH
 * @param {string} log
 */
export function writeCodesignRecorder(bin, log) {
  mkdirSync(bin, { recursive: true });
  const recorder = path.join(bin, 'codesign-recorder.mjs');
  writeFileSync(
    recorder,
    `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readFuseWire } from ${JSON.stringify(new URL(import.meta.url).href)};
const args = process.argv.slice(2);
const app = args.at(-1) ?? '';
const framework = path.join(app, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
const wire = existsSync(framework) ? readFuseWire(readFileSync(framework)) : '';
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, wire }) + '\\n');
`,
  );
  const codesign = path.join(bin, 'codesign');
  writeFileSync(codesign, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(recorder)} "$@"\n`);
  chmodSync(codesign, 0o755);
}
