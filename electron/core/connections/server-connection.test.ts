/**
 * One attempt per connection, and only the current attempt speaks for the server. Each
 * race is forced with a gate on the real transport of a real fixture process (or on the
 * era cache), never hoped for: a slow-to-die server switched off and on, removed and added
 * again, a server that dies while its era verdict is written, and a stale attempt that
 * tries to write after a newer one took over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../../../e2e/fixtures/paths';
import { waitUntil } from '../../../e2e/support/processes';
import type { ServerConfig } from '../../../shared/config/server-config';
import { controllableTransports } from '../../../tests/support/controllable-transport';
import { Gate, Order } from '../../../tests/support/gate';
import { EventBus } from '../events/event-bus';
import { ToolsService } from '../tools/tools-service';
import { ConnectionManager, type ConnectionManagerOptions } from './connection-manager';
import type { EraCache } from './era/era-cache';

const basic: ServerConfig = { command: process.execPath, args: [fixtureServer('basic-stdio')] };

let manager: ConnectionManager | undefined;
let tools: ToolsService;
let transports: ReturnType<typeof controllableTransports>;

function create(extra: Partial<ConnectionManagerOptions> = {}): ConnectionManager {
  const bus = new EventBus();
  transports = controllableTransports();
  manager = new ConnectionManager({ events: bus, clientInfo: { name: 'test', version: '0' }, createTransport: transports.createTransport, ...extra });
  tools = new ToolsService(manager, bus);
  return manager;
}

afterEach(async () => {
  // Whatever a test held shut is let go, so every process ends.
  for (const transport of transports?.made ?? []) transport.holdClose().open();
  await manager?.closeAll();
  manager = undefined;
});

const logTexts = (m: ConnectionManager, name: string) => m.protocolLog.entries(name).map((entry) => entry.text);

describe('one attempt per connection', () => {
  it('a superseded attempt can no longer write the server\'s state, its caches, timers or log', async () => {
    const m = create();
    await m.connect('basic', basic);
    const stale = m.attemptOf('basic')!;
    const edited: ServerConfig = { ...basic, env: { EDITED: '1' } };
    await m.connect('basic', edited);
    const current = m.attemptOf('basic')!;
    expect(current).not.toBe(stale);
    expect(stale.retired).toBe(true);
    await tools.list('basic', edited);

    // Everything the old attempt could still try, now that the new one speaks for the server.
    expect(stale.report({ status: 'failed', error: 'stale news' })).toBe(false);
    stale.dropCaches();
    let fired = false;
    expect(stale.setTimer(() => (fired = true), 0)).toBe(false);
    stale.logEvent('a line from the stale attempt');

    expect(m.state('basic', edited)).toMatchObject({ status: 'connected' });
    expect(tools.lastSeen('basic', edited)).toBeDefined();
    expect(logTexts(m, 'basic')).not.toContain('a line from the stale attempt');
    await new Promise((resolve) => setImmediate(resolve));
    expect(fired).toBe(false);
    // The current one still can.
    expect(current.report({ ...current.state })).toBe(true);
  });

  it('a slow-to-die server switched off and on shows Connected, and the new process starts once the old one is gone', async () => {
    const m = create();
    await m.connect('slow', basic);
    const first = m.attemptOf('slow');
    const slowToDie = transports.latest().holdClose();
    const order = new Order();

    const off = order.track('off done', m.disconnect('slow'));
    expect(m.state('slow').status).toBe('disconnected');
    const on = order.track('on done', m.connect('slow', basic));
    // Whichever comes first: the new connection is up (a manager that does not wait for the old process),
    // or the new attempt waits for the old one to close (a manager that does).
    const waiting = () => {
      const attempt = m.attemptOf('slow');
      return attempt !== undefined && attempt !== first && attempt.state.status === 'pending' && transports.made.length === 1;
    };
    await waitUntil(() => order.events.includes('on done') || waiting(), 'the new connection, or its wait for the old one');
    order.note('old process gone');
    slowToDie.open();
    await Promise.all([off, on]);

    expect(m.state('slow')).toMatchObject({ status: 'connected' });
    expect(order.events).toEqual(['old process gone', 'off done', 'on done']);
    // Connect repairs nothing because nothing is broken: the same connection answers.
    expect((await tools.call('slow', basic, 'echo', { text: 'still here' })).content[0]).toMatchObject({ text: 'still here' });
  });

  it('a server removed and added again while its old process dies keeps the new connection\'s state and log', async () => {
    const m = create();
    await m.connect('again', basic);
    const slowToDie = transports.latest().holdClose();

    const forgetting = m.forget('again');
    await m.connect('again', basic);
    expect(m.state('again').status).toBe('connected');
    slowToDie.open();
    await forgetting;

    expect(m.state('again')).toMatchObject({ status: 'connected', serverInfo: { name: 'basic-fixture' } });
    expect(logTexts(m, 'again').some((text) => text.startsWith('Connected to basic-fixture'))).toBe(true);
    // The forgotten attempt's shutdown is not in the new server's log.
    expect(logTexts(m, 'again')).not.toContain('Disconnected.');
  });

  it('a server that dies while its era verdict is written is reported failed, with how it ended', async () => {
    const verdictWritten = new Gate();
    const writing = new Gate();
    const eraCache = {
      get: async () => undefined,
      forget: async () => undefined,
      set: async () => {
        writing.open();
        await verdictWritten.passed;
      },
    } as unknown as EraCache;
    const m = create({ eraCache });
    const connecting = m.connect('dies', basic).then(
      () => 'connected',
      (error: unknown) => String(error),
    );
    await writing.passed;
    const { pid } = transports.latest() as unknown as { pid: number };
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => m.state('dies').status === 'failed', 'the death to be noticed');
    verdictWritten.open();

    expect(await connecting).toMatch(/dies: The server process was killed by SIGKILL/);
    expect(m.state('dies')).toMatchObject({ status: 'failed', error: 'The server process was killed by SIGKILL.', exit: { signal: 'SIGKILL' } });
  });
});
