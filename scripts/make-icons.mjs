#!/usr/bin/env node
// Renders assets/icon.svg into every icon the desktop packages need, so packaging never
// has to convert images itself:
//   assets/icons/<N>x<N>.png   Linux (AppImage, deb): the hicolor sizes
//   assets/icon.icns           macOS: PNG-payload ICNS (16 px to 1024 px, retina pairs)
//   assets/icon.ico            Windows: PNG-payload ICO (16 px to 256 px)
//   assets/icon.png            1024 px, the generic fallback electron-builder looks for
// Run `npm run icons` after changing the SVG and commit the results.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const WINDOWS_SIZES = [16, 24, 32, 48, 64, 128, 256];
// ICNS element types whose payload may be PNG, by pixel size (Apple's icns format).
/** @type {[string, number][]} */
const MAC_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024], // 512@2x
  ['ic11', 32], // 16@2x
  ['ic12', 64], // 32@2x
  ['ic13', 256], // 128@2x
  ['ic14', 512], // 256@2x
];

const svg = await readFile(path.join(ASSETS, 'icon.svg'));
/** @type {Map<number, Buffer>} */
const pngs = new Map();
for (const size of new Set([...LINUX_SIZES, ...WINDOWS_SIZES, ...MAC_TYPES.map(([, s]) => s)])) {
  // Rendered at the target size (not downscaled from one bitmap), so small icons stay crisp.
  const png = await sharp(svg, { density: Math.max(72, (72 * size) / 512) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  pngs.set(size, png);
}
/** @param {number} size */
const pngOf = (size) => /** @type {Buffer} */ (pngs.get(size));

await mkdir(path.join(ASSETS, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) await writeFile(path.join(ASSETS, 'icons', `${size}x${size}.png`), pngOf(size));
await writeFile(path.join(ASSETS, 'icon.png'), pngOf(1024));
await writeFile(path.join(ASSETS, 'icon.ico'), ico(WINDOWS_SIZES.map((size) => [size, pngOf(size)])));
await writeFile(path.join(ASSETS, 'icon.icns'), icns(MAC_TYPES.map(([type, size]) => [type, pngOf(size)])));
console.log(`Icons written to ${ASSETS}`);

/**
 * ICO: a 6-byte header, one 16-byte directory entry per image, then the images (PNG
 * payloads are valid since Windows Vista). Width/height 0 means 256.
 * @param {[number, Buffer][]} images
 */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(([size, png]) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(([, png]) => png)]);
}

/**
 * ICNS: 'icns' + total length, then elements of 4-byte type + length (including its
 * 8-byte header) + payload, all big-endian.
 * @param {[string, Buffer][]} elements
 */
function icns(elements) {
  const parts = elements.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}
