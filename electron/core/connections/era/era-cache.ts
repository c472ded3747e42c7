/**
 * `protocol-eras.json` in the app data folder: the protocol era Auto found for each
 * server entry, so a server is not probed again on every start (a 2025 stdio server that
 * ignores server/discover would make every start wait out the probe).
 *
 * Keyed by the SHA-256 of the connection's memo key (`${name}-${JSON.stringify(config)}`):
 * a changed entry is detected afresh, and the file holds no command line, header or
 * environment value. A modern verdict keeps the server's discover result, which the SDK
 * connects from with no round trip. A verdict older than the horizon no longer counts (a
 * 2025 server may have been upgraded); Reconnect forgets it at once. The file's handling:
 * util/expiring-json-file.ts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { ExpiringJsonFile } from '../../util/expiring-json-file';

export const ERA_CACHE_FILE = 'protocol-eras.json';
const ERA_VERDICT_HORIZON_MS = 7 * 24 * 60 * 60 * 1000;

export type EraVerdict = { era: 'legacy'; at: number } | { era: 'modern'; version: string; discover: DiscoverResult; at: number };

export interface EraCacheOptions {
  horizonMs?: number;
  /** Injectable for tests. */
  now?: () => number;
}

export class EraCache {
  private readonly file: ExpiringJsonFile<EraVerdict>;
  private readonly now: () => number;

  constructor(dataDir: string, options: EraCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.file = new ExpiringJsonFile<EraVerdict>(path.join(dataDir, ERA_CACHE_FILE), {
      ttlMs: options.horizonMs ?? ERA_VERDICT_HORIZON_MS,
      now: this.now,
      timeOf: (verdict) => verdict.at,
      parse: parseVerdict,
    });
  }

  get filePath(): string {
    return this.file.filePath;
  }

  /** The verdict for this memo key, if it is younger than the horizon. */
  async get(memoKey: string): Promise<EraVerdict | undefined> {
    return this.file.get(hashOf(memoKey));
  }

  async set(memoKey: string, verdict: { era: 'legacy' } | { era: 'modern'; version: string; discover: DiscoverResult }): Promise<void> {
    await this.file.set(hashOf(memoKey), { ...verdict, at: this.now() } as EraVerdict);
  }

  async forget(memoKey: string): Promise<void> {
    await this.file.delete(hashOf(memoKey));
  }
}

function parseVerdict(raw: unknown): EraVerdict | undefined {
  const verdict = raw as Partial<EraVerdict> | null;
  if (!verdict || typeof verdict.at !== 'number') return undefined;
  if (verdict.era === 'legacy') return { era: 'legacy', at: verdict.at };
  if (verdict.era === 'modern' && typeof verdict.version === 'string' && verdict.discover && typeof verdict.discover === 'object') {
    return { era: 'modern', version: verdict.version, discover: verdict.discover, at: verdict.at };
  }
  return undefined;
}

function hashOf(memoKey: string): string {
  return createHash('sha256').update(memoKey).digest('hex');
}
