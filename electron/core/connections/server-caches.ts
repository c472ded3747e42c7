/**
 * Per-server caches (tools, resources, prompts, …) that must be dropped together when a
 * server's connection closes. Each is an LRU over servers (20, as the seed's tool
 * cache), so a workbench with many servers does not keep every list forever.
 *
 * A list cache is guarded by generations: asking the server takes a ticket, and the
 * answer is kept only while that ticket is the newest. A "list changed" notice, a close
 * or a newer ask (a Refresh) takes the ticket's place, so an answer that was on its way
 * when the list stopped being true is returned to its caller but never cached.
 */
import { LRUCache } from 'lru-cache';

const SERVER_CACHE_SIZE = 20;

interface Droppable {
  drop(server: string): void;
}

/** Hears each list a cache keeps for a server's connection, as it is kept. */
export type ListStoredListener = (server: string, value: object) => void;

export class ServerCaches {
  private readonly caches = new Set<Droppable>();
  private readonly storedListeners = new Set<ListStoredListener>();

  /**
   * Calls `listener` with every list a list cache keeps (what a connection fetched anyway),
   * so others can use it without asking the server again: the contract watch does.
   */
  onListStored(listener: ListStoredListener): () => void {
    this.storedListeners.add(listener);
    return () => void this.storedListeners.delete(listener);
  }

  /** A new cache keyed by server name, dropped with the others. */
  create<T extends object>(max = SERVER_CACHE_SIZE): LRUCache<string, T> {
    const cache = new LRUCache<string, T>({ max });
    this.caches.add({ drop: (server) => cache.delete(server) });
    return cache;
  }

  /** A new list cache keyed by server name whose writes are guarded by generations (see above). */
  createList<T extends object>(max = SERVER_CACHE_SIZE): GuardedCache<T> {
    const cache = new GuardedCache<T>(max, (server, value) => {
      for (const listener of this.storedListeners) listener(server, value);
    });
    this.caches.add(cache);
    return cache;
  }

  drop(server: string): void {
    for (const cache of this.caches) cache.drop(server);
  }
}

/** A ticket for one ask of the server: `set` keeps the answer only while it is the newest. */
export type CacheTicket = number & { readonly __ticket: unique symbol };

export class GuardedCache<T extends object> {
  private readonly values: LRUCache<string, T>;
  /**
   * The newest ticket per server while an ask is out; one counter for all, so a ticket is
   * never reused. An answer kept or a drop removes the server's entry (every ticket out
   * stops counting when none is newest), so this holds only asks still on their way.
   */
  private readonly newest = new Map<string, number>();
  private counter = 0;

  constructor(
    max = SERVER_CACHE_SIZE,
    private readonly stored: (server: string, value: T) => void = () => undefined,
  ) {
    this.values = new LRUCache<string, T>({ max });
  }

  get(server: string): T | undefined {
    return this.values.get(server);
  }

  /** Call before asking the server; any ticket taken earlier stops counting. */
  begin(server: string): CacheTicket {
    const ticket = ++this.counter;
    this.newest.set(server, ticket);
    return ticket as CacheTicket;
  }

  /** Keeps the answer unless the list changed (or was asked for again) since the ticket was taken. */
  set(server: string, ticket: CacheTicket, value: T): boolean {
    if (this.newest.get(server) !== ticket) return false;
    this.newest.delete(server);
    this.values.set(server, value);
    this.stored(server, value);
    return true;
  }

  /** The list is no longer true (the server said so, or the connection closed): forget it and every ticket out. */
  drop(server: string): void {
    this.values.delete(server);
    this.newest.delete(server);
  }

  /** How many servers have an ask out (what the guard keeps besides the lists themselves). */
  get asksOut(): number {
    return this.newest.size;
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
