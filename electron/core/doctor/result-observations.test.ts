/**
 * The doctor's observations on real files: a burst of calls is one write, not one each,
 * and nothing recorded is lost when the app shuts down (flush).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolRunResult } from '../../../shared/tool-results';
import { JsonFile } from '../util/json-file';
import { OBSERVATIONS_FILE, ResultObservations } from './result-observations';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-observations-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(dir, { recursive: true, force: true });
});

const result = (tool: string, sizeBytes: number): ToolRunResult => ({
  callId: `c-${tool}-${sizeBytes}`,
  server: 'lab',
  tool,
  content: [{ type: 'text', text: 'ok' }],
  structured: { value: { n: sizeBytes } },
  outputCheck: { status: 'valid' },
  isError: false,
  durationMs: 1,
  sizeBytes,
});

describe('ResultObservations', () => {
  it('writes a burst of calls in one go, later, and loses none of them on flush', async () => {
    const observations = new ResultObservations(dir);
    await observations.load();
    const written = vi.spyOn(JsonFile.prototype, 'write');
    for (let i = 1; i <= 500; i++) observations.record(result(i % 2 ? 'odd' : 'even', i));
    // Recorded synchronously: no write can have run yet (each call used to start one).
    expect(written).not.toHaveBeenCalled();
    await expect(fs.access(path.join(dir, OBSERVATIONS_FILE))).rejects.toThrow();
    written.mockRestore();
    expect(observations.of('lab', 'odd')).toMatchObject({ maxResultBytes: 499, structured: { n: 499 }, output: 'valid' });

    // Counted, still written to the real file.
    const writes = vi.spyOn(JsonFile.prototype, 'write');
    await observations.flush();
    expect(writes).toHaveBeenCalledTimes(1);
    const again = new ResultObservations(dir);
    await again.load();
    expect(again.of('lab', 'odd')).toMatchObject({ maxResultBytes: 499, structured: { n: 499 }, output: 'valid' });
    expect(again.of('lab', 'even')).toMatchObject({ maxResultBytes: 500, structured: { n: 500 } });
  });

  it('keeps the largest image by its longer side, the first of equals, across blocks and embedded resources, and through results without one', async () => {
    const observations = new ResultObservations(dir);
    const image = (width: number, height: number, bytes: number) => ({ type: 'image' as const, original: { width, height, bytes, mimeType: 'image/png' } });
    const withImages: ToolRunResult = {
      ...result('pictures', 10),
      content: [image(300, 200, 3000), { type: 'resource', uri: 'file:///big.png', image: image(100, 900, 9001) }, image(900, 10, 1)],
    };
    observations.record(withImages);
    expect(observations.of('lab', 'pictures')?.maxImage).toEqual({ width: 100, height: 900, base64Bytes: 12004 });
    observations.record(result('pictures', 5));
    expect(observations.of('lab', 'pictures')?.maxImage).toEqual({ width: 100, height: 900, base64Bytes: 12004 });
    observations.record({ ...result('pictures', 5), content: [image(1000, 1000, 3)] });
    expect(observations.of('lab', 'pictures')?.maxImage).toEqual({ width: 1000, height: 1000, base64Bytes: 4 });
    expect(observations.of('lab', 'odd')).toBeUndefined();
    await observations.flush();
  });
});
