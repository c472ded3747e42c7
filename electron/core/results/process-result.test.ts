import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
