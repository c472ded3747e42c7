import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinPieces, takePieces } from '../util/long-texts';
import { processToolResult } from './process-result';
import { ResultFileStore } from './result-files';

let dir: string;
let files: ResultFileStore;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-process-result-'));
  files = new ResultFileStore(dir);
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const ctx = { callId: 'c1', server: 'lab', tool: 'annotated' };

describe('processToolResult', () => {
  it('keeps each block’s annotations and the raw JSON of the result, with long base64 shortened', async () => {
    const data = Buffer.alloc(600, 7).toString('base64');
    const result = await processToolResult(
      {
        content: [
          { type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.9, unknown: true } } as never,
          { type: 'audio', data, mimeType: 'audio/wav' },
        ],
        isError: false,
        durationMs: 5,
      },
      ctx,
      { files, textLimitBytes: 64 * 1024, label: 'annotated' },
    );
    expect(result.content[0]).toEqual({ type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.9 } });
    expect(result.content[1]).not.toHaveProperty('annotations');
    const raw = JSON.parse(result.raw!.text);
    expect(raw.content[0]).toEqual({ type: 'text', text: 'hi', annotations: { audience: ['user'], priority: 0.9, unknown: true } });
    expect(raw.content[1].data).toMatch(/^.{40}… \(800 base64 characters\)$/);
    expect(raw).not.toHaveProperty('durationMs');
    expect(result.raw!.truncated).toBeUndefined();
  });

  it('cuts a long raw JSON like long text, the whole in a file', async () => {
    const text = 'z'.repeat(5000);
    const result = await processToolResult({ content: [{ type: 'text', text }], isError: false, durationMs: 1 }, ctx, { files, textLimitBytes: 2048, label: 'long' });
    expect(result.raw!.truncated?.totalBytes).toBeGreaterThan(5000);
    expect(JSON.parse(await fs.readFile(result.raw!.truncated!.file.path, 'utf8')).content[0].text).toBe(text);
  });

  it('writes the raw JSON of a result with a long text in parts: the file is the whole pretty JSON, masked, the view its start', async () => {
    const masking = new ResultFileStore(dir, undefined, (text) => text.replaceAll('tok-SECRET-123', '••••••'));
    // Escapes, multi-byte characters and a surrogate pair on every line; the secret straddles no slice (it is masked whole).
    const text = `${'line "one" \\ é 😀 \u0001\n'.repeat(200_000)}tok-SECRET-123 at the end`;
    const wire = { content: [{ type: 'text', text }, { type: 'text', text: 'short' }], structuredContent: { note: 'small' }, isError: false };
    const result = await processToolResult({ ...wire, durationMs: 3 }, ctx, { files: masking, textLimitBytes: 64 * 1024, label: 'long' });
    const whole = JSON.stringify(wire, null, 2).replace('tok-SECRET-123', '••••••');
    const truncated = result.raw!.truncated!;
    expect(await fs.readFile(truncated.file.path, 'utf8')).toBe(whole);
    expect(truncated).toMatchObject({ totalChars: whole.length, totalBytes: Buffer.byteLength(whole) });
    expect(truncated.file.bytes).toBe(Buffer.byteLength(whole));
    expect(whole.startsWith(result.raw!.text)).toBe(true);
    expect(truncated.shownBytes).toBe(Buffer.byteLength(result.raw!.text));
    expect(truncated.shownBytes).toBeLessThanOrEqual(64 * 1024);
    expect(truncated.shownBytes).toBeGreaterThan(60 * 1024);
  });

  it('measures, cuts and saves a long text made of pieces without joining them: the same result as for a plain string', async () => {
    const line = 'line "two" \\ é 😀 \u0001\n';
    // Pieces as the stdio reader makes them (a megabyte each, one a lone surrogate), some 24 MB in all.
    // (Each made flat, by way of a Buffer: repeat() and templates make ropes of their own.)
    const pieces = Array.from({ length: 12 }, (_, i) => Buffer.from(`${i}:${line.repeat(Math.floor((1024 * 1024) / line.length))}`).toString());
    pieces.splice(5, 0, '\ud800');
    const plainText = pieces.join('');
    const wire = { content: [{ type: 'text' as const, text: joinPieces(pieces) }], isError: false };
    // Big strings live in V8's large-object spaces (young and old: a scavenge moves them from one to the other).
    const largeObjects = () => v8.getHeapSpaceStatistics().reduce((bytes, space) => bytes + (/^(new_)?large_object_space$/.test(space.space_name) ? space.space_used_size : 0), 0);
    // Garbage from earlier tests collected first, so a collection during the call cannot hide what it made.
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
    const before = largeObjects();
    const result = await processToolResult({ ...wire, durationMs: 1 }, ctx, { files, textLimitBytes: 64 * 1024, label: 'pieces' });
    // Reading the rope's characters anywhere would have flattened it into a copy of all the
    // pieces, kept alive by the rope (which this test still holds).
    expect(largeObjects() - before).toBeLessThan(4 * 1024 * 1024);
    expect(takePieces(wire.content[0]!.text)).toBeUndefined();

    const plain = await processToolResult({ content: [{ type: 'text', text: plainText }], isError: false, durationMs: 1 }, ctx, { files, textLimitBytes: 64 * 1024, label: 'plain' });
    const block = result.content[0] as { text: string; truncated: { file: { path: string; bytes: number } } };
    const plainBlock = plain.content[0] as typeof block;
    expect(block.text).toBe(plainBlock.text);
    expect({ ...block.truncated, file: undefined }).toEqual({ ...plainBlock.truncated, file: undefined });
    expect(block.truncated.file.bytes).toBe(Buffer.byteLength(plainText));
    expect(await fs.readFile(block.truncated.file.path, 'utf8')).toBe(Buffer.from(plainText).toString('utf8'));
    expect(result.sizeBytes).toBe(Buffer.byteLength(JSON.stringify(wire)));
    expect(result.sizeBytes).toBe(plain.sizeBytes);
    expect(result.raw!.text).toBe(plain.raw!.text);
    expect(await fs.readFile(result.raw!.truncated!.file.path, 'utf8')).toBe(JSON.stringify(wire, null, 2));
  });
});
