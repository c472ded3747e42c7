/**
 * `mcp-needs-auth-cache.json` in the app data folder: which servers answered 401, and
 * when. For 15 minutes after that, start-up does not try such a server again (it
 * shows Needs sign-in straight away), so a user who has not signed in yet is not
 * prompted on every start. Signing in (or any successful connection) removes the
 * entry; an entry older than the TTL no longer counts.
 *
 * The shape is Claude Code's: `{ "<server>": { "timestamp": <epoch ms> } }` (the file's
 * handling: util/expiring-json-file.ts).
 */
import path from 'node:path';
import type { ServerName } from '../../../shared/config/server-config';
import { ExpiringJsonFile } from '../util/expiring-json-file';

export const NEEDS_AUTH_CACHE_FILE = 'mcp-needs-auth-cache.json';
export const NEEDS_AUTH_TTL_MS = 15 * 60 * 1000;

interface Entry {
  timestamp: number;
}

export interface NeedsAuthCacheOptions {
  ttlMs?: number;
  /** Injectable for tests. */
  now?: () => number;
}

export class NeedsAuthCache {
  private readonly file: ExpiringJsonFile<Entry>;
  private readonly now: () => number;

  constructor(dataDir: string, options: NeedsAuthCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.file = new ExpiringJsonFile<Entry>(path.join(dataDir, NEEDS_AUTH_CACHE_FILE), {
      ttlMs: options.ttlMs ?? NEEDS_AUTH_TTL_MS,
      now: this.now,
      timeOf: (entry) => entry.timestamp,
      parse: (raw) => {
        const timestamp = (raw as { timestamp?: unknown } | null)?.timestamp;
        return typeof timestamp === 'number' ? { timestamp } : undefined;
      },
    });
  }

  get filePath(): string {
    return this.file.filePath;
  }

  /** When the server was recorded, if that was less than the TTL ago. */
  async recordedAt(server: ServerName): Promise<number | undefined> {
    return (await this.file.get(server))?.timestamp;
  }

  /** When a fresh entry stops counting. */
  expiresAt(timestamp: number): number {
    return this.file.expiresAt(timestamp);
  }

  async record(server: ServerName): Promise<void> {
    await this.file.set(server, { timestamp: this.now() });
  }

  async clear(server: ServerName): Promise<void> {
    await this.file.delete(server);
  }

  /** Every record and clear asked for so far has reached the file. */
  settled(): Promise<void> {
    return this.file.settled();
  }
}
