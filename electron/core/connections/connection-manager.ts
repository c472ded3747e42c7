/**
 * Owns every MCP connection: one ServerConnection per connection attempt
 * (server-connection.ts), and per server the current one, which alone may write the
 * server's state. It connects servers, runs requests on them (reconnecting a closed one
 * first), and closes them cleanly.
 *
 * - Connections are memoized by `${name}-${JSON.stringify(config)}` (the stored entry):
 *   the same config shares one attempt; a changed one starts a new attempt, which retires
 *   the old one and starts once the old one is closed.
 * - When a connection closes, the server's caches (tools, resources, prompts) are dropped;
 *   a remote one that closed on its own is reconnected in the background, with backoff and
 *   a bounded number of tries (reconnect-backoff.ts), shown in its state; Disconnect or
 *   switching it off stops that.
 * - An expired HTTP session is re-initialized and the request retried: once at once,
 *   then with backoff, then it gives up.
 * - Every wait of a request (for the connection, for a retry) ends as soon as its signal
 *   aborts: a cancel settles the call at once, whatever it was waiting for.
 * - Every message goes to the protocol log.
 * - The protocol era follows the entry's Protocol setting (era/era-plan.ts); what Auto
 *   detects is remembered per entry (era/era-cache.ts), and Reconnect detects it afresh.
 */
import type { Client } from '@modelcontextprotocol/client';
import { DEFAULT_SETTINGS } from '../../../shared/api/settings';
import { AppError } from '../../../shared/envelope';
import { isEnabled, type ProtocolSetting, type ServerConfig, type ServerName } from '../../../shared/config/server-config';
import type { EventBus } from '../events/event-bus';
import type { RawDispatchTransport } from './transports/raw-dispatch-transport';
import { ignoreFailure, logFailure } from '../diagnostics/diagnostics';
import { unlessAborted } from './async-helpers';
import type { ClientFeature } from './client-feature';
import { sleep, systemClock, type Clock } from './clock';
import type { ConnectionAuth } from './connection-auth';
import { isSessionExpiredError, isUnauthorizedError, SessionExpiredError } from './connection-errors';
import { callFailureKind, describeCallError, formatDuration } from './describe-error';
import type { EraCache } from './era/era-cache';
import { describeEraError } from './era/era-errors';
import { eraModeOf, type EraMode } from './era/era-plan';
import { closeReasonOf, openConnection, withReason, type OpenDeps } from './open-connection';
import { ProtocolLog } from './protocol-log';
import { MAX_RECONNECTS, reconnectDelay, triesUsed } from './reconnect-backoff';
import { isConnectionClosed, isProtocolError } from './sdk-errors';
import { ServerCaches } from './server-caches';
import { ServerConnection, STDERR_LINES_KEPT, type AttemptSinks, type Link, type ServerState } from './server-connection';
import { connectInBatches } from './startup';
import type { TokenProvider } from './token-provider';
import { ideLockDir } from './transports/ide-lockfiles';
import type { createTransport } from './transports/transport-factory';
import { failure, messageOf } from '../../../shared/errors';

export type { ServerState } from './server-connection';

const DEFAULT_CALL_TIMEOUT_MS = DEFAULT_SETTINGS.callTimeoutMs;
/** Waits before each retry of a request whose session expired: one at once, then backoff. */
export const SESSION_RETRY_DELAYS_MS = [0, 500, 1500];
/** How long closing waits for servers to read the cancels sent just before (see closeAll). */
const CANCEL_DRAIN_MS = 1000;
const STDERR_LINES_IN_ERRORS = 10;
const noop = () => undefined;

/** The settings the connection manager reads (live: each connect and call reads them anew). */
export interface ConnectionSettings {
  connectTimeoutMs: number;
  callTimeoutMs: number;
  maxTotalCallTimeoutMs: number;
  resetTimeoutOnProgress: boolean;
  eraProbeTimeoutMs: number;
  stdioStartupConcurrency: number;
  remoteStartupConcurrency: number;
}

