/** How long a result stays fresh from the ttlMs MCP 2026-07-28 servers put on lists and reads. */
import { describe, expect, it } from 'vitest';
import { expiryOf, freshFor, MAX_CACHE_TTL_MS, ServerCaches } from './server-caches';

describe('expiryOf', () => {
  it('takes the earliest page, caps a server asking for more than a day, and treats 0 or less as stale at once', () => {
    expect(expiryOf([{ ttlMs: 30_000 }, { ttlMs: 5_000 }], 1_000)).toBe(6_000);
    expect(expiryOf([{ ttlMs: 10 * MAX_CACHE_TTL_MS }], 0)).toBe(MAX_CACHE_TTL_MS);
    expect(expiryOf([{ ttlMs: 0 }], 1_000)).toBe(1_000);
    expect(expiryOf([{ ttlMs: -5 }], 1_000)).toBe(1_000);
  });

  it('has no expiry for results without ttlMs (2025 servers), nor for one that is not a number', () => {
    expect(expiryOf([{}, { resources: [] }])).toBeUndefined();
    expect(expiryOf([{ ttlMs: '30000' }])).toBeUndefined();
  });
});

describe('freshFor', () => {
  it('says how long is left, never less than nothing, and nothing without an expiry', () => {
    expect(freshFor(31_000, 1_000)).toEqual({ cachedFreshForMs: 30_000 });
    expect(freshFor(500, 1_000)).toEqual({ cachedFreshForMs: 0 });
    expect(freshFor(undefined)).toEqual({});
  });
});

describe('GuardedCache (through ServerCaches.createList)', () => {
  it('keeps an answer only while its ticket is the newest: a later ask, a change notice or a drop of all caches wins', () => {
    const caches = new ServerCaches();
    const lists = caches.createList<{ items: string[] }>();
    const older = lists.begin('s');
    const newer = lists.begin('s');
    // The newer ask answers first and is kept; the older one arriving after it is not.
    expect(lists.set('s', newer, { items: ['new'] })).toBe(true);
    expect(lists.set('s', older, { items: ['old'] })).toBe(false);
    expect(lists.get('s')).toEqual({ items: ['new'] });

    const beforeNotice = lists.begin('s');
    lists.drop('s');
    expect(lists.get('s')).toBeUndefined();
    expect(lists.set('s', beforeNotice, { items: ['stale'] })).toBe(false);

    const beforeClose = lists.begin('s');
    const other = lists.begin('t');
    caches.drop('s');
    expect(lists.set('s', beforeClose, { items: ['stale'] })).toBe(false);
    // Another server's ask is not touched.
    expect(lists.set('t', other, { items: ['fine'] })).toBe(true);
  });

  it('keeps nothing per server once its asks are answered or dropped, however many servers came and went', () => {
    const lists = new ServerCaches().createList<{ items: string[] }>(5);
    for (let i = 0; i < 1000; i++) {
      const server = `server-${i}`;
      lists.set(server, lists.begin(server), { items: [] });
      if (i % 2 === 0) lists.drop(server);
    }
    const unanswered = lists.begin('slow');
    expect(lists.asksOut).toBe(1);
    lists.drop('slow');
    expect(lists.set('slow', unanswered, { items: [] })).toBe(false);
    expect(lists.asksOut).toBe(0);
  });
});
