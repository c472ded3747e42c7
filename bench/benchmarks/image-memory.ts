/**
 * 10. Image memory: what the core keeps after big image results. In a process of its own:
 * the core connected to the tool-lab fixture, then three calls to its 4000×3000 PNG tool
 * (each decoded, resized and encoded by the image pipeline in its worker process, the
 * original saved to a file), then 30 s with nothing to do (longer than the image worker's
 * idle time, so it has ended) and a forced GC. RSS of the core's process before the calls
 * and after: memory that libvips, the allocator or a kept result buffer hold shows here.
 * The smoke run makes one call and waits a second.
 * Figures: RSS after − RSS before (goal ≤ 10 MB), and after ÷ before (reported); never a
 * timed assertion.
 */
import { argValue, benchmark } from '../lib/bench-main';
import { report, runRole } from '../lib/child-role';
import { collectGarbage, MB } from '../lib/memory';
import { figure } from '../lib/result';
import { round } from '../lib/stats';
import { fixtureEntry, startCore } from '../lib/workbench';
import { IMAGE_WORKER_IDLE_MS, imageWorkerPid } from '../../electron/core/results/image-fitter';

interface MemorySample {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
  externalAfter: number;
  /** The image worker's process id during the calls, and whether one still ran at the end. */
  workerPid: number | null;
  workerAtEnd: boolean;
  waitMs: number;
}

/** Longer than any batching delay in the core (history 200 ms, protocol log 50 ms). */
const SETTLE_MS = 1000;
/** After the calls: well past the image worker's idle time. */
const AFTER_MS = 30_000;

/** sharp's output buffers are freed by finalizers that run after a collection: a few rounds. */
const GC_ROUNDS = 5;

async function settled(waitMs = SETTLE_MS): Promise<NodeJS.MemoryUsage> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
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
      const waitMs = Number(argValue(args, '--wait-ms'));
      const core = await startCore({ lab: fixtureEntry('tool-lab') });
      try {
        await core.api.connectServer({ name: 'lab' });
        const before = await settled();
        for (let i = 0; i < calls; i++) {
          const result = await core.api.callTool({ server: 'lab', tool: 'make_image', arguments: {}, confirmed: true });
          if (result.content[0]?.type !== 'image') throw new Error('make_image returned no image');
        }
        const workerPid = imageWorkerPid() ?? null;
        const after = await settled(waitMs);
        report({ rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heapUsed, heapAfter: after.heapUsed, externalAfter: after.external, workerPid, workerAtEnd: imageWorkerPid() !== undefined, waitMs } satisfies MemorySample);
      } finally {
        await core.close();
      }
    },
  },
  async run(ctx) {
    const calls = ctx.smoke ? 1 : 3;
    const waitMs = ctx.smoke ? SETTLE_MS : AFTER_MS;
    ctx.log(`core: ${calls} make_image call${calls > 1 ? 's' : ''} in a process of its own, then ${waitMs / 1000} s idle`);
    const sample = await runRole<MemorySample>('core', ['--calls', String(calls), '--wait-ms', String(waitMs)]);
    const mb = (bytes: number) => round(bytes / MB, 1);
    const subject = `core: RSS ${mb(sample.rssBefore)} → ${mb(sample.rssAfter)} MB (heap ${mb(sample.heapBefore)} → ${mb(sample.heapAfter)} MB, external ${mb(sample.externalAfter)} MB)`;
    return {
      figures: [
        figure({
          id: 'rss-growth-mb',
          label: `RSS ${waitMs / 1000} s after ${calls} big image result${calls > 1 ? 's' : ''} and a forced GC − before`,
          value: mb(sample.rssAfter - sample.rssBefore),
          unit: 'MB',
          goal: { max: 10 },
          subject: { label: subject, unit: 'MB', value: mb(sample.rssAfter) },
          baseline: { label: 'core: RSS before the calls', unit: 'MB', value: mb(sample.rssBefore) },
        }),
        figure({
          id: 'rss-ratio',
          label: `RSS after ${calls} big image result${calls > 1 ? 's' : ''} ÷ before`,
          value: round(sample.rssAfter / sample.rssBefore),
          unit: '×',
        }),
      ],
      details: { calls, waitMs, imageWorkerIdleMs: IMAGE_WORKER_IDLE_MS, imageWorkerPid: sample.workerPid, imageWorkerRunningAtEnd: sample.workerAtEnd },
      notes: [
        sample.workerPid === null
          ? 'No image worker ran: the images were fitted in the core\'s own process (no image-worker.cjs beside the bundle).'
          : `The images were fitted in the image worker (process ${sample.workerPid}), which ${sample.workerAtEnd ? 'still ran at the end' : 'had ended when RSS was read'}.`,
      ],
    };
  },
});
