/**
 * `protocol-eras.json` in the app data folder: the protocol era Auto found for each
 * server entry, so a server is not probed again on every start (a 2025 stdio server that
 * ignores server/discover would make every start wait out the probe).
 *
 * Keyed by the SHA-256 of the connection's memo key (`${name}-${JSON.stringify(config)}`):
 * a changed entry is detected afresh, and the file holds no command line, header or
 * environment value. A modern verdict keeps the server's discover result, which the SDK
 * connects from with no round trip. A verdict older than the horizon no longer counts (a
 * 2025 server may have been upgraded); Reconnect forgets it at once. A file that does
 * not parse counts as empty (it is only a cache) and is replaced on the next write.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { DiscoverResult } from '@modelcontextprotocol/client';

export const ERA_CACHE_FILE = 'protocol-eras.json';
export const ERA_VERDICT_HORIZON_MS = 7 * 24 * 60 * 60 * 1000;

export type EraVerdict = { era: 'legacy'; at: number } | { era: 'modern'; version: string; discover: DiscoverResult; at: number };

type CacheFile = Record<string, EraVerdict>;

export interface EraCacheOptions {
  horizonMs?: number;
  /** Injectable for tests. */
  now?: () => number;
}

export class EraCache {
  readonly filePath: string;
  private readonly horizonMs: number;
  private readonly now: () => number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string, options: EraCacheOptions = {}) {
    this.filePath = path.join(dataDir, ERA_CACHE_FILE);
    this.horizonMs = options.horizonMs ?? ERA_VERDICT_HORIZON_MS;
    this.now = options.now ?? Date.now;
  }

  /** The verdict for this memo key, if it is younger than the horizon. */
  async get(memoKey: string): Promise<EraVerdict | undefined> {
    const verdict = (await this.serialize(() => this.read()))[hashOf(memoKey)];
    return verdict && this.fresh(verdict) ? verdict : undefined;
  }

  async set(memoKey: string, verdict: { era: 'legacy' } | { era: 'modern'; version: string; discover: DiscoverResult }): Promise<void> {
    await this.update((file) => {
      file[hashOf(memoKey)] = { ...verdict, at: this.now() } as EraVerdict;
    });
  }

  async forget(memoKey: string): Promise<void> {
    await this.update((file) => {
      const key = hashOf(memoKey);
      if (!Object.hasOwn(file, key)) return false;
      delete file[key];
    });
  }

  private fresh(verdict: EraVerdict): boolean {
    const age = this.now() - verdict.at;
    return age >= 0 && age < this.horizonMs;
  }

  /** `change` returns false when it changed nothing (no write then). Lapsed verdicts are dropped on every write. */
  private async update(change: (file: CacheFile) => void | false): Promise<void> {
    await this.serialize(async () => {
      const file = await this.read();
      if (change(file) === false) return;
      for (const [key, verdict] of Object.entries(file)) if (!this.fresh(verdict)) delete file[key];
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
    for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
      const verdict = entry as Partial<EraVerdict> | null;
      if (!verdict || typeof verdict.at !== 'number' || !Number.isFinite(verdict.at)) continue;
      if (verdict.era === 'legacy') out[key] = { era: 'legacy', at: verdict.at };
      else if (verdict.era === 'modern' && typeof verdict.version === 'string' && verdict.discover && typeof verdict.discover === 'object') {
        out[key] = { era: 'modern', version: verdict.version, discover: verdict.discover, at: verdict.at };
      }
    }
    return out;
  }

  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function hashOf(memoKey: string): string {
  return createHash('sha256').update(memoKey).digest('hex');
}
