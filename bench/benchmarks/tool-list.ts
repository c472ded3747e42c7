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
 * - Scroll: the list scrolled at a steady 6,000 px/s for 3 s (bouncing at the ends; the
 *   few tools' list is short, so it bounces often); each frame's main-thread work, from
 *   the frame's start to the moment it has been rendered. The figure is the longest frame
 *   of a scroll (median over the scrolls; goal ≤ 20 ms); beside it the frames the screen
 *   missed (gaps of two display frames or more between frame starts) per scroll.
 * Timing is taken inside the page (bench/lib/page-probe.ts). The page is driven over the
 * DevTools protocol with nothing else watching it (bench/lib/plain-chromium.ts), not by
 * Playwright, whose Network domain copies every WebSocket frame to the driver on the
 * page's main thread: for the 2,000 tools' answer that alone was some 17 ms.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { waitUntil } from '../../e2e/support/processes';
import { benchmark } from '../lib/bench-main';
import { startBenchHost } from '../lib/browser';
import { interleave } from '../lib/interleave';
import { LIST_ARRIVED_MARK, PAGE_PROBE } from '../lib/page-probe';
import { launchPlainChromium, type PlainChromium, type PlainPage } from '../lib/plain-chromium';
import { figure } from '../lib/result';
import { round, roundSummary, summarize, type Summary } from '../lib/stats';
import { fixtureEntry } from '../lib/workbench';

interface PageResult {
  kind: 'list' | 'type' | 'delete';
  ms: number;
}

interface ScrollResult {
  kind: 'scroll';
  /** Each frame's main-thread work, ms. */
  frames: number[];
  /** Between consecutive frame starts, ms. */
  gaps: number[];
}

const SCROLL_MS = 3000;
const SCROLL_PX_PER_S = 6000;
/** A gap between frame starts this long or longer means the screen missed a frame (two 60 Hz frames are 33.3 ms). */
const MISSED_GAP_MS = 33;

const KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789_';
const count = (n: number) => n.toLocaleString('en-US');

const RESULT_TIMEOUT_MS = 60_000;

/** The probe's next result, as soon as it exists; a timeout names what was awaited and what the page showed then. */
async function nextResult<T = PageResult>(page: PlainPage, awaited: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void countText(page).then(
        (shown) => reject(new Error(`No result from the page within ${RESULT_TIMEOUT_MS / 1000} s for ${awaited} (the tool count shows ${JSON.stringify(shown)})`)),
        () => reject(new Error(`No result from the page within ${RESULT_TIMEOUT_MS / 1000} s for ${awaited}`)),
      );
    }, RESULT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([page.evaluate<T>('window.__bench.next()'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The tool list's count ("2023 tools"), "" with no server connected, null before the list exists. */
const countText = (page: PlainPage) => page.evaluate<string | null>(`document.querySelector('.tool-count')?.textContent ?? null`);
const call = (name: string, ...args: unknown[]) => `window.__bench.${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;

benchmark({
  id: 'tool-list',
  title: 'Large tool lists in Chromium: 2,000 tools shown, and a keystroke in the filter',
  async run(ctx) {
    const many = ctx.smoke ? 50 : 2000;
    const rounds = ctx.smoke ? 1 : 8;
    const keysPerRound = ctx.smoke ? 1 : 3;
    const bench = await startBenchHost({ many: fixtureEntry('tool-lab', ['--many', String(many)]), few: fixtureEntry('tool-lab') });
    // Whatever fails from here on, the host (and the browser, once started) is stopped.
    let started: PlainChromium | undefined;
    // A folder here: each list measurement is also recorded as a Chromium trace (open it in DevTools' Performance panel).
    const traceDir = process.env.MCPWB_BENCH_PAGE_TRACE;
    if (traceDir !== undefined) await mkdir(traceDir, { recursive: true });
    try {
      const browser = (started = await launchPlainChromium());
      const { page } = browser;
      const { control } = bench;
      const expected: Record<string, number> = {};
      for (const name of ['many', 'few']) expected[name] = (await control.api.listTools({ name })).length;
      await page.addInitScript(PAGE_PROBE);
      await page.goto(bench.host.url);
      await waitUntil(async () => (await countText(page)) === `${expected.many! + expected.few!} tools`, 'the page showing both servers\u2019 tools', RESULT_TIMEOUT_MS);

      const samples: Record<string, Record<PageResult['kind'], number[]>> = {
        many: { list: [], type: [], delete: [] },
        few: { list: [], type: [], delete: [] },
      };
      /** Per scroll: its longest frame, its 95th-percentile frame, the frames the screen missed. */
      const scrolls: Record<string, { longest: number[]; p95: number[]; missed: number[]; frames: number[] }> = {
        many: { longest: [], p95: [], missed: [], frames: [] },
        few: { longest: [], p95: [], missed: [], frames: [] },
      };
      const scrollMs = ctx.smoke ? 300 : SCROLL_MS;
      let key = 0;
      const measure = (name: 'many' | 'few') => async () => {
        // Only this server, freshly connected: the page lists its tools anew.
        for (const server of ['many', 'few']) await control.api.disconnectServer({ name: server });
        await waitUntil(async () => (await countText(page)) === '', 'the tool list to empty', RESULT_TIMEOUT_MS);
        await page.evaluate(call('armList', expected[name]!, traceDir !== undefined));
        const trace = traceDir !== undefined ? await browser.trace() : undefined;
        await control.api.connectServer({ name });
        const list = await nextResult(page, `${name}'s list painted with ${expected[name]} tools`);
        samples[name]!.list.push(list.ms);
        if (trace) {
          const file = path.join(traceDir!, `tool-list-${name}-${samples[name]!.list.length}.json`);
          await writeFile(file, JSON.stringify({ ...(await trace.stop()), metadata: { figureMs: list.ms, arrivalMark: LIST_ARRIVED_MARK } }));
        }

        await page.evaluate(`document.querySelector('input.tool-search').focus()`);
        for (let k = 0; k < keysPerRound; k++) {
          for (const kind of ['type', 'delete'] as const) {
            await page.evaluate(call('armKey', kind, expected[name]!));
            await page.press(kind === 'type' ? KEYS[key++ % KEYS.length]! : 'Backspace');
            samples[name]![kind].push((await nextResult(page, `${name}: the list filtered after a ${kind === 'type' ? 'typed character' : 'Backspace'}`)).ms);
          }
        }

        await page.evaluate(call('scroll', scrollMs, SCROLL_PX_PER_S));
        const scroll = await nextResult<ScrollResult>(page, `${name}: the scroll's frames`);
        const frames = summarize(scroll.frames);
        scrolls[name]!.longest.push(frames.max);
        scrolls[name]!.p95.push(frames.p95);
        scrolls[name]!.missed.push(scroll.gaps.filter((gap) => gap >= MISSED_GAP_MS).length);
        scrolls[name]!.frames.push(frames.n);
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
      const scrollOf = (name: string, what: 'longest' | 'p95' | 'missed') => summarize(scrolls[name]![what]);
      return {
        figures: [
          figure({
            id: 'list-shown-ms',
            label: `${count(expected.many!)} tools: answer arrived → list painted (median)`,
            value: round(s('many', 'list').median, 1),
            unit: 'ms',
            goal: { max: 25 },
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
            id: 'scroll-longest-frame-ms',
            label: `${count(expected.many!)} tools: longest frame of a ${scrollMs / 1000} s scroll (median of ${rounds})`,
            value: round(scrollOf('many', 'longest').median, 1),
            unit: 'ms',
            goal: { max: 20 },
            subject: { label: `${count(expected.many!)} tools, longest frame per scroll`, unit: 'ms', summary: roundSummary(scrollOf('many', 'longest'), 1) },
            baseline: { label: `${count(expected.few!)} tools, longest frame per scroll`, unit: 'ms', summary: roundSummary(scrollOf('few', 'longest'), 1) },
          }),
          figure({
            id: 'scroll-missed-frames',
            label: `${count(expected.many!)} tools: frames the screen missed per ${scrollMs / 1000} s scroll (median)`,
            value: scrollOf('many', 'missed').median,
            unit: 'frames',
            subject: { label: `${count(expected.many!)} tools, missed frames per scroll`, unit: 'frames', summary: roundSummary(scrollOf('many', 'missed'), 1) },
            baseline: { label: `${count(expected.few!)} tools, missed frames per scroll`, unit: 'frames', summary: roundSummary(scrollOf('few', 'missed'), 1) },
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
          scroll: { ms: scrollMs, pxPerSecond: SCROLL_PX_PER_S, missedGapMs: MISSED_GAP_MS },
          scrolls: Object.fromEntries(Object.entries(scrolls).map(([name, per]) => [name, { longestMs: roundSummary(summarize(per.longest), 1), p95FrameMs: roundSummary(summarize(per.p95), 1), missedFrames: roundSummary(summarize(per.missed), 1), framesPerScroll: roundSummary(summarize(per.frames), 1) }])),
          summaries: Object.fromEntries(Object.entries(samples).map(([name, kinds]) => [name, Object.fromEntries(Object.entries(kinds).map(([kind, values]) => [kind, roundSummary(summarize(values), 1)]))])),
        },
      };
    } finally {
      await started?.close();
      await bench.close();
    }
  },
});
