/**
 * The load engine against real fixture servers: stdio processes it starts itself, and a
 * Streamable HTTP server on 127.0.0.1. Timings on a shared machine are noisy, so latency
 * checks are bounds and orderings (at least the configured delay; the percentiles in
 * order), never tight figures.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { isAlive, pidsWith } from '../../../e2e/support/processes';
import type { ServerConfig } from '../../../shared/config/server-config';
import type { LoadPlan } from './load-plan';
import { planEra } from '../connections/era/era-plan';
import { LoadClient } from './load-client';
import { LoadConnectError } from './load-errors';
import { LoadRun } from './load-run';
import type { LoadSnapshot } from './load-report';

const stdio = (fixture: 'load-target' | 'leaky-stdio', args: string[] = []): ServerConfig => ({ command: process.execPath, args: [fixtureServer(fixture), ...args] });

function plan(config: ServerConfig, overrides: Partial<LoadPlan> = {}): LoadPlan {
  return {
    server: 'target',
    config,
    steps: [{ name: 'work', tool: 'work', weight: 1, args: () => ({}) }],
    clients: 1,
    concurrency: 1,
    requests: 20,
    profile: { kind: 'constant' },
    callTimeoutMs: 10_000,
    connectTimeoutMs: 15_000,
    ideLockDir: os.tmpdir(),
    era: { kind: 'auto' },
    eraProbeTimeoutMs: 3000,
    ...overrides,
  };
}

describe('load run over stdio', () => {
  it('measures percentiles no lower than the configured delay, in order, with the exact request count', async () => {
    const report = await new LoadRun(plan(stdio('load-target', ['--delay-ms', '20']), { clients: 2, concurrency: 3, requests: 60 })).run();
    expect(report.end).toBe('completed');
    expect(report.requests).toBe(60);
    expect(report.errors).toBe(0);
    const { p50, p90, p95, p99, max } = report.latency;
    // Every call waits 20 ms in the server: nothing can be faster; a loaded machine may make it much slower.
    expect(p50).toBeGreaterThanOrEqual(19.5);
    expect(p50).toBeLessThan(20 * 50);
    expect(p50 <= p90 && p90 <= p95 && p95 <= p99 && p99 <= max).toBe(true);
    expect(report.throughput).toBeGreaterThan(0);
    expect(report.steps).toEqual([expect.objectContaining({ name: 'work', requests: 60, errors: 0 })]);
  }, 60_000);

  it('counts tool errors and JSON-RPC errors apart, each with its message', async () => {
    const [tool, rpc] = await Promise.all([
      new LoadRun(plan(stdio('load-target', ['--error-rate', '0.25']), { requests: 40 })).run(),
      new LoadRun(plan(stdio('load-target', ['--error-rate', '0.5', '--error-kind', 'rpc']), { requests: 40 })).run(),
    ]);
    expect(tool.errors).toBe(10);
    expect(tool.errorsByClass).toEqual({ 'tool-error': { count: 10, top: [{ message: 'Upstream quota exceeded', count: 10 }] } });
    expect(rpc.errors).toBe(20);
    expect(rpc.errorRate).toBe(0.5);
    expect(rpc.errorsByClass.jsonrpc?.count).toBe(20);
    expect(rpc.errorsByClass.jsonrpc?.top[0]?.message).toContain('SQLITE_BUSY');
  }, 60_000);

  it('counts a call the server does not answer in time as a timeout', async () => {
    const report = await new LoadRun(plan(stdio('load-target'), { requests: 3, callTimeoutMs: 200, steps: [{ name: 'slow', tool: 'work', weight: 1, args: () => ({ delayMs: 5_000 }) }] })).run();
    expect(report.errorsByClass.timeout?.count).toBe(3);
  }, 60_000);

  it('gives each client its own server process, and a shared process to all with sharedProcess', async () => {
    const pids = (report: Awaited<ReturnType<LoadRun['run']>>) => report.serverResources?.samples.at(-1)?.processes;
    const own = await new LoadRun(plan(stdio('load-target'), { clients: 3, requests: 30 })).run();
    const shared = await new LoadRun(plan(stdio('load-target'), { clients: 3, requests: 30, sharedProcess: true })).run();
    expect(pids(own)).toBe(3);
    expect(pids(shared)).toBe(1);
  }, 60_000);

  it('sends live snapshots, and stop ends the run and every server process it started', async () => {
    const marker = `load-stop-${randomUUID()}`;
    const snapshots: LoadSnapshot[] = [];
    let pidsWhileRunning: number[] = [];
    const run: LoadRun = new LoadRun(plan(stdio('load-target', ['--delay-ms', '5', marker]), { clients: 3, concurrency: 2, requests: undefined, durationMs: 600_000 }), {
      onSnapshot(snapshot) {
        snapshots.push(snapshot);
        if (snapshots.length === 2) {
          pidsWhileRunning = pidsWith(marker);
          run.stop();
        }
      },
    });
    const report = await run.run();
    expect(report.end).toBe('stopped');
    expect(snapshots[0]!.requests).toBeGreaterThan(0);
    expect(snapshots[1]!.requests).toBeGreaterThanOrEqual(snapshots[0]!.requests);
    expect(pidsWhileRunning).toHaveLength(3);
    // run() returns once every client is closed: no server process is left.
    expect(pidsWhileRunning.filter(isAlive)).toEqual([]);
    expect(pidsWith(marker)).toEqual([]);
  }, 60_000);

  it('refuses before any call when approve throws, and starts no other client', async () => {
    const refusal = new Error('write_record is destructive');
    const run = new LoadRun(plan(stdio('load-target'), { clients: 4 }), {
      approve(tools) {
        expect(tools.map((tool) => tool.name)).toContain('write_record');
        throw refusal;
      },
    });
    await expect(run.run()).rejects.toBe(refusal);
  }, 30_000);

  it('reports a server that cannot start as a connect error', async () => {
    await expect(new LoadRun(plan({ command: '/nonexistent/mcp-server' })).run()).rejects.toBeInstanceOf(LoadConnectError);
  }, 30_000);

  it("states a leaking server's memory slope, far steeper than the same server's without the leak", async () => {
    const soak = { requests: undefined, durationMs: 14_000, concurrency: 4, rate: 200 };
    const [leaky, plain] = await Promise.all([new LoadRun(plan(stdio('leaky-stdio', ['--leak-kb', '256']), soak)).run(), new LoadRun(plan(stdio('load-target'), soak)).run()]);
    const trend = leaky.serverResources?.memoryTrend;
    expect(trend, 'memory samples were taken').toBeDefined();
    expect(trend!.bytesPerMinute).toBeGreaterThan(1024 * 1024);
    expect(leaky.serverResources?.leakSuspected).toBe(true);
    // A Node server's heap also grows for a while before its first full collections: only the ordering is certain in 14 s.
    const plainSlope = plain.serverResources?.memoryTrend?.bytesPerMinute ?? 0;
    expect(trend!.bytesPerMinute).toBeGreaterThan(Math.max(0, plainSlope) * 3);
  }, 90_000);
});

describe('load run over Streamable HTTP', () => {
  let fixture: RunningFixture;
  beforeAll(async () => {
    fixture = await startFixture('load-target', ['--http', '--delay-ms', '10']);
  });
  afterAll(() => fixture.stop());

  /** The fixture's own count of calls and sessions, read over a session of its own. */
  async function stats(): Promise<{ calls: number; sessionsCreated: number }> {
    const client = await LoadClient.open({ server: 'target', config: { type: 'http', url: fixture.url }, connectTimeoutMs: 10_000, ideLockDir: os.tmpdir(), era: planEra({ kind: 'legacy' }, { transport: 'http', probeTimeoutMs: 1000, connectTimeoutMs: 10_000 }) });
    try {
      const result = await client.callTool('stats', {}, 10_000, new AbortController().signal);
      return JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as { calls: number; sessionsCreated: number };
    } finally {
      await client.close();
    }
  }

  it('with session churn, opens a new session every M calls per client and reports the time one takes', async () => {
    const before = await stats();
    const report = await new LoadRun(plan({ type: 'http', url: fixture.url }, { clients: 1, concurrency: 3, requests: 20, churn: 5 })).run();
    const after = await stats();
    expect(report).toMatchObject({ requests: 20, errors: 0, clientsLost: 0, settings: { churn: 5 } });
    expect(report.sessions?.opened).toBe(4);
    expect(report.sessions?.setup.max).toBeGreaterThan(0);
    // The server saw them: 4 sessions for the run, and 1 for the second stats() (the first one's was counted before).
    expect(after.sessionsCreated - before.sessionsCreated).toBe(4 + 1);
    expect(after.calls - before.calls).toBe(20);
  }, 60_000);

  it('measures a remote server with a session per client', async () => {
    const report = await new LoadRun(plan({ type: 'http', url: fixture.url }, { clients: 2, concurrency: 2, requests: 40 })).run();
    expect(report.requests).toBe(40);
    expect(report.errors).toBe(0);
    expect(report.latency.p50).toBeGreaterThanOrEqual(9.5);
    expect(report.serverResources).toBeUndefined();
  }, 60_000);
});

