/** The one JSON-file helper of the core, on real files in a temporary folder. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonFile } from './json-file';

const Schema = z.looseObject({ count: z.number() });
const empty = () => ({ count: 0 });

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-json-file-'));
  file = path.join(dir, 'state.json');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('JsonFile', () => {
  it('keeps a damaged file of the user\'s: reported, empty, never overwritten', async () => {
    await fs.writeFile(file, '{"count": ');
    const json = new JsonFile(file, Schema, empty);
    expect(await json.read()).toEqual({ count: 0 });
    expect(json.problem).toMatch(/state\.json is not valid JSON .*; fix or remove it to save changes\.$/);
    await expect(json.write({ count: 1 })).rejects.toThrow(/^Not saving: /);
    expect(await fs.readFile(file, 'utf8')).toBe('{"count": ');
  });

  it('replaces a damaged cache on the next write, and treats a file over the size limit as damaged', async () => {
    await fs.writeFile(file, JSON.stringify({ count: 'many' }));
    const cache = new JsonFile(file, Schema, empty, { damaged: 'replace' });
    expect(await cache.read()).toEqual({ count: 0 });
    expect(cache.problem).toBeUndefined();
    await cache.write({ count: 2 });
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ count: 2 });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    await fs.writeFile(file, JSON.stringify({ count: 3, pad: 'x'.repeat(200) }));
    const small = new JsonFile(file, Schema, empty, { maxBytes: 100 });
    expect(await small.read()).toEqual({ count: 0 });
    expect(small.problem).toMatch(/more than the 100 this file may have/);
  });

  it('updates take turns, in one process and, under the lock, across two writers of one file', async () => {
    const one = new JsonFile(file, Schema, empty, { lock: true });
    const two = new JsonFile(file, Schema, empty, { lock: true });
    const increment = (json: JsonFile<{ count: number }>) => json.update(({ count }) => ({ count: count + 1 }));
    await Promise.all(Array.from({ length: 10 }, (_, i) => increment(i % 2 ? one : two)));
    // None lost: each read what the one before it wrote.
    expect(await one.read()).toEqual({ count: 10 });
    // A change that returns nothing writes nothing.
    const before = (await fs.stat(file)).mtimeMs;
    expect(await one.update(() => undefined)).toEqual({ count: 10 });
    expect((await fs.stat(file)).mtimeMs).toBe(before);
    await Promise.all([one.idle(), two.idle()]);
  });
});
