import fs from 'node:fs/promises';
import fc from 'fast-check';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../../shared/domain';
import { processAnyResult, processToolResult, smallToolResult, type PipelineOptions } from './process-result';
import { ResultFileStore } from './result-files';

let dir: string;
let options: PipelineOptions;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-small-result-'));
  options = { files: new ResultFileStore(dir), textLimitBytes: 2048, label: 'echo' };
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const ctx = { callId: 'c1', server: 'lab', tool: 'echo' };
const schema = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] };

const small: Array<[string, ToolCallResult, Record<string, unknown>?]> = [
  ['one short text', { content: [{ type: 'text', text: 'hello from the benchmark' }], isError: false, durationMs: 0.4 }],
  ['no content at all', { content: [], isError: false, durationMs: 1 }],
  ['texts with escapes, multi-byte characters and a lone surrogate', { content: [{ type: 'text', text: 'line "one"\n\\ é 😀 \u0001 \ud800' }, { type: 'text', text: 'x'.repeat(600) }], isError: true, durationMs: 2 }],
  ['structured content that matches the output schema', { content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 }, isError: false, durationMs: 1 }, schema],
  ['structured content that does not', { content: [], structuredContent: { sum: 'three', data: 'short' }, isError: false, durationMs: 1 }, schema],
  ['a tool error without structured content, for a tool with an output schema', { content: [{ type: 'text', text: 'failed' }], isError: true, durationMs: 1 }, schema],
];

const notSmall: Array<[string, ToolCallResult]> = [
  ['a block with annotations', { content: [{ type: 'text', text: 'hi', annotations: { priority: 1 } } as never], isError: false, durationMs: 1 }],
  ['an image block', { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], isError: false, durationMs: 1 }],
  ['a resource link', { content: [{ type: 'resource_link', uri: 'file:///a.txt', name: 'a' } as never], isError: false, durationMs: 1 }],
  ['a text over the limit', { content: [{ type: 'text', text: 'y'.repeat(3000) }], isError: false, durationMs: 1 }],
  ['blocks that each fit but together exceed the raw view', { content: [{ type: 'text', text: 'a'.repeat(1500) }, { type: 'text', text: 'b'.repeat(1500) }], isError: false, durationMs: 1 }],
  ['long base64 under a data key in structured content (shortened in the raw view)', { content: [], structuredContent: { data: 'A'.repeat(200) }, isError: false, durationMs: 1 }],
];

describe('smallToolResult', () => {
  it.each(small)('builds what the whole pipeline builds: %s', async (_name, raw, outputSchema) => {
    const context = outputSchema ? { ...ctx, outputSchema } : ctx;
    const fast = smallToolResult(raw, context, options);
    expect(fast).toBeDefined();
    expect(fast).toStrictEqual(await processAnyResult(raw, context, options));
    expect(await processToolResult(raw, context, options)).toStrictEqual(fast);
  });

  it('builds what the whole pipeline builds for any texts and structured content it takes, at any limit', async () => {
    const block = fc.record({ type: fc.constant('text' as const), text: fc.string({ unit: fc.oneof(fc.constantFrom('a', ' ', '"', '\\', '\n', 'é', '😀', '\ud800'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 700 }) });
    const result = fc.record({ content: fc.array(block, { maxLength: 4 }), structuredContent: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })), { nil: undefined }), isError: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(result, fc.integer({ min: 16, max: 3000 }), async (wire, limit) => {
        const raw = { ...(wire.structuredContent === undefined ? { content: wire.content, isError: wire.isError } : wire), durationMs: 1 } as ToolCallResult;
        const at = { ...options, textLimitBytes: limit };
        const fast = smallToolResult(raw, ctx, at);
        if (fast) expect(fast).toStrictEqual(await processAnyResult(raw, ctx, at));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the raw view and size of the result as sent: its JSON without the duration', () => {
    const raw: ToolCallResult = { content: [{ type: 'text', text: 'é 😀' }], structuredContent: { n: 1 }, isError: false, durationMs: 7 };
    const wire = { content: raw.content, structuredContent: raw.structuredContent, isError: false };
    const fast = smallToolResult(raw, ctx, options)!;
    expect(fast.raw).toEqual({ text: JSON.stringify(wire, null, 2) });
    expect(fast.sizeBytes).toBe(Buffer.byteLength(JSON.stringify(wire)));
    expect(fast.durationMs).toBe(7);
  });

  it.each(notSmall)('leaves the rest to the whole pipeline: %s', async (_name, raw) => {
    expect(smallToolResult(raw, ctx, options)).toBeUndefined();
    // Each saved file has a folder of its own: compared without where the files went.
    expect(withoutFilePaths(await processToolResult(raw, ctx, options))).toEqual(withoutFilePaths(await processAnyResult(raw, ctx, options)));
  });
});

function withoutFilePaths(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === 'path' || key === 'id' ? '(file)' : item)));
}
