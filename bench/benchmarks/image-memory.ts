/**
 * 10. Image memory: what the core keeps after big image results. In a process of its own:
 * the core connected to the tool-lab fixture, then three calls to its 4000×3000 PNG tool
 * (each decoded, resized and encoded by the image pipeline, the original saved to a file),
 * then a settle and a forced GC. RSS before the calls and after, as a ratio: memory that
 * libvips' caches or a kept result buffer hold shows here. The smoke run makes one call.
 * Figure: RSS after ÷ RSS before. Goal ≤ 1.5 (a ratio, never a timed assertion).
 */
import { argValue, benchmark } from '../lib/bench-main';
import { report, runRole } from '../lib/child-role';
import { collectGarbage, MB } from '../lib/memory';
import { figure } from '../lib/result';
import { round } from '../lib/stats';
import { fixtureEntry, startCore } from '../lib/workbench';

interface MemorySample {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  externalAfter: number;
}

/** Longer than any batching delay in the core (history 200 ms, protocol log 50 ms). */
const SETTLE_MS = 1000;

/** sharp's output buffers are freed by finalizers that run after a collection: a few rounds. */
const GC_ROUNDS = 5;

async function settled(): Promise<NodeJS.MemoryUsage> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (let i = 0; i < GC_ROUNDS; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage();
}

benchmark({
  id: 'image-memory',
  title: 'Image memory: RSS after three 4000×3000 image results and a forced GC',
  roles: {
    async core(args) {
      const calls = Number(argValue(args, '--calls'));
      const core = await startCore({ lab: fixtureEntry('tool-lab') });
      try {
        await core.api.connectServer({ name: 'lab' });
        const before = await settled();
        for (let i = 0; i < calls; i++) {
          const result = await core.api.callTool({ server: 'lab', tool: 'make_image', arguments: {}, confirmed: true });
          if (result.content[0]?.type !== 'image') throw new Error('make_image returned no image');
        }
        const after = await settled();
        report({ rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heapUsed, heapAfter: after.heapUsed, externalAfter: after.external } satisfies MemorySample);
      } finally {
        await core.close();
      }
    },
  },
  async run(ctx) {
    const calls = ctx.smoke ? 1 : 3;
    ctx.log(`core: ${calls} make_image call${calls > 1 ? 's' : ''} in a process of its own`);
    const sample = await runRole<MemorySample>('core', ['--calls', String(calls)]);
    const mb = (bytes: number) => round(bytes / MB, 1);
    return {
      figures: [
        figure({
          id: 'rss-ratio',
          label: `RSS after ${calls} big image result${calls > 1 ? 's' : ''} and a forced GC ÷ before`,
          value: round(sample.rssAfter / sample.rssBefore),
          unit: '×',
          goal: { max: 1.5 },
          subject: { label: `core: RSS ${mb(sample.rssBefore)} → ${mb(sample.rssAfter)} MB (heap ${mb(sample.heapBefore)} → ${mb(sample.heapAfter)} MB, external ${mb(sample.externalAfter)} MB)`, unit: 'MB', value: mb(sample.rssAfter - sample.rssBefore) },
        }),
      ],
    };
  },
});
