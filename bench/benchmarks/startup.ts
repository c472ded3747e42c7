/**
 * 3. Start-up: 30 stdio fixture servers configured. The core connects them at start-up as
 * the app does (a few stdio servers at a time, the "Local servers started at once"
 * setting, with contract watching on), versus a pool of bare SDK clients connecting the
 * same 30 servers with the same number at a time, versus a core with a single server.
 * Each core variant starts a fresh core and is timed from createCore to the `connected`
 * events; the pool from its first connect to its last; the variants run in turns.
 *
 * The core starts as it does every time but the first: on a data folder an earlier start
 * used, so each server's protocol era is remembered (Protocol "auto"). The very first
 * start of a server asks it `server/discover` before `initialize` (a 2025-era server
 * answers with an error, then is initialized): one round trip more per server than the
 * bare pool, which only initializes; that start is timed too, on a fresh folder each
 * time, and reported beside the others.
 * Figures: all connected, start-up ÷ bare pool (goal ≤ 1: no slower than the SDK alone);
 * first connected ÷ a single server's connect time (goal ≤ 1.5); the first start ÷ the
 * bare pool (reported).
 */
import type { Client } from '@modelcontextprotocol/client';
import { DEFAULT_SETTINGS } from '../../shared/api/settings';
import type { StdioServerConfig } from '../../shared/config/server-config';
import type { AppEvent } from '../../shared/events';
import { benchmark } from '../lib/bench-main';
import { interleave } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { runWithConcurrency } from '../../electron/core/util/concurrency';
import { bareClient, fixtureEntry, startCore, startCoreIn, tempDir, writeServers, type BenchCore, type TempDir } from '../lib/workbench';
import { FIRST_CONNECTED_FLOOR, STARTUP_FLOOR } from '../lib/floors';

interface Timeline {
  first: number;
  all: number;
}

/** Starts a core on these servers, as the app does, and times the first and the last `connected`: on this data folder, or a fresh one. */
async function timeStartup(servers: Record<string, StdioServerConfig>, dataDir?: string, remembered = false): Promise<Timeline> {
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
  const options = { autoConnect: true, watchContracts: true };
  const core: BenchCore = dataDir ? await startCoreIn(dataDir, options) : await startCore(servers, options);
  const unsubscribe = core.events.subscribe(onEvent);
  try {
    await allConnected;
    if (failure) throw new Error(`A server failed to connect: ${failure}`);
    if (remembered) {
      // What the figure says it measures: a start that asks no server server/discover.
      const log = await core.api.getProtocolLog({ server: names[0]! });
      if (log.some((entry) => entry.method === 'server/discover')) throw new Error(`${names[0]} was asked server/discover: its protocol era was not remembered from the earlier start.`);
    }
    const times = [...connected.values()].map((time) => time - started);
    return { first: Math.min(...times), all: Math.max(...times) };
  } finally {
    unsubscribe();
    await core.close();
  }
}

/** Connects `count` bare SDK clients to their own basic-stdio servers, `concurrency` at a time; the time until the last is connected. */
async function timeBarePool(count: number, concurrency: number): Promise<number> {
  const clients: Client[] = [];
  const started = performance.now();
  let failure: unknown;
  try {
    await runWithConcurrency(Array.from({ length: count }, (_, i) => i), concurrency, async () => {
      try {
        clients.push(await bareClient('basic-stdio'));
      } catch (error) {
        failure ??= error;
      }
    });
    if (failure) throw new Error(`A bare client failed to connect: ${failure instanceof Error ? failure.message : String(failure)}`);
    return performance.now() - started;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

/** A data folder with these servers, started once (untimed), so the next starts find their protocol eras remembered. */
async function usedDataDir(servers: Record<string, StdioServerConfig>): Promise<TempDir> {
  const dir = await tempDir('startup');
  await writeServers(dir.path, servers);
  await timeStartup(servers, dir.path);
  return dir;
}

benchmark({
  id: 'startup',
  title: 'Start-up: 30 stdio servers connected at start-up vs a bare SDK client pool of the same concurrency',
  async run(ctx) {
    const count = ctx.smoke ? 3 : 30;
    // Two whole cycles of the four variants' rotation (each starts each round position twice):
    // a start-up of 30 processes on two CPUs varies by some 10% from one run to the next.
    const rounds = ctx.smoke ? 1 : 8;
    const servers = Object.fromEntries(Array.from({ length: count }, (_, i) => [`server-${String(i + 1).padStart(2, '0')}`, fixtureEntry('basic-stdio')]));
    const single = { 'server-01': fixtureEntry('basic-stdio') };
    const firsts: number[] = [];
    const concurrency = DEFAULT_SETTINGS.stdioStartupConcurrency;
    const usual = await usedDataDir(servers);
    const usualSingle = await usedDataDir(single);

    try {
      const samples = await interleave(
        {
          startup: async () => {
            const timeline = await timeStartup(servers, usual.path, true);
            firsts.push(timeline.first);
            return timeline.all;
          },
          pool: () => timeBarePool(count, concurrency),
          single: async () => (await timeStartup(single, usualSingle.path, true)).all,
          firstStart: async () => (await timeStartup(servers)).all,
        },
        { rounds, warmupRounds: ctx.smoke ? 0 : 1, onRound: (n) => ctx.log(`round ${n} of ${rounds}`) },
      );
      return results(samples);
    } finally {
      await Promise.all([usual.remove(), usualSingle.remove()]);
    }

    function results(samples: Record<'startup' | 'pool' | 'single' | 'firstStart', number[]>) {
      // The warm-up round's first-connected time is not a sample.
      const first = summarize(firsts.slice(-rounds));
      const all = summarize(samples.startup);
      const pool = summarize(samples.pool);
      const alone = summarize(samples.single);
      const firstStart = summarize(samples.firstStart);
      return {
        figures: [
          figure({
            id: 'all-vs-bare-pool',
            label: `all ${count} connected, start-up ÷ bare SDK pool (${concurrency} at a time)`,
            value: round(all.median / pool.median),
            unit: '×',
            goal: { max: 1 },
            floor: STARTUP_FLOOR,
            subject: { label: 'start-up, protocol eras remembered (all connected)', unit: 'ms', summary: roundSummary(all, 1) },
            baseline: { label: `bare SDK clients, ${concurrency} at a time (all connected)`, unit: 'ms', summary: roundSummary(pool, 1) },
          }),
          figure({
            id: 'first-vs-single',
            label: 'first connected ÷ a single server alone',
            value: round(first.median / alone.median),
            unit: '×',
            goal: { max: 1.5 },
            floor: FIRST_CONNECTED_FLOOR,
            subject: { label: 'start-up (first connected)', unit: 'ms', summary: roundSummary(first, 1) },
            baseline: { label: 'a core with one server', unit: 'ms', summary: roundSummary(alone, 1) },
          }),
          figure({
            id: 'first-start-vs-bare-pool',
            label: `the servers' first start (each asked server/discover first), all ${count} connected ÷ bare SDK pool`,
            value: round(firstStart.median / pool.median),
            unit: '×',
            subject: { label: 'start-up on a fresh data folder (all connected)', unit: 'ms', summary: roundSummary(firstStart, 1) },
            baseline: { label: `bare SDK clients, ${concurrency} at a time (all connected)`, unit: 'ms', summary: roundSummary(pool, 1) },
          }),
        ],
        details: { servers: count, rounds, stdioStartupConcurrency: concurrency, watchContracts: true, protocolErasRemembered: true },
      };
    }
  },
});
