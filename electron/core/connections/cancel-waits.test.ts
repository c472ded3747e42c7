/**
 * A cancel ends a request at once, whatever it is waiting for: the connection (a server
 * whose initialize is held back), or the pause before a retry after an expired session.
 * Each wait is a gate the test holds shut; the test asserts the call settled before the
 * gate opened, never on how long it took.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFixture, type RunningFixture } from '../../../e2e/fixtures/fixture-process';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import { TempDirs } from '../../../tests/support/temp-dirs';
import type { ServerConfig } from '../../../shared/config/server-config';
import { AppError } from '../../../shared/envelope';
import { controllableTransports, method } from '../../../tests/support/controllable-transport';
import { Order } from '../../../tests/support/gate';
import { ManualClock } from '../../../tests/support/manual-clock';
import { EventBus } from '../events/event-bus';
import { ToolsService } from '../tools/tools-service';
import { ConnectionManager, SESSION_RETRY_DELAYS_MS, type ConnectionManagerOptions } from './connection-manager';

const basic: ServerConfig = { command: process.execPath, args: [fixtureServer('basic-stdio')] };
const fixtures: RunningFixture[] = [];
let manager: ConnectionManager | undefined;
let tools: ToolsService;
let transports: ReturnType<typeof controllableTransports>;
const temp = new TempDirs();

function create(extra: Partial<ConnectionManagerOptions> = {}): ConnectionManager {
  const bus = new EventBus();
  transports = controllableTransports();
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, createTransport: transports.createTransport, ...extra });
  tools = new ToolsService(manager, bus);
  return manager;
}

afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await Promise.all(fixtures.splice(0).map((f) => f.stop()));
  await temp.removeAll();
});

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof AppError ? `${error.kind}: ${error.message}` : String(error)),
  );

describe('cancelling a request', () => {
  it('while it waits for the connection: settles before the connect does, and the call is never sent', async () => {
    const m = create();
    const transportMade = transports.next();
    const controller = new AbortController();
    const order = new Order();
    const call = order.track('call settled', tools.call('held', basic, 'echo', { text: 'never' }, { signal: controller.signal }));
    const initialize = (await transportMade).hold('out', method('initialize'));

    controller.abort();
    const outcome = await outcomeOf(call);
    order.note('initialize let through');
    initialize.open();

    expect(outcome).toBe('cancelled: held: The call was cancelled.');
    expect(order.events).toEqual(['call settled', 'initialize let through']);
    // The connect itself goes on (other calls may share it); the cancelled call never went out.
    await m.connect('held', basic);
    expect(m.state('held').status).toBe('connected');
    expect(transports.latest().log.some((entry) => entry.direction === 'out' && 'method' in entry.message && entry.message.method === 'tools/call')).toBe(false);
  });

  it('while it waits to retry after an expired session: settles at once, and the call is not sent again', async () => {
    // Every session expires at its first call: the call's first retry is immediate, the second waits (on the clock).
    const f = await startFixture('http-expiring', ['--calls', '0']);
    fixtures.push(f);
    const clock = new ManualClock();
    const m = create({ clock });
    const config: ServerConfig = { type: 'http', url: f.url };
    await m.connect('expiring', config);
    const controller = new AbortController();
    const order = new Order();
    const retryWaits = clock.timerSet((ms) => ms === SESSION_RETRY_DELAYS_MS[1]);
    const call = order.track('call settled', tools.call('expiring', config, 'echo', { text: 'x' }, { signal: controller.signal }));
    await retryWaits;
    const callsBefore = (await f.http<{ expired: number }>('/stats')).expired;

    controller.abort();
    const outcome = await outcomeOf(call);
    order.note('retry due');
    await clock.advance(SESSION_RETRY_DELAYS_MS[1]!);

    expect(outcome).toBe('cancelled: expiring: The call was cancelled.');
    expect(order.events).toEqual(['call settled', 'retry due']);
    // The new session is up (the server is connected again); the cancelled call never went out on it.
    await waitUntil(() => m.state('expiring').status === 'connected', 'the new session');
    expect((await f.http<{ expired: number }>('/stats')).expired).toBe(callsBefore);
  });
});

describe('closing every connection right after a cancel', () => {
  it('in the same tick: waits for the server to read the cancel, and the call settles as cancelled', async () => {
    const dir = await temp.make('mcpwb-cancel-drain-');
    const callLog = path.join(dir, 'calls.log');
    const lab: ServerConfig = { command: process.execPath, args: [fixtureServer('tool-lab'), '--call-log', callLog] };
    const m = create();
    await m.connect('lab', lab);
    const controller = new AbortController();
    const call = outcomeOf(tools.call('lab', lab, 'slow_progress', { steps: 1000, delayMs: 50 }, { signal: controller.signal }));
    await transports.latest().passed('in', method('notifications/progress'));

    // Nobody waits between the two: whoever aborted, closing itself gives the cancel its time.
    controller.abort();
    const closing = m.closeAll();

    expect(await call).toBe('cancelled: lab: The call was cancelled.');
    await closing;
    // The server read the cancel before its process was stopped (it reads in order, and the
    // ping sent after the cancel was answered before the close).
    expect(readFileSync(callLog, 'utf8').trim().split('\n')).toEqual(['slow_progress', 'slow_progress cancelled']);
    const log = transports.latest().log;
    const ping = log.find((entry) => entry.direction === 'out' && 'method' in entry.message && entry.message.method === 'ping');
    expect(ping, 'a ping after the cancel').toBeDefined();
    const pingId = ping && 'id' in ping.message ? ping.message.id : undefined;
    expect(log.some((entry) => entry.direction === 'in' && !('method' in entry.message) && 'id' in entry.message && entry.message.id === pingId)).toBe(true);
  });
});
