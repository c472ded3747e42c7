/**
 * A benchmark that fails says why and leaves nothing running. The renderer benchmark
 * starts the real browser host, then Chromium; with CHROMIUM_PATH naming no file, the run
 * must exit 1, print the reason, record it in the JSON, and have stopped the host it
 * started (no process running the built host remains). Needs the build, like harness.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pidsWith } from '../e2e/support/processes';
import type { BenchmarkResult } from './lib/result';

const HOST_ENTRY = path.resolve('out/electron/browser-host.cjs');
let dir: string;
beforeAll(async () => {
  if (!existsSync(HOST_ENTRY)) throw new Error(`${HOST_ENTRY} is missing: run \`npm run build\` first.`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-bench-fail-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('the renderer benchmark without Chromium exits 1, says Chromium is missing, and stops the host it started', { timeout: 180_000 }, async () => {
  const missing = path.join(dir, 'no-chromium-here');
  const out = path.join(dir, 'results.json');
  const hostsBefore = new Set(pidsWith(HOST_ENTRY));
  const child = spawn(process.execPath, ['bench/run.mjs', 'renderer', '--smoke', '--out', out], { env: { ...process.env, CHROMIUM_PATH: missing }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

  expect(code, output).toBe(1);
  const reason = `Chromium was not found at ${missing}: install it, or set CHROMIUM_PATH`;
  expect(output).toContain(`[renderer] failed: Error: ${reason}`);
  const report = JSON.parse(await fs.readFile(out, 'utf8')) as { benchmarks: BenchmarkResult[] };
  expect(report.benchmarks).toMatchObject([{ id: 'renderer', ok: false, error: expect.stringContaining(reason) }]);
  expect(pidsWith(HOST_ENTRY).filter((pid) => !hostsBefore.has(pid))).toEqual([]);
});
