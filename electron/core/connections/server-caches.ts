/**
 * Per-server caches (tools, resources, prompts, …) that must be dropped together when a
 * server's connection closes. Each is an LRU over servers (20, as the seed's tool
 * cache), so a workbench with many servers does not keep every list forever.
 */
import { LRUCache } from 'lru-cache';

export const SERVER_CACHE_SIZE = 20;

export class ServerCaches {
  private readonly caches = new Set<LRUCache<string, object>>();

  /** A new cache keyed by server name, dropped with the others. */
  create<T extends object>(max = SERVER_CACHE_SIZE): LRUCache<string, T> {
    const cache = new LRUCache<string, T>({ max });
    this.caches.add(cache as unknown as LRUCache<string, object>);
    return cache;
  }

  drop(server: string): void {
    for (const cache of this.caches) cache.delete(server);
  }
}

/** A server cannot keep an answer fresh for longer than this (as the SDK caps it). */
export const MAX_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * When answers stop being fresh, from the `ttlMs` MCP 2026-07-28 puts on list and read
 * results (the earliest of several pages; 0 or less: stale at once). `undefined` when none
 * carries one (a 2025 server): lists are then kept until the server says they changed,
 * and reads are not kept at all.
 */
export function expiryOf(results: readonly object[], now = Date.now()): number | undefined {
  const ttls = results.map((result) => (result as { ttlMs?: unknown }).ttlMs).filter((ttl): ttl is number => typeof ttl === 'number' && Number.isFinite(ttl));
  if (ttls.length === 0) return undefined;
  return now + Math.min(Math.max(0, Math.min(...ttls)), MAX_CACHE_TTL_MS);
}

/** How long a cached answer stays fresh, for the UI ("cached, fresh for N s"); undefined when it has no TTL. */
export function freshFor(expiresAt: number | undefined, now = Date.now()): { cachedFreshForMs: number } | Record<string, never> {
  return expiresAt === undefined ? {} : { cachedFreshForMs: Math.max(0, expiresAt - now) };
}
