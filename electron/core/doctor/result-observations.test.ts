/**
 * Observations are kept in a real file: a run of calls costs one write of it (the
 * inotify events of the write's temporary files are counted), and what a flush writes
 * is the latest of them.
 */
import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolRunResult } from '../../../shared/tool-results';
import { OBSERVATIONS_FILE, ResultObservations } from './result-observations';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-observations-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const result = (sizeBytes: number): ToolRunResult => ({
  callId: `c${sizeBytes}`,
  server: 'srv',
  tool: 'echo',
  content: [{ type: 'text', text: 'x' }],
  outputCheck: { status: 'not-checked', reason: 'no output schema' },
  isError: false,
  durationMs: 1,
  sizeBytes,
});

describe('result observations', () => {
  it('write a burst of calls to the file once, the latest state, when flushed', async () => {
    const observations = new ResultObservations(dir);
    await observations.load();
    // Each write makes its own temporary file next to the real one and renames it into place.
    const temporaries = new Set<string>();
    const watcher = watch(dir, (_event, name) => {
      if (name && name.startsWith(`${OBSERVATIONS_FILE}.`)) temporaries.add(name);
    });
    try {
      for (let i = 1; i <= 50; i++) observations.record(result(i * 10));
      await observations.flush();
      const written = JSON.parse(await fs.readFile(path.join(dir, OBSERVATIONS_FILE), 'utf8')) as { tools: Record<string, { maxResultBytes: number }> };
      expect(Object.values(written.tools).map((tool) => tool.maxResultBytes)).toEqual([500]);
      // The rename's event can trail the write's promise: wait for the one write to be seen.
      await expect.poll(() => temporaries.size).toBe(1);
      expect(observations.of('srv', 'echo')?.maxResultBytes).toBe(500);
    } finally {
      watcher.close();
    }
  });

  it('are read back by a later run', async () => {
    const first = new ResultObservations(dir);
    await first.load();
    first.record(result(42));
    await first.flush();
    const second = new ResultObservations(dir);
    await second.load();
    expect(second.of('srv', 'echo')?.maxResultBytes).toBe(42);
  });
});
