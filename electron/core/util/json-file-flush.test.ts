/**
 * `flush: false` writes without the flush to the disk (write-file-atomic's fsync), still
 * through a temporary file and a rename; by default every write is flushed. The real
 * write-file-atomic runs; the spy only records the options it was given.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { JsonFile } from './json-file';

const calls = vi.hoisted(() => [] as Array<Record<string, unknown> | undefined>);
vi.mock('write-file-atomic', async (importOriginal) => {
  const real = (await importOriginal<{ default: (file: string, data: string, options?: Record<string, unknown>) => Promise<void> }>()).default;
  return {
    default: (file: string, data: string, options?: Record<string, unknown>) => {
      calls.push(options);
      return real(file, data, options);
    },
  };
});

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  calls.length = 0;
});

it('a file written with flush: false is not flushed to the disk, and reads back whole', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-json-flush-'));
  const Schema = z.looseObject({ n: z.number() });
  const quick = new JsonFile(path.join(dir, 'quick.json'), Schema, () => ({ n: 0 }), { flush: false });
  const durable = new JsonFile(path.join(dir, 'durable.json'), Schema, () => ({ n: 0 }));
  await quick.write({ n: 1 });
  await durable.write({ n: 2 });
  expect(calls.map((options) => options?.fsync)).toEqual([false, undefined]);
  expect(await new JsonFile(path.join(dir, 'quick.json'), Schema, () => ({ n: 0 })).read()).toEqual({ n: 1 });
  expect((await fs.readdir(dir)).sort()).toEqual(['durable.json', 'quick.json']);
});
