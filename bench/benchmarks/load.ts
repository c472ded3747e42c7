/**
 * Load generator overhead: `mcp-workbench load`'s engine (LoadRun: one client, N calls in
 * flight, our stdio transport, HDR histograms) against a bare SDK Client loop keeping the
 * same N calls in flight on the SDK's own stdio transport, both calling the zero-work
 * `work` tool of the load-target fixture (each on its own server process), in alternate
 * rounds of the same run. The generator must not be what limits the numbers.
 * Figures: bare calls/s ÷ ours (goal ≤ 1.11, i.e. ours ≥ 0.9 of the bare loop's) and the
 * added p50 latency per call, ours − bare (goal ≤ 0.1 ms).
 */
import os from 'node:os';
import { LoadRun } from '../../electron/core/load/load-run';
import { benchmark } from '../lib/bench-main';
import { figure } from '../lib/result';
import { percentile, round } from '../lib/stats';
import { bareClientOf, fixtureEntry } from '../lib/workbench';

const CONCURRENCY = 8;

interface Round {
  callsPerSecond: number;
  p50: number;
}

async function ours(calls: number): Promise<Round> {
  const report = await new LoadRun({
    server: 'load-target',
    config: fixtureEntry('load-target'),
    steps: [{ name: 'work', tool: 'work', weight: 1, args: () => ({}) }],
    clients: 1,
    concurrency: CONCURRENCY,
    requests: calls,
    profile: { kind: 'constant' },
    callTimeoutMs: 60_000,
    connectTimeoutMs: 30_000,
    ideLockDir: os.tmpdir(),
    // The bare client it is compared with speaks the 2025 protocol (the SDK's default).
    era: { kind: 'legacy' },
    eraProbeTimeoutMs: 3000,
  }).run();
  return { callsPerSecond: report.requests / (report.elapsedMs / 1000), p50: report.latency.p50 };
}

async function bare(calls: number): Promise<Round> {
  const client = await bareClientOf(fixtureEntry('load-target'));
  try {
    const latencies: number[] = [];
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (issued < calls) {
          issued++;
          const begin = performance.now();
          await client.callTool({ name: 'work', arguments: {} });
          latencies.push(performance.now() - begin);
        }
      }),
    );
    const elapsed = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return { callsPerSecond: calls / (elapsed / 1000), p50: percentile(latencies, 50) };
  } finally {
    await client.close();
  }
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

benchmark({
  id: 'load',
  title: `Load generator: load engine vs a bare SDK client loop (${CONCURRENCY} in flight, zero-work tool over stdio)`,
  async run(ctx) {
    const calls = ctx.smoke ? 50 : 20_000;
    const rounds = ctx.smoke ? 1 : 5;
    const engine: Round[] = [];
    const sdk: Round[] = [];
    // A warm-up of each, not counted: the first process start pays for loading modules.
    await ours(Math.min(calls, 500));
    await bare(Math.min(calls, 500));
    for (let round = 1; round <= rounds; round++) {
      sdk.push(await bare(calls));
      engine.push(await ours(calls));
      ctx.log(`round ${round} of ${rounds}: engine ${Math.round(engine.at(-1)!.callsPerSecond)}/s, bare SDK ${Math.round(sdk.at(-1)!.callsPerSecond)}/s`);
    }
    const oursRate = median(engine.map((r) => r.callsPerSecond));
    const bareRate = median(sdk.map((r) => r.callsPerSecond));
    const oursP50 = median(engine.map((r) => r.p50));
    const bareP50 = median(sdk.map((r) => r.p50));
    return {
      figures: [
        figure({
          id: 'throughput-ratio',
          label: 'calls/s, bare SDK loop ÷ load engine (≤ 1.11: the engine reaches ≥ 0.9 of the bare loop)',
          value: round(bareRate / oursRate),
          unit: '×',
          goal: { max: 1.11 },
          subject: { label: 'load engine calls/s (median of rounds)', unit: '/s', value: round(oursRate, 1) },
          baseline: { label: 'bare SDK client loop calls/s (median of rounds)', unit: '/s', value: round(bareRate, 1) },
        }),
        figure({
          id: 'added-p50-ms',
          label: 'added p50 latency per call, load engine − bare SDK loop',
          value: round(oursP50 - bareP50),
          unit: 'ms',
          goal: { max: 0.1 },
          subject: { label: 'load engine p50', unit: 'ms', value: round(oursP50) },
          baseline: { label: 'bare SDK loop p50', unit: 'ms', value: round(bareP50) },
        }),
      ],
      details: { callsPerRound: calls, rounds, concurrency: CONCURRENCY, engine, sdk },
    };
  },
});
