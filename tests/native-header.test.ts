/**
 * The header reader that tells which OS and CPU a native file was built for (ELF, Mach-O,
 * PE), on this machine's real addons and on crafted headers for the others, and the check
 * of a package's unpacked native files against its target.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeHeader, readNativeHeader } from '../scripts/lib/native-header.mjs';
import { checkPackagedNatives, type PackageTarget } from '../scripts/lib/packaged-natives.mjs';

const ROOT = path.resolve(__dirname, '..');
const temp = mkdtempSync(path.join(os.tmpdir(), 'native-header-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every .node file npm ci installed for this machine under node_modules/<scope>. */
function hostAddons(scope: string): string[] {
  const dir = path.join(ROOT, 'node_modules', scope);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.node'))
    .map((file) => path.join(dir, file));
}
const HOST_PLATFORM = process.platform as PackageTarget['platform'];

function crafted(name: string, bytes: Buffer): string {
  const file = path.join(temp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

/** An ELF header: class 64, the byte order given, OS ABI, e_machine at offset 18. */
function elf(machine: number, { bigEndian = false, osabi = 0 } = {}): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.write('\x7fELF', 0, 'latin1');
  bytes[4] = 2;
  bytes[5] = bigEndian ? 2 : 1;
  bytes[6] = 1;
  bytes[7] = osabi;
  if (bigEndian) bytes.writeUInt16BE(machine, 18);
  else bytes.writeUInt16LE(machine, 18);
  return bytes;
}

/** A thin 64-bit little-endian Mach-O header (MH_MAGIC_64, cputype). */
function machO(cpu: number): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.writeUInt32LE(0xfeedfacf, 0);
  bytes.writeUInt32LE(cpu, 4);
  return bytes;
}

/** A universal Mach-O: FAT_MAGIC, slice count, then 20-byte fat_arch entries (big-endian). */
function fat(...cpus: number[]): Buffer {
  const bytes = Buffer.alloc(8 + cpus.length * 20 + 64);
  bytes.writeUInt32BE(0xcafebabe, 0);
  bytes.writeUInt32BE(cpus.length, 4);
  cpus.forEach((cpu, index) => bytes.writeUInt32BE(cpu, 8 + index * 20));
  return bytes;
}

/** A PE file: "MZ", e_lfanew at 0x3c, and "PE\0\0" + Machine at that offset (past the first 64 bytes, as in real DLLs). */
function pe(machine: number, at = 0x100): Buffer {
  const bytes = Buffer.alloc(at + 24);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(at, 0x3c);
  bytes.write('PE\0\0', at, 'latin1');
  bytes.writeUInt16LE(machine, at + 4);
  return bytes;
}

const X64 = 0x01000007;
const ARM64 = 0x0100000c;

describe('readNativeHeader on this machine’s real files', () => {
  it('reads the Node binary as built for this OS and CPU', () => {
    const header = readNativeHeader(process.execPath);
    expect(header?.platform).toBe(process.platform);
    expect(header?.arches).toContain(process.arch);
  });

  it.each(['@img', '@napi-rs'])('reads every addon npm ci installed under %s as built for this OS and CPU', (scope) => {
    const addons = hostAddons(scope);
    expect(addons.length).toBeGreaterThan(0);
    for (const addon of addons) {
      expect(readNativeHeader(addon), addon).toMatchObject({ platform: process.platform });
      expect(readNativeHeader(addon)?.arches, addon).toContain(process.arch);
    }
  });

  it('finds nothing native in text, JSON or a Java class file (whose magic a universal Mach-O shares)', () => {
    expect(readNativeHeader(path.join(ROOT, 'package.json'))).toBeUndefined();
    expect(readNativeHeader(crafted('short.node', Buffer.from('MZ')))).toBeUndefined();
    const javaClass = Buffer.alloc(64);
    javaClass.writeUInt32BE(0xcafebabe, 0);
    javaClass.writeUInt32BE(0x00000041, 4); // minor 0, major 65
    expect(readNativeHeader(crafted('Main.class', javaClass))).toBeUndefined();
  });
});

describe('readNativeHeader on crafted headers', () => {
  it.each([
    ['ELF x86-64', elf(0x3e), 'ELF linux-x64'],
    ['ELF AArch64', elf(0xb7), 'ELF linux-arm64'],
    ['ELF ARM', elf(0x28), 'ELF linux-arm'],
    ['ELF s390x (big-endian)', elf(0x16, { bigEndian: true }), 'ELF linux-s390x'],
    ['ELF FreeBSD x86-64', elf(0x3e, { osabi: 9 }), 'ELF freebsd-x64'],
    ['Mach-O x86-64', machO(X64), 'Mach-O darwin-x64'],
    ['Mach-O arm64', machO(ARM64), 'Mach-O darwin-arm64'],
    ['universal Mach-O', fat(X64, ARM64), 'Mach-O darwin-x64+arm64'],
    ['PE x64', pe(0x8664), 'PE win32-x64'],
    ['PE arm64', pe(0xaa64), 'PE win32-arm64'],
    ['PE i386', pe(0x14c, 0x80), 'PE win32-ia32'],
  ])('%s', (name, bytes, expected) => {
    const header = readNativeHeader(crafted(`${name}.node`, bytes));
    expect(header && describeHeader(header)).toBe(expected);
  });

  it('names a CPU it does not know rather than passing it off as a known one', () => {
    expect(readNativeHeader(crafted('odd.node', pe(0x5064)))?.arches).toEqual(['pe-machine-0x5064']);
  });
});

