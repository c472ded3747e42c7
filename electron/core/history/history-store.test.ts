import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_FILE, HistoryStore, MAX_ARGUMENT_BYTES, type NewHistoryEntry } from './history-store';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-history-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const call = (i: number): NewHistoryEntry => ({ time: i, server: 's', tool: `t${i}`, fullName: `mcp__s__t${i}`, arguments: { i }, outcome: 'ok', summary: `call ${i}`, durationMs: 1 });
const linesOnDisk = async () => (await fs.readFile(path.join(dir, HISTORY_FILE), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line).tool as string);

describe('HistoryStore', () => {
  it.skipIf(process.platform === 'win32')('after a write cut short by a full disk, the next entry is kept: the torn half line is cut off first', async () => {
    const file = path.join(dir, HISTORY_FILE);
    const before = new HistoryStore(dir);
    await before.load();
    before.add(call(1));
    await before.flush();
    // A real write that runs out of room: a process allowed 1 KB of file size appends a
    // 4 KB line, and the kernel stores what fits (EFBIG for the rest), as a full disk does.
    const line = `${JSON.stringify({ ...call(2), id: 'torn', summary: 'x'.repeat(4000) })}\n`;
    const cut = spawnSync('/bin/sh', ['-c', `ulimit -f 1; exec "${process.execPath}" -e "require('fs').appendFileSync(process.argv[1], process.argv[2])" "${file}" '${line}'`]);
    expect(cut.stderr.toString()).toMatch(/EFBIG|File too large/);
    const torn = await fs.readFile(file, 'utf8');
    expect(torn.endsWith('\n')).toBe(false);

    const after = new HistoryStore(dir);
    await after.load();
    const kept = after.add(call(3));
    await after.flush();
    expect(await linesOnDisk()).toEqual(['t1', 't3']);
    const reread = new HistoryStore(dir);
    await reread.load();
    expect(reread.list().map((entry) => entry.id)).toEqual([kept.id, expect.any(String)]);
  });

  it('lists an entry at once and writes a burst of calls in order, each line once', async () => {
    const store = new HistoryStore(dir);
    await store.load();
    const entries = Array.from({ length: 50 }, (_, i) => store.add(call(i)));
    expect(store.list({ limit: 1 })[0]?.id).toBe(entries[49]!.id);
    await store.flush();
    expect(await linesOnDisk()).toEqual(entries.map((entry) => entry.tool));

    const again = new HistoryStore(dir);
    await again.load();
    expect(again.list({ limit: 100 }).map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id).reverse());
  });

  it('keeps the newest entries and compacts the file; a clear drops lines not yet written', async () => {
    const store = new HistoryStore(dir, 10);
    await store.load();
    for (let i = 0; i < 35; i++) store.add(call(i));
    await store.flush();
    const lines = await linesOnDisk();
    expect(lines.length).toBeLessThanOrEqual(20);
    expect(lines.slice(-10)).toEqual(Array.from({ length: 10 }, (_, i) => `t${25 + i}`));
    expect(store.list().map((entry) => entry.tool)).toEqual(Array.from({ length: 10 }, (_, i) => `t${34 - i}`));

    store.add(call(100));
    const cleared = store.clear();
    store.add(call(101));
    await cleared;
    await store.flush();
    expect(await linesOnDisk()).toEqual(['t101']);
  });

  it('compacts the file with each kept line as it was first written, serializing only the entries never written', async () => {
    const store = new HistoryStore(dir, 10);
    await store.load();
    for (let i = 0; i < 15; i++) store.add(call(i));
    await store.flush();
    const appended = (await fs.readFile(path.join(dir, HISTORY_FILE), 'utf8')).split('\n').filter(Boolean);
    const serialized: unknown[] = [];
    const stringify = JSON.stringify;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((value: unknown, replacer?: (string | number)[] | null, space?: string | number) => {
      serialized.push(value);
      return stringify(value, replacer, space);
    });
    // 21 lines would be more than twice the limit: the kept ten are written afresh.
    const added = Array.from({ length: 6 }, (_, i) => store.add(call(15 + i)));
    await store.flush();
    spy.mockRestore();
    const compacted = (await fs.readFile(path.join(dir, HISTORY_FILE), 'utf8')).split('\n').filter(Boolean);
    expect(compacted).toHaveLength(10);
    expect(compacted.slice(0, 4)).toEqual(appended.slice(-4));
    expect(compacted.slice(4).map((line) => JSON.parse(line).tool)).toEqual(added.map((entry) => entry.tool));
    expect(serialized.filter((value) => added.includes(value as never))).toHaveLength(6);
    expect(serialized.filter((value) => typeof value === 'object' && value !== null && 'outcome' in value && !added.includes(value as never))).toEqual([]);
  });

  it('keeps no arguments bigger than the limit, measured without serializing them, and writes the entry as listed', async () => {
    const store = new HistoryStore(dir);
    await store.load();
    // Multi-byte characters: the limit is on the UTF-8 bytes of the JSON, not on characters.
    const chars = Math.floor(MAX_ARGUMENT_BYTES / 3);
    const big = store.add({ ...call(1), arguments: { text: '€'.repeat(chars) } });
    const small = store.add({ ...call(2), arguments: { text: '€'.repeat(chars - 10) } });
    expect(big).toMatchObject({ arguments: {}, argumentsTooLarge: true });
    expect(small.argumentsTooLarge).toBeUndefined();
    expect((small.arguments.text as string).length).toBe(chars - 10);
    await store.flush();
    const lines = (await fs.readFile(path.join(dir, HISTORY_FILE), 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(lines).toEqual([big, small]);
  });

  it('loses no entry added just before shutdown: flush() writes what waits for the timer', async () => {
    const store = new HistoryStore(dir);
    await store.load();
    const entries = Array.from({ length: 300 }, (_, i) => store.add(call(i)));
    // No timer has fired yet (the calls above are synchronous): everything is still waiting.
    await store.flush();
    expect(await linesOnDisk()).toEqual(entries.map((entry) => entry.tool));
  });
});
