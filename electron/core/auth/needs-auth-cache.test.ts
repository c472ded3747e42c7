import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NEEDS_AUTH_CACHE_FILE, NEEDS_AUTH_TTL_MS, NeedsAuthCache } from './needs-auth-cache';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true }))));

async function cacheAt(clock: { now: number }) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-needs-auth-'));
  dirs.push(dir);
  return { dir, cache: new NeedsAuthCache(dir, { now: () => clock.now }) };
}

describe('the needs-auth cache', () => {
  it('counts an entry for 15 minutes, then no longer', async () => {
    const clock = { now: 1_000_000 };
    const { cache } = await cacheAt(clock);
    await cache.record('remote');
    expect(await cache.recordedAt('remote')).toBe(1_000_000);
    clock.now += NEEDS_AUTH_TTL_MS - 1;
    expect(await cache.recordedAt('remote')).toBe(1_000_000);
    clock.now += 1;
    expect(await cache.recordedAt('remote')).toBeUndefined();
    expect(cache.expiresAt(1_000_000)).toBe(1_000_000 + 15 * 60 * 1000);
  });

  it("is a file in Claude Code's shape; clearing removes the entry; lapsed entries are dropped on write", async () => {
    const clock = { now: 5_000_000 };
    const { dir, cache } = await cacheAt(clock);
    await cache.record('old');
    clock.now += NEEDS_AUTH_TTL_MS;
    await cache.record('new');
    const file = path.join(dir, NEEDS_AUTH_CACHE_FILE);
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ new: { timestamp: clock.now } });
    await cache.clear('new');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({});
  });

  it('a damaged file counts as empty and is replaced on the next write', async () => {
    const clock = { now: 42 };
    const { dir, cache } = await cacheAt(clock);
    const file = path.join(dir, NEEDS_AUTH_CACHE_FILE);
    await fs.writeFile(file, '{ not json');
    expect(await cache.recordedAt('x')).toBeUndefined();
    await cache.record('x');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ x: { timestamp: 42 } });
  });
});
