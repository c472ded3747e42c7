/**
 * 7. Leaks: 10,000 echo calls through the core (AppApi callTool), in a process of its
 * own. Before and after: wait for the core's background work (history writes, protocol
 * log batches), force garbage collection, then take the heap, the RSS and the active
 * handles and timers (process.getActiveResourcesInfo()).
 *
 * The "before" is taken after 10,000 warm-up calls: a Node process's RSS grows by some
 * 20 MB over its first few thousand calls and then stays flat (a bare SDK client does
 * the same, with a flat heap: memory the runtime keeps, not a leak), so only a
 * process past that shows what the calls themselves leave behind. The same is run with
 * a bare SDK Client as the baseline, and the warm-up's own growth is in the details.
 * Figures: heap growth and RSS growth (goal ≤ 10 MB each); handles and timers after
 * minus before (goal ≤ 0: back to the starting count).
 */
import { argValue, benchmark } from '../lib/bench-main';
import { report, runRole } from '../lib/child-role';
import { collectGarbage, MB } from '../lib/memory';
import { figure } from '../lib/result';
import { round } from '../lib/stats';
import { bareClient, fixtureEntry, startCore } from '../lib/workbench';

interface Snapshot {
  heapUsed: number;
  heapTotal: number;
  external: number;
  rss: number;
  handles: number;
  timers: number;
  resources: Record<string, number>;
}

interface LeakSample {
  start: Snapshot;
  before: Snapshot;
  after: Snapshot;
}

const TIMER_KINDS = new Set(['Timeout', 'Immediate']);
/** Longer than any batching delay in the core (history 200 ms, protocol log 50 ms). */
const SETTLE_MS = 1000;

async function snapshot(): Promise<Snapshot> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  collectGarbage();
  const resources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  const count = (timers: boolean) => Object.entries(resources).reduce((n, [kind, k]) => n + (TIMER_KINDS.has(kind) === timers ? k : 0), 0);
  const memory = process.memoryUsage();
  return { heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, rss: memory.rss, handles: count(false), timers: count(true), resources };
}

/** Warm-up calls, a snapshot, the measured calls, a snapshot: printed for the parent. */
async function measure(args: string[], call: (i: number) => Promise<unknown>): Promise<void> {
  const calls = Number(argValue(args, '--calls'));
  const warmup = Number(argValue(args, '--warmup'));
  const start = await snapshot();
  for (let i = 0; i < warmup; i++) await call(i);
  const before = await snapshot();
  for (let i = 0; i < calls; i++) await call(i);
  const after = await snapshot();
  report({ start, before, after } satisfies LeakSample);
}

benchmark({
  id: 'leaks',
  title: 'Leaks: 10,000 calls, then memory and handles after a forced GC',
  roles: {
    async core(args) {
      const core = await startCore({ echo: fixtureEntry('basic-stdio') });
      try {
        await core.api.connectServer({ name: 'echo' });
        await measure(args, (i) => core.api.callTool({ server: 'echo', tool: 'echo', arguments: { text: `call ${i}` } }));
      } finally {
        await core.close();
      }
    },
    async sdk(args) {
      const client = await bareClient('basic-stdio');
      try {
        await measure(args, (i) => client.callTool({ name: 'echo', arguments: { text: `call ${i}` } }));
      } finally {
        await client.close();
      }
    },
  },
  async run(ctx) {
    const calls = ctx.smoke ? 200 : 10_000;
    const warmup = ctx.smoke ? 100 : 10_000;
    const args = ['--calls', String(calls), '--warmup', String(warmup)];
    ctx.log(`core: ${warmup} warm-up calls, then ${calls} measured, in a process of its own`);
    const { start, before, after } = await runRole<LeakSample>('core', args);
    ctx.log('bare SDK client: the same');
    const sdk = await runRole<LeakSample>('sdk', args);
    const mb = (bytes: number) => round(bytes / MB, 2);
    return {
      figures: [
        figure({
          id: 'heap-growth-mb',
          label: `heap growth after ${calls.toLocaleString('en-US')} calls and a forced GC`,
          value: mb(after.heapUsed - before.heapUsed),
          unit: 'MB',
          goal: { max: 10 },
          subject: { label: `core: heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`, unit: 'MB', value: mb(after.heapUsed - before.heapUsed) },
          baseline: { label: `bare SDK client, same calls: heap used ${mb(sdk.before.heapUsed)} → ${mb(sdk.after.heapUsed)} MB`, unit: 'MB', value: mb(sdk.after.heapUsed - sdk.before.heapUsed) },
        }),
        figure({
          id: 'rss-growth-mb',
          label: `RSS growth after ${calls.toLocaleString('en-US')} calls and a forced GC`,
          value: mb(after.rss - before.rss),
          unit: 'MB',
          goal: { max: 10 },
          subject: { label: `core: RSS ${mb(before.rss)} → ${mb(after.rss)} MB`, unit: 'MB', value: mb(after.rss - before.rss) },
          baseline: { label: `bare SDK client, same calls: RSS ${mb(sdk.before.rss)} → ${mb(sdk.after.rss)} MB`, unit: 'MB', value: mb(sdk.after.rss - sdk.before.rss) },
        }),
        figure({
          id: 'handles-added',
          label: 'active handles, after − before',
          value: after.handles - before.handles,
          unit: 'handles',
          goal: { max: 0 },
          subject: { label: 'after', unit: 'handles', value: after.handles },
          baseline: { label: 'before', unit: 'handles', value: before.handles },
        }),
        figure({
          id: 'timers-added',
          label: 'active timers, after − before',
          value: after.timers - before.timers,
          unit: 'timers',
          goal: { max: 0 },
          subject: { label: 'after', unit: 'timers', value: after.timers },
          baseline: { label: 'before', unit: 'timers', value: before.timers },
        }),
      ],
      details: {
        calls,
        warmupCalls: warmup,
        settleMs: SETTLE_MS,
        warmupGrowthMB: { core: { heap: mb(before.heapUsed - start.heapUsed), rss: mb(before.rss - start.rss) }, sdk: { heap: mb(sdk.before.heapUsed - sdk.start.heapUsed), rss: mb(sdk.before.rss - sdk.start.rss) } },
        core: { start, before, after },
        sdk: sdk,
      },
    };
  },
});
