/**
 * Files a tool result left behind: whole texts that were cut, original images, audio
 * and binary resources. Each lives in `<app data>/results/<id>/<name>`; everything that
 * reads or opens one is given the id only, so no request can name another path.
 * The folder is pruned to the newest files within MAX_FILES and MAX_BYTES; a result still
 * being saved is never pruned (its folder exists before its file is written).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ResultFileIdSchema, type ResultBytesChunk, type ResultTextChunk } from '../../../shared/api/results';
import { AppError } from '../../../shared/envelope';
import type { ResultFileRef } from '../../../shared/tool-results';
import { logFailure } from '../diagnostics/diagnostics';
import { byteLengthOf } from '../util/long-texts';

export const RESULTS_DIR = 'results';
const MAX_FILES = 500;
const MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Long texts are written a piece at a time, never converted to one buffer as big as they are. */
const WRITE_CHUNK_CHARS = 1024 * 1024;
/** JSON text is gathered into one reused buffer of this size before each write. */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/** Prune after this many saves (and once at start). */
const PRUNE_EVERY = 25;

export interface ResultFile {
  id: string;
  name: string;
  path: string;
  bytes: number;
}

export class ResultFileStore {
  private savesSincePrune = 0;
  /** Ids of the results being saved now: pruning leaves their folders alone. */
  private readonly saving = new Set<string>();

  constructor(
    readonly dir: string,
    private readonly limits = { maxFiles: MAX_FILES, maxBytes: MAX_BYTES },
    /** Masks secret values in a text before it is written (a cut text may quote one past the cut). */
    private readonly maskText: (text: string) => string = (text) => text,
  ) {}

  static inDataDir(dataDir: string, maskText?: (text: string) => string): ResultFileStore {
    return new ResultFileStore(path.join(dataDir, RESULTS_DIR), undefined, maskText);
  }

  /** `pieces`: a long text's pieces (util/long-texts.ts), written one after another, never joined. */
  async save(data: Buffer | string, name: string, mimeType?: string, pieces?: readonly string[]): Promise<ResultFileRef> {
    if (typeof data === 'string') {
      const masked = this.maskText(data);
      // A secret was masked: the pieces hold it still.
      if (masked !== data) pieces = undefined;
      data = masked;
    }
    const text = data;
    const { id, file } = await this.writing(name, async (target) => {
      if (typeof text === 'string' && (pieces || text.length > WRITE_CHUNK_CHARS)) await writeText(target, pieces ?? [text]);
      else await fs.writeFile(target, text, { mode: 0o600 });
    });
    const bytes = typeof data === 'string' ? (pieces ? byteLengthOf(pieces) : Buffer.byteLength(data)) : data.length;
    return { id, name: path.basename(file), path: file, bytes, ...(mimeType ? { mimeType } : {}) };
  }

  /**
   * A new result folder, the file in it written by `write`; the id is marked as being saved
   * until the file is complete, so a prune running meanwhile does not take the folder.
   */
  private async writing(name: string, write: (file: string) => Promise<void>): Promise<{ id: string; file: string }> {
    const id = randomUUID();
    const folder = path.join(this.dir, id);
    const file = path.join(folder, safeName(name));
    this.saving.add(id);
    try {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      await write(file);
    } finally {
      this.saving.delete(id);
    }
    if (++this.savesSincePrune >= PRUNE_EVERY) {
      this.savesSincePrune = 0;
      void this.prune().catch(logFailure('Removing old result files failed'));
    }
    return { id, file };
  }

  /**
   * Saves a JSON text given as parts: plain text, and strings to write as JSON string
   * literals (a 20 MB text inside a result, with its pieces when the reader made it of
   * them), escaped a slice at a time as they are written, so the whole JSON never exists
   * as one string. Each part is masked whole first. Resolves with the file and the text's
   * length in characters.
   */
  async saveJsonParts(parts: ReadonlyArray<string | JsonStringPart>, name: string, mimeType?: string): Promise<{ ref: ResultFileRef; chars: number }> {
    let written = { bytes: 0, chars: 0 };
    const { id, file } = await this.writing(name, async (target) => {
      const handle = await fs.open(target, 'w', 0o600);
      const writer = new TextWriter(handle);
      try {
        for (const part of parts) {
          if (typeof part === 'string') await writer.write(this.maskText(part));
          else {
            const masked = this.maskText(part.jsonString);
            await writer.write('"');
            for (const piece of masked === part.jsonString && part.pieces ? part.pieces : [masked]) await writer.writeEscaped(piece);
            await writer.write('"');
          }
        }
        await writer.flush();
      } finally {
        await handle.close();
      }
      written = { bytes: writer.bytes, chars: writer.chars };
    });
    const { bytes, chars } = written;
    return { ref: { id, name: path.basename(file), path: file, bytes, ...(mimeType ? { mimeType } : {}) }, chars };
  }

