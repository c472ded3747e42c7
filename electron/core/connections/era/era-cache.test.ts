import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERA_CACHE_FILE, EraCache } from './era-cache';

let dir: string;
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the era cache', () => {
  it('keeps verdicts per memo key in a file (hashed keys), until the horizon; forget drops one', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-era-cache-'));
    let now = 1_000;
    const cache = new EraCache(dir, { horizonMs: 100, now: () => now });
    const secretKey = 'api-{"command":"run","env":{"TOKEN":"s3cret"}}';
    const discover = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } } as never;
    await cache.set(secretKey, { era: 'modern', version: '2026-07-28', discover });
    await cache.set('other', { era: 'legacy' });
    // A new instance reads the same file.
    expect(await new EraCache(dir, { horizonMs: 100, now: () => now }).get(secretKey)).toEqual({ era: 'modern', version: '2026-07-28', discover, at: 1_000 });
    const text = await fs.readFile(path.join(dir, ERA_CACHE_FILE), 'utf8');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('other');

    await cache.forget('other');
    expect(await cache.get('other')).toBeUndefined();
    now += 100;
    expect(await cache.get(secretKey)).toBeUndefined();
  });

  it('counts a file that does not parse as empty, and replaces it on the next write', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-era-cache-'));
    await fs.writeFile(path.join(dir, ERA_CACHE_FILE), '{ not json');
    const cache = new EraCache(dir);
    expect(await cache.get('x')).toBeUndefined();
    await cache.set('x', { era: 'legacy' });
    expect(await cache.get('x')).toMatchObject({ era: 'legacy' });
  });
});
