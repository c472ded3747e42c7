// What a native file was built for, read from its header: ELF (Linux), Mach-O, thin or
// universal (macOS), PE (Windows), and the CPU architecture(s), in Node's `process.arch`
// names. A package for one OS/architecture must carry only that target's native files: an
// addon built for another is found missing at run time, when the app tries to load it.
import { closeSync, openSync, readSync } from 'node:fs';

/** @typedef {'linux' | 'freebsd' | 'darwin' | 'win32'} NativePlatform */
/** @typedef {{ format: 'ELF' | 'Mach-O' | 'PE', platform: NativePlatform, arches: string[] }} NativeHeader */

/** ELF e_machine values (System V ABI, "Machine Information"). */
const ELF_MACHINES = new Map([
  [0x03, 'ia32'],
  [0x28, 'arm'],
  [0x3e, 'x64'],
  [0xb7, 'arm64'],
  [0x15, 'ppc64'],
  [0x16, 's390x'],
  [0xf3, 'riscv64'],
  [0x102, 'loong64'],
]);
/** ELF EI_OSABI 9: FreeBSD; Linux objects carry 0 (System V) or 3 (GNU). */
const ELF_OSABI_FREEBSD = 9;
/** Mach-O cputype values (<mach/machine.h>: CPU_TYPE_*, with CPU_ARCH_ABI64 = 0x01000000). */
const MACHO_CPUS = new Map([
  [0x00000007, 'ia32'],
  [0x01000007, 'x64'],
  [0x0000000c, 'arm'],
  [0x0100000c, 'arm64'],
]);
/** PE/COFF Machine values (Microsoft PE format, "Machine Types"). */
const PE_MACHINES = new Map([
  [0x014c, 'ia32'],
  [0x8664, 'x64'],
  [0x01c4, 'arm'],
  [0xaa64, 'arm64'],
]);
/** A universal Mach-O lists its slices; a Java class file shares the magic but reads as dozens of "slices". */
const MAX_FAT_SLICES = 16;

/**
 * The header of the bytes `read` gives, or undefined where they are not a native binary.
 * @param {(offset: number, length: number) => Buffer} read bytes from the file (fewer at its end)
 * @returns {NativeHeader | undefined}
 */
export function parseNativeHeader(read) {
  const head = read(0, 64);
  if (head.length < 8) return undefined;

  if (head.readUInt32BE(0) === 0x7f454c46) {
    const littleEndian = head[5] === 1;
    const machine = littleEndian ? head.readUInt16LE(18) : head.readUInt16BE(18);
    return { format: 'ELF', platform: head[7] === ELF_OSABI_FREEBSD ? 'freebsd' : 'linux', arches: [ELF_MACHINES.get(machine) ?? `elf-machine-0x${machine.toString(16)}`] };
  }

  const magicLE = head.readUInt32LE(0);
  if (magicLE === 0xfeedface || magicLE === 0xfeedfacf) {
    return { format: 'Mach-O', platform: 'darwin', arches: [machoCpu(head.readUInt32LE(4))] };
  }
  const magicBE = head.readUInt32BE(0);
  if (magicBE === 0xfeedface || magicBE === 0xfeedfacf) {
    return { format: 'Mach-O', platform: 'darwin', arches: [machoCpu(head.readUInt32BE(4))] };
  }
  if (magicBE === 0xcafebabe || magicBE === 0xcafebabf) {
    const count = head.readUInt32BE(4);
    if (count === 0 || count > MAX_FAT_SLICES) return undefined;
    const entrySize = magicBE === 0xcafebabf ? 32 : 20;
    const table = read(8, count * entrySize);
    if (table.length < count * entrySize) return undefined;
    const arches = Array.from({ length: count }, (_, index) => machoCpu(table.readUInt32BE(index * entrySize)));
    return { format: 'Mach-O', platform: 'darwin', arches };
  }

  if (head.toString('latin1', 0, 2) === 'MZ' && head.length >= 64) {
    const peOffset = head.readUInt32LE(0x3c);
    const pe = read(peOffset, 6);
    if (pe.length === 6 && pe.toString('latin1', 0, 4) === 'PE\0\0') {
      const machine = pe.readUInt16LE(4);
      return { format: 'PE', platform: 'win32', arches: [PE_MACHINES.get(machine) ?? `pe-machine-0x${machine.toString(16)}`] };
    }
  }
  return undefined;
}

/** @param {number} cpu */
function machoCpu(cpu) {
  return MACHO_CPUS.get(cpu) ?? `mach-o-cpu-0x${cpu.toString(16)}`;
}

/**
 * The header of a file on disk (only the bytes the header needs are read).
 * @param {string} file
 * @returns {NativeHeader | undefined}
 */
export function readNativeHeader(file) {
  const fd = openSync(file, 'r');
  try {
    return parseNativeHeader((offset, length) => {
      const buffer = Buffer.alloc(length);
      const got = readSync(fd, buffer, 0, length, offset);
      return buffer.subarray(0, got);
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * The header as a person reads it: "ELF linux-x64", "Mach-O darwin-x64+arm64".
 * @param {NativeHeader} header
 */
export function describeHeader(header) {
  return `${header.format} ${header.platform}-${header.arches.join('+')}`;
}
