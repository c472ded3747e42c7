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