export interface ConnectionManagerOptions {
  events: EventBus;
  clientInfo: { name: string; version: string };
  /** Current settings; missing keys take their defaults. */
  settings?: () => Partial<ConnectionSettings>;
  /**
   * Turns a stored entry into the one to launch (variables expanded, secrets filled in,
   * the command's path resolved). The memo key stays the stored entry, so a launch
   * never writes anything back. A throw fails the connection with its message.
   */
  resolveLaunchConfig?: (name: ServerName, config: ServerConfig) => Promise<ServerConfig>;
  /** Bearer tokens for claudeai-proxy servers (overrides `auth` for them). */
  tokenProvider?: TokenProvider;
  /** OAuth sign-in: tokens for remote transports, the needs-auth cache. */
  auth?: ConnectionAuth;
  /** Where entries go; a private log when not given. */
  protocolLog?: ProtocolLog;
  /** Where IDE lock files are read (default: Claude Code's, ~/.claude/ide). */
  ideLockDir?: string;
  httpRequestTimeoutMs?: number;
  /** Client-side features (capabilities + handlers) installed on every new client. */
  clientFeatures?: readonly ClientFeature[];
  /** Where Protocol Auto remembers what it found; without it every connect detects afresh. */
  eraCache?: EraCache;
  /** Wins over every entry's Protocol setting (the CLI's --protocol). */
  protocolOverride?: ProtocolSetting;
  /**
   * The server's entry as the config files say now (undefined: removed). A background
   * reconnect uses it, so an entry edited, disabled or removed while the server was
   * away is honoured; without it the reconnect uses the entry the connection had.
   */
  currentConfig?: (name: ServerName) => ServerConfig | undefined;
  /** Extra `_meta` keys for the server's MCP 2026-07-28 requests (the per-request log level). */
  requestMeta?: (name: ServerName) => Record<string, unknown> | undefined;
  /** Timers and the time for retries and backoff (tests move a clock by hand). */
  clock?: Clock;
  /** Builds each attempt's transport (tests wrap the real one to hold or drop messages). */
  createTransport?: typeof createTransport;
}

export interface RequestContext {
  timeoutMs?: number;
  maxTotalTimeoutMs?: number;
  /** Cancels the request, and every wait before it (the connection, a session retry). */
  signal?: AbortSignal;
  /**
   * Only on the connection open now: the request never connects, reconnects or starts a
   * new session, and without an open connection it fails at once (kind connection). For
   * work that belongs to a connection, such as the Doctor's check on connect: a server the
   * user disconnected meanwhile stays disconnected.
   */
  openOnly?: boolean;
}

/** Each entry's key (its name and JSON), made once: every call looks its connection and tool list up by it (entries are never changed in place, only replaced). */
const configKeys = new WeakMap<ServerConfig, { name: ServerName; key: string }>();

export function connectionKey(name: ServerName, config: ServerConfig): string {
  const known = configKeys.get(config);
  if (known?.name === name) return known.key;
  // Made once per entry: the same string every time, so comparing keys is comparing references.
  const key = `${name}-${JSON.stringify(config)}`;
  configKeys.set(config, { name, key });
  return key;
}

/** The error of a call cancelled before it was sent (while it waited for a connection or a retry). */
export function cancelledCall(name: ServerName): AppError {
  return failure('cancelled', `${name}: The call was cancelled.`);
}

export class ConnectionManager {
  readonly caches = new ServerCaches();
  readonly protocolLog: ProtocolLog;
  /** Each server's current attempt: live, or the last one, whose state the server shows. */
  private readonly attempts = new Map<ServerName, ServerConnection>();
  /** Each client's raw request channel (task traffic the SDK's codecs refuse: electron/core/tasks/). */
  private readonly rawChannels = new WeakMap<Client, RawDispatchTransport>();
  private readonly lockDir: string;
  private readonly clock: Clock;
  private readonly sinks: AttemptSinks;
  private readonly openDeps: OpenDeps;
  /** Set by closeAll(): the app is shutting down, nothing may connect any more. */
  private shutDown = false;
  /** Pings sent after a request was cancelled; answered, the server has read the cancel. */
  private readonly draining = new Set<Promise<void>>();
  /** Requests under way that a signal can cancel, each with a promise that settles after it did (closeAll waits for the cancelled ones). */
  private readonly cancellable = new Set<{ signal: AbortSignal; settled: Promise<void> }>();

