/**
 * Files a tool result left behind: whole texts that were cut, original images, audio
 * and binary resources. Each lives in `<app data>/results/<id>/<name>`; everything that
 * reads or opens one is given the id only, so no request can name another path.
 * The folder is pruned to the newest files within MAX_FILES and MAX_BYTES.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ResultFileIdSchema, type ResultBytesChunk, type ResultTextChunk } from '../../../shared/api/results';
import { AppError } from '../../../shared/envelope';
import type { ResultFileRef } from '../../../shared/tool-results';
import { logFailure } from '../diagnostics/diagnostics';

export const RESULTS_DIR = 'results';
export const MAX_FILES = 500;
export const MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** Long texts are written a piece at a time, never converted to one buffer as big as they are. */
const WRITE_CHUNK_CHARS = 1024 * 1024;
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

  constructor(
    readonly dir: string,
    private readonly limits = { maxFiles: MAX_FILES, maxBytes: MAX_BYTES },
    /** Masks secret values in a text before it is written (a cut text may quote one past the cut). */
    private readonly maskText: (text: string) => string = (text) => text,
  ) {}

  static inDataDir(dataDir: string, maskText?: (text: string) => string): ResultFileStore {
    return new ResultFileStore(path.join(dataDir, RESULTS_DIR), undefined, maskText);
  }

  async save(data: Buffer | string, name: string, mimeType?: string): Promise<ResultFileRef> {
    if (typeof data === 'string') data = this.maskText(data);
    const id = randomUUID();
    const folder = path.join(this.dir, id);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, safeName(name));
    if (typeof data === 'string' && data.length > WRITE_CHUNK_CHARS) await writeText(file, data);
    else await fs.writeFile(file, data, { mode: 0o600 });
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (++this.savesSincePrune >= PRUNE_EVERY) {
      this.savesSincePrune = 0;
      void this.prune().catch(logFailure('Removing old result files failed'));
    }
    return { id, name: path.basename(file), path: file, bytes, ...(mimeType ? { mimeType } : {}) };
  }

  /**
   * Saves a JSON text given as parts: plain text, and strings to write as JSON string
   * literals (a 20 MB text inside a result), escaped a slice at a time as they are written,
   * so the whole JSON never exists as one string. Each part is masked whole first.
   * Resolves with the file and the text's length in characters.
   */
  async saveJsonParts(parts: ReadonlyArray<string | { jsonString: string }>, name: string, mimeType?: string): Promise<{ ref: ResultFileRef; chars: number }> {
    const id = randomUUID();
    const folder = path.join(this.dir, id);
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, safeName(name));
    const handle = await fs.open(file, 'w', 0o600);
    let bytes = 0;
    let chars = 0;
    const write = async (text: string) => {
      if (text.length === 0) return;
      bytes += Buffer.byteLength(text);
      chars += text.length;
      await handle.write(text);
    };
    try {
      for (const part of parts) {
        if (typeof part === 'string') await write(this.maskText(part));
        else for (const slice of jsonStringSlices(this.maskText(part.jsonString))) await write(slice);
      }
    } finally {
      await handle.close();
    }
    if (++this.savesSincePrune >= PRUNE_EVERY) {
      this.savesSincePrune = 0;
      void this.prune().catch(logFailure('Removing old result files failed'));
    }
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
      if (!ResultFileIdSchema.safeParse(id).success) continue;
      const folder = path.join(this.dir, id);
      try {
        const names = await fs.readdir(folder);
        let bytes = 0;
        let time = 0;
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
      if (index >= this.limits.maxFiles || total > this.limits.maxBytes) await fs.rm(entry.folder, { recursive: true, force: true });
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

/**
 * Writes a long text a piece at a time (never splitting a surrogate pair). A file
 * handle's write encodes a string into a buffer of its own that is freed as soon as the
 * write is done; a Buffer made here would linger until the next garbage collection.
 */
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
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + sliceChars, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const slice = text.slice(start, end);
    yield NEEDS_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice;
    start = end;
  }
  yield '"';
}

async function writeText(file: string, text: string): Promise<void> {
  const handle = await fs.open(file, 'w', 0o600);
  try {
    for (let start = 0; start < text.length; ) {
      let end = Math.min(start + WRITE_CHUNK_CHARS, text.length);
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
      await handle.write(text.slice(start, end));
      start = end;
    }
  } finally {
    await handle.close();
  }
}
