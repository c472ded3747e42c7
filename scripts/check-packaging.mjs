#!/usr/bin/env node
// Offline check of electron-builder.yml, run by `npm test` after the build. Two
// `electron-builder --dir` runs side by side, each on a stand-in Electron release (tiny
// files carrying the fuse sentinel and a fuse wire set the other way round;
// scripts/lib/stand-in-electron-dist.mjs):
// - this checkout for Linux on this CPU: app.asar holds main, preload and the renderer and
//   every package main loads; sharp's and the keychain's native files sit unpacked beside it,
//   each built for the target (by its ELF/Mach-O/PE header); the executable's name is not the
//   CLI's; every fuse was flipped as configured;
// - a small app with macOS (arm64) addons for macOS arm64, with a stand-in `codesign` on PATH:
//   the fuses are flipped, then the app is signed again ad hoc (an unsigned Apple Silicon
//   app whose signature the flip broke refuses to launch), and the afterPack hook accepted
//   the target's addons.
// Nothing may be downloaded: the Electron cache points at an empty folder and every proxy
// variable at a closed loopback port, so any download attempt fails the check.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import asar from '@electron/asar';
// Finds the .cmd shim on Windows and quotes its arguments (a path may hold spaces).
import spawn from 'cross-spawn';
import { describeHeader } from './lib/native-header.mjs';
import { checkPackagedNatives } from './lib/packaged-natives.mjs';
import { projectRoot } from './lib/project-root.mjs';
import { CONFIGURED_WIRE, FUSES, readFuseWire, writeCodesignRecorder, writeLinuxElectron, writeMacElectron } from './lib/stand-in-electron-dist.mjs';

const ROOT = projectRoot(import.meta.url);
const EXECUTABLE = 'mcp-workbench-desktop'; // linux.executableName in electron-builder.yml
const PRODUCT = 'MCP Workbench'; // productName in electron-builder.yml
const ELECTRON_BUILDER = path.join(ROOT, 'node_modules', '.bin', 'electron-builder');

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
  const [linux, mac] = await Promise.all([packLinux(), packMac()]);
  console.log(`Linux (${process.arch}), this checkout:`);
  checkLinux(linux);
  console.log('macOS (arm64), a small app with macOS addons:');
  checkMac(mac);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.log(`\nPackaging check failed: ${problems.length} problem(s).`);
  process.exit(1);
}
console.log('\nPackaging check passed.');

/**
 * Runs electron-builder with every download blocked.
 * @param {string[]} args @param {string} cwd @param {string} name a folder name for its caches
 * @param {NodeJS.ProcessEnv} [extraEnv]
 * @returns {Promise<{ ok: boolean, log: string, seconds: string }>}
 */
