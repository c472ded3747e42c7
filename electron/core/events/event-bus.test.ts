import { describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../shared/events';
import { EventBus } from './event-bus';

const log = (line: string): AppEvent => ({ type: 'server-log', server: 'a', stream: 'stderr', line, time: 0 });

/** Resolves with the next batch `stream` delivers. */
function nextBatches(bus: EventBus, count: number, options = {}): { batches: Promise<AppEvent[][]>; close: () => void } {
  const seen: AppEvent[][] = [];
  let close = () => undefined as void;
  const batches = new Promise<AppEvent[][]>((resolve) => {
    const stream = bus.stream((batch) => {
      seen.push(batch);
      if (seen.length === count) resolve(seen);
    }, options);
    close = () => stream.close();
  });
  return { batches, close };
}

describe('typed hooks', () => {
  it('call a listener with the events of its one type only, payload typed', () => {
    const bus = new EventBus();
    const lines: string[] = [];
    const servers: string[] = [];
    bus.on('server-log', (event) => lines.push(event.line));
    bus.on('tools-changed', (event) => servers.push(event.server));
    bus.emit(log('one'));
    bus.emit({ type: 'tools-changed', server: 'x' });
    bus.emit({ type: 'servers-changed', servers: [] });
    bus.emit(log('two'));
    expect(lines).toEqual(['one', 'two']);
    expect(servers).toEqual(['x']);
  });

  it('see the filtered event and stop after unsubscribing', () => {
    const bus = new EventBus((event) => (event.type === 'server-log' ? { ...event, line: event.line.replace('hunter2', '••••') } : event));
    const lines: string[] = [];
    const off = bus.on('server-log', (event) => lines.push(event.line));
    bus.emit(log('token hunter2'));
    off();
    bus.emit(log('after'));
    expect(lines).toEqual(['token ••••']);
  });

  it('keep calling the other listeners when one throws, and report the error', () => {
    const errors: unknown[] = [];
    const bus = new EventBus(undefined, (error) => errors.push(error));
    const heard: string[] = [];
    bus.on('server-log', () => {
      throw new Error('broken window');
    });
    bus.on('server-log', (event) => heard.push(event.line));
    bus.emit(log('still here'));
    expect(heard).toEqual(['still here']);
    expect(errors).toEqual([new Error('broken window')]);
  });
});

describe('batched streams', () => {
  it('deliver a burst as one batch, in emit order', async () => {
    const bus = new EventBus();
    const { batches, close } = nextBatches(bus, 1);
    for (let i = 0; i < 50; i++) bus.emit(log(`line ${i}`));
    const [batch] = await batches;
    expect(batch!.map((event) => (event.type === 'server-log' ? event.line : ''))).toEqual(Array.from({ length: 50 }, (_, i) => `line ${i}`));
    close();
  });

  it('split a batch at maxBatch without reordering', async () => {
    const bus = new EventBus();
    const { batches, close } = nextBatches(bus, 3, { maxBatch: 4 });
    for (let i = 0; i < 10; i++) bus.emit(log(String(i)));
    const all = await batches;
    expect(all.map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(all.flat().map((event) => (event.type === 'server-log' ? event.line : ''))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    close();
  });

  it('flush delivers what waits at once; each subscriber has its own stream', () => {
    const bus = new EventBus();
    const first: AppEvent[][] = [];
    const second: AppEvent[][] = [];
    const a = bus.stream((batch) => first.push(batch));
    const b = bus.stream((batch) => second.push(batch));
    bus.emit({ type: 'servers-changed', servers: [] });
    a.flush();
    expect(first).toEqual([[{ type: 'servers-changed', servers: [] }]]);
    expect(second).toEqual([]);
    b.flush();
    expect(second).toEqual([[{ type: 'servers-changed', servers: [] }]]);
    a.close();
    b.close();
  });

  it('join a burst of protocol log and console entries into few events in few batches, losing none and keeping order', async () => {
    const bus = new EventBus();
    const count = 5000;
    const seen: AppEvent[][] = [];
    const entry = (seq: number) => ({ seq, server: 'chatty', time: seq, direction: 'in' as const, kind: 'notification' as const, size: 1, text: `entry ${seq}` });
    let all!: () => void;
    const done = new Promise<void>((resolve) => (all = resolve));
    const delivered = () => seen.flat().reduce((sum, event) => sum + (event.type === 'protocol-log' || event.type === 'server-console' ? event.entries.length : 1), 0);
    const stream = bus.stream((batch) => {
      seen.push(batch);
      if (delivered() === count + 2) all();
    });
    stream.watchProtocolLog('chatty');
    // Each entry is its own event, as the protocol log emits them; a console line and a state change cut in.
    const emitted: AppEvent[] = [];
    const emit = (event: AppEvent) => {
      emitted.push(event);
      bus.emit(event);
    };
    for (let i = 1; i <= count; i++) {
      emit({ type: 'protocol-log', entries: [entry(i)] });
      if (i === 100) emit({ type: 'server-console', entries: [{ seq: 1, server: 'chatty', time: 1, source: 'stderr', text: 'a line' }] });
      if (i === 200) emit({ type: 'servers-changed', servers: [] });
    }
    await done;
    expect(seen.length).toBeLessThanOrEqual(Math.ceil((count + 2) / 1000));
    const events = seen.flat();
    // Runs of one type are one event: protocol-log, server-console, protocol-log, servers-changed, protocol-log… per batch.
    expect(events.length).toBeLessThanOrEqual(4 + 2 * seen.length);
    const flat = (list: AppEvent[]) => list.flatMap((event) => (event.type === 'protocol-log' || event.type === 'server-console' ? event.entries.map((e) => `${event.type}:${e.seq}`) : [event.type]));
    expect(flat(events)).toEqual(flat(emitted));
    // The events as emitted (shared with every other subscriber) are left as they were.
    expect(emitted.filter((event) => event.type === 'protocol-log').every((event) => event.type === 'protocol-log' && event.entries.length === 1)).toBe(true);
    stream.close();
  });

  it("send a page the protocol log of the server it watches only, and none while it watches none; other events always", () => {
    const bus = new EventBus();
    const got: AppEvent[] = [];
    const stream = bus.stream((batch) => got.push(...batch));
    const entry = (server: string, seq: number) => ({ seq, server, time: seq, direction: 'in' as const, kind: 'response' as const, size: 1, text: `${server} ${seq}` });
    const logged = () => got.flatMap((event) => (event.type === 'protocol-log' ? event.entries.map((e) => e.text) : [event.type]));

    bus.emit({ type: 'protocol-log', entries: [entry('a', 1)] });
    bus.emit({ type: 'servers-changed', servers: [] });
    stream.flush();
    expect(logged()).toEqual(['servers-changed']);

    stream.watchProtocolLog('a');
    bus.emit({ type: 'protocol-log', entries: [entry('a', 2)] });
    bus.emit({ type: 'protocol-log', entries: [entry('b', 3)] });
    bus.emit({ type: 'protocol-log', entries: [entry('b', 4), entry('a', 5)] });
    stream.flush();
    expect(logged()).toEqual(['servers-changed', 'a 2', 'a 5']);

    stream.watchProtocolLog(undefined);
    bus.emit({ type: 'protocol-log', entries: [entry('a', 6)] });
    stream.flush();
    expect(logged()).toEqual(['servers-changed', 'a 2', 'a 5']);
    stream.close();
  });

  it('arm no timer per call when each answer takes its events: one timer serves the stream', () => {
    const bus = new EventBus();
    const stream = bus.stream(() => undefined);
    const armed = vi.spyOn(globalThis, 'setTimeout');
    try {
      // A hundred calls, each emitting its event and answering with it.
      const taken: AppEvent[][] = [];
      for (let i = 0; i < 100; i++) {
        bus.emit(log(`call ${i}`));
        taken.push(stream.take());
      }
      expect(taken.map((events) => events.length)).toEqual(Array.from({ length: 100 }, () => 1));
      expect(armed.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      armed.mockRestore();
      stream.close();
    }
  });

  it('open a whole window for the first event after an answer took the last ones', async () => {
    const bus = new EventBus();
    const windowMs = 60;
    let firstEmitted = 0;
    let laterEmitted = 0;
    const delivered = new Promise<{ at: number; batch: AppEvent[] }>((resolve) => {
      const answering = bus.stream((batch) => resolve({ at: performance.now(), batch }), { windowMs });
      // A second subscriber whose shorter window closing marks a moment well inside the first one's.
      const marker = bus.stream(
        () => {
          laterEmitted = performance.now();
          bus.emit(log('after the answer'));
          marker.close();
        },
        { windowMs: windowMs / 3 },
      );
      firstEmitted = performance.now();
      bus.emit(log('during the call'));
      // The answer carries it: the window it opened has nothing left to deliver.
      expect(answering.take()).toEqual([log('during the call')]);
    });
    const { at, batch } = await delivered;
    expect(batch).toEqual([log('after the answer')]);
    expect(laterEmitted - firstEmitted).toBeGreaterThan(windowMs / 4);
    // Its own window: not what was left of the first (Node's timers may start up to a few ms early).
    expect(at - laterEmitted).toBeGreaterThan(windowMs - 10);
  });

  it('deliver nothing after close', () => {
    const bus = new EventBus();
    const seen: AppEvent[][] = [];
    const stream = bus.stream((batch) => seen.push(batch));
    bus.emit({ type: 'servers-changed', servers: [] });
    stream.close();
    bus.emit({ type: 'servers-changed', servers: [] });
    stream.flush();
    expect(seen).toEqual([]);
  });

  it('report a subscriber that throws when its window closes, and keep streaming', async () => {
    const bus = new EventBus();
    let calls = 0;
    let reported!: (error: unknown) => void;
    const error = new Promise<unknown>((resolve) => (reported = resolve));
    let delivered!: () => void;
    const second = new Promise<void>((resolve) => (delivered = resolve));
    const stream = bus.stream(
      () => {
        calls++;
        if (calls === 1) throw new Error('socket gone');
        delivered();
      },
      { onError: (failure) => reported(failure) },
    );
    bus.emit({ type: 'servers-changed', servers: [] });
    expect(await error).toEqual(new Error('socket gone'));
    bus.emit({ type: 'servers-changed', servers: [] });
    await second;
    expect(calls).toBe(2);
    stream.close();
  });
});
