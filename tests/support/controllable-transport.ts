/**
 * A transport a test controls, wrapped around the real one a connection builds (a fixture
 * server as a real process, or on loopback): it passes everything through, except what the
 * test holds (a message either way, or the close, until a gate opens) or answers itself (a
 * request answered with an error the server would send). With it an interleaving happens in
 * exactly the order the test wants, instead of the order a fast machine happens to give.
 *
 * `controllableTransports()` hands the ConnectionManager a `createTransport` that wraps each
 * transport it builds, and gives the test each one as it is made.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { ForwardingTransport } from '../../electron/core/connections/transports/forwarding-transport';
import { createTransport, type BuiltTransport } from '../../electron/core/connections/transports/transport-factory';
import { Gate } from './gate';

export type Direction = 'out' | 'in';
export type MessageMatch = (message: JSONRPCMessage) => boolean;

/** Matches a request or notification by its method. */
export function method(name: string): MessageMatch {
  return (message) => 'method' in message && message.method === name;
}

/** Matches the response to the request with this id. */
export function responseTo(id: string | number): MessageMatch {
  return (message) => !('method' in message) && 'id' in message && message.id === id;
}

interface Hold {
  direction: Direction;
  match: MessageMatch;
  gate: Gate;
  /** Holds only this many messages (then lets the rest through). */
  remaining: number;
}

interface Seen {
  direction: Direction;
  match: MessageMatch;
  resolve: (message: JSONRPCMessage) => void;
}

export class ControllableTransport extends ForwardingTransport {
  /** Every message, in the order it passed (held ones once let through). */
  readonly log: Array<{ direction: Direction; message: JSONRPCMessage }> = [];
  /** Every message as it reached the transport, held or not. */
  readonly arrivals: Array<{ direction: Direction; message: JSONRPCMessage }> = [];
  private readonly holds: Hold[] = [];
  private readonly seen: Seen[] = [];
  private readonly reaching: Seen[] = [];
  private readonly answers: Array<{ match: MessageMatch; answer: (request: JSONRPCMessage) => JSONRPCMessage; remaining: number }> = [];
  private closeGate: Gate | undefined;

  constructor(inner: Transport) {
    super(inner);
  }

  /** Holds the next `count` messages that match, in that direction, until the gate opens. */
  hold(direction: Direction, match: MessageMatch, count = 1): Gate {
    const gate = new Gate();
    this.holds.push({ direction, match, gate, remaining: count });
    return gate;
  }

  /** close() waits for this gate before it closes the real transport (a server slow to die). */
  holdClose(): Gate {
    this.closeGate = new Gate();
    return this.closeGate;
  }

  /**
   * Answers the next `count` requests that match itself, instead of the server: the request
   * never reaches it, and the answer comes back as if it had written it.
   */
  answer(match: MessageMatch, answer: (request: JSONRPCMessage) => JSONRPCMessage, count = 1): void {
    this.answers.push({ match, answer, remaining: count });
  }

  /** Resolves with the first message that matches in that direction: one already seen, or the next. */
  passed(direction: Direction, match: MessageMatch): Promise<JSONRPCMessage> {
    const earlier = this.log.find((entry) => entry.direction === direction && match(entry.message));
    if (earlier) return Promise.resolve(earlier.message);
    return new Promise((resolve) => this.seen.push({ direction, match, resolve }));
  }

  /** Resolves with the first message that matches as it reaches the transport (held or not): one already arrived, or the next. */
  reached(direction: Direction, match: MessageMatch): Promise<JSONRPCMessage> {
    const earlier = this.arrivals.find((entry) => entry.direction === direction && match(entry.message));
    if (earlier) return Promise.resolve(earlier.message);
    return new Promise((resolve) => this.reaching.push({ direction, match, resolve }));
  }

  /** Delivers a message as if the server had sent it (a notification it sends late, say). */
  inject(message: JSONRPCMessage): void {
    this.handleMessage(message);
  }

  /** The other side goes away, as a server that dies does: the real transport is closed under the client. */
  drop(): Promise<void> {
    return this.inner.close();
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.arrive('out', message);
    const scripted = this.answers.find((entry) => entry.remaining > 0 && entry.match(message));
    if (scripted) {
      scripted.remaining--;
      this.note('out', message);
      const reply = scripted.answer(message);
      queueMicrotask(() => this.handleMessage(reply));
      return;
    }
    await this.waitAt('out', message);
    this.note('out', message);
    return super.send(message, options);
  }

  override async close(): Promise<void> {
    if (this.closeGate) await this.closeGate.passed;
    return super.close();
  }

  protected override handleMessage(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    this.arrive('in', message);
    const hold = this.holdFor('in', message);
    if (!hold) {
      this.note('in', message);
      super.handleMessage(message, extra);
      return;
    }
    void hold.gate.passed.then(() => {
      this.note('in', message);
      super.handleMessage(message, extra);
    });
  }

  private async waitAt(direction: Direction, message: JSONRPCMessage): Promise<void> {
    const hold = this.holdFor(direction, message);
    if (hold) await hold.gate.passed;
  }

  private holdFor(direction: Direction, message: JSONRPCMessage): Hold | undefined {
    const hold = this.holds.find((entry) => entry.direction === direction && entry.remaining > 0 && entry.match(message));
    if (hold) hold.remaining--;
    return hold;
  }

  private arrive(direction: Direction, message: JSONRPCMessage): void {
    this.arrivals.push({ direction, message });
    for (const waiter of [...this.reaching]) {
      if (waiter.direction !== direction || !waiter.match(message)) continue;
      this.reaching.splice(this.reaching.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  }

  private note(direction: Direction, message: JSONRPCMessage): void {
    this.log.push({ direction, message });
    for (const waiter of [...this.seen]) {
      if (waiter.direction !== direction || !waiter.match(message)) continue;
      this.seen.splice(this.seen.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  }
}

/** The ConnectionManager's `createTransport`, wrapping each real transport in a ControllableTransport the test can reach. */
export function controllableTransports() {
  const made: ControllableTransport[] = [];
  const waiting: Array<(transport: ControllableTransport) => void> = [];
  const create: typeof createTransport = async (config, ctx) => {
    const built: BuiltTransport = await createTransport(config, ctx);
    const transport = new ControllableTransport(built.transport);
    made.push(transport);
    waiting.splice(0).forEach((resolve) => resolve(transport));
    return { ...built, transport };
  };
  return {
    createTransport: create,
    /** Every transport made so far, oldest first. */
    made,
    /** The transport made last. */
    latest(): ControllableTransport {
      const last = made.at(-1);
      if (!last) throw new Error('No transport was made yet.');
      return last;
    },
    /** Resolves with the next transport made. */
    next(): Promise<ControllableTransport> {
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
