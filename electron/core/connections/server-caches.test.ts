/** How long a result stays fresh from the ttlMs MCP 2026-07-28 servers put on lists and reads. */
import { describe, expect, it } from 'vitest';
import { expiryOf, freshFor, MAX_CACHE_TTL_MS } from './server-caches';

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
