import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitImage, IMAGE_MAX_BYTES, IMAGE_MAX_LONG_EDGE, ImageDecodeError } from './image-pipeline';

/** Random pixels: compress badly, so byte limits really bite. */
async function noise(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

async function flat(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
}

describe('fitImage (design.md §10)', () => {
  it('keeps an image within the limits byte for byte', async () => {
    const input = await flat(800, 600);
    const fitted = await fitImage(input);
    expect(fitted.data.equals(input)).toBe(true);
    expect(fitted).toMatchObject({ width: 800, height: 600, mimeType: 'image/png' });
    expect(fitted.transformed).toBeUndefined();
  });

  it('resizes a 4000×3000 PNG to a long edge of 2000 and within 3.75 MB, as a PNG palette', async () => {
    const input = await flat(4000, 3000);
    const fitted = await fitImage(input);
    expect(Math.max(fitted.width, fitted.height)).toBe(IMAGE_MAX_LONG_EDGE);
    expect([fitted.width, fitted.height]).toEqual([2000, 1500]);
    expect(fitted.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
    expect(fitted.mimeType).toBe('image/png');
    expect(fitted.transformed).toMatch(/resized from 4000×3000 to 2000×1500, PNG palette/);
    const meta = await sharp(fitted.data).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([2000, 1500, 'png']);
    expect(fitted.original).toMatchObject({ width: 4000, height: 3000, bytes: input.length });
  });

  it('goes down the JPEG qualities until the bytes fit, and never enlarges', async () => {
    const input = await noise(600, 400);
    const fitted = await fitImage(input, { maxLongEdge: 2000, maxBytes: 150_000 });
    expect(fitted.bytes).toBeLessThanOrEqual(150_000);
    expect(fitted.data.length).toBe(fitted.bytes);
    expect(fitted.mimeType).toBe('image/jpeg');
    expect([fitted.width, fitted.height]).toEqual([600, 400]);
    expect(fitted.transformed).toMatch(/^JPEG quality (80|60|40|20)$/);
  });

  it('falls back to 1000 px at quality 20 when nothing else fits', async () => {
    const input = await noise(1100, 400);
    const fitted = await fitImage(input, { maxLongEdge: 2000, maxBytes: 10_000 });
    expect(Math.max(fitted.width, fitted.height)).toBe(1000);
    expect(fitted.transformed).toMatch(/last resort/);
  });

  it('turns an image upright by its EXIF orientation and strips the metadata', async () => {
    // 300×100 pixels stored, EXIF orientation 6 (rotate 90° clockwise to view): 100×300 upright.
    const input = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c83232' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret camera owner', Software: 'fixture' } })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const fitted = await fitImage(input);
    expect([fitted.width, fitted.height]).toEqual([100, 300]);
    const after = await sharp(fitted.data).metadata();
    expect([after.width, after.height]).toEqual([100, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(fitted.data.includes(Buffer.from('secret camera owner'))).toBe(false);
    expect(fitted.transformed).toMatch(/upright.*metadata removed/);
  });

  it('strips EXIF from a resized image too', async () => {
    const input = await sharp(await flat(3000, 1000)).jpeg().withExif({ IFD0: { Artist: 'someone private' } }).toBuffer();
    const fitted = await fitImage(input);
    expect(fitted.width).toBe(2000);
    expect((await sharp(fitted.data).metadata()).exif).toBeUndefined();
  });

  it('rejects bytes that are not an image', async () => {
    await expect(fitImage(Buffer.from('definitely not an image'))).rejects.toBeInstanceOf(ImageDecodeError);
  });
});
