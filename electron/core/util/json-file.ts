/**
 * A small JSON document in the app data folder, the one way the core keeps one: parsed
 * with a zod schema, written atomically (0600 by default), one write at a time, and
 * optionally changed under the file's lock across processes (the app, a browser host and
 * the CLI may share one data folder). A file that is too large, does not parse or does not
 * have its shape is reported, never thrown; what happens next depends on what it holds:
 * - `damaged: 'keep'` (the default): the user's data, maybe written by hand: it counts as
 *   empty, `problem` says why, and it is never overwritten;
 * - `damaged: 'replace'`: a cache or a record the app can do without: it counts as empty,
 *   the diagnostic log says why, and the next write replaces it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { diagnostics } from '../diagnostics/diagnostics';
import { withFileLock } from './file-lock';
import { SerialQueue } from './serial-queue';
import { failure } from '../../../shared/errors';

/** Larger than any file the core writes by far: a file beyond it is not ours to read whole. */
const DEFAULT_MAX_JSON_FILE_BYTES = 16 * 1024 * 1024;

/** Any JSON object, as parsed: its keys kept as they are (zod's record would drop "__proto__"). */
export const JsonObjectSchema = z.custom<Record<string, unknown>>((value) => value !== null && typeof value === 'object' && !Array.isArray(value), { message: 'must hold a JSON object' });

export interface JsonFileOptions {
  damaged?: 'keep' | 'replace';
  /** Hold the file's cross-process lock while `update` reads, changes and writes. */
  lock?: boolean;
  /** A larger file is treated as damaged. */
  maxBytes?: number;
  mode?: number;
  /** The mode of the folder when the write creates it (default: the process's umask). */
  dirMode?: number;
  /**
   * false: the write is not flushed to the disk before the rename (still atomic: a reader
   * sees the old file or the new one). For files only another run of the app reads after
   * this one crashed, which the system's cache serves just as well; only a power loss
   * could lose the last write, and with it what the file was for.
   */
  flush?: boolean;
}

export class JsonFile<T> {
  private problemText: string | undefined;
  private readonly writes = new SerialQueue();

  constructor(
    readonly filePath: string,
    private readonly schema: z.ZodType<T>,
    private readonly empty: () => T,
    private readonly options: JsonFileOptions = {},
  ) {}

  /** Why the file is not used (only with `damaged: 'keep'`). */
  get problem(): string | undefined {
    return this.problemText;
  }

  async read(): Promise<T> {
    let text: string;
    try {
      const stat = await fs.stat(this.filePath);
      const max = this.options.maxBytes ?? DEFAULT_MAX_JSON_FILE_BYTES;
      if (stat.size > max) return this.damaged(`is ${stat.size} bytes, more than the ${max} this file may have`);
      text = await fs.readFile(this.filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.empty();
      if (this.options.damaged === 'replace') return this.damaged(`could not be read (${(error as Error).message})`);
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return this.damaged(`is not valid JSON (${(error as Error).message})`);
    }
    const parsed = this.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.damaged(`: ${issue?.path.join('.') || 'file'}: ${issue?.message}`);
    }
    return parsed.data;
  }

  /** Writes after the writes asked for before it (the last one asked for is what stays). */
  write(value: T): Promise<void> {
    return this.writes.run(() => this.save(value));
  }

  /**
   * Reads the file as it is now, changes it and writes it back, after the writes before it
   * and (with `lock`) holding the lock, so another process's change in between is kept.
   * `change` returns undefined to leave the file as it is. Resolves with the file's value.
   */
  update(change: (current: T) => T | undefined): Promise<T> {
    return this.writes.run(async () => {
      const run = async () => {
        const current = await this.read();
        const next = change(current);
        if (next === undefined) return current;
        await this.save(next);
        return next;
      };
      if (!this.options.lock) return run();
      await fs.mkdir(path.dirname(this.filePath), { recursive: true });
      return withFileLock(this.filePath, run);
    });
  }

  /** Resolves once every write asked for so far is done. */
  idle(): Promise<void> {
    return this.writes.idle();
  }

  private async save(value: T): Promise<void> {
    if (this.problemText) throw failure('invalid-input', `Not saving: ${this.problemText}`);
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const write = async () => {
      await fs.mkdir(path.dirname(this.filePath), { recursive: true, ...(this.options.dirMode !== undefined ? { mode: this.options.dirMode } : {}) });
      await writeFileAtomic(this.filePath, text, { mode: this.options.mode ?? 0o600, ...(this.options.flush === false ? { fsync: false } : {}) });
    };
    // Another process may remove the (then empty) folder between the two steps: once more.
    await write().catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? write() : Promise.reject(error)));
  }

  private damaged(what: string): T {
    const text = `${this.filePath}${what.startsWith(':') ? '' : ' '}${what}`;
    if (this.options.damaged === 'replace') diagnostics.info(`${text}; starting it afresh`);
    else this.problemText = `${text}; fix or remove it to save changes.`;
    return this.empty();
  }
}
