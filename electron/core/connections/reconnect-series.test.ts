/**
 * A remote server that went away is tried again in the background with backoff, shown in
 * its state, until it is back, the tries are used up, or the user stops it. Real SSE
 * fixture servers on 127.0.0.1; the waits between tries run on a clock the test moves.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { waitUntil } from '../../../e2e/support/processes';
import type { ServerConfig } from '../../../shared/config/server-config';
import { ManualClock } from '../../../tests/support/manual-clock';
import { EventBus } from '../events/event-bus';
import { ConnectionManager } from './connection-manager';
import { MAX_RECONNECTS, RECONNECT_DELAYS_MS } from './reconnect-backoff';

const fixtures: RunningFixture[] = [];
let manager: ConnectionManager | undefined;

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
});

async function sseFixture(): Promise<RunningFixture> {
  const running = await startFixture('sse-server');
  fixtures.push(running);
  return running;
}

function create(clock: ManualClock, currentConfig: () => ServerConfig | undefined): ConnectionManager {
  manager = new ConnectionManager({ events: new EventBus(), clientInfo: { name: 'test', version: '0' }, clock, currentConfig, settings: () => ({ connectTimeoutMs: 10_000 }) });
  return manager;
}

/** Waits until the server's state says the next try is scheduled: which one, and in how long. */
async function nextTry(m: ConnectionManager, clock: ManualClock, name: string): Promise<{ attempt: number; inMs: number }> {
  await waitUntil(() => m.state(name).retry !== undefined && m.state(name).status === 'failed', 'the next try to be scheduled');
  const retry = m.state(name).retry!;
  return { attempt: retry.attempt, inMs: retry.at - clock.now() };
}

describe('reconnecting a remote server in the background', () => {
  it('tries again with growing waits, shown in the state, and connects once the server is back', async () => {
    const gone = await sseFixture();
    const back = await sseFixture();
    const clock = new ManualClock();
    let config: ServerConfig | undefined = { type: 'sse', url: gone.url };
    const m = create(clock, () => config);
    await m.connect('remote', config!);
    await gone.stop();

    const seen: Array<{ attempt: number; inMs: number }> = [];
    for (let i = 0; i < 4; i++) {
      const next = await nextTry(m, clock, 'remote');
      seen.push(next);
      expect(m.state('remote').error).toBeDefined();
      await clock.advance(next.inMs);
      await waitUntil(() => m.state('remote').retry?.attempt !== next.attempt || m.state('remote').status === 'connected', 'the try to happen');
    }
    expect(seen).toEqual(RECONNECT_DELAYS_MS.slice(0, 4).map((inMs, index) => ({ attempt: index + 1, inMs })));

    // The server is back (here: at the address the config now names).
    config = { type: 'sse', url: back.url };
    const next = await nextTry(m, clock, 'remote');
    expect(next).toEqual({ attempt: 5, inMs: RECONNECT_DELAYS_MS[4] });
    await clock.advance(next.inMs);
    await waitUntil(() => m.state('remote').status === 'connected', 'the reconnect');
    expect(m.state('remote').retry).toBeUndefined();
    expect(clock.pending()).toEqual([]);
  });

  it('Disconnect stops the series: no try is left waiting, and none comes', async () => {
    const gone = await sseFixture();
    const clock = new ManualClock();
    const config: ServerConfig = { type: 'sse', url: gone.url };
    const m = create(clock, () => config);
    await m.connect('remote', config);
    await gone.stop();
    await nextTry(m, clock, 'remote');
    expect(clock.pending()).toHaveLength(1);

    await m.disconnect('remote');
    expect(clock.pending()).toEqual([]);
    await clock.advance(RECONNECT_DELAYS_MS[0]! * 10);
    expect(m.state('remote')).toMatchObject({ status: 'disconnected' });
    expect(m.protocolLog.entries('remote').filter((entry) => entry.text === 'Reconnecting.')).toEqual([]);
  });

  it('gives up after the last try, and says so', async () => {
    const gone = await sseFixture();
    const clock = new ManualClock();
    const config: ServerConfig = { type: 'sse', url: gone.url };
    const m = create(clock, () => config);
    await m.connect('remote', config);
    await gone.stop();
    for (let i = 0; i < MAX_RECONNECTS; i++) {
      const next = await nextTry(m, clock, 'remote');
      expect(next.attempt).toBe(i + 1);
      await clock.advance(next.inMs);
      await waitUntil(() => m.state('remote').retry?.attempt !== next.attempt, 'the try to happen');
    }
    await waitUntil(() => m.protocolLog.entries('remote').some((entry) => /Not reconnecting automatically any more/.test(entry.text)), 'the series to give up');
    expect(m.state('remote')).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED.* Stopped reconnecting after 8 tries; Connect tries again\.$/) });
    expect(m.state('remote').retry).toBeUndefined();
    expect(clock.pending()).toEqual([]);
  });
});
