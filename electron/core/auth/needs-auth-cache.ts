/**
 * `mcp-needs-auth-cache.json` in the app data folder: which servers answered 401, and
 * when. For 15 minutes after that, start-up does not try such a server again (it
 * shows Needs sign-in straight away), so a user who has not signed in yet is not
 * prompted on every start. Signing in (or any successful connection) removes the
 * entry; an entry older than the TTL no longer counts.
 *
 * The shape is Claude Code's: `{ "<server>": { "timestamp": <epoch ms> } }`. A file
 * that does not parse counts as empty (it is only a cache) and is replaced on the
 * next write.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ServerName } from '../../../shared/config/server-config';

export const NEEDS_AUTH_CACHE_FILE = 'mcp-needs-auth-cache.json';
export const NEEDS_AUTH_TTL_MS = 15 * 60 * 1000;

type CacheFile = Record<string, { timestamp: number }>;

export interface NeedsAuthCacheOptions {
  ttlMs?: number;
  /** Injectable for tests. */
  now?: () => number;
}

export class NeedsAuthCache {
  readonly filePath: string;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string, options: NeedsAuthCacheOptions = {}) {
    this.filePath = path.join(dataDir, NEEDS_AUTH_CACHE_FILE);
    this.ttlMs = options.ttlMs ?? NEEDS_AUTH_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** When the server was recorded, if that was less than the TTL ago. */
  async recordedAt(server: ServerName): Promise<number | undefined> {
    const file = await this.serialize(() => this.read());
    const timestamp = file[server]?.timestamp;
    if (typeof timestamp !== 'number') return undefined;
    const age = this.now() - timestamp;
    return age >= 0 && age < this.ttlMs ? timestamp : undefined;
  }

  /** When a fresh entry stops counting. */
  expiresAt(timestamp: number): number {
    return timestamp + this.ttlMs;
  }

  async record(server: ServerName): Promise<void> {
    await this.update((file) => {
      file[server] = { timestamp: this.now() };
    });
  }

  async clear(server: ServerName): Promise<void> {
    await this.update((file) => {
      if (!Object.hasOwn(file, server)) return false;
      delete file[server];
    });
  }

  /** `change` returns false when it changed nothing (no write then). Lapsed entries are dropped on every write. */
  private async update(change: (file: CacheFile) => void | false): Promise<void> {
    await this.serialize(async () => {
      const file = await this.read();
      if (change(file) === false) return;
      const now = this.now();
      for (const [name, entry] of Object.entries(file)) if (now - entry.timestamp >= this.ttlMs) delete file[name];
      await fs.mkdir(path.dirname(this.filePath), { recursive: true });
      await writeFileAtomic(this.filePath, `${JSON.stringify(file, null, 2)}\n`);
    });
  }

  private async read(): Promise<CacheFile> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.readFile(this.filePath, 'utf8'));
    } catch {
      return {};
    }
    const out: CacheFile = {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
    for (const [name, entry] of Object.entries(parsed as Record<string, unknown>)) {
      const timestamp = (entry as { timestamp?: unknown } | null)?.timestamp;
      if (typeof timestamp === 'number' && Number.isFinite(timestamp)) out[name] = { timestamp };
    }
    return out;
  }

  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
