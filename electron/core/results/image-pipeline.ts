/**
 * Fits an image within what model clients accept (design.md §10): the long edge at
 * most 2000 px and at most 3.75 MB (5 MB as base64). The pipeline:
 *
 * 1. An image already within the limits, in a format the window shows, with no EXIF
 *    orientation and no metadata, is kept byte for byte.
 * 2. Within the limits but rotated by EXIF or carrying metadata (EXIF, XMP, IPTC: GPS
 *    positions, camera serials): re-encoded in its own format, upright, metadata gone.
 * 3. Otherwise it is rotated upright, resized to fit 2000×2000 (`fit: 'inside'`, never
 *    enlarged) and encoded as a PNG palette at level 9; if that is too big, as JPEG at
 *    quality 80, 60, 40, then 20; as a last resort at most 1000 px at quality 20.
 *
 * sharp strips metadata on every encode. Decoding, rotating and resizing happen once;
 * each candidate only encodes. Used for tool results and (by the resources view) for
 * resource images; callable on its own for benchmarks.
 */
import type { default as SharpLibrary, FormatEnum, Metadata, OutputInfo } from 'sharp';
import { messageOf } from '../../../shared/errors';

let sharpLibrary: typeof SharpLibrary | undefined;

/**
 * sharp, loaded on the first image: its native addon and libvips cost start-up time in
 * every process that imports this module (the desktop app's main process, browser mode,
 * the CLI) and, in a desktop package built for another platform, could be missing — which
 * must cost the images, not the whole app. `require`, not `import()`: the bundles are
 * CommonJS, and Electron loads the unpacked native addon beside app.asar through require.
 */
function loadSharp(): typeof SharpLibrary {
  if (sharpLibrary) return sharpLibrary;
  let sharp: typeof SharpLibrary;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
    sharp = require('sharp') as typeof SharpLibrary;
  } catch (error) {
    throw new Error(`Images cannot be processed here: the image library (sharp) could not be loaded (${messageOf(error)}).`, { cause: error });
  }
  // libvips keeps up to 50 MB (and 100 operations) of results by default to answer a repeat
  // of the same operation; tool results are never repeated, so a small cache is enough for
  // the steps of one fit, with no open files. The thread count stays sharp's own choice: 1
  // on glibc Linux, where more threads fragment the heap, the cores elsewhere (whose
  // allocators give memory back). What glibc itself keeps is in docs/development.md.
  sharp.cache({ memory: 16, files: 0, items: 20 });
  return (sharpLibrary = sharp);
}

export const IMAGE_MAX_LONG_EDGE = 2000;
/** 5 MB of base64 is 3.75 MB of image. */
export const IMAGE_MAX_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);
const IMAGE_LAST_RESORT_EDGE = 1000;
const JPEG_QUALITIES = [80, 60, 40, 20] as const;

/** Formats the window can show as they are. */
const SHOWABLE = new Map<string, string>([
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
]);

export interface ImageLimits {
  maxLongEdge: number;
  maxBytes: number;
}

export interface FittedImage {
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  /** What was done, in words; absent when the image was kept as it came. */
  transformed?: string;
  original: { width: number; height: number; bytes: number; mimeType: string; format: string };
}

export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super(`The image could not be read (${messageOf(cause)}).`, { cause });
    this.name = 'ImageDecodeError';
  }
}

export async function fitImage(input: Buffer, limits: ImageLimits = { maxLongEdge: IMAGE_MAX_LONG_EDGE, maxBytes: IMAGE_MAX_BYTES }): Promise<FittedImage> {
  const sharp = loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch (error) {
    throw new ImageDecodeError(error);
  }
  const format = meta.format ?? 'unknown';
  // Width and height as the image is meant to be seen (EXIF orientations 5–8 swap them).
  const upright = meta.autoOrient ?? { width: meta.width ?? 0, height: meta.height ?? 0 };
  const original = { width: upright.width, height: upright.height, bytes: input.length, mimeType: mimeOf(format), format };
  const rotated = meta.orientation !== undefined && meta.orientation !== 1;
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc);
  const withinLimits = Math.max(upright.width, upright.height) <= limits.maxLongEdge && input.length <= limits.maxBytes;
  const showable = SHOWABLE.has(format);
  const animated = (meta.pages ?? 1) > 1;

  try {
    if (withinLimits && showable) {
      if (!rotated && !hasMetadata) return { data: input, mimeType: mimeOf(format), width: upright.width, height: upright.height, bytes: input.length, original };
      // Same format, upright, without metadata.
      const { data, info } = await sharp(input, { autoOrient: true, animated })
        .toFormat(format as keyof FormatEnum)
        .toBuffer({ resolveWithObject: true });
      if (data.length <= limits.maxBytes) {
        const what = [rotated ? 'turned upright (EXIF orientation)' : '', hasMetadata ? 'metadata removed' : ''].filter(Boolean).join(', ');
        return { data, mimeType: mimeOf(format), width: info.width, height: pageHeight(info, animated), bytes: data.length, transformed: what, original };
      }
    }

    // Decode, rotate and resize once; each candidate below only encodes these pixels.
    const { data: pixels, info } = await sharp(input, { autoOrient: true })
      .resize({ width: limits.maxLongEdge, height: limits.maxLongEdge, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const resized = info.width !== upright.width || info.height !== upright.height;
    const size = `${resized ? `resized from ${upright.width}×${upright.height} to ${info.width}×${info.height}, ` : ''}`;

    // effort 1: libimagequant's fastest setting. The default (7) took 10× longer on noisy
    // images (14 s for 0.4 megapixels here) for the same size.
    const png = await sharp(pixels, raw).png({ palette: true, compressionLevel: 9, effort: 1 }).toBuffer();
    if (png.length <= limits.maxBytes) {
      return { data: png, mimeType: 'image/png', width: info.width, height: info.height, bytes: png.length, transformed: `${size}PNG palette (level 9)`, original };
    }
    for (const quality of JPEG_QUALITIES) {
      // JPEG has no alpha: transparent parts become white, as on a page.
      const jpeg = await sharp(pixels, raw).flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
      if (jpeg.length <= limits.maxBytes) {
        return { data: jpeg, mimeType: 'image/jpeg', width: info.width, height: info.height, bytes: jpeg.length, transformed: `${size}JPEG quality ${quality}`, original };
      }
    }
    const edge = Math.min(IMAGE_LAST_RESORT_EDGE, limits.maxLongEdge);
    const { data: last, info: lastInfo } = await sharp(pixels, raw)
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 20 })
      .toBuffer({ resolveWithObject: true });
    return {
      data: last,
      mimeType: 'image/jpeg',
      width: lastInfo.width,
      height: lastInfo.height,
      bytes: last.length,
      transformed: `resized from ${upright.width}×${upright.height} to ${lastInfo.width}×${lastInfo.height}, JPEG quality 20 (last resort)`,
      original,
    };
  } catch (error) {
    throw new ImageDecodeError(error);
  }
}

function mimeOf(format: string): string {
  return SHOWABLE.get(format) ?? (format === 'svg' ? 'image/svg+xml' : `image/${format}`);
}

/** sharp reports an animated image's height as all frames stacked. */
function pageHeight(info: OutputInfo, animated: boolean): number {
  return animated && info.pageHeight ? info.pageHeight : info.height;
}
