/**
 * 2. Browser-mode path: the echo call as a page makes it, through the renderer's AppApi
 * client (renderer/src/api/ws-client.ts, run here in Node with the `ws` package as its
 * WebSocket) over a real WebSocket with the page's token, to the built browser host
 * (out/electron/browser-host.cjs, what `npm run web` runs) in a process of its own, which
 * calls its own copy of the fixture server; versus a bare SDK Client calling another copy
 * of the same server over stdio. The two run in turns.
 * Figures: added median and added p95 milliseconds per call (goals ≤ 0.15 ms, ≤ 0.5 ms);
 * the host process's CPU time per call (Linux: /proc), for information.
 *
 * MCPWB_BENCH_HOST_PROFILE=<folder> runs the host with --cpu-prof, its profile written
 * to that folder when the benchmark stops it (MCPWB_BENCH_HOST_PROFILE_INTERVAL=<µs> samples
 * more often than V8's 1,000 µs). MCPWB_BENCH_COMPARE_HOST=<browser-host.cjs
 * of another build> adds that build's host as a third variant in the same turns, so two
 * builds are compared in one run (reported, no goal).
 */
import fs from 'node:fs/promises';
import type { AppApi } from '../../shared/api';
import { startBrowserHost, type BrowserHost } from '../../e2e/support/browser-host';
import { benchmark } from '../lib/bench-main';
import { interleave, timed, type Measure } from '../lib/interleave';
import { processCpuMs } from '../lib/process-cpu';
import { figure, type Figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { connectWsApi } from '../lib/ws-api';
import { bareClient, fixtureEntry, tempDir, writeServers } from '../lib/workbench';
import { HOP_FLOOR, HOP_P95_FLOOR } from '../lib/floors';

interface HostUnderTest {
  host: BrowserHost;
  api: AppApi;
  /** The host's CPU time spent during measured calls, in ms. */
  cpuMs: number;
  stop(): Promise<void>;
}

/** A browser host (this build's, or `entry`) on its own data folder with the echo server, and a page client connected to it. */
async function openHost(entry?: string): Promise<HostUnderTest> {
  const home = await tempDir('browser-path');
  await writeServers(home.path, { echo: fixtureEntry('basic-stdio') });
  const profileDir = process.env.MCPWB_BENCH_HOST_PROFILE;
  // V8 samples every 1,000 µs by default: a few samples per call. A finer interval attributes µs per call.
  const interval = process.env.MCPWB_BENCH_HOST_PROFILE_INTERVAL;
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...(interval ? [`--cpu-prof-interval=${interval}`] : [])] : [];
  const host = await startBrowserHost({
    home: home.path,
    // The keychain is not what is measured.
    env: { MCP_WORKBENCH_KEYCHAIN: 'off' },
    ...(profileDir && !entry ? { nodeArgs: profileArgs } : {}),
    ...(entry ? { entry } : {}),
  }).catch(async (error: unknown) => {
    await home.remove();
    throw error;
  });
  const stop = async () => {
    await host.stop();
    await fs.rm(home.path, { recursive: true, force: true });
  };
  try {
    const ws = await connectWsApi(host);
    await ws.api.connectServer({ name: 'echo' });
    return {
      host,
      api: ws.api,
      cpuMs: 0,
      stop: async () => {
        ws.close();
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}


benchmark({
  id: 'browser-path',
  title: 'Browser-mode path: AppApi over the browser host (its own process) vs a bare SDK client',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const otherEntry = process.env.MCPWB_BENCH_COMPARE_HOST;
    const started: HostUnderTest[] = [];
    const client = await bareClient('basic-stdio');
    try {
      const ours = await openHost();
      started.push(ours);
      const other = otherEntry ? await openHost(otherEntry) : undefined;
      if (other) started.push(other);

      const text = 'hello from the benchmark';
      const request = { server: 'echo', tool: 'echo', arguments: { text } };
      let measuring = false;
      const viaHost = (under: HostUnderTest): Measure => async () => {
        const cpuBefore = processCpuMs(under.host.pid);
        const ms = await timed(() => under.api.callTool(request));
        const cpuAfter = processCpuMs(under.host.pid);
        if (measuring && cpuBefore !== undefined && cpuAfter !== undefined) under.cpuMs += cpuAfter - cpuBefore;
        return ms;
      };
      const samples = await interleave<string>(
        {
          websocket: viaHost(ours),
          sdk: () => timed(() => client.callTool({ name: 'echo', arguments: { text } })),
          ...(other ? { other: viaHost(other) } : {}),
        },
        {
          rounds: calls,
          warmupRounds: ctx.smoke ? 2 : 200,
          onRound: (n) => {
            // onRound follows each measured round: from the first on, the CPU time counts.
            if (n === 1) for (const under of started) under.cpuMs = 0;
            measuring = true;
            if (n % 500 === 0) ctx.log(`${n} of ${calls} calls each`);
          },
        },
      );
      const subject = summarize(samples.websocket!);
      const baseline = summarize(samples.sdk!);
      const sdkSide = { label: 'SDK Client.callTool', unit: 'ms', summary: roundSummary(baseline) };
      const sides = { subject: { label: 'renderer AppApi over the host WebSocket (host in its own process)', unit: 'ms', summary: roundSummary(subject) }, baseline: sdkSide };
      const cpuKnown = processCpuMs(ours.host.pid) !== undefined;
      const cpuPerCall = (under: HostUnderTest) => round(under.cpuMs / Math.max(1, calls - 1));
      const figures: Figure[] = [
        figure({ id: 'added-median-ms', label: 'added median per call, host WebSocket − bare SDK', value: round(subject.median - baseline.median), unit: 'ms', goal: { max: 0.15 }, floor: HOP_FLOOR, ...sides }),
        figure({ id: 'added-p95-ms', label: 'added p95 per call, host WebSocket − bare SDK', value: round(subject.p95 - baseline.p95), unit: 'ms', goal: { max: 0.5 }, floor: HOP_P95_FLOOR, ...sides }),
        ...(cpuKnown ? [figure({ id: 'host-cpu-ms', label: 'host process CPU per call (user + system)', value: cpuPerCall(ours), unit: 'ms' })] : []),
      ];
      if (other) {
        const compared = summarize(samples.other!);
        const otherSides = { subject: { label: `the host of ${otherEntry}`, unit: 'ms', summary: roundSummary(compared) }, baseline: sdkSide };
        figures.push(
          figure({ id: 'other-added-median-ms', label: 'other build: added median per call − bare SDK', value: round(compared.median - baseline.median), unit: 'ms', ...otherSides }),
          figure({ id: 'other-added-p95-ms', label: 'other build: added p95 per call − bare SDK', value: round(compared.p95 - baseline.p95), unit: 'ms', ...otherSides }),
          ...(cpuKnown ? [figure({ id: 'other-host-cpu-ms', label: 'other build: host process CPU per call', value: cpuPerCall(other), unit: 'ms' })] : []),
        );
      }
      return {
        figures,
        details: {
          callsEach: calls,
          client: 'renderer/src/api/ws-client.ts in Node (ws package as the global WebSocket), this process',
          host: 'out/electron/browser-host.cjs, a process of its own, with its own basic-stdio server',
          baseline: 'SDK Client on the SDK stdio transport, its own basic-stdio server',
          hostCpuSource: cpuKnown ? '/proc/<pid>/stat, clock ticks' : 'not available on this platform',
          ...(otherEntry ? { otherHost: otherEntry } : {}),
        },
      };
    } finally {
      await Promise.all([client.close(), ...started.map((under) => under.stop())]);
    }
  },
});