describe('the protocol era of a run', () => {
  const modernOnly: ServerConfig = { command: process.execPath, args: [fixtureServer('v2-stdio'), '--modern-only'] };
  const oneStep = [{ name: 'long', tool: 'long', weight: 1, args: () => ({ steps: 1, delayMs: 0 }) }];

  it('detects a 2026-07-28 server (auto) and every client speaks it; the report says which', async () => {
    const report = await new LoadRun(plan(modernOnly, { steps: oneStep, clients: 2, requests: 10 })).run();
    expect(report).toMatchObject({ requests: 10, errors: 0, clientsLost: 0, protocol: { era: 'modern', version: '2026-07-28' } });
  }, 60_000);

  it('pinned to 2025 (legacy), a 2026-only server cannot be loaded: nothing is measured', async () => {
    await expect(new LoadRun(plan(modernOnly, { steps: oneStep, era: { kind: 'legacy' } })).run()).rejects.toBeInstanceOf(LoadConnectError);
  }, 60_000);

  it('a 2025 server is spoken to in 2025, detected', async () => {
    const report = await new LoadRun(plan(stdio('load-target'), { requests: 5 })).run();
    expect(report.protocol?.era).toBe('legacy');
  }, 60_000);

  it('a 2025 stdio server that exits when asked server/discover is started again with initialize, and every client speaks 2025', async () => {
    const exiting: ServerConfig = { command: process.execPath, args: [fixtureServer('legacy-quiet-stdio'), '--exit-on-probe'] };
    const echo = [{ name: 'echo', tool: 'echo', weight: 1, args: () => ({ text: 'hi' }) }];
    const report = await new LoadRun(plan(exiting, { steps: echo, clients: 2, requests: 6 })).run();
    expect(report).toMatchObject({ requests: 6, errors: 0, clientsLost: 0, protocol: { era: 'legacy' } });
  }, 60_000);
});

it('many calls in flight share one stop signal without a listener warning, and stop still cancels them all', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    const done = await new LoadRun(plan(stdio('load-target', ['--delay-ms', '5']), { concurrency: 40, requests: 400 })).run();
    expect(done).toMatchObject({ requests: 400, errors: 0 });
    // Stopped with 40 slow calls under way: none is counted, and the run ends at once.
    const slow = new LoadRun(plan(stdio('load-target', ['--delay-ms', '60000']), { concurrency: 40, requests: undefined, durationMs: 600_000 }), { onStarted: () => setImmediate(() => slow.stop()) });
    const stopped = await slow.run();
    expect(stopped).toMatchObject({ end: 'stopped', requests: 0 });
    // A warning is emitted on the next tick: let it arrive.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((text) => /MaxListeners/.test(text))).toEqual([]);
  } finally {
    process.off('warning', onWarning);
  }
}, 60_000);
