/**
 * The messages between the core and its image worker (image-worker.ts): one request per
 * image to fit, one answer per request, matched by id. Pixels travel as bytes (Node's
 * "advanced" IPC serialization and Electron's structured clone both carry Uint8Array).
 */
import type { FittedImage, ImageLimits } from './image-pipeline';

export interface FitRequest {
  id: number;
  input: Uint8Array;
  limits?: ImageLimits;
}

export type FitAnswer =
  /** `data` absent: the image was kept as it came (the input's own bytes, not sent back). */
  | { id: number; ok: true; image: Omit<FittedImage, 'data'> & { data?: Uint8Array } }
  /** `decode`: the image could not be read (an ImageDecodeError), as opposed to the worker failing. */
  | { id: number; ok: false; message: string; decode: boolean };

/** Bytes that arrived over IPC as a Buffer, without copying them. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
