import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cutText, TextBudget } from './truncate';
import { ResultFileStore, safeName, utf8Boundary } from './result-files';
import { youngAllocationDuring } from '../util/young-allocation.testing';

const dirs: string[] = [];
async function store(limits?: { maxFiles: number; maxBytes: number }): Promise<ResultFileStore> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-results-'));
  dirs.push(dir);
  return new ResultFileStore(dir, limits);
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('cutText', () => {
  it('leaves text within the limit alone', () => {
    expect(cutText('hello', 100)).toEqual({ shown: 'hello', shownBytes: 5, totalBytes: 5, cut: false });
    const exact = 'é'.repeat(50); // 100 bytes
    expect(cutText(exact, 100).cut).toBe(false);
  });

  it('cuts at the byte limit without splitting a character', () => {
    const text = `${'a'.repeat(9)}€€€`; // € is 3 bytes: 9 + 9 = 18 bytes
    const cut = cutText(text, 11);
    expect(cut).toMatchObject({ shown: 'aaaaaaaaa', shownBytes: 9, totalBytes: 18, cut: true });
    const emoji = '😀'.repeat(10); // 4 bytes each
    expect(cutText(emoji, 10)).toMatchObject({ shown: '😀😀', shownBytes: 8, cut: true });
  });

  it('cuts 20 MB to the first 100 KB quickly', () => {
    const text = 'x'.repeat(20 * 1024 * 1024);
    const cut = cutText(text, 100 * 1024);
    expect(cut.shown.length).toBe(100 * 1024);
    expect(cut.totalBytes).toBe(20 * 1024 * 1024);
  });

  it('shares one budget among the blocks of a result', () => {
    const budget = new TextBudget(100_000, 150_000);
    expect(budget.next()).toBe(100_000);
    budget.spend(100_000);
    expect(budget.next()).toBe(50_000);
    budget.spend(50_000);
    expect(budget.next()).toBe(1024);
  });
});

describe('utf8Boundary', () => {
  it('never ends inside a multi-byte sequence', () => {
    const bytes = Buffer.from('a€b😀');
    for (let end = 0; end <= bytes.length; end++) {
      const boundary = utf8Boundary(bytes, end);
      expect(boundary).toBeLessThanOrEqual(end);
      expect(Buffer.from(bytes.subarray(0, boundary).toString('utf8')).equals(bytes.subarray(0, boundary))).toBe(true);
    }
  });
});

describe('ResultFileStore', () => {
  it('saves under an id, reads text in chunks that never split a character', async () => {
    const files = await store();
    const text = '€'.repeat(1000);
    const ref = await files.save(text, 'big.txt', 'text/plain');
    expect(ref).toMatchObject({ name: 'big.txt', bytes: 3000, mimeType: 'text/plain' });
    expect(ref.path.startsWith(files.dir)).toBe(true);
    let offset = 0;
    let joined = '';
    while (offset < ref.bytes) {
      const chunk = await files.readText(ref.id, offset, 1000);
      joined += chunk.text;
      expect(chunk.nextOffset).toBeGreaterThan(offset);
      offset = chunk.nextOffset;
    }
    expect(joined).toBe(text);
    const bytes = await files.readBase64(ref.id, 0, 6);
    expect(Buffer.from(bytes.base64, 'base64').toString()).toBe('€€');
  });

  it('writes JSON parts with each long string escaped exactly as JSON.stringify escapes it, across megabytes and pieces', async () => {
    const files = await store();
    // Every kind of character: ASCII, quote, backslash, every control character, DEL, 2- and 3-byte UTF-8, a pair, lone surrogates.
    const every = `a"b\\c${Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('')}\u007fé€😀\ud800x\udc00\udbff`;
    const long = every.repeat(Math.ceil((2.5 * 1024 * 1024) / every.length));
    const pieces = [long.slice(0, 1_000_000), '\ud83d', long.slice(1_000_000)];
    const text = pieces.join('');
    const { ref, chars } = await files.saveJsonParts(['{"text": ', { jsonString: text, pieces }, ', "plain": ', { jsonString: every }, '}'], 'parts.json', 'application/json');
    const expected = `{"text": ${JSON.stringify(text)}, "plain": ${JSON.stringify(every)}}`;
    expect(await fs.readFile(ref.path, 'utf8')).toBe(expected);
    expect(chars).toBe(expected.length);
    expect(ref.bytes).toBe(Buffer.byteLength(expected));
  });

  it('escapes a long string into the file without garbage as big as the text', async () => {
    const files = await store();
    const text = Buffer.from('line "one": the quick brown fox\n'.repeat(250_000)).toString();
    let saved: { ref: { path: string } } | undefined;
    const young = await youngAllocationDuring(async () => (saved = await files.saveJsonParts([{ jsonString: text }], 'escaped.json')));
    expect(await fs.readFile(saved!.ref.path, 'utf8')).toBe(JSON.stringify(text));
    expect(young).toBeLessThan(1024 * 1024);
  });

  it('only ever resolves ids, never paths', async () => {
    const files = await store();
    await expect(files.resolve('../../etc/passwd')).rejects.toThrow('Not a result file id');
    await expect(files.resolve('00000000-0000-0000-0000-000000000000')).rejects.toThrow('gone');
    expect(safeName('../../evil name.txt')).not.toMatch(/[/\\]/);
    expect(safeName('..')).toBe('result');
  });

  it('prunes the oldest files beyond the limits', async () => {
    const files = await store({ maxFiles: 2, maxBytes: 1_000_000 });
    const refs = [];
    for (let i = 0; i < 4; i++) {
      const ref = await files.save(`file ${i}`, `f${i}.txt`);
      await fs.utimes(ref.path, new Date(), new Date(Date.now() + i * 1000));
      refs.push(ref);
    }
    await files.prune();
    await expect(files.resolve(refs[0]!.id)).rejects.toThrow('gone');
    await expect(files.resolve(refs[1]!.id)).rejects.toThrow('gone');
    expect((await files.resolve(refs[3]!.id)).name).toBe('f3.txt');
  });
});
