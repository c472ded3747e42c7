/**
 * 2. Browser-mode path: the echo call as a page makes it, through the renderer's AppApi
 * client (renderer/src/api/ws-client.ts, run here in Node with the `ws` package as its
 * WebSocket) over a real WebSocket with the page's token, to the built browser host
 * (out/electron/browser-host.cjs, what `npm run web` runs) in a process of its own, which
 * calls its own copy of the fixture server; versus a bare SDK Client calling another copy
 * of the same server over stdio; and, as the control that has the extra hop and nothing else,
 * the same page client over a WebSocket to a minimal relay process (bench/lib/minimal-relay.mjs:
 * the host's framing, a bare SDK client inside, its own copy of the server). The three run in
 * turns.
 * Figures: the host's added median and p95 (over the bare client) ÷ the relay's (goals ≤ 1.1×,
 * ≤ 1.3×); both added times in ms; the host's and the relay's CPU time per call (Linux: /proc);
 * the bytes of an answer frame from each.
 *
 * MCPWB_BENCH_HOST_PROFILE=<folder> runs the host with --cpu-prof, its profile written
 * to that folder when the benchmark stops it (MCPWB_BENCH_HOST_PROFILE_INTERVAL=<µs> samples
 * more often than V8's 1,000 µs). MCPWB_BENCH_COMPARE_HOST=<browser-host.cjs
 * of another build> adds that build's host as a third variant in the same turns, so two
 * builds are compared in one run (reported, no goal).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startBrowserHost, type BrowserHost } from '../../e2e/support/browser-host';
import { benchmark } from '../lib/bench-main';
import { interleave, timed, type Measure } from '../lib/interleave';
import { processCpuMs } from '../lib/process-cpu';
import { figure, type Figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { connectWsApi, type WsApi } from '../lib/ws-api';
import { bareClient, fixtureEntry, fixtureServer, tempDir, writeServers } from '../lib/workbench';

const RELAY_SCRIPT = fileURLToPath(new URL('../lib/minimal-relay.mjs', import.meta.url));

interface HostUnderTest {
  host: BrowserHost;
  ws: WsApi;
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
      ws,
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


interface RelayUnderTest {
  pid: number;
  ws: WsApi;
  stop(): Promise<void>;
}

/** The control: bench/lib/minimal-relay.mjs in a process of its own with its own echo server, and a page client connected to it. */
async function openRelay(): Promise<RelayUnderTest> {
  const child = spawn(process.execPath, [RELAY_SCRIPT, fixtureServer('basic-stdio')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`The minimal relay exited (code ${code}) before it was ready.`)));
    });
    const { port } = JSON.parse(line) as { port: number };
    const ws = await connectWsApi({ port, token: 'none' });
    return { pid: child.pid!, ws, stop: async () => (ws.close(), await stop()) };
  } catch (error) {
    await stop();
    throw error;
  }
}