  /** Called after every state change; the core API turns it into a `server-state` event. */
  onStateChange?: (name: ServerName) => void;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.protocolLog = options.protocolLog ?? new ProtocolLog();
    this.lockDir = options.ideLockDir ?? ideLockDir();
    this.clock = options.clock ?? systemClock;
    this.sinks = {
      events: options.events,
      protocolLog: this.protocolLog,
      caches: this.caches,
      auth: options.auth,
      clock: this.clock,
      stateChanged: (name) => this.onStateChange?.(name),
    };
    this.openDeps = {
      options,
      settings: () => this.settings(),
      eraMode: (config) => this.eraMode(config),
      lockDir: this.lockDir,
      shuttingDown: () => this.shutDown,
      rawChannels: this.rawChannels,
      onLinkClosed: (attempt, link) => this.onLinkClosed(attempt, link),
    };
  }

  settings(): ConnectionSettings {
    return { ...DEFAULT_SETTINGS, ...this.options.settings?.() };
  }

  /**
   * The live state; a server whose entry says `enabled: false` is `disabled` unless connected.
   * Given the entry, an attempt that ended with another entry says nothing about this one
   * (a failed server whose command was fixed no longer shows the old command's error).
   */
  state(name: ServerName, config?: ServerConfig): ServerState {
    const attempt = this.attempts.get(name);
    const state = attempt?.state;
    if (config?.enabled === false && state?.status !== 'connected') return { status: 'disabled' };
    if (!attempt || !state) return { status: 'disconnected' };
    if (config && attempt.phase === 'ended' && attempt.key !== connectionKey(name, config)) return { status: 'disconnected' };
    return state;
  }

  /** The server's current attempt (for diagnostics and tests: what it owns, whether it was retired). */
  attemptOf(name: ServerName): ServerConnection | undefined {
    return this.attempts.get(name);
  }

  /** Connects (or reuses the connection for this exact config) and resolves once initialized; the signal ends the wait, not the attempt. */
  async connect(name: ServerName, config: ServerConfig, { signal }: { signal?: AbortSignal } = {}): Promise<Client> {
    return this.clientOf(await this.ensureConnection(name, config, signal));
  }

  /** Closes whatever connection the server has, even a healthy one, and connects again (detecting its protocol era afresh). */
  async reconnect(name: ServerName, config: ServerConfig, { signal }: { signal?: AbortSignal } = {}): Promise<Client> {
    this.refuseUnconnectable(name, config);
    if (signal?.aborted) throw cancelledCall(name);
    const attempt = this.begin(name, config, { forgetEra: true });
    return this.clientOf(await unlessAborted(attempt.ready, signal, () => cancelledCall(name)));
  }

  /** The era mode for an entry: the override (CLI) or the entry's Protocol setting. */
  eraMode(config: ServerConfig): EraMode {
    return eraModeOf(this.options.protocolOverride ?? config.protocol);
  }

  /** Disconnected at once (the state says so before the process has ended), then closed. */
  async disconnect(name: ServerName): Promise<void> {
    const attempt = this.attempts.get(name);
    if (attempt) await attempt.retire({ status: 'disconnected' });
    else this.onStateChange?.(name);
  }

  /** Drops all knowledge of a server (it was removed); its connection is closed and says nothing more. */
  async forget(name: ServerName): Promise<void> {
    const attempt = this.attempts.get(name);
    this.attempts.delete(name);
    this.protocolLog.clear(name);
    if (!attempt) return;
    attempt.mute();
    await attempt.retire();
  }

  /**
   * Closes every connection for good (app shutdown): later connects are refused. A request
   * cancelled just before (the CLI's Ctrl+C, or any caller, even in the same tick) has had
   * its notifications/cancelled written, but a process stopped at once never reads it:
   * closing first waits, a second at most, for such requests to settle and for the ping
   * each sends after its cancel to be answered (a server reads in order).
   */
  async closeAll(): Promise<void> {
    const cancelled = [...this.cancellable].filter((call) => call.signal.aborted).map((call) => call.settled);
    if (cancelled.length > 0 || this.draining.size > 0) {
      const cancelsRead = (async () => {
        // A cancelled request asks its server to confirm the read as it settles (confirmCancelRead).
        await Promise.all(cancelled);
        await Promise.all(this.draining);
      })();
      await Promise.race([cancelsRead, sleep(this.clock, CANCEL_DRAIN_MS)]);
    }
    this.shutDown = true;
    await Promise.all([...this.attempts.values()].map((attempt) => attempt.retire({ status: 'disconnected' })));
  }

  /** Start-up: every enabled server, a few stdio ones and more remote ones at a time. */
  connectAtStartup(servers: ReadonlyArray<readonly [ServerName, ServerConfig]>): Promise<void> {
    const settings = this.settings();
    return connectInBatches(servers, { stdio: settings.stdioStartupConcurrency, remote: settings.remoteStartupConcurrency }, async (name, config) => {
      // A server that wanted sign-in moments ago is not tried (and does not prompt) again yet.
      const hold = await this.options.auth?.startupHold(name, config).catch(ignoreFailure('reading the needs-sign-in record: without it the server starts as usual'));
      if (hold) {
        this.holdForSignIn(name, config, hold);
        return;
      }
      await this.connect(name, config).catch(ignoreFailure('a start at launch: its failure shows in the server\'s row'));
    });
  }

  /** The raw request channel of a client this manager connected. */
  rawChannelOf(client: Client): RawDispatchTransport | undefined {
    return this.rawChannels.get(client);
  }

  /** The last lines the server wrote to stderr (its current attempt's process). */
  stderrTail(name: ServerName, count = STDERR_LINES_KEPT): string[] {
    return this.attempts.get(name)?.stderr.tail(count) ?? [];
  }

  /**
   * Runs one request on the server: connects (or reconnects) first; after an expired
   * session, re-initializes and runs it again (SESSION_RETRY_DELAYS_MS). Errors come back
   * as AppErrors whose message names the server and says what happened.
   * `run` gets the caller's signal (the SDK removes its listener when each request ends);
   * the signal also ends every wait before the request is sent.
   */
  request<T>(name: ServerName, config: ServerConfig, run: (client: Client, signal?: AbortSignal) => Promise<T>, ctx: RequestContext = {}): Promise<T> {
    const { signal } = ctx;
    const running = this.runRequest(name, config, run, ctx);
    if (!signal) return running;
    const call = { signal, settled: running.then(noop, noop) };
    this.cancellable.add(call);
    void call.settled.then(() => this.cancellable.delete(call));
    return running;
  }

  private async runRequest<T>(name: ServerName, config: ServerConfig, run: (client: Client, signal?: AbortSignal) => Promise<T>, ctx: RequestContext): Promise<T> {
    const { signal } = ctx;
    for (let attempt = 0; ; attempt++) {
      // Open already (the usual call): no step to wait for before the request goes out.
      const open = this.openAttempt(name, config);
      if (!open && ctx.openOnly) throw failure('connection', `${name}: not connected.`);
      const connection = open ?? (await this.ensureConnection(name, config, signal));
      // Cancelled while connecting: the request is never sent.
      if (signal?.aborted) throw cancelledCall(name);
      const link = connection.link!;
      try {
        return await run(link.client, signal);
      } catch (error) {
        const expired = isSessionExpiredError(error) || (isConnectionClosed(error) && link.built.sessionExpired());
        if (expired && !signal?.aborted && !ctx.openOnly) {
          const wait = SESSION_RETRY_DELAYS_MS[attempt];
          if (wait === undefined) {
            const message = `The server ended the session again after ${SESSION_RETRY_DELAYS_MS.length} new sessions; giving up.`;
            await connection.retire({ status: 'failed', error: message, errorKind: 'connection' });
            throw failure('connection', `${name}: ${describeCallError(new SessionExpiredError(message), { timeoutMs: 0 })}`);
          }
          connection.logEvent(`The server ended the session; starting a new one and retrying${wait ? ` in ${formatDuration(wait)}` : ''}.`);
          // The new session starts at once (the row goes from connected to connecting); the
          // request waits its turn, and a cancel meanwhile stops the request, not the session.
          if (this.attempts.get(name) === connection) this.begin(name, config);
          else await connection.retire();
          if (wait) await sleep(this.clock, wait, signal, { keepAlive: true });
          if (signal?.aborted) throw cancelledCall(name);
          continue;
        }
        if (isUnauthorizedError(error)) {
          await connection.retire({ status: 'needs-auth', error: `The server requires sign-in: ${messageOf(error)}`, errorKind: 'needs-auth' });
        }
        if (signal?.aborted) this.confirmCancelRead(connection);
        throw new AppError(
          'failed',
          `${name}: ${
            (signal?.aborted ? undefined : describeEraError(error, this.eraMode(config))) ??
            describeCallError(error, {
              timeoutMs: ctx.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS,
              ...(ctx.maxTotalTimeoutMs !== undefined ? { maxTotalTimeoutMs: ctx.maxTotalTimeoutMs } : {}),
              aborted: signal?.aborted === true,
              ...withReason(closeReasonOf(link)),
            })
          }`,
          // Callers in the core may need the protocol error itself (e.g. URL elicitation, -32042).
          { cause: error, kind: callFailureKind(error, signal?.aborted === true), ...(isProtocolError(error) && !signal?.aborted ? { rpcCode: error.code } : {}) },
        );
      }
    }
  }

  /**
   * After a cancelled request: a ping on the same connection, whose answer says the server
   * has read the cancel before it (2025 era; a 2026 server has no ping, and its HTTP cancel
   * is the closed request itself). closeAll waits for these.
   */
  private confirmCancelRead(attempt: ServerConnection): void {
    const client = attempt.link?.client;
    if (!client || attempt.phase !== 'connected' || attempt.retired || client.getProtocolEra() === 'modern') return;
    const read = client.ping({ timeout: CANCEL_DRAIN_MS }).then(
      () => undefined,
      () => undefined,
    );
    this.draining.add(read);
    void read.finally(() => this.draining.delete(read));
  }

  /** The attempt ensureConnection would answer with at once: current, for this entry, connected, and not closing. */
  private openAttempt(name: ServerName, config: ServerConfig): ServerConnection | undefined {
    if (config.enabled === false || this.shutDown) return undefined;
    const attempt = this.attempts.get(name);
    if (!attempt || attempt.phase !== 'connected' || attempt.retired || !this.isFor(attempt, name, config)) return undefined;
    return attempt.link && !attempt.link.closing ? attempt : undefined;
  }

  private async ensureConnection(name: ServerName, config: ServerConfig, signal?: AbortSignal): Promise<ServerConnection> {
    this.refuseUnconnectable(name, config);
    const current = this.attempts.get(name);
    const attempt = current?.live && this.isFor(current, name, config) ? current : this.begin(name, config);
    return unlessAborted(attempt.ready, signal, () => cancelledCall(name));
  }

  private refuseUnconnectable(name: ServerName, config: ServerConfig): void {
    if (config.enabled === false) {
      throw failure('disabled', `${name} is disabled; enable it to connect.`);
    }
    // Start-up batches may still be running while the app quits: starting a server now
    // would leave its process behind.
    if (this.shutDown) throw failure('cancelled', `${name}: not connecting, MCP Workbench is shutting down.`);
  }

  /**
   * A new attempt becomes the server's current one: the one before is retired at once (it
   * can no longer write the server's state) and the new one starts once it is closed (a
   * server never runs twice side by side).
   */
  private begin(name: ServerName, config: ServerConfig, { forgetEra = false, retry }: { forgetEra?: boolean; retry?: ServerConnection['retryNote'] } = {}): ServerConnection {
    const previous = this.attempts.get(name);
    const attempt = new ServerConnection(name, config, connectionKey(name, config), this.sinks, retry ? { retry } : {});
    const closed = previous?.retire();
    this.attempts.set(name, attempt);
    attempt.ready = (async () => {
      if (closed) await closed;
      return openConnection(attempt, this.openDeps, { forgetEra });
    })();
    attempt.ready.catch((error: unknown) => this.connectFailed(attempt, error));
    return attempt;
  }

  /** Start-up left a server alone because it wanted sign-in moments ago: that is its state (not recorded again: the entry's age is what lets it lapse). */
  private holdForSignIn(name: ServerName, config: ServerConfig, reason: string): void {
    const previous = this.attempts.get(name);
    if (previous?.live) return;
    void previous?.retire();
    const held = new ServerConnection(name, config, connectionKey(name, config), this.sinks, { state: { status: 'pending' } });
    this.attempts.set(name, held);
    held.logEvent(reason);
    held.report({ status: 'needs-auth', error: reason }, { tellAuth: false });
  }

  /** Whether the attempt is the connection for this config: the same object (every call, until the config changes) or the same key. */
  private isFor(attempt: ServerConnection, name: ServerName, config: ServerConfig): boolean {
    return attempt.config === config || attempt.key === connectionKey(name, config);
  }

  private clientOf(attempt: ServerConnection): Client {
    return attempt.link!.client;
  }

  /** A link's client closed: what that means for the server (nothing, when the attempt was retired). */
  private onLinkClosed(attempt: ServerConnection, link: Link): void {
    if (link.closing) {
      attempt.logEvent('Disconnected.');
      if (!attempt.retired && attempt.link === link) attempt.dropCaches();
      return;
    }
    // Still connecting: openConnection reports the failure.
    if (!link.established || attempt.link !== link) return;
    attempt.dropCaches();
    const reason = closeReasonOf(link) ?? 'The server closed the connection.';
    const exit = link.built.exit();
    attempt.logEvent(`Connection lost: ${reason}`);
    const reported = attempt.report({
      status: 'failed',
      error: reason,
      errorKind: 'connection',
      stderrTail: attempt.stderr.tail(STDERR_LINES_IN_ERRORS),
      ...(exit ? { exit } : {}),
    });
    if (reported && link.built.remote) this.scheduleReconnect(attempt, triesUsed(attempt.retries, attempt.connectedAt, this.clock.now()));
  }

  /** A connect failed: a background reconnect that failed tries again later (the attempt's own state says why it failed). */
  private connectFailed(attempt: ServerConnection, error: unknown): void {
    if (attempt.retired || attempt.retries === 0) return;
    if (error instanceof AppError && error.kind === 'needs-auth') return;
    this.scheduleReconnect(attempt, attempt.retries);
  }

  /**
   * The next try of the reconnect series, on the failed attempt's own timer (retiring it
   * stops the series). Its state says when; used up, it says the series gave up.
   */
  private scheduleReconnect(attempt: ServerConnection, triesSoFar: number): void {
    if (this.shutDown) return;
    const next = triesSoFar + 1;
    const wait = reconnectDelay(next);
    if (wait === undefined) {
      attempt.logEvent(`Not reconnecting automatically any more: ${MAX_RECONNECTS} tries failed. The next request, or Connect, tries again.`);
      const { retry: _over, ...state } = attempt.state;
      attempt.report({ ...state, error: `${state.error ?? 'The server went away.'} Stopped reconnecting after ${MAX_RECONNECTS} tries; Connect tries again.` });
      return;
    }
    const retry = { attempt: next, of: MAX_RECONNECTS, at: this.clock.now() + wait };
    attempt.report({ ...attempt.state, retry });
    attempt.logEvent(`Reconnecting in ${formatDuration(wait)} (try ${next} of ${MAX_RECONNECTS}).`);
    attempt.setTimer(() => this.reconnectInBackground(attempt, retry), wait);
  }

  private reconnectInBackground(failed: ServerConnection, retry: NonNullable<ServerConnection['retryNote']>): void {
    if (this.shutDown || failed.retired || this.attempts.get(failed.name) !== failed) return;
    const { name } = failed;
    const current = this.options.currentConfig ? this.options.currentConfig(name) : failed.config;
    if (!current || !isEnabled(current)) {
      failed.logEvent(`Not reconnecting: the server was ${current ? 'disabled' : 'removed'}.`);
      const { retry: _dropped, ...state } = failed.state;
      failed.report(state);
      return;
    }
    failed.logEvent('Reconnecting.');
    this.begin(name, current, { retry }).ready.catch(logFailure(`Reconnecting ${name} failed`, 'debug'));
  }
}
