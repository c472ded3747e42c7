#!/usr/bin/env node
// Offline check of electron-builder.yml, run by `npm test` after the build:
//   electron-builder --dir, with `electronDist` pointing at a stand-in Electron (a tiny
//   executable carrying the fuse sentinel and a fuse wire set the other way round),
// then asserts that app.asar holds main, preload and the renderer, that sharp's native
// files sit unpacked beside it, and that every fuse was flipped as configured.
// Nothing may be downloaded: the Electron cache points at an empty folder and every
// proxy variable at a closed loopback port, so any download attempt fails the check.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import asar from '@electron/asar';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXECUTABLE = 'mcp-workbench'; // linux.executableName in electron-builder.yml

// The fuse wire as @electron/fuses reads it: sentinel, version byte, length byte, one
// byte per fuse ('0' off, '1' on), in FuseV1Options order.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSES = [
  ['RunAsNode', '0'],
  ['EnableCookieEncryption', '1'],
  ['EnableNodeOptionsEnvironmentVariable', '0'],
  ['EnableNodeCliInspectArguments', '0'],
  ['EnableEmbeddedAsarIntegrityValidation', '1'],
  ['OnlyLoadAppFromAsar', '1'],
  ['LoadBrowserProcessSpecificV8Snapshot', '0'],
  ['GrantFileProtocolExtraPrivileges', '0'],
];
/** The stand-in starts with every fuse the other way round, so an unflipped binary fails. */
const startingWire = FUSES.map(([, state]) => (state === '1' ? '0' : '1')).join('');