describe('checkPackagedNatives', () => {
  const host: PackageTarget = { platform: HOST_PLATFORM, arch: process.arch };

  /** An app.asar.unpacked with the given files at the given places. */
  function unpacked(name: string, files: Record<string, string | Buffer>): string {
    const dir = path.join(temp, name);
    for (const [place, source] of Object.entries(files)) {
      const file = path.join(dir, place);
      mkdirSync(path.dirname(file), { recursive: true });
      if (typeof source === 'string') copyFileSync(source, file);
      else writeFileSync(file, source);
    }
    return dir;
  }

  const [sharpAddon = ''] = hostAddons('@img');
  const [keyringAddon = ''] = hostAddons('@napi-rs');

  it("passes this machine's own addons for this machine's target", () => {
    const dir = unpacked('host', {
      'node_modules/@img/sharp-host/lib/sharp.node': sharpAddon,
      'node_modules/@napi-rs/keyring-host/keyring.node': keyringAddon,
      'node_modules/sharp/package.json': Buffer.from('{}'),
    });
    const result = checkPackagedNatives(dir, host);
    expect(result.problems).toEqual([]);
    expect(result.checked).toHaveLength(2);
  });

  it("fails a package for another OS that carries this machine's addons, naming each file and what it is", () => {
    const foreign: PackageTarget = process.platform === 'win32' ? { platform: 'linux', arch: 'x64' } : { platform: 'win32', arch: 'x64' };
    const dir = unpacked('foreign-os', {
      'node_modules/@img/sharp-host/lib/sharp.node': sharpAddon,
      'node_modules/@napi-rs/keyring-host/keyring.node': keyringAddon,
    });
    const { problems } = checkPackagedNatives(dir, foreign);
    const sharpHeader = describeHeader(readNativeHeader(sharpAddon)!);
    expect(problems).toContain(`${path.join('node_modules', '@img', 'sharp-host', 'lib', 'sharp.node')} is ${sharpHeader}, not ${foreign.platform}-x64`);
    expect(problems).toContain(`sharp's addon (@img/sharp-*) for ${foreign.platform}-x64 is missing`);
    expect(problems).toContain(`the keychain's addon (@napi-rs/keyring-*) for ${foreign.platform}-x64 is missing`);
  });

  it("fails a package for another CPU of this OS that carries this machine's addons", () => {
    const otherCpu: PackageTarget = { platform: HOST_PLATFORM, arch: process.arch === 'arm64' ? 'x64' : 'arm64' };
    const dir = unpacked('foreign-cpu', { 'node_modules/@img/sharp-host/lib/sharp.node': sharpAddon, 'node_modules/@napi-rs/keyring-host/k.node': keyringAddon });
    expect(checkPackagedNatives(dir, otherCpu).problems).toHaveLength(4);
  });

  it("passes a Windows package carrying Windows addons, and a universal macOS one only with both slices", () => {
    const windows = unpacked('win', { 'node_modules/@img/sharp-win32-x64/lib/sharp.node': pe(0x8664), 'node_modules/@img/sharp-win32-x64/lib/libvips-42.dll': pe(0x8664), 'node_modules/@napi-rs/keyring-win32-x64-msvc/k.node': pe(0x8664) });
    expect(checkPackagedNatives(windows, { platform: 'win32', arch: 'x64' }).problems).toEqual([]);
    const universal = unpacked('mac-universal', { 'node_modules/@img/sharp/s.node': fat(X64, ARM64), 'node_modules/@napi-rs/keyring/k.node': machO(ARM64) });
    expect(checkPackagedNatives(universal, { platform: 'darwin', arch: 'universal' }).problems).toEqual([
      `${path.join('node_modules', '@napi-rs', 'keyring', 'k.node')} is Mach-O darwin-arm64, not darwin-universal`,
      "the keychain's addon (@napi-rs/keyring-*) for darwin-universal is missing",
    ]);
  });

  it('fails a file named like a native library that has no native header', () => {
    const dir = unpacked('headerless', { 'node_modules/@img/x/libvips-cpp.so.8.18.7': Buffer.from('version https://git-lfs.github.com/spec/v1\n') });
    expect(checkPackagedNatives(dir, host).problems[0]).toBe(`${path.join('node_modules', '@img', 'x', 'libvips-cpp.so.8.18.7')} is named like a native file but has no ELF, Mach-O or PE header`);
  });
});
