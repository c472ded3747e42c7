/**
 * The HTML load report opened in Chromium from its file: the built CLI's `load --html`
 * against the load-target fixture (a stdio process), every chart drawn by the inline uPlot
 * (a canvas of non-zero size in each), and no console error — a CSP that refused the inline
 * scripts or style would show as one.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { fixtureServer } from '../fixtures/paths';
import { runBuiltCli } from '../../tests/support/built-cli';

test('load report: the self-contained HTML file draws its charts with no console error', async ({ page }) => {
  test.setTimeout(90_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcpwb-load-report-'));
  try {
    const file = path.join(dir, 'report.html');
    const target = `"${process.execPath}" "${fixtureServer('load-target')}" --delay-ms 10`;
    const run = await runBuiltCli(['load', '--stdio', target, '--tool', 'work', '--concurrency', '2', '--duration', '3500ms', '--budget', 'p95<=1ms', '--html', file], { home: dir, killAfterMs: 60_000 });
    // The budget cannot be met by a 10 ms tool: exit 1, and the report says so.
    expect(run.code, run.stderr).toBe(1);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href);
    await expect(page.getByRole('heading', { name: 'Load report: load-target' })).toBeVisible();
    const charts = page.getByRole('img');
    // Latency and throughput always; CPU and memory of the stdio server the run started.
    await expect(charts).toHaveCount(4);
    for (const chart of await charts.all()) {
      const canvas = chart.locator('canvas');
      await expect(canvas).toHaveCount(1);
      const box = await canvas.boundingBox();
      expect(box?.width, (await chart.getAttribute('aria-label')) ?? 'a chart').toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(50);
    }
    await expect(page.getByRole('cell', { name: 'MISSED' })).toBeVisible();
    expect(Number(await charts.first().getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
