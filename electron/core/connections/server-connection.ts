/**
 * One attempt to connect one server, from its start to its end. Everything that lives as
 * long as the attempt belongs to it: its state (pending, connected, failed…), its stderr
 * tail, its client and transport (and their raw task channel), its retry timer.
 *
 * The connection manager keeps one attempt per server as the server's current one; a new
 * attempt (a Connect, a changed config, a reconnect) retires the one before. Only the
 * current attempt speaks for the server: once retired, an attempt can no longer write the
 * server's state, drop its caches, tell sign-in about it or start a timer, whatever its
 * process or transport still does on the way out. It may still record the steps of its own
 * shutdown in the protocol log and pass on its process's last stderr lines (SIGTERM sent,
 * the process's last words) until its close is done; after that, or once the server was
 * forgotten (removed), it records nothing at all.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerName } from '../../../shared/config/server-config';
import type { ReconnectRetry, ServerView } from '../../../shared/domain';
import type { EventBus } from '../events/event-bus';
import type { RawDispatchTransport } from './transports/raw-dispatch-transport';
import { ignoreFailure, logFailure } from '../diagnostics/diagnostics';
import type { Clock } from './clock';
import type { ConnectionAuth } from './connection-auth';
import { LineTail } from './line-buffer';
import type { NewProtocolLogEntry, ProtocolLog } from './protocol-log';
import type { ServerCaches } from './server-caches';
import type { DegradationGuard } from './transports/degradation-guard';
import type { LoggingTransport } from './transports/logging-transport';
import type { BuiltTransport } from './transports/transport-factory';

export type ServerState = Omit<ServerView, 'name' | 'config'>;

export const STDERR_LINES_KEPT = 200;

/** What an attempt writes to, on behalf of its server, while it is the current one. */
export interface AttemptSinks {
  events: EventBus;
  protocolLog: ProtocolLog;
  caches: ServerCaches;
  auth?: ConnectionAuth | undefined;
  clock: Clock;
  /** The server's state changed (the core turns it into a `server-state` event). */
  stateChanged(name: ServerName): void;
}

/**
 * One client on one transport. An attempt usually has one; it starts its server again when
 * the era probe ended a 2025 stdio server, or falls back to SSE when Streamable HTTP was refused.
 */
export interface Link {
  client: Client;
  built: BuiltTransport;
  guard: DegradationGuard | undefined;
  logged: LoggingTransport;
  raw?: RawDispatchTransport;
  /** initialize succeeded. */
  established: boolean;
  /** We are closing it: its close is not a failure. */
  closing: boolean;
}

/** Where the attempt is: still connecting, connected, or over (failed, lost, or never started). */
export type AttemptPhase = 'connecting' | 'connected' | 'ended';

let lastId = 0;

export class ServerConnection {
  /** Increases with every attempt made in this process (the diagnostic log names it). */
  readonly id = ++lastId;
  readonly key: string;
  /** Tries made so far in the reconnect chain this attempt belongs to (0: not a background reconnect). */
  readonly retries: number;
  /** A background reconnect: which try it is (its state says so while it connects). */
  readonly retryNote: ReconnectRetry | undefined;
  phase: AttemptPhase = 'connecting';
  /** The current client (see Link). */
  link: Link | undefined;
  /** When it connected (clock time), to tell a connection that held from one that keeps dropping. */
  connectedAt: number | undefined;
  /** Resolves once connected, rejects if it never is; set by the manager right after construction. */
  ready: Promise<ServerConnection> = Promise.resolve(this);
  readonly stderr: LineTail;

  private current: ServerState;
  private retiredFlag = false;
  private mutedFlag = false;
  private closing: Promise<void> | undefined;
  /** Aborted when the attempt is retired: its timers stop. */
  private readonly life = new AbortController();

  constructor(
    readonly name: ServerName,
    readonly config: ServerConfig,
    key: string,
    private readonly sinks: AttemptSinks,
    options: { retry?: ReconnectRetry; state?: ServerState } = {},
  ) {
    this.key = key;
    this.retries = options.retry?.attempt ?? 0;
    this.retryNote = options.retry;
    this.current = { ...(options.state ?? { status: 'pending' }), since: sinks.clock.now() };
    if (options.state) this.phase = 'ended';
    this.stderr = new LineTail(STDERR_LINES_KEPT, (line) => this.emitLine('stderr', line));
  }

