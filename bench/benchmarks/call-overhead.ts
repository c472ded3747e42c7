/**
 * 1. Call overhead: our core (AppApi callTool: permissions, the connection manager, our
 * stdio transport, the protocol log, the result pipeline, history) versus a bare SDK
 * Client on the SDK's stdio transport, calling the same echo tool of the same server
 * (each on its own copy of the server process), one call each in turns. Twice: on our
 * basic-stdio fixture, and on the reference server (server-everything, run as the tests
 * run it), whose echo tool answers through the SDK's own server code.
 * Figures per server: ratio of the median per-call times (goal ≤ 1.05) and of the p95s,
 * each with both sides' n, median and p95; the CPU time this process spends per call,
 * core ÷ bare (goal ≤ 1.3); and calls per second with 10 and with 50 calls in flight,
 * bare ÷ core (goal ≤ 1.11: the core sustains at least 0.9 of the bare client's rate).
 */
import type { StdioServerConfig } from '../../shared/config/server-config';
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { figure, type Figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { bareClientOf, everythingEntry, fixtureEntry, startCore } from '../lib/workbench';
import { CALL_FLOOR } from '../lib/floors';
import { countingCpu, throughputInTurns } from '../lib/throughput';

interface Target {
  /** Figure ids start with it ('' for the fixture, whose ids predate the second server). */
  prefix: string;
  /** The server's name in the core's config. */
  server: string;
  /** In labels. */
  name: string;
  entry: StdioServerConfig;
  arguments: Record<string, unknown>;
}

/** Calls in flight for the throughput figures: a burst a script or an agent sends, and a load. */
const IN_FLIGHT = [10, 50] as const;

const TARGETS: Target[] = [
  { prefix: '', server: 'echo', name: 'basic-stdio fixture', entry: fixtureEntry('basic-stdio'), arguments: { text: 'hello from the benchmark' } },
  { prefix: 'everything-', server: 'everything', name: 'server-everything', entry: everythingEntry(), arguments: { message: 'hello from the benchmark' } },
];


benchmark({
  id: 'call-overhead',
  title: 'Call overhead: core vs bare SDK client (echo over stdio, our fixture and the reference server)',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const core = await startCore(Object.fromEntries(TARGETS.map((target) => [target.server, target.entry])));
    const figures: Figure[] = [];
    try {
      for (const target of TARGETS) {
        const client = await bareClientOf(target.entry);
        try {
          await core.api.connectServer({ name: target.server });
          const warmupRounds = ctx.smoke ? 2 : 200;
          const coreCall = () => core.api.callTool({ server: target.server, tool: 'echo', arguments: target.arguments });
          const sdkCall = () => client.callTool({ name: 'echo', arguments: target.arguments });
          const coreSide = countingCpu(() => timed(coreCall), warmupRounds);
          const sdkSide = countingCpu(() => timed(sdkCall), warmupRounds);
          const samples = await interleave(
            { core: coreSide.measure, sdk: sdkSide.measure },
            { rounds: calls, warmupRounds, onRound: (n) => n % 500 === 0 && ctx.log(`${target.name}: ${n} of ${calls} calls each`) },
          );
          const subject = summarize(samples.core);
          const baseline = summarize(samples.sdk);
          const sides = {
            subject: { label: `core AppApi callTool (${target.name})`, unit: 'ms', summary: roundSummary(subject) },
            baseline: { label: `SDK Client.callTool (${target.name})`, unit: 'ms', summary: roundSummary(baseline) },
          };
          const coreCpu = coreSide.microsPerCall();
          const sdkCpu = sdkSide.microsPerCall();
          figures.push(
            figure({ id: `${target.prefix}median-ratio`, label: `${target.name}: median per call, core ÷ bare SDK`, value: round(subject.median / baseline.median), unit: '×', goal: { max: 1.05 }, floor: CALL_FLOOR, ...sides }),
            figure({ id: `${target.prefix}p95-ratio`, label: `${target.name}: p95 per call, core ÷ bare SDK`, value: round(subject.p95 / baseline.p95), unit: '×', ...sides }),
            figure({
              id: `${target.prefix}cpu-ratio`,
              label: `${target.name}: CPU time of the process per call (user + system), core ÷ bare SDK`,
              value: round(coreCpu / sdkCpu),
              unit: '×',
              goal: { max: 1.3 },
              floor: CALL_FLOOR,
              subject: { label: `core, CPU per call (${target.name})`, unit: 'µs', value: round(coreCpu, 1) },
              baseline: { label: `bare SDK client, CPU per call (${target.name})`, unit: 'µs', value: round(sdkCpu, 1) },
            }),
          );
          for (const inFlight of IN_FLIGHT) {
            const rates = await throughputInTurns(
              { core: coreCall, sdk: sdkCall },
              { inFlight, callsPerRound: ctx.smoke ? 20 : 2000, rounds: ctx.smoke ? 2 : 10, warmupRounds: ctx.smoke ? 0 : 2 },
            );
            const coreRate = summarize(rates.core);
            const sdkRate = summarize(rates.sdk);
            ctx.log(`${target.name}: ${inFlight} in flight, core ${Math.round(coreRate.median)}/s, bare SDK ${Math.round(sdkRate.median)}/s`);
            figures.push(
              figure({
                id: `${target.prefix}throughput-${inFlight}-ratio`,
                label: `${target.name}: calls/s with ${inFlight} in flight, bare SDK ÷ core (≤ 1.11: the core reaches ≥ 0.9 of the bare client)`,
                value: round(sdkRate.median / coreRate.median),
                unit: '×',
                goal: { max: 1.11 },
                floor: CALL_FLOOR,
                subject: { label: `core calls/s, ${inFlight} in flight (median of rounds)`, unit: '/s', summary: roundSummary(coreRate, 0) },
                baseline: { label: `bare SDK client calls/s, ${inFlight} in flight (median of rounds)`, unit: '/s', summary: roundSummary(sdkRate, 0) },
              }),
            );
          }
        } finally {
          await client.close();
        }
      }
      return { figures, details: { callsEach: calls, servers: TARGETS.map((target) => target.name) } };
    } finally {
      await core.close();
    }
  },
});
