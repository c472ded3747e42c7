/**
 * 3. Start-up: 30 stdio fixture servers configured. The core connects them at start-up
 * (a few stdio servers at a time, the "Local servers started at once" setting), versus
 * connecting the same 30 one after another, versus a core with a single server. Every
 * variant starts a fresh core and is timed from createCore to the `connected` events;
 * the three run in turns.
 * Figures: all connected ÷ one after another (goal ≤ 0.5); first connected ÷ a single
 * server's connect time (goal ≤ 1.5).
 */
import type { StdioServerConfig } from '../../shared/config/server-config';
import type { AppEvent } from '../../shared/events';
import { benchmark } from '../lib/bench-main';
import { interleave } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { fixtureEntry, startCore, type BenchCore } from '../lib/workbench';

interface Timeline {
  first: number;
  all: number;
}

/** Starts a core on these servers and times the first and the last `connected`; `connect` runs the connects when the core does not. */
async function timeStartup(servers: Record<string, StdioServerConfig>, connect?: (core: BenchCore) => Promise<void>): Promise<Timeline> {
  const names = Object.keys(servers);
  const connected = new Map<string, number>();
  let failure: string | undefined;
  let done: () => void = () => undefined;
  const allConnected = new Promise<void>((resolve) => (done = resolve));
  const onEvent = (event: AppEvent) => {
    if (event.type !== 'server-state') return;
    if (event.server.status === 'connected' && !connected.has(event.server.name)) connected.set(event.server.name, performance.now());
    if (event.server.status === 'failed') failure ??= `${event.server.name}: ${event.server.error ?? 'failed'}`;
    if (connected.size === names.length || failure) done();
  };

  const started = performance.now();
  const core = await startCore(servers, { autoConnect: !connect });
  const unsubscribe = core.events.subscribe(onEvent);
  try {
    if (connect) await connect(core);
    await allConnected;
    if (failure) throw new Error(`A server failed to connect: ${failure}`);
    const times = [...connected.values()].map((time) => time - started);
    return { first: Math.min(...times), all: Math.max(...times) };
  } finally {
    unsubscribe();
    await core.close();
  }
}

benchmark({
  id: 'startup',
  title: 'Start-up: 30 stdio servers connected at start-up vs one after another',
  async run(ctx) {
    const count = ctx.smoke ? 3 : 30;
    const rounds = ctx.smoke ? 1 : 5;
    const servers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`server-${String(i + 1).padStart(2, '0')}`, fixtureEntry('basic-stdio')]));
    const single = { 'server-01': fixtureEntry('basic-stdio') };
    const firsts: number[] = [];
    const sequential = async (core: BenchCore) => {
      for (const name of Object.keys(servers)) await core.api.connectServer({ name });
    };

    const samples = await interleave(
      {
        startup: async () => {
          const timeline = await timeStartup(servers);
          firsts.push(timeline.first);
          return timeline.all;
        },
        sequential: async () => (await timeStartup(servers, sequential)).all,
        single: async () => (await timeStartup(single)).all,
      },
      { rounds, warmupRounds: ctx.smoke ? 0 : 1, onRound: (n) => ctx.log(`round ${n} of ${rounds}`) },
    );
    // The warm-up round's first-connected time is not a sample.
    const first = summarize(firsts.slice(-rounds));
    const all = summarize(samples.startup);
    const oneByOne = summarize(samples.sequential);
    const alone = summarize(samples.single);
    return {
      figures: [
        figure({
          id: 'all-vs-sequential',
          label: `all ${count} connected, start-up ÷ one after another`,
          value: round(all.median / oneByOne.median),
          unit: '×',
          goal: { max: 0.5 },
          subject: { label: 'start-up (all connected)', unit: 'ms', summary: roundSummary(all, 1) },
          baseline: { label: 'one after another (all connected)', unit: 'ms', summary: roundSummary(oneByOne, 1) },
        }),
        figure({
          id: 'first-vs-single',
          label: 'first connected ÷ a single server alone',
          value: round(first.median / alone.median),
          unit: '×',
          goal: { max: 1.5 },
          subject: { label: 'start-up (first connected)', unit: 'ms', summary: roundSummary(first, 1) },
          baseline: { label: 'a core with one server', unit: 'ms', summary: roundSummary(alone, 1) },
        }),
      ],
      details: { servers: count, rounds, stdioStartupConcurrency: 'default setting' },
    };
  },
});
