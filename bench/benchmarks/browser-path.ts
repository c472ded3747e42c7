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
 * to that folder when the benchmark stops it.
 */
import fs from 'node:fs/promises';
import { startBrowserHost } from '../../e2e/support/browser-host';
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { processCpuMs } from '../lib/process-cpu';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { connectWsApi } from '../lib/ws-api';
import { bareClient, fixtureEntry, tempDir, writeServers } from '../lib/workbench';

benchmark({
  id: 'browser-path',
  title: 'Browser-mode path: AppApi over the browser host (its own process) vs a bare SDK client',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const home = await tempDir('browser-path');
    await writeServers(home.path, { echo: fixtureEntry('basic-stdio') });
    const profileDir = process.env.MCPWB_BENCH_HOST_PROFILE;
    const host = await startBrowserHost({
      home: home.path,
      // The keychain is not what is measured.
      env: { MCP_WORKBENCH_KEYCHAIN: 'off' },
      ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
    });
    const client = await bareClient('basic-stdio').catch(async (error: unknown) => {
      await host.stop();
      throw error;
    });
    const ws = await connectWsApi(host).catch(async (error: unknown) => {
      await Promise.all([client.close(), host.stop()]);
      throw error;
    });
    try {
      await ws.api.connectServer({ name: 'echo' });
      const text = 'hello from the benchmark';
      const request = { server: 'echo', tool: 'echo', arguments: { text } };
      let hostCpuMs = 0;
      const samples = await interleave(
        {
          websocket: async () => {
            const cpuBefore = processCpuMs(host.pid);
            const ms = await timed(() => ws.api.callTool(request));
            const cpuAfter = processCpuMs(host.pid);
            if (cpuBefore !== undefined && cpuAfter !== undefined) hostCpuMs += cpuAfter - cpuBefore;
            return ms;
          },
          sdk: () => timed(() => client.callTool({ name: 'echo', arguments: { text } })),
        },
        {
          rounds: calls,
          warmupRounds: ctx.smoke ? 2 : 200,
          onRound: (n) => {
            if (n === 1) hostCpuMs = 0;
            if (n % 500 === 0) ctx.log(`${n} of ${calls} calls each`);
          },
        },
      );
      const subject = summarize(samples.websocket);
      const baseline = summarize(samples.sdk);
      const sides = {
        subject: { label: 'renderer AppApi over the host WebSocket (host in its own process)', unit: 'ms', summary: roundSummary(subject) },
        baseline: { label: 'SDK Client.callTool', unit: 'ms', summary: roundSummary(baseline) },
      };
      const cpuKnown = processCpuMs(host.pid) !== undefined;
      return {
        figures: [
          figure({ id: 'added-median-ms', label: 'added median per call, host WebSocket − bare SDK', value: round(subject.median - baseline.median), unit: 'ms', goal: { max: 0.15 }, ...sides }),
          figure({ id: 'added-p95-ms', label: 'added p95 per call, host WebSocket − bare SDK', value: round(subject.p95 - baseline.p95), unit: 'ms', goal: { max: 0.5 }, ...sides }),
          ...(cpuKnown
            ? [figure({ id: 'host-cpu-ms', label: 'host process CPU per call (user + system)', value: round(hostCpuMs / Math.max(1, calls - 1)), unit: 'ms' })]
            : []),
        ],
        details: {
          callsEach: calls,
          client: 'renderer/src/api/ws-client.ts in Node (ws package as the global WebSocket), this process',
          host: 'out/electron/browser-host.cjs, a process of its own, with its own basic-stdio server',
          baseline: 'SDK Client on the SDK stdio transport, its own basic-stdio server',
          hostCpuSource: cpuKnown ? '/proc/<pid>/stat, clock ticks' : 'not available on this platform',
        },
      };
    } finally {
      ws.close();
      await Promise.all([client.close(), host.stop()]);
      await fs.rm(home.path, { recursive: true, force: true });
    }
  },
});