benchmark({
  id: 'browser-path',
  title: 'Browser-mode path: AppApi over the browser host (its own process) vs a minimal relay and a bare SDK client',
  async run(ctx) {
    const calls = ctx.smoke ? 20 : 2000;
    const otherEntry = process.env.MCPWB_BENCH_COMPARE_HOST;
    const started: Array<{ stop(): Promise<void> }> = [];
    const client = await bareClient('basic-stdio');
    try {
      const ours = await openHost();
      started.push(ours);
      const relay = await openRelay();
      started.push(relay);
      const other = otherEntry ? await openHost(otherEntry) : undefined;
      if (other) started.push(other);

      const text = 'hello from the benchmark';
      const request = { server: 'echo', tool: 'echo', arguments: { text } };
      /** What each page-side variant cost its far process (CPU) and the wire (bytes), over the measured calls. */
      const usage = new Map<string, { pid: number; ws: WsApi; cpuMs: number; bytesFrom: number }>();
      let measuring = false;
      const viaSocket = (name: string, pid: number, ws: WsApi): Measure => {
        const used = { pid, ws, cpuMs: 0, bytesFrom: 0 };
        usage.set(name, used);
        return async () => {
          const cpuBefore = processCpuMs(pid);
          const ms = await timed(() => ws.api.callTool(request));
          const cpuAfter = processCpuMs(pid);
          if (measuring && cpuBefore !== undefined && cpuAfter !== undefined) used.cpuMs += cpuAfter - cpuBefore;
          return ms;
        };
      };
      const samples = await interleave<string>(
        {
          websocket: viaSocket('websocket', ours.host.pid, ours.ws),
          relay: viaSocket('relay', relay.pid, relay.ws),
          sdk: () => timed(() => client.callTool({ name: 'echo', arguments: { text } })),
          ...(other ? { other: viaSocket('other', other.host.pid, other.ws) } : {}),
        },
        {
          rounds: calls,
          warmupRounds: ctx.smoke ? 2 : 200,
          onRound: (n) => {
            // onRound follows each measured round: from the first on, CPU time and bytes count.
            if (n === 1) {
              for (const used of usage.values()) {
                used.cpuMs = 0;
                used.bytesFrom = used.ws.bytesReceived();
              }
            }
            measuring = true;
            if (n % 500 === 0) ctx.log(`${n} of ${calls} calls each`);
          },
        },
      );
      const measured = Math.max(1, calls - 1);
      const host = summarize(samples.websocket!);
      const control = summarize(samples.relay!);
      const baseline = summarize(samples.sdk!);
      const sdkSide = { label: 'SDK Client.callTool', unit: 'ms', summary: roundSummary(baseline) };
      const hostSide = { label: 'renderer AppApi over the host WebSocket (host in its own process)', unit: 'ms', summary: roundSummary(host) };
      const relaySide = { label: 'the same client over a minimal relay (same framing, bare SDK client inside, its own process)', unit: 'ms', summary: roundSummary(control) };
      const added = { median: host.median - baseline.median, p95: host.p95 - baseline.p95 };
      const relayAdded = { median: control.median - baseline.median, p95: control.p95 - baseline.p95 };
      // A relay that adds nothing measurable (noise) would make any host look infinitely worse: 1 µs is the least it is taken to add.
      const ratio = (ours: number, floor: number) => round(ours / Math.max(floor, 0.001));
      const cpuKnown = processCpuMs(ours.host.pid) !== undefined;
      const cpuPerCall = (name: string) => round(usage.get(name)!.cpuMs / measured);
      const bytesPerCall = (name: string) => Math.round((usage.get(name)!.ws.bytesReceived() - usage.get(name)!.bytesFrom) / measured);
      const figures: Figure[] = [
        figure({ id: 'added-median-ratio', label: 'added median per call over a bare SDK client, host ÷ minimal relay', value: ratio(added.median, relayAdded.median), unit: '×', goal: { max: 1.1 }, subject: hostSide, baseline: relaySide }),
        figure({ id: 'added-p95-ratio', label: 'added p95 per call over a bare SDK client, host ÷ minimal relay', value: ratio(added.p95, relayAdded.p95), unit: '×', goal: { max: 1.3 }, subject: hostSide, baseline: relaySide }),
        figure({ id: 'added-median-ms', label: 'added median per call, host WebSocket − bare SDK', value: round(added.median), unit: 'ms', subject: hostSide, baseline: sdkSide }),
        figure({ id: 'relay-added-median-ms', label: 'control: added median per call, minimal relay − bare SDK', value: round(relayAdded.median), unit: 'ms', subject: relaySide, baseline: sdkSide }),
        figure({ id: 'added-p95-ms', label: 'added p95 per call, host WebSocket − bare SDK', value: round(added.p95), unit: 'ms', subject: hostSide, baseline: sdkSide }),
        figure({ id: 'relay-added-p95-ms', label: 'control: added p95 per call, minimal relay − bare SDK', value: round(relayAdded.p95), unit: 'ms', subject: relaySide, baseline: sdkSide }),
        figure({ id: 'answer-bytes', label: 'bytes received per echo call, host (the relay beside it)', value: bytesPerCall('websocket'), unit: 'B', subject: { label: 'host frames', unit: 'B', value: bytesPerCall('websocket') }, baseline: { label: 'relay frames', unit: 'B', value: bytesPerCall('relay') } }),
        ...(cpuKnown
          ? [
              figure({ id: 'host-cpu-ms', label: 'host process CPU per call (user + system)', value: cpuPerCall('websocket'), unit: 'ms' }),
              figure({ id: 'relay-cpu-ms', label: 'control: minimal relay process CPU per call', value: cpuPerCall('relay'), unit: 'ms' }),
            ]
          : []),
      ];
      if (other) {
        const compared = summarize(samples.other!);
        const otherSides = { subject: { label: `the host of ${otherEntry}`, unit: 'ms', summary: roundSummary(compared) }, baseline: sdkSide };
        figures.push(
          figure({ id: 'other-added-median-ms', label: 'other build: added median per call − bare SDK', value: round(compared.median - baseline.median), unit: 'ms', ...otherSides }),
          figure({ id: 'other-added-p95-ms', label: 'other build: added p95 per call − bare SDK', value: round(compared.p95 - baseline.p95), unit: 'ms', ...otherSides }),
          ...(cpuKnown ? [figure({ id: 'other-host-cpu-ms', label: 'other build: host process CPU per call', value: cpuPerCall('other'), unit: 'ms' })] : []),
        );
      }
      return {
        figures,
        details: {
          callsEach: calls,
          client: 'renderer/src/api/ws-client.ts in Node (ws package as the global WebSocket), this process',
          host: 'out/electron/browser-host.cjs, a process of its own, with its own basic-stdio server',
          control: 'bench/lib/minimal-relay.mjs, a process of its own: a ws server with the host\'s framing and a bare SDK client on its own basic-stdio server',
          baseline: 'SDK Client on the SDK stdio transport, its own basic-stdio server',
          cpuSource: cpuKnown ? '/proc/<pid>/stat, clock ticks' : 'not available on this platform',
          ...(otherEntry ? { otherHost: otherEntry } : {}),
        },
      };
    } finally {
      await Promise.all([client.close(), ...started.map((under) => under.stop())]);
    }
  },
});
