/**
 * Pruning the result files: the newest within the limits stay, and a result being saved
 * while a prune runs is never taken, whatever the prune finds in its folder at that moment.
 * Real files; the save is held half-way (its folder made, its file not yet written) by a
 * gate on the file write.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Gate } from '../../../tests/support/gate';
import { ResultFileStore } from './result-files';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-result-files-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('pruning result files', () => {
  it('keeps the newest within the limit', async () => {
    const store = new ResultFileStore(dir, { maxFiles: 2, maxBytes: 1024 * 1024 });
    const refs = [];
    for (const text of ['first', 'second', 'third']) {
      refs.push(await store.save(text, 'result.txt'));
      // Each a little newer than the one before, whatever the file system's time resolution.
      await fs.utimes(refs.at(-1)!.path, new Date(), new Date(Date.now() + refs.length * 1000));
    }
    await store.prune();
    await expect(store.resolve(refs[0]!.id)).rejects.toThrow(/gone/);
    expect((await store.resolve(refs[2]!.id)).bytes).toBe(5);
  });

  it('never takes a result that is being saved: its folder is there, its file not yet', async () => {
    const store = new ResultFileStore(dir, { maxFiles: 1, maxBytes: 1024 * 1024 });
    const older = await store.save('older', 'older.txt');
    // A minute older, so "newest first" cannot tie with the next save (mtimes can be equal).
    const earlier = new Date(Date.now() - 60_000);
    await fs.utimes(older.path, earlier, earlier);
    await fs.utimes(path.dirname(older.path), earlier, earlier);
    const written = new Gate();
    const writing = new Gate();
    const write = fs.writeFile;
    vi.spyOn(fs, 'writeFile').mockImplementationOnce(async (...args: Parameters<typeof fs.writeFile>) => {
      writing.open();
      await written.passed;
      return write(...args);
    });
    const saving = store.save('newer', 'newer.txt');
    await writing.passed;

    await store.prune();
    written.open();
    const newer = await saving;
    expect(await fs.readFile(newer.path, 'utf8')).toBe('newer');
    // The older one is still within the limit until the next prune, when the new one counts.
    await store.prune();
    await expect(store.resolve(older.id)).rejects.toThrow(/gone/);
    expect((await store.resolve(newer.id)).bytes).toBe(5);
  });
});
