/**
 * 8. Renderer, in Chromium against the real browser host (built renderer, out/renderer):
 * - The JavaScript the first screen loads, gzipped: index.html's module scripts and
 *   everything they import statically (lazily loaded chunks such as the JSON editor
 *   do not count). Goal ≤ 500 KB. Checked against what Chromium actually fetched while
 *   the first screen loaded; all of the build's JavaScript is the baseline.
 * - Time to first paint and first contentful paint (Paint Timing API), each page load
 *   in a fresh browser context, versus a blank page (one line of text) served from
 *   127.0.0.1 in the same browser, in turns. Reported, no goal.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { benchmark } from '../lib/bench-main';
import { launchChromium, startBenchHost } from '../lib/browser';
import { interleave } from '../lib/interleave';
import { allScripts, firstScreenScripts } from '../lib/module-graph';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';

const KB = 1024;
const BLANK_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body><p>A blank page.</p></body></html>';

interface Paint {
  firstPaint: number;
  firstContentfulPaint: number;
}

/** Loads the URL in a fresh context and reads the paint entries once contentful paint happened. */
async function paintTimes(browser: Browser, url: string): Promise<Paint> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    const handle = await page.waitForFunction(
      () => {
        const entries = (globalThis as unknown as { performance: { getEntriesByType(t: string): Array<{ name: string; startTime: number }> } }).performance.getEntriesByType('paint');
        const time = (name: string) => entries.find((entry) => entry.name === name)?.startTime;
        const fcp = time('first-contentful-paint');
        return fcp === undefined ? undefined : { firstPaint: time('first-paint') ?? fcp, firstContentfulPaint: fcp };
      },
      undefined,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue())!;
  } finally {
    await context.close();
  }
}

benchmark({
  id: 'renderer',
  title: 'Renderer: first-screen JavaScript (gzipped) and time to first paint in Chromium',
  async run(ctx) {
    const rounds = ctx.smoke ? 1 : 10;
    const rendererDir = path.resolve('out', 'renderer');
    const firstScreen = await firstScreenScripts(rendererDir);
    const everything = await allScripts(rendererDir);
    const sum = (files: typeof firstScreen) => files.reduce((total, file) => total + file.gzipBytes, 0);

    const blank = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(BLANK_PAGE));
    await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve));
    const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`;
    const bench = await startBenchHost({});
    // Whatever fails from here on, the host (and the browser, once started) is stopped.
    let started: Browser | undefined;
    try {
      const browser = (started = await launchChromium());
      // What Chromium fetches for the first screen, to check the module graph against.
      const context = await browser.newContext();
      const page = await context.newPage();
      const fetched = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') fetched.add(path.relative('/', new URL(response.url()).pathname));
      });
      await page.goto(bench.host.url);
      await page.getByRole('heading', { name: 'MCP Workbench' }).waitFor({ timeout: 60_000 });
      await context.close();
      const counted = new Set(firstScreen.map((file) => file.file));
      const unexpected = [...fetched].filter((file) => !counted.has(file));
      const notFetched = [...counted].filter((file) => !fetched.has(file));

      const app: Paint[] = [];
      const baseline: Paint[] = [];
      await interleave(
        {
          app: async () => {
            app.push(await paintTimes(browser, bench.host.url));
            return 0;
          },
          blank: async () => {
            baseline.push(await paintTimes(browser, blankUrl));
            return 0;
          },
        },
        { rounds, warmupRounds: ctx.smoke ? 0 : 1, onRound: (n) => n % 5 === 0 && ctx.log(`${n} of ${rounds} page loads each`) },
      );
      // The warm-up round's loads are not samples.
      const appLoads = app.slice(-rounds);
      const blankLoads = baseline.slice(-rounds);
      const fp = summarize(appLoads.map((p) => p.firstPaint));
      const fcp = summarize(appLoads.map((p) => p.firstContentfulPaint));
      const blankFp = summarize(blankLoads.map((p) => p.firstPaint));
      const blankFcp = summarize(blankLoads.map((p) => p.firstContentfulPaint));
      const notes: string[] = [];
      if (unexpected.length > 0) notes.push(`Chromium also fetched ${unexpected.join(', ')} for the first screen; the module graph missed it.`);
      if (notFetched.length > 0) notes.push(`The module graph counts ${notFetched.join(', ')}, which Chromium did not fetch.`);
      return {
        figures: [
          figure({
            id: 'first-screen-js-kb',
            label: 'JavaScript loaded for the first screen, gzipped',
            value: round(sum(firstScreen) / KB, 1),
            unit: 'KB',
            goal: { max: 500 },
            subject: { label: `first screen: ${firstScreen.map((file) => file.file).join(', ')}`, unit: 'KB', value: round(sum(firstScreen) / KB, 1) },
            baseline: { label: `all of the build's JavaScript (${everything.length} files, lazy chunks included)`, unit: 'KB', value: round(sum(everything) / KB, 1) },
          }),
          figure({
            id: 'first-paint-ms',
            label: 'first paint (median)',
            value: round(fp.median, 1),
            unit: 'ms',
            subject: { label: 'MCP Workbench, first paint', unit: 'ms', summary: roundSummary(fp, 1) },
            baseline: { label: 'blank page, first paint', unit: 'ms', summary: roundSummary(blankFp, 1) },
          }),
          figure({
            id: 'first-contentful-paint-ms',
            label: 'first contentful paint (median)',
            value: round(fcp.median, 1),
            unit: 'ms',
            subject: { label: 'MCP Workbench, first contentful paint', unit: 'ms', summary: roundSummary(fcp, 1) },
            baseline: { label: 'blank page, first contentful paint', unit: 'ms', summary: roundSummary(blankFcp, 1) },
          }),
          figure({ id: 'first-paint-vs-blank-ms', label: 'first contentful paint, app − blank page (median)', value: round(fcp.median - blankFcp.median, 1), unit: 'ms' }),
        ],
        details: { firstScreen, allScripts: everything, fetchedByChromium: [...fetched], pageLoads: rounds },
        notes,
      };
    } finally {
      await started?.close();
      await bench.close();
      blank.close();
    }
  },
});
