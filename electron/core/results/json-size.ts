/**
 * The UTF-8 size of `JSON.stringify(value)`, counted without building the string: for a
 * 20 MB text result the string would be 20 MB more memory just to learn its length.
 * Short strings are measured the plain way; long ones are scanned for the characters
 * JSON escapes.
 */
import type { PiecesOf } from '../util/long-texts';

const SCAN_FROM_CHARS = 4096;

/** `piecesOf`: the pieces of long strings the reader made (util/long-texts.ts), scanned a piece at a time. */
export function jsonByteLength(value: unknown, piecesOf?: PiecesOf): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string': {
      const pieces = piecesOf && value.length >= SCAN_FROM_CHARS ? piecesOf(value) : undefined;
      // Each piece measured as a string of its own: its quotes counted once.
      if (pieces) return pieces.reduce((bytes, piece) => bytes + stringByteLength(piece) - 2, 2);
      return stringByteLength(value);
    }
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return Buffer.byteLength(JSON.stringify(value));
      if (Array.isArray(value)) {
        let bytes = 2 + Math.max(0, value.length - 1);
        for (const item of value) bytes += omitted(item) ? 4 : jsonByteLength(item, piecesOf);
        return bytes;
      }
      let bytes = 2;
      let members = 0;
      // Keys, not entries: no pair array per member (this runs for every result and history entry).
      for (const key of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[key];
        if (omitted(item)) continue;
        bytes += (members++ > 0 ? 1 : 0) + stringByteLength(key) + 1 + jsonByteLength(item, piecesOf);
      }
      return bytes;
    }
    default:
      // undefined, functions and symbols: JSON.stringify leaves them out.
      return 0;
  }
}

/** Values JSON.stringify drops from objects (and writes as null in arrays). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function stringByteLength(text: string): number {
  if (text.length < SCAN_FROM_CHARS) return plainAsciiLength(text) ?? Buffer.byteLength(JSON.stringify(text));
  // Quotes, plus what escaping adds to the UTF-8 of the characters themselves.
  let extra = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) extra += 1; // \" \\
    else if (code < 0x20) extra += code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 1 : 5; // \n or \u00XX
    else if (code >= 0xd800 && code <= 0xdfff) {
      const pair = code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (pair) i++;
      // A lone surrogate is written as \uXXXX (6 bytes), where UTF-8 counts it as U+FFFD (3).
      else extra += 3;
    }
  }
  return Buffer.byteLength(text) + extra;
}

/**
 * A short string of printable ASCII with nothing to escape (keys, types, most short texts)
 * is its length plus the quotes, counted without making its JSON; undefined for any other.
 */
function plainAsciiLength(text: string): number | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return undefined;
  }
  return text.length + 2;
}
