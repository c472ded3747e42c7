/**
 * A small JSON file of entries that lapse: a cache the app keeps in its data folder
 * (`mcp-needs-auth-cache.json`, `protocol-eras.json`). Each entry carries the time it was
 * made; one older than the TTL no longer counts and is dropped on the next write. A file
 * that does not parse counts as empty (it is only a cache) and is replaced on the next
 * write; entries that do not have their shape are skipped. Reads and writes of one file
 * take turns, and every write is atomic (the JsonFile underneath).
 */
import { JsonFile, JsonObjectSchema } from './json-file';

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
  private readonly file: JsonFile<Record<string, unknown>>;

  constructor(
    readonly filePath: string,
    private readonly options: ExpiringJsonFileOptions<T>,
  ) {
    this.now = options.now ?? Date.now;
    this.file = new JsonFile(filePath, JsonObjectSchema, () => ({}), { damaged: 'replace', mode: 0o644 });
  }

  /** The entry, if it is younger than the TTL. */
  async get(key: string): Promise<T | undefined> {
    // A read that changes nothing, in turn with the writes: it sees every write asked for before it.
    const entry = this.entriesOf(await this.file.update(() => undefined))[key];
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
    await this.file.update((raw) => {
      const file = this.entriesOf(raw);
      if (change(file) === false) return undefined;
      for (const [key, entry] of Object.entries(file)) if (!this.fresh(entry)) delete file[key];
      return file;
    });
  }

  /** The entries that have their shape, in an object without a prototype (a key such as "__proto__" is an entry like any other). */
  private entriesOf(raw: Record<string, unknown>): Record<string, T> {
    const out = Object.create(null) as Record<string, T>;
    for (const [key, value] of Object.entries(raw)) {
      const entry = this.options.parse(value);
      if (entry !== undefined && Number.isFinite(this.options.timeOf(entry))) out[key] = entry;
    }
    return out;
  }

  /** Resolves once every change asked for so far is on disk (or failed): shutdown waits on it. */
  settled(): Promise<void> {
    return this.file.idle();
  }
}