/** @type {string[]} */
const problems = [];
/** @param {boolean} ok @param {string} what */
function expect(ok, what) {
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${what}`);
  if (!ok) problems.push(what);
}

for (const built of ['out/electron/main.cjs', 'out/electron/preload.cjs', 'out/renderer/index.html']) {
  if (!existsSync(path.join(ROOT, built))) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const work = mkdtempSync(path.join(os.tmpdir(), 'mcpwb-packaging-'));
try {
  const electronDist = path.join(work, 'electron-dist');
  const output = path.join(work, 'release');
  mkdirSync(path.join(electronDist, 'resources'), { recursive: true });
  writeStandInElectron(path.join(electronDist, 'electron'));
  writeFileSync(path.join(electronDist, 'LICENSE'), 'Stand-in for the Electron license.\n');
  writeFileSync(path.join(electronDist, 'LICENSES.chromium.html'), '<p>Stand-in for the Chromium licenses.</p>\n');

  const closedPort = 'http://127.0.0.1:9';
  const started = Date.now();
  const result = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'electron-builder'),
    ['--dir', '--linux', `--${process.arch}`, '--publish', 'never', `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 180_000,
      env: {
        ...process.env,
        ELECTRON_CACHE: path.join(work, 'electron-cache'),
        ELECTRON_BUILDER_CACHE: path.join(work, 'builder-cache'),
        HTTP_PROXY: closedPort,
        HTTPS_PROXY: closedPort,
        http_proxy: closedPort,
        https_proxy: closedPort,
        NO_PROXY: '',
        CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      },
    },
  );
  const log = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  expect(result.status === 0, `electron-builder --dir succeeded (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) console.log(log);
  expect(!/download/i.test(log), 'electron-builder tried to download nothing');

  const appDir = path.join(output, process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`);
  const archive = path.join(appDir, 'resources', 'app.asar');
  const unpacked = `${archive}.unpacked`;
  expect(existsSync(archive), 'resources/app.asar exists');
  if (existsSync(archive)) {
    // With isPack each entry reads "pack   : /path" or "unpack : /path".
    const entries = asar.listPackage(archive, { isPack: true }).map((entry) => {
      const [state = '', file = ''] = entry.split(' : ');
      return { state: state.trim(), file: file.replaceAll('\\', '/') };
    });
    const packed = new Set(entries.filter((e) => e.state === 'pack').map((e) => e.file));
    expect(entries.some((e) => e.state === 'unpack' && e.file.startsWith('/node_modules/sharp/')), 'app.asar marks sharp as unpacked');
    for (const file of ['/package.json', '/out/electron/main.cjs', '/out/electron/preload.cjs', '/out/electron/keychain-helper.cjs', '/out/electron/image-worker.cjs', '/out/renderer/index.html']) {
      expect(packed.has(file), `app.asar holds ${file}`);
    }
    expect([...packed].some((f) => /^\/out\/renderer\/assets\/.+\.js$/.test(f)), 'app.asar holds the renderer bundle');
    expect(![...packed].some((f) => f.startsWith('/out/') && f.endsWith('.map')), 'app.asar holds no source maps');
    expect(!packed.has('/out/electron/cli.cjs'), 'app.asar leaves out the CLI (it runs under Node, not in the app)');
    const manifest = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'));
    expect(manifest.main === 'out/electron/main.cjs', 'package.json in app.asar points at out/electron/main.cjs');
    // main.cjs loads its npm packages from node_modules at run time (the build leaves them
    // external): each must be in the archive, or the app dies at start-up.
    const inArchive = new Set(entries.map((e) => e.file));
    const required = new Set(
      [...readFileSync(path.join(ROOT, 'out', 'electron', 'main.cjs'), 'utf8').matchAll(/require\("([^"./][^"]*)"\)/g)]
        .map(([, specifier = '']) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'))
        .filter((name) => !name.startsWith('node:') && name !== 'electron'),
    );
    const missing = [...required].filter((name) => !inArchive.has(`/node_modules/${name}/package.json`));
    expect(required.size > 0 && missing.length === 0, `app.asar holds every package main.cjs requires (${required.size}${missing.length ? `; missing: ${missing.join(', ')}` : ''})`);
    const nativeInside = [...packed].filter((f) => f.endsWith('.node') || /\.(so|dylib|dll)(\.|$)/.test(f));
    expect(nativeInside.length === 0, `no native file is packed inside app.asar${nativeInside.length ? `: ${nativeInside.join(', ')}` : ''}`);
  }

  const img = path.join(unpacked, 'node_modules', '@img');
  const addonDirs = existsSync(img) ? readdirSync(img).filter((name) => name.startsWith('sharp-') && !name.startsWith('sharp-libvips')) : [];
  const addons = addonDirs.flatMap((dir) => filesUnder(path.join(img, dir)).filter((f) => f.endsWith('.node')));
  expect(addons.length > 0, `sharp's native addon sits unpacked (${addons.map((f) => path.relative(unpacked, f)).join(', ') || 'none'})`);
  const libvips = existsSync(img)
    ? readdirSync(img)
        .filter((name) => name.startsWith('sharp-libvips'))
        .flatMap((dir) => filesUnder(path.join(img, dir)).filter((f) => /libvips.*\.(so|dylib|dll)/.test(path.basename(f))))
    : [];
  expect(libvips.length > 0 || process.platform === 'win32', `libvips sits unpacked (${libvips.map((f) => path.basename(f)).join(', ') || 'none'})`);
  expect(existsSync(path.join(unpacked, 'node_modules', 'sharp', 'package.json')), 'sharp itself sits unpacked');
  // The keychain helper (a utility process) loads @napi-rs/keyring and its platform addon.
  const napi = path.join(unpacked, 'node_modules', '@napi-rs');
  const keyringAddons = existsSync(napi)
    ? readdirSync(napi)
        .filter((name) => name.startsWith('keyring-'))
        .flatMap((dir) => filesUnder(path.join(napi, dir)).filter((f) => f.endsWith('.node')))
    : [];
  expect(keyringAddons.length > 0, `the keychain's native addon sits unpacked (${keyringAddons.map((f) => path.relative(unpacked, f)).join(', ') || 'none'})`);
  expect(existsSync(path.join(napi, 'keyring', 'package.json')), '@napi-rs/keyring itself sits unpacked');

  const binary = path.join(appDir, EXECUTABLE);
  expect(existsSync(binary), `the executable is named ${EXECUTABLE}`);
  if (existsSync(binary)) {
    const wire = readFuseWire(readFileSync(binary));
    for (const [index, [name, state]] of FUSES.entries()) {
      expect(wire[index] === state, `fuse ${name} is ${state === '1' ? 'on' : 'off'}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.log(`\nPackaging check failed: ${problems.length} problem(s).`);
  process.exit(1);
}
console.log('\nPackaging check passed.');

/**
 * An executable stand-in for the Electron binary: a shell script (it runs and exits),
 * followed by a fuse wire that electron-builder's @electron/fuses finds and flips.
 * @param {string} file
 */
function writeStandInElectron(file) {
  const script = '#!/bin/sh\necho "stand-in for the Electron binary (packaging check)"\nexit 0\n# ';
  const wire = Buffer.concat([Buffer.from(SENTINEL), Buffer.from([1, FUSES.length]), Buffer.from(startingWire), Buffer.from('\n')]);
  writeFileSync(file, Buffer.concat([Buffer.from(script), wire]));
  chmodSync(file, 0o755);
}

/** @param {Buffer} binary @returns {string} */
function readFuseWire(binary) {
  const at = binary.indexOf(SENTINEL);
  if (at < 0) return '';
  const start = at + SENTINEL.length;
  const length = binary[start + 1] ?? 0;
  return binary.subarray(start + 2, start + 2 + length).toString('latin1');
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
