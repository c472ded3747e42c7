/**
 * 4. Large tool lists, in Chromium against the real browser host: a server with 2,000
 * tools (tool-lab --many 2000) versus one with a few (tool-lab alone, some 20 tools),
 * connected one at a time, in turns.
 * - List: from the listTools answer arriving on the page's WebSocket to the first
 *   painted frame showing all the tools (goal ≤ 300 ms).
 * - Keystroke: from a key pressed in the tool search box to the first painted frame
 *   with the filtered list; both typing a first character (2,000 → the matches) and
 *   deleting it again (back to 2,000). The figure is the slower of the two medians
 *   (goal ≤ 50 ms).
 * Timing is taken inside the page (bench/lib/page-probe.ts).
 */
import type { Browser, Page } from '@playwright/test';
import { waitUntil } from '../../e2e/support/processes';
import { benchmark } from '../lib/bench-main';
import { launchChromium, startBenchHost } from '../lib/browser';
import { interleave } from '../lib/interleave';
import { PAGE_PROBE } from '../lib/page-probe';
import { figure } from '../lib/result';
import { round, roundSummary, summarize, type Summary } from '../lib/stats';
import { fixtureEntry } from '../lib/workbench';

interface PageResult {
  kind: 'list' | 'type' | 'delete';
  ms: number;
}

const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789_';
const count = (n: number) => n.toLocaleString('en-US');

async function nextResult(page: Page): Promise<PageResult> {
  await page.waitForFunction(() => (globalThis as unknown as { __bench: { results: unknown[] } }).__bench.results.length > 0, undefined, { timeout: 60_000 });
  const [result] = await page.evaluate(() => (globalThis as unknown as { __bench: { take(): PageResult[] } }).__bench.take());
  return result!;
}

const countText = (page: Page) => page.locator('.tool-count').textContent({ timeout: 60_000 });

benchmark({
  id: 'tool-list',
  title: 'Large tool lists in Chromium: 2,000 tools shown, and a keystroke in the filter',
  async run(ctx) {
    const many = ctx.smoke ? 50 : 2000;
    const rounds = ctx.smoke ? 1 : 8;
    const keysPerRound = ctx.smoke ? 1 : 3;
    const bench = await startBenchHost({ many: fixtureEntry('tool-lab', ['--many', String(many)]), few: fixtureEntry('tool-lab') });
    // Whatever fails from here on, the host (and the browser, once started) is stopped.
    let started: Browser | undefined;
    try {
      const browser = (started = await launchChromium());
      const { control } = bench;
      const expected: Record<string, number> = {};
      for (const name of ['many', 'few']) expected[name] = (await control.api.listTools({ name })).length;
      const page = await browser.newPage();
      await page.addInitScript(PAGE_PROBE);
      await page.goto(bench.host.url);
      await waitUntil(async () => (await countText(page)) === `${expected.many! + expected.few!} tools`, 'the page showing both servers\u2019 tools');

      const samples: Record<string, Record<PageResult['kind'], number[]>> = {
        many: { list: [], type: [], delete: [] },
        few: { list: [], type: [], delete: [] },
      };
      let key = 0;
      const measure = (name: 'many' | 'few') => async () => {
        // Only this server, freshly connected: the page lists its tools anew.
        for (const server of ['many', 'few']) await control.api.disconnectServer({ name: server });
        await waitUntil(async () => (await countText(page)) === '', 'the tool list to empty');
        await page.evaluate((count) => (globalThis as unknown as { __bench: { armList(n: number): void } }).__bench.armList(count), expected[name]!);
        await control.api.connectServer({ name });
        const list = await nextResult(page);
        samples[name]!.list.push(list.ms);

        await page.focus('input.tool-search');
        for (let k = 0; k < keysPerRound; k++) {
          for (const kind of ['type', 'delete'] as const) {
            await page.evaluate(([mode, count]) => (globalThis as unknown as { __bench: { armKey(k: string, n: number): void } }).__bench.armKey(mode, count), [kind, expected[name]!] as const);
            await page.keyboard.press(kind === 'type' ? KEYS[key++ % KEYS.length]! : 'Backspace');
            samples[name]![kind].push((await nextResult(page)).ms);
          }
        }
        return list.ms;
      };
      await interleave({ many: measure('many'), few: measure('few') }, { rounds, onRound: (n) => ctx.log(`round ${n} of ${rounds}`) });

      const s = (name: string, kind: PageResult['kind']) => summarize(samples[name]![kind]);
      const slower = (name: string): { summary: Summary; kind: string } => {
        const typing = s(name, 'type');
        const deleting = s(name, 'delete');
        return typing.median >= deleting.median ? { summary: typing, kind: 'typing a character' } : { summary: deleting, kind: 'deleting it' };
      };
      const keyMany = slower('many');
      const keyFew = slower('few');
      return {
        figures: [
          figure({
            id: 'list-shown-ms',
            label: `${count(expected.many!)} tools: answer arrived → list painted (median)`,
            value: round(s('many', 'list').median, 1),
            unit: 'ms',
            goal: { max: 300 },
            subject: { label: `${count(expected.many!)} tools`, unit: 'ms', summary: roundSummary(s('many', 'list'), 1) },
            baseline: { label: `${count(expected.few!)} tools`, unit: 'ms', summary: roundSummary(s('few', 'list'), 1) },
          }),
          figure({
            id: 'keystroke-ms',
            label: `${count(expected.many!)} tools: keystroke → filtered list painted (slower median)`,
            value: round(keyMany.summary.median, 1),
            unit: 'ms',
            goal: { max: 50 },
            subject: { label: `${count(expected.many!)} tools, ${keyMany.kind}`, unit: 'ms', summary: roundSummary(keyMany.summary, 1) },
            baseline: { label: `${count(expected.few!)} tools, ${keyFew.kind}`, unit: 'ms', summary: roundSummary(keyFew.summary, 1) },
          }),
          figure({
            id: 'list-vs-few',
            label: `list painted, ${count(expected.many!)} tools − ${count(expected.few!)} tools (median)`,
            value: round(s('many', 'list').median - s('few', 'list').median, 1),
            unit: 'ms',
          }),
        ],
        details: {
          tools: expected,
          rounds,
          keystrokesPerRound: keysPerRound * 2,
          summaries: Object.fromEntries(Object.entries(samples).map(([name, kinds]) => [name, Object.fromEntries(Object.entries(kinds).map(([kind, values]) => [kind, roundSummary(summarize(values), 1)]))])),
        },
      };
    } finally {
      await started?.close();
      await bench.close();
    }
  },
});
