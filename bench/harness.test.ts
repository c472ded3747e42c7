/**
 * The benchmark harness must not rot unnoticed: `npm run bench --smoke` runs every
 * benchmark on a tiny configuration (a few calls, 3 servers, 50 tools, one page load)
 * and must produce a table and a JSON report with a finite value for every figure. No
 * goal is judged here: smoke numbers mean nothing, and tests never assert timings.
 * Needs the build (`npm test` builds first): the browser benchmarks run the built host.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { benchmarkIds } from './build-bench.mjs';
import type { BenchmarkResult } from './lib/result';

let dir: string;
beforeAll(async () => {
  for (const built of ['out/electron/browser-host.cjs', 'out/renderer/index.html']) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-bench-smoke-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('runs every benchmark on a tiny configuration, prints the table and writes the JSON', { timeout: 300_000 }, async () => {
  const out = path.join(dir, 'results.json');
  const child = spawn(process.execPath, ['bench/run.mjs', '--smoke', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, `${stdout}\n${stderr}`).toBe(0);

  const report = JSON.parse(await fs.readFile(out, 'utf8')) as { mode: string; machine: { cpus: number }; benchmarks: BenchmarkResult[] };
  expect(report.mode).toBe('smoke');
  expect(report.machine.cpus).toBeGreaterThan(0);
  expect(report.benchmarks.map((b) => b.id)).toEqual(benchmarkIds());
  for (const result of report.benchmarks) {
    expect(result.ok, `${result.id}: ${result.error}`).toBe(true);
    expect(result.figures.length, result.id).toBeGreaterThan(0);
    for (const figure of result.figures) {
      expect(Number.isFinite(figure.value), `${result.id} · ${figure.label}`).toBe(true);
      expect(stdout).toContain(figure.label);
    }
  }
  expect(stdout).toMatch(/benchmark\s+figure\s+value\s+goal\s+result/);
  expect(stdout).toContain('SMOKE RUN');
});
