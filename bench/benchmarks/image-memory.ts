/**
 * 10. Image memory: what the core keeps after big image results. In a process of its own:
 * the core connected to the tool-lab fixture, then three calls to its 4000×3000 PNG tool
 * (each decoded, resized and encoded by the image pipeline in its worker process, the
 * original saved to a file), then 30 s with nothing to do (longer than the image worker's
 * idle time, so it has ended) and a forced GC. RSS of the core's process before the calls
 * and after: memory that libvips, the allocator or a kept result buffer hold shows here.
 * The same again where browser-mode users run it: the built browser host in a process of its
 * own, the calls made by the page's AppApi client over the host's WebSocket, and its RSS read
 * from /proc with no forced GC (nothing can force one in the host; Linux only).
 * The smoke run makes one call and waits a second.
 * Figures: RSS after − RSS before (goal ≤ 10 MB) in the core's process and in the browser
 * host's, and after ÷ before (reported); never a timed assertion.
 */
import fs from 'node:fs/promises';
import { startBrowserHost } from '../../e2e/support/browser-host';
import { argValue, benchmark } from '../lib/bench-main';
import { report, runRole } from '../lib/child-role';
import { collectGarbage, MB } from '../lib/memory';
import { figure } from '../lib/result';
import { round } from '../lib/stats';
import { fixtureEntry, startCore, tempDir, writeServers } from '../lib/workbench';
import { connectWsApi } from '../lib/ws-api';
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
/** The browser host at rest before the calls: start-up's garbage collected in its own time (nothing can force a GC there). */
const HOST_SETTLE_MS = 10_000;
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

/** A process's resident set in bytes, from /proc (Linux); undefined elsewhere. */
async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(await fs.readFile(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser host's RSS before the calls (after it settled) and waitMs after them; undefined where /proc is not there. */
async function hostImageMemory(calls: number, settleMs: number, waitMs: number): Promise<{ rssBefore: number; rssAfter: number } | undefined> {
  const home = await tempDir('image-memory-host');
  try {
    await writeServers(home.path, { lab: fixtureEntry('tool-lab') });
    const host = await startBrowserHost({ home: home.path, env: { MCP_WORKBENCH_KEYCHAIN: 'off' } });
    try {
      const ws = await connectWsApi(host);
      try {
        await ws.api.connectServer({ name: 'lab' });
        // A first call of another tool, then time for start-up's garbage to go, so "before" is the host at rest.
        await ws.api.callTool({ server: 'lab', tool: 'structured_ok', arguments: {}, confirmed: true });
        await idle(settleMs);
        const rssBefore = await rssOf(host.pid);
        if (rssBefore === undefined) return undefined;
        for (let i = 0; i < calls; i++) {
          const result = await ws.api.callTool({ server: 'lab', tool: 'make_image', arguments: {}, confirmed: true });
          if (result.content[0]?.type !== 'image') throw new Error('make_image returned no image through the host');
        }
        await idle(waitMs);
        const rssAfter = await rssOf(host.pid);
        return rssAfter === undefined ? undefined : { rssBefore, rssAfter };
      } finally {
        ws.close();
      }
    } finally {
      await host.stop();
    }
  } finally {
    await home.remove();
  }
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
    ctx.log(`browser host: the same calls through the page's client, then ${waitMs / 1000} s idle, no forced GC`);
    const host = await hostImageMemory(calls, ctx.smoke ? SETTLE_MS : HOST_SETTLE_MS, waitMs);
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
        ...(host
          ? [
              figure({
                id: 'host-rss-growth-mb',
                label: `browser host: RSS ${waitMs / 1000} s after ${calls} big image result${calls > 1 ? 's' : ''}, no forced GC − before`,
                value: mb(host.rssAfter - host.rssBefore),
                unit: 'MB',
                goal: { max: 10 },
                subject: { label: 'browser host process: RSS after', unit: 'MB', value: mb(host.rssAfter) },
                baseline: { label: 'browser host process: RSS before the calls', unit: 'MB', value: mb(host.rssBefore) },
              }),
            ]
          : []),
        figure({
          id: 'rss-ratio',
          label: `RSS after ${calls} big image result${calls > 1 ? 's' : ''} ÷ before`,
          value: round(sample.rssAfter / sample.rssBefore),
          unit: '×',
        }),
      ],
      details: { calls, waitMs, imageWorkerIdleMs: IMAGE_WORKER_IDLE_MS, imageWorkerPid: sample.workerPid, imageWorkerRunningAtEnd: sample.workerAtEnd },
      notes: [
        ...(host ? [] : ['The browser host\'s RSS was not measured: /proc is not there on this platform.']),
        sample.workerPid === null
          ? 'No image worker ran: the images were fitted in the core\'s own process (no image-worker.cjs beside the bundle).'
          : `The images were fitted in the image worker (process ${sample.workerPid}), which ${sample.workerAtEnd ? 'still ran at the end' : 'had ended when RSS was read'}.`,
      ],
    };
  },
});