  /** The server's state as this attempt last wrote it. */
  get state(): ServerState {
    return this.current;
  }

  /** No longer the server's current attempt: it writes nothing about the server any more. */
  get retired(): boolean {
    return this.retiredFlag;
  }

  /** Connecting or connected, and still the current attempt. */
  get live(): boolean {
    return !this.retiredFlag && this.phase !== 'ended';
  }

  /** Aborted once the attempt is retired. */
  get signal(): AbortSignal {
    return this.life.signal;
  }

  /**
   * Writes the server's state, unless this attempt was retired (then false: a newer attempt,
   * or the user's Disconnect, speaks for the server). `tellAuth` false: sign-in is not told
   * of a needs-auth it already knows (start-up's hold).
   */
  report(state: ServerState, { tellAuth = true } = {}): boolean {
    if (this.retiredFlag) return false;
    const before = this.current.status;
    this.current = { ...state, since: this.sinks.clock.now() };
    if (state.status === 'connected') {
      this.phase = 'connected';
      this.connectedAt = this.sinks.clock.now();
    } else if (state.status !== 'pending') this.phase = 'ended';
    if (tellAuth && state.status === 'needs-auth' && before !== 'needs-auth') this.sinks.auth?.onNeedsAuth(this.name);
    if (state.status === 'connected') this.sinks.auth?.onConnected(this.name);
    this.sinks.stateChanged(this.name);
    return true;
  }

  /** A line in the server's protocol log, from this attempt. */
  record(fields: NewProtocolLogEntry): void {
    if (!this.mutedFlag) this.sinks.protocolLog.record(this.name, fields);
  }

  /** A step of this attempt, in words, in the protocol log. */
  logEvent(text: string): void {
    this.record({ direction: 'local', kind: 'event', size: 0, text });
  }

  /** A line the server's process wrote (stderr, or stdout noise), as a `server-log` event. */
  emitLine(stream: 'stderr' | 'stdout', line: string): void {
    if (!this.mutedFlag) this.sinks.events.emit({ type: 'server-log', server: this.name, stream, line, time: Date.now() });
  }

  /** The server's cached lists are no longer true (the connection closed); only the current attempt may say so. */
  dropCaches(): void {
    if (!this.retiredFlag) this.sinks.caches.drop(this.name);
  }

  /** Runs `fn` after `ms`, unless the attempt is retired first (false when it already is). */
  setTimer(fn: () => void, ms: number): boolean {
    if (this.retiredFlag) return false;
    const cancel = this.sinks.clock.setTimer(() => {
      this.life.signal.removeEventListener('abort', cancel);
      if (!this.retiredFlag) fn();
    }, ms);
    this.life.signal.addEventListener('abort', cancel, { once: true });
    return true;
  }

  /**
   * Ends the attempt's right to speak for the server: `final` is its last state (the user's
   * Disconnect), its caches go, its timers stop, and its client and transport are closed.
   * Resolves once they are (the same promise for every caller).
   */
  retire(final?: ServerState): Promise<void> {
    if (!this.retiredFlag) {
      if (final) this.report(final);
      this.sinks.caches.drop(this.name);
      this.retiredFlag = true;
      this.life.abort();
    }
    return this.close();
  }

  /** The server was removed: not a word more from this attempt, not even about its shutdown. */
  mute(): void {
    this.mutedFlag = true;
  }

  private close(): Promise<void> {
    this.closing ??= (async () => {
      const link = this.link;
      if (link) {
        link.closing = true;
        // While connecting (an era probe waiting out its bound, a slow initialize) the client is
        // not yet attached to the transport and its close() leaves the server running: closing
        // the transport ends the process (the whole tree) and fails the connect at once.
        if (!link.established) await link.logged.close().catch(logFailure(`Closing the transport of ${this.name} failed`, 'debug'));
        await link.client.close().catch(logFailure(`Closing the connection to ${this.name} failed`, 'debug'));
      }
      // The attempt may still be between two steps: it sees it was retired and closes what it built.
      await this.ready.catch(ignoreFailure('the retired attempt reported its own failure'));
      this.mutedFlag = true;
    })();
    return this.closing;
  }
}
