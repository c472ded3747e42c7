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
});
