import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ExpiringJsonFile } from './expiring-json-file';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function file(now: () => number) {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-expiring-'));
  return new ExpiringJsonFile<{ at: number }>(path.join(dir, 'cache.json'), {
    ttlMs: 1000,
    now,
    timeOf: (entry) => entry.at,
    parse: (raw) => (typeof (raw as { at?: unknown } | null)?.at === 'number' ? { at: (raw as { at: number }).at } : undefined),
  });
}

describe('ExpiringJsonFile', () => {
  it('keeps entries for their TTL, drops lapsed ones on the next write, and treats "__proto__" as a key like any other', async () => {
    let now = 0;
    const cache = await file(() => now);
    await cache.set('__proto__', { at: 0 });
    await cache.set('a', { at: 0 });
    expect(await cache.get('__proto__')).toEqual({ at: 0 });
    now = 1000;
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('b', { at: 1000 });
    expect(Object.keys(JSON.parse(await fs.readFile(cache.filePath, 'utf8')))).toEqual(['b']);
  });

  it('reads a file that does not parse, or entries without their shape, as absent', async () => {
    const cache = await file(() => 0);
    await fs.writeFile(cache.filePath, '{ not json');
    expect(await cache.get('a')).toBeUndefined();
    await fs.writeFile(cache.filePath, JSON.stringify({ a: { at: 'soon' }, b: { at: 0 } }));
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toEqual({ at: 0 });
  });
});
