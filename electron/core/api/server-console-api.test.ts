/** The server console through a real core: stderr, log messages, log levels, ping. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleEntry } from '../../../shared/api/server-console';
import type { AppEvent } from '../../../shared/events';
import type { Core } from './core-api';
import { startRealCore, type RealCore } from './real-core.testing';

let running: RealCore;
let core: Core;
let events: AppEvent[];

beforeEach(async () => {
  running = await startRealCore('console', { fixture: 'resources-stdio', basic: 'basic-stdio' });
  ({ core, events } = running);
});

afterEach(() => running.dispose());

const texts = (entries: ConsoleEntry[]) => entries.map((entry) => entry.text);
const pushed = () => events.flatMap((event) => (event.type === 'server-console' ? event.entries : []));

describe('server console on a real core', () => {
  it('collects stderr lines, log messages with level and logger, and connection events; pushes them as events', async () => {
    await core.api.connectServer({ name: 'fixture' });
    await core.api.readResource({ server: 'fixture', uri: 'fixture://actions/log' });
    await expect.poll(async () => texts((await core.api.getServerConsole({ server: 'fixture' })).entries)).toContain('{"burst":1,"structured":true}');
    // stderr is its own pipe: its lines may come a little before or after the messages.
    await expect.poll(async () => texts((await core.api.getServerConsole({ server: 'fixture' })).entries)).toContain('stderr burst 1');
    const { entries, level } = await core.api.getServerConsole({ server: 'fixture' });
    expect(level).toBeUndefined();
    expect(entries.find((e) => e.text === 'resources-fixture: started')).toMatchObject({ source: 'stderr', server: 'fixture' });
    expect(entries.find((e) => e.text === 'stderr burst 1')).toMatchObject({ source: 'stderr' });
    expect(entries.find((e) => e.text === 'burst 1 warning')).toMatchObject({ source: 'log', level: 'warning', logger: 'fixture' });
    expect(entries.find((e) => e.text === 'resources-fixture ready')).toMatchObject({ source: 'log', level: 'notice', logger: 'startup' });
    expect(entries.find((e) => e.source === 'event')).toMatchObject({ text: 'Connected to resources-fixture 3.1.0.' });
    expect(entries.filter((e) => e.source === 'log' && e.text.startsWith('burst 1 ')).map((e) => e.level)).toEqual([
      'debug',
      'info',
      'notice',
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    // Sequence numbers increase, so a snapshot merges with live events.
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((a, b) => a - b));
    await expect.poll(() => texts(pushed())).toContain('burst 1 emergency');

    await core.api.clearServerConsole({ server: 'fixture' });
    expect((await core.api.getServerConsole({ server: 'fixture' })).entries).toEqual([]);
  });

  it('sets the log level, which the server honours and which is asked again after a reconnect', async () => {
    expect(await core.api.setLogLevel({ server: 'fixture', level: 'error' })).toBe('error');
    await core.api.readResource({ server: 'fixture', uri: 'fixture://actions/log' });
    const burst = async (n: number) =>
      (await core.api.getServerConsole({ server: 'fixture' })).entries.filter((e) => e.source === 'log' && e.text.startsWith(`burst ${n} `)).map((e) => e.level);
    // Messages are sent least severe first: once the last one is here, the others had their chance.
    await expect.poll(() => burst(1)).toContain('emergency');
    expect(await burst(1)).toEqual(['error', 'critical', 'alert', 'emergency']);
    expect((await core.api.getServerConsole({ server: 'fixture' })).level).toBe('error');

    // A new process, which counts its bursts from 1 again.
    await core.api.reconnectServer({ name: 'fixture' });
    await core.api.clearServerConsole({ server: 'fixture' });
    await expect
      .poll(async () => (await core.api.getProtocolLog({ server: 'fixture' })).filter((e) => e.kind === 'request' && e.method === 'logging/setLevel').length)
      .toBe(2);
    await core.api.readResource({ server: 'fixture', uri: 'fixture://actions/log' });
    await expect.poll(() => burst(1)).toContain('emergency');
    expect(await burst(1)).toEqual(['error', 'critical', 'alert', 'emergency']);
  });

  it('pings with the round-trip time; refuses a log level for a server without logging', async () => {
    const ping = await core.api.pingServer({ server: 'basic' });
    expect(ping.roundTripMs).toBeGreaterThan(0);
    expect(ping.time).toBeGreaterThan(Date.now() - 60_000);
    await expect(core.api.setLogLevel({ server: 'basic', level: 'debug' })).rejects.toThrow('basic does not declare the logging capability');
    await expect(core.api.pingServer({ server: 'nope' })).rejects.toThrow('No server named "nope"');
  });
});