  /** The file with this id, or a not-found error. */
  async resolve(id: string): Promise<ResultFile> {
    if (!ResultFileIdSchema.safeParse(id).success) throw new AppError('invalid-request', 'Not a result file id.');
    const folder = path.join(this.dir, id);
    let names: string[];
    try {
      names = await fs.readdir(folder);
    } catch {
      throw new AppError('not-found', 'That result file is gone (result files are pruned, oldest first).');
    }
    const name = names[0];
    if (!name || names.length !== 1) throw new AppError('not-found', 'That result file is gone.');
    const file = path.join(folder, name);
    const stat = await fs.lstat(file);
    // Only a plain file we wrote; a link placed there must not lead elsewhere.
    if (!stat.isFile()) throw new AppError('not-found', 'That result file is gone.');
    return { id, name, path: file, bytes: stat.size };
  }

  async readBytes(id: string, offset: number, length: number): Promise<{ data: Buffer; totalBytes: number }> {
    const file = await this.resolve(id);
    const handle = await fs.open(file.path, 'r');
    try {
      const size = Math.max(0, Math.min(length, file.bytes - offset));
      const data = Buffer.alloc(size);
      const { bytesRead } = size > 0 ? await handle.read(data, 0, size, offset) : { bytesRead: 0 };
      return { data: data.subarray(0, bytesRead), totalBytes: file.bytes };
    } finally {
      await handle.close();
    }
  }

  async readBase64(id: string, offset: number, length: number): Promise<ResultBytesChunk> {
    const { data, totalBytes } = await this.readBytes(id, offset, length);
    return { base64: data.toString('base64'), nextOffset: offset + data.length, totalBytes };
  }

  /** UTF-8 text from `offset`; a character cut by the chunk's end is left for the next read. */
  async readText(id: string, offset: number, length: number): Promise<ResultTextChunk> {
    const { data, totalBytes } = await this.readBytes(id, offset, length);
    const end = offset + data.length >= totalBytes ? data.length : utf8Boundary(data, data.length);
    return { text: data.subarray(0, end).toString('utf8'), nextOffset: offset + end, totalBytes };
  }

  /** Deletes the oldest result folders beyond the limits. */
  async prune(): Promise<void> {
    let ids: string[];
    try {
      ids = await fs.readdir(this.dir);
    } catch {
      return;
    }
    const entries: Array<{ folder: string; time: number; bytes: number }> = [];
    for (const id of ids) {
      if (!ResultFileIdSchema.safeParse(id).success || this.saving.has(id)) continue;
      const folder = path.join(this.dir, id);
      try {
        const names = await fs.readdir(folder);
        let bytes = 0;
        // An empty folder (a save that stopped half-way) is as old as the folder itself, not older than everything.
        let time = (await fs.lstat(folder)).mtimeMs;
        for (const name of names) {
          const stat = await fs.lstat(path.join(folder, name));
          bytes += stat.size;
          time = Math.max(time, stat.mtimeMs);
        }
        entries.push({ folder, time, bytes });
      } catch {
        // Gone meanwhile.
      }
    }
    entries.sort((a, b) => b.time - a.time);
    let total = 0;
    for (const [index, entry] of entries.entries()) {
      total += entry.bytes;
      if (index < this.limits.maxFiles && total <= this.limits.maxBytes) continue;
      // Started meanwhile (a save that began after the folder was listed): not ours to take.
      if (this.saving.has(path.basename(entry.folder))) continue;
      await fs.rm(entry.folder, { recursive: true, force: true });
    }
  }
}

/** The largest end ≤ `end` that does not split a UTF-8 sequence. */
export function utf8Boundary(buffer: Buffer, end: number): number {
  let i = end;
  // Step back over continuation bytes (10xxxxxx) to the lead byte of the last character.
  let back = 0;
  while (i > 0 && back < 4 && ((buffer[i - 1] ?? 0) & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i === 0) return end;
  const lead = buffer[i - 1] ?? 0;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  // The last character is complete when its lead byte and all continuation bytes fit.
  return need === back + 1 ? end : i - 1;
}

/** A file name that is safe on every platform and cannot climb out of its folder. */
export function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 120);
  return cleaned || 'result';
}

/** A string to write as a JSON string literal, with its pieces when the reader made it of them. */
export interface JsonStringPart {
  jsonString: string;
  pieces?: readonly string[];
}

/** Characters JSON.stringify writes as escapes (surrogates: it escapes lone ones). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as a JSON string literal, in slices (quotes first and last), never splitting a
 * surrogate pair. A slice with nothing to escape is handed out as it is (a view of the
 * text, no copy), so writing plain text makes no garbage.
 */
export function* jsonStringSlices(text: string, sliceChars = WRITE_CHUNK_CHARS): Generator<string> {
  yield '"';
  for (const slice of textSlices(text, sliceChars)) yield NEEDS_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice;
  yield '"';
}