function electronBuilder(args, cwd, name, extraEnv = {}) {
  const closedPort = 'http://127.0.0.1:9';
  const started = Date.now();
  const child = spawn(ELECTRON_BUILDER, ['--dir', '--publish', 'never', ...args], {
    cwd,
    env: {
      ...process.env,
      ELECTRON_CACHE: path.join(work, `${name}-electron-cache`),
      ELECTRON_BUILDER_CACHE: path.join(work, `${name}-builder-cache`),
      HTTP_PROXY: closedPort,
      HTTPS_PROXY: closedPort,
      http_proxy: closedPort,
      https_proxy: closedPort,
      NO_PROXY: '',
      CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      ...extraEnv,
    },
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const timer = setTimeout(() => child.kill(), 180_000);
  return new Promise((resolve) => {
    child.on('error', (error) => (log += `${error.message}\n`));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, log, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/** This checkout, packed for Linux on this CPU. */
async function packLinux() {
  const electronDist = path.join(work, 'linux-electron');
  const output = path.join(work, 'linux-release');
  writeLinuxElectron(electronDist);
  /** @type {string[]} */
  const config = [];
  if (process.platform !== 'linux') {
    // Built elsewhere, this Linux package carries this machine's addons, which the afterPack
    // hook rightly refuses; the package is checked without it (the macOS run checks the hook).
    console.log(`note: on ${process.platform} the Linux package is checked without the afterPack hook (it would refuse this machine's ${process.platform} addons)`);
    const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8').replace(/^afterPack:.*$/m, '');
    writeFileSync(path.join(work, 'no-hook.yml'), yml);
    config.push('--config', path.join(work, 'no-hook.yml'));
  }
  const run = await electronBuilder(['--linux', `--${process.arch}`, ...config, `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`], ROOT, 'linux');
  return { ...run, appDir: path.join(output, process.arch === 'x64' ? 'linux-unpacked' : `linux-${process.arch}-unpacked`) };
}

/**
 * A small app — this checkout's electron-builder.yml, afterPack hook and icons, a stub main
 * and two stand-in macOS arm64 addons where sharp's and the keychain's install — packed for
 * macOS arm64 with a `codesign` that records each call.
 */
async function packMac() {
  const app = path.join(work, 'mac-app');
  const electronDist = path.join(work, 'mac-electron');
  const output = path.join(work, 'mac-release');
  const codesignLog = path.join(work, 'codesign.jsonl');
  writeMacElectron(electronDist);
  writeCodesignRecorder(path.join(work, 'bin'), codesignLog);
  writeFileSync(codesignLog, '');

  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  /** Mach-O arm64 headers (MH_MAGIC_64, CPU_TYPE_ARM64): what the macOS arm64 packages carry. */
  const machOArm64 = Buffer.alloc(64);
  machOArm64.writeUInt32LE(0xfeedfacf, 0);
  machOArm64.writeUInt32LE(0x0100000c, 4);
  const addons = { '@img/sharp-darwin-arm64': 'lib/sharp-darwin-arm64.node', '@napi-rs/keyring-darwin-arm64': 'keyring.darwin-arm64.node' };
  for (const [name, addon] of Object.entries(addons)) {
    const dir = path.join(app, 'node_modules', name);
    mkdirSync(path.dirname(path.join(dir, addon)), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', os: ['darwin'], cpu: ['arm64'] }));
    writeFileSync(path.join(dir, addon), machOArm64);
  }
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      author: manifest.author,
      license: manifest.license,
      main: manifest.main,
      dependencies: Object.fromEntries(Object.keys(addons).map((name) => [name, '1.0.0'])),
      devDependencies: { electron: manifest.devDependencies.electron },
    }),
  );
  mkdirSync(path.join(app, 'out', 'electron'), { recursive: true });
  writeFileSync(path.join(app, manifest.main), '// stand-in main\n');
  cpSync(path.join(ROOT, 'electron-builder.yml'), path.join(app, 'electron-builder.yml'));
  cpSync(path.join(ROOT, 'assets'), path.join(app, 'assets'), { recursive: true });
  for (const dir of ['scripts/packaging', 'scripts/lib']) cpSync(path.join(ROOT, dir), path.join(app, dir), { recursive: true });

  const run = await electronBuilder(['--mac', '--arm64', `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`], app, 'mac', {
    PATH: `${path.join(work, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  });
  const codesignCalls = readFileSync(codesignLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => /** @type {{ args: string[], wire: string }} */ (JSON.parse(line)));
  return { ...run, appPath: path.join(output, 'mac-arm64', `${PRODUCT}.app`), codesignCalls };
}

/** @param {{ ok: boolean, log: string, seconds: string, appDir: string }} run */
function checkLinux({ ok, log, seconds, appDir }) {
  expect(ok, `electron-builder --dir --linux succeeded (${seconds} s)`);
  if (!ok) console.log(log);
  expect(!/download/i.test(log), 'electron-builder tried to download nothing');

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
    expect(![...packed].some((f) => f.startsWith('/out/electron/cli/')), "app.asar leaves out the CLI's modules and its live-session process");
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

  // Every native file, by its header, against the target (where this machine is the target).
  if (process.platform === 'linux' && existsSync(unpacked)) {
    const target = { platform: /** @type {const} */ ('linux'), arch: process.arch };
    const natives = checkPackagedNatives(unpacked, target);
    const kinds = [...new Set(natives.checked.map(({ header }) => (header ? describeHeader(header) : 'no header')))].join(', ');
    expect(natives.checked.length > 0 && natives.problems.length === 0, `every unpacked native file is built for linux-${process.arch} (${natives.checked.length}: ${kinds})${natives.problems.map((p) => `\n         ${p}`).join('')}`);
    expect(/native files fit the target\s+target=linux-/.test(log), 'the afterPack hook checked the native files');
  }

  // The .deb links /usr/bin/<executable> and the AppImage runs <executable>: it must not be the CLI's name.
  const binary = path.join(appDir, EXECUTABLE);
  expect(existsSync(binary), `the executable is named ${EXECUTABLE}`);
  const cliNames = Object.keys(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin ?? {});
  expect(!cliNames.includes(EXECUTABLE), `the executable's name is not a CLI name of package.json bin (${cliNames.join(', ')})`);
  if (existsSync(binary)) {
    const wire = readFuseWire(readFileSync(binary));
    for (const [index, [name, state]] of FUSES.entries()) {
      expect(wire[index] === state, `fuse ${name} is ${state === '1' ? 'on' : 'off'}`);
    }
  }
}

/** @param {{ ok: boolean, log: string, seconds: string, appPath: string, codesignCalls: Array<{ args: string[], wire: string }> }} run */
function checkMac({ ok, log, seconds, appPath, codesignCalls }) {
  expect(ok, `electron-builder --dir --mac --arm64 succeeded (${seconds} s)`);
  if (!ok) console.log(log);
  expect(!/download/i.test(log), 'electron-builder tried to download nothing');
  expect(/native files fit the target\s+target=darwin-arm64 checked=2/.test(log), "the afterPack hook accepted the macOS arm64 addons");

  const framework = path.join(appPath, 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
  const wire = existsSync(framework) ? readFuseWire(readFileSync(framework)) : '';
  expect(wire === CONFIGURED_WIRE, `every fuse in Electron Framework is flipped as configured (${wire || 'no fuse wire'})`);

  // @electron/fuses' resetAdHocDarwinSignature: `codesign --sign - --force … <app>` after the flip.
  const adHoc = codesignCalls.filter(({ args }) => args[0] === '--sign' && args[1] === '-' && args.includes('--force') && args.at(-1) === appPath);
  expect(adHoc.length === 1, `the app is signed again ad hoc once, after its fuses are flipped (codesign calls: ${codesignCalls.map(({ args }) => args.join(' ')).join(' | ') || 'none'})`);
  expect(adHoc[0]?.wire === CONFIGURED_WIRE, 'the ad-hoc signature covers the flipped fuses (codesign ran after the flip)');
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
