/**
 * A small JSON file of entries that lapse: a cache the app keeps in its data folder
 * (`mcp-needs-auth-cache.json`, `protocol-eras.json`). Each entry carries the time it was
 * made; one older than the TTL no longer counts and is dropped on the next write. A file
 * that does not parse counts as empty (it is only a cache) and is replaced on the next
 * write; entries that do not have their shape are skipped. Reads and writes of one file
 * are serialized, and every write is atomic.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { diagnostics } from '../diagnostics/diagnostics';

export interface ExpiringJsonFileOptions<T> {
  ttlMs: number;
  /** When the entry was made (epoch ms). */
  timeOf: (entry: T) => number;
  /** The entry as stored, checked: undefined when it does not have the shape. */
  parse: (raw: unknown) => T | undefined;
  /** Injectable for tests. */
  now?: () => number;
}

export class ExpiringJsonFile<T> {
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly filePath: string,
    private readonly options: ExpiringJsonFileOptions<T>,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The entry, if it is younger than the TTL. */
  async get(key: string): Promise<T | undefined> {
    const entry = (await this.serialize(() => this.read()))[key];
    return entry !== undefined && this.fresh(entry) ? entry : undefined;
  }

  async set(key: string, entry: T): Promise<void> {
    await this.update((file) => {
      file[key] = entry;
    });
  }

  async delete(key: string): Promise<void> {
    await this.update((file) => {
      if (!Object.hasOwn(file, key)) return false;
      delete file[key];
    });
  }

  /** When an entry made at `time` stops counting. */
  expiresAt(time: number): number {
    return time + this.options.ttlMs;
  }

  private fresh(entry: T): boolean {
    const age = this.now() - this.options.timeOf(entry);
    return age >= 0 && age < this.options.ttlMs;
  }

  /** `change` returns false when it changed nothing (no write then). Lapsed entries are dropped on every write. */
  private async update(change: (file: Record<string, T>) => void | false): Promise<void> {
    await this.serialize(async () => {
      const file = await this.read();
      if (change(file) === false) return;
      for (const [key, entry] of Object.entries(file)) if (!this.fresh(entry)) delete file[key];
      await fs.mkdir(path.dirname(this.filePath), { recursive: true });
      await writeFileAtomic(this.filePath, `${JSON.stringify(file, null, 2)}\n`);
    });
  }

  private async read(): Promise<Record<string, T>> {
    // No prototype: a key such as "__proto__" in the file is an entry like any other.
    const out = Object.create(null) as Record<string, T>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.readFile(this.filePath, 'utf8'));
    } catch (error) {
      // Missing is the usual case; damaged or unreadable is worth a line.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') diagnostics.warn(`${this.filePath} could not be read; starting it afresh`, error);
      return out;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
    for (const [key, raw] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = this.options.parse(raw);
      if (entry !== undefined && Number.isFinite(this.options.timeOf(entry))) out[key] = entry;
    }
    return out;
  }

  /** Resolves once every change asked for so far is on disk (or failed): shutdown waits on it. */
  async settled(): Promise<void> {
    await this.queue;
  }

  private serialize<R>(task: () => Promise<R>): Promise<R> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