/** A text in slices of at most `sliceChars`, never splitting a surrogate pair. */
function* textSlices(text: string, sliceChars: number): Generator<string> {
  if (text.length <= sliceChars) {
    yield text;
    return;
  }
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + sliceChars, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield text.slice(start, end);
    start = end;
  }
}

/**
 * Writes a long text (or its pieces) a slice at a time. A file handle's write encodes a
 * string into a buffer of its own that is freed as soon as the write is done; a Buffer
 * made here would linger until the next garbage collection.
 */
async function writeText(file: string, pieces: readonly string[]): Promise<void> {
  const handle = await fs.open(file, 'w', 0o600);
  try {
    for (const piece of pieces) for (const slice of textSlices(piece, WRITE_CHUNK_CHARS)) await handle.write(slice);
  } finally {
    await handle.close();
  }
}

/** The letter of each control character JSON writes as a two-character escape (\b \t \n \f \r). */
const SHORT_ESCAPES: ReadonlyMap<number, number> = new Map([
  [0x08, 0x62],
  [0x09, 0x74],
  [0x0a, 0x6e],
  [0x0c, 0x66],
  [0x0d, 0x72],
]);
const HEX_DIGITS = Buffer.from('0123456789abcdef');

/**
 * Gathers JSON text into one reused buffer, written when full: one write per megabyte.
 * A long string is escaped straight into the buffer, a character at a time, as
 * JSON.stringify escapes it: escaping it by JSON.stringify, even a slice at a time, made
 * garbage as big as the text, which grew the young generation by as much.
 */
class TextWriter {
  private readonly buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  private filled = 0;
  bytes = 0;
  chars = 0;

  constructor(private readonly handle: fs.FileHandle) {}

  async write(text: string): Promise<void> {
    if (text.length === 0) return;
    const bytes = Buffer.byteLength(text);
    this.bytes += bytes;
    this.chars += text.length;
    if (this.filled + bytes > this.buffer.length) await this.flush();
    if (bytes > this.buffer.length) await this.handle.write(text);
    else this.filled += this.buffer.write(text, this.filled);
  }

  /** The inside of a JSON string literal for `text` (JSON.stringify's escapes, UTF-8). */
  async writeEscaped(text: string): Promise<void> {
    const out = this.buffer;
    // The most one character (or a surrogate pair) can take.
    const room = out.length - 12;
    let at = this.filled;
    let chars = 0;
    for (let i = 0; i < text.length; i++) {
      if (at > room) {
        this.bytes += at - this.filled;
        this.filled = at;
        await this.flush();
        at = 0;
      }
      const code = text.charCodeAt(i);
      if (code >= 0x20 && code < 0x80) {
        if (code === 0x22 || code === 0x5c) {
          out[at++] = 0x5c;
          chars++;
        }
        out[at++] = code;
        chars++;
      } else if (code < 0x20) {
        const letter = SHORT_ESCAPES.get(code);
        out[at++] = 0x5c;
        if (letter !== undefined) {
          out[at++] = letter;
          chars += 2;
        } else {
          at = unicodeEscape(out, at, code);
          chars += 6;
        }
      } else if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
        chars++;
      } else if (code >= 0xd800 && code <= 0xdfff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          out[at++] = 0xf0 | (point >> 18);
          out[at++] = 0x80 | ((point >> 12) & 0x3f);
          out[at++] = 0x80 | ((point >> 6) & 0x3f);
          out[at++] = 0x80 | (point & 0x3f);
          chars += 2;
          i++;
        } else {
          // A lone surrogate: JSON.stringify writes it as \udxxx.
          out[at++] = 0x5c;
          at = unicodeEscape(out, at, code);
          chars += 6;
        }
      } else {
        out[at++] = 0xe0 | (code >> 12);
        out[at++] = 0x80 | ((code >> 6) & 0x3f);
        out[at++] = 0x80 | (code & 0x3f);
        chars++;
      }
    }
    this.bytes += at - this.filled;
    this.chars += chars;
    this.filled = at;
  }

  async flush(): Promise<void> {
    let written = 0;
    while (written < this.filled) written += (await this.handle.write(this.buffer, written, this.filled - written)).bytesWritten;
    this.filled = 0;
  }
}

/** Writes `uXXXX` (lowercase hex, after the backslash already written) for a code unit; returns the new end. */
function unicodeEscape(out: Buffer, at: number, code: number): number {
  out[at++] = 0x75;
  out[at++] = HEX_DIGITS[(code >> 12) & 0xf]!;
  out[at++] = HEX_DIGITS[(code >> 8) & 0xf]!;
  out[at++] = HEX_DIGITS[(code >> 4) & 0xf]!;
  out[at++] = HEX_DIGITS[code & 0xf]!;
  return at;
}
